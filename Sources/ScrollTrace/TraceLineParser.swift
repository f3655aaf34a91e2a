/// Parses a trace one line at a time: line 1 the header, then events checked against the
/// header's kind and the sequence rules. Shared by ``Trace/load(path:)`` (whole text) and
/// ``TraceStreamReader`` (bounded memory). Lines are UTF-8 bytes without the `\n` (a trailing
/// `\r` is dropped here); the JSON is read by the package's one reader (`JSONReader`), event
/// lines on its flat-object fast path.
struct TraceLineParser {
  /// The header, once line 1 has been parsed.
  private(set) var header: TraceHeader?
  private var checker = EventSequenceChecker()
  /// Touch events read so far (the position of a control event among them).
  private var touches = 0

  /// Parses the header line (a UTF-8 byte order mark before it is skipped: line 1 starts the
  /// file).
  /// - Throws: ``FieldProblem`` for a blank, invalid or out-of-range header.
  mutating func parseHeader(_ line: UnsafeBufferPointer<UInt8>) throws(FieldProblem) -> TraceHeader
  {
    let line = Self.droppingCarriageReturn(line)
    try Self.rejectBlank(line)
    let root: JSONNode
    do throws(JSONProblem) {
      root = try JSONReader.parse(line, allowsByteOrderMark: true)
    } catch {
      throw FieldProblem(error)
    }
    let header = try TraceHeader.decode(root)
    if let problem = header.validationProblem() { throw problem }
    self.header = header
    checker = EventSequenceChecker(header: header)
    return header
  }

  /// Parses the event on 1-based `line` (after the header).
  /// - Throws: ``FieldProblem`` for a blank line, invalid JSON or a broken rule.
  mutating func parseEvent(_ text: UnsafeBufferPointer<UInt8>, line: Int) throws(FieldProblem)
    -> TraceItem
  {
    let text = Self.droppingCarriageReturn(text)
    try Self.rejectBlank(text)
    var item = try EventFields.read(text, twoAxis: checker.twoAxis)
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

  static func droppingCarriageReturn(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<
    UInt8
  > {
    guard let last = line.last, last == UInt8(ascii: "\r") else { return line }
    return UnsafeBufferPointer(rebasing: line.dropLast())
  }

  @inline(__always)
  static func rejectBlank(_ line: UnsafeBufferPointer<UInt8>) throws(FieldProblem) {
    // Almost every line starts its object at once: not blank, without scanning the line.
    if line.first == UInt8(ascii: "{") { return }
    try rejectBlankInFull(line)
  }

  /// ``rejectBlank(_:)`` for a line that does not start with `{`.
  static func rejectBlankInFull(_ line: UnsafeBufferPointer<UInt8>) throws(FieldProblem) {
    let isBlank =
      line.allSatisfy { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
      || (line.count < 64 && line.contains { $0 >= 0x80 }
        && String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace))
    if isBlank {
      throw FieldProblem(
        field: "", message: "blank line; only a single newline may end the file")
    }
  }
}
