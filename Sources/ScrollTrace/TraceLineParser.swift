/// Parses a trace one line at a time: line 1 the header, then events checked against the
/// header's kind and the sequence rules. Shared by ``TraceReader`` (whole text) and
/// ``TraceStreamReader`` (bounded memory).
struct TraceLineParser {
  /// The header, once line 1 has been parsed.
  private(set) var header: TraceHeader?
  private var checker = EventSequenceChecker()
  /// Touch events read so far (the position of a control event among them).
  private var touches = 0

  /// Parses the header line.
  /// - Throws: ``FieldProblem`` for a blank, invalid or out-of-range header.
  mutating func parseHeader(_ line: Substring) throws(FieldProblem) -> TraceHeader {
    try Self.rejectBlank(line)
    let header = try StrictJSON.decode(
      HeaderLine.self, from: line, qualifiedNames: HeaderLine.qualifiedNames
    ).header
    if let problem = header.validationProblem() { throw problem }
    self.header = header
    checker = EventSequenceChecker(header: header)
    return header
  }

  /// Parses the event on 1-based `line` (after the header).
  /// - Throws: ``FieldProblem`` for a blank line, invalid JSON or a broken rule.
  mutating func parseEvent(_ text: Substring, line: Int) throws(FieldProblem) -> TraceItem {
    try Self.rejectBlank(text)
    var item = try StrictJSON.decode(EventLine.self, from: text).item
    switch item {
    case .touch: touches += 1
    case .control(var control):
      control.eventIndex = touches
      item = .control(control)
    case .offset: break
    }
    if let problem = checker.check(item, line: line) { throw problem }
    return item
  }

  static func rejectBlank(_ line: Substring) throws(FieldProblem) {
    if line.allSatisfy(\.isWhitespace) {
      throw FieldProblem(
        field: "", message: "blank line; only a single newline may end the file")
    }
  }
}
