import Foundation

/// Writes traces in the ScrollSim trace format (`traces/FORMAT.md`): version 1 for input
/// traces, version 2 for offset traces (the header's `version`).
///
/// Output is deterministic: keys sorted, one JSON object per line, `\n` line ends, a trailing
/// newline, numbers in the shortest form that reads back bit-identical. The trace is validated
/// with the reader's rules first, so a written file always reads back:
/// `TraceReader.parse(try TraceWriter.text(t), file: f) == t`.
public enum TraceWriter {
  /// The text of `trace`.
  /// - Parameters:
  ///   - trace: the trace; times in seconds, positions in points.
  ///   - file: the name to report in errors (default `"<trace>"`).
  /// - Returns: the header line, then one line per event, each ending in `\n`.
  /// - Throws: ``TraceError`` naming the line the field would be on (1 for the header,
  ///   event index + 2 for an event) when the trace breaks a rule ``TraceReader`` enforces.
  public static func text(_ trace: Trace, file: String = "<trace>") throws(TraceError) -> String {
    if let problem = trace.header.validationProblem() {
      throw problem.error(file: file, line: 1)
    }
    var checker = EventSequenceChecker(header: trace.header)
    // A valid trace holds touches and controls, or samples, never both; the checker rejects
    // the wrong kind.
    let items = trace.items
    for (index, item) in items.enumerated() {
      if let problem = checker.check(item, line: index + 2) {
        throw problem.error(file: file, line: index + 2)
      }
    }
    var text = try headerLine(trace.header, file: file)
    for item in items { text += try line(item, file: file) }
    return text
  }

  /// The header as one line ending in `\n` (keys sorted; not validated).
  /// - Throws: ``TraceError`` at line 0 naming `file` if encoding fails.
  static func headerLine(_ header: TraceHeader, file: String) throws(TraceError) -> String {
    try encode(header, file: file)
  }

  /// One event as a line ending in `\n` (keys sorted, shortest round-trip numbers; not
  /// validated).
  /// - Throws: ``TraceError`` at line 0 naming `file` if encoding fails.
  static func line(_ item: TraceItem, file: String) throws(TraceError) -> String {
    switch item {
    case .touch(let event): try encode(event, file: file)
    case .offset(let sample):
      try encode(OffsetLine(t: sample.time, type: "offset", x: sample.x, y: sample.y), file: file)
    case .control(let control):
      switch control.kind {
      case .wheel(let delta):
        try encode(WheelLine(dy: delta, t: control.time, type: "wheel"), file: file)
      case .scrollTo(let offset, let animated):
        try encode(
          ScrollToLine(animated: animated, t: control.time, type: "scrollTo", y: offset), file: file
        )
      case .contentHeight(let height), .viewportHeight(let height):
        try encode(
          HeightLine(height: height, t: control.time, type: control.kind.typeName), file: file)
      }
    }
  }

  private struct WheelLine: Encodable {
    var dy: Double
    var t: Double
    var type: String
  }

  private struct ScrollToLine: Encodable {
    var animated: Bool
    var t: Double
    var type: String
    var y: Double
  }

  private struct HeightLine: Encodable {
    var height: Double
    var t: Double
    var type: String
  }

  private struct OffsetLine: Encodable {
    var t: Double
    var type: String
    var x: Double
    var y: Double
  }

  private static func encode(_ value: some Encodable, file: String) throws(TraceError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    } catch {
      throw TraceError(file: file, line: 0, field: "", message: "cannot encode: \(error)")
    }
  }

  /// Writes `trace` as text to `path`, replacing any file there (atomically).
  /// - Parameters:
  ///   - trace: the trace; times in seconds, positions in points.
  ///   - path: the file to write; its folder must exist.
  /// - Throws: ``TraceError`` naming `path`: an invalid trace (see ``text(_:file:)``) or, at
  ///   line 0, a failed write.
  public static func write(_ trace: Trace, to path: String) throws(TraceError) {
    let text = try text(trace, file: path)
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw TraceError(
        .unreadable, file: path, line: 0, field: "",
        message: "cannot write: \(error.localizedDescription)")
    }
  }
}
