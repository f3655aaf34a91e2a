import Foundation

/// Writes traces in the ScrollSim trace format v1 (`traces/FORMAT.md`).
///
/// Output is deterministic: keys sorted, one JSON object per line, `\n` line ends, a trailing
/// newline, numbers in the shortest form that reads back bit-identical. The trace is validated
/// with the reader's rules first, so a written file always reads back:
/// `TraceReader.parse(try TraceWriter.text(t), file: f) == t`.
public enum TraceWriter {
  /// The v1 text of `trace`.
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
    var checker = EventSequenceChecker()
    for (index, event) in trace.events.enumerated() {
      if let problem = checker.check(event, line: index + 2) {
        throw problem.error(file: file, line: index + 2)
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var text = ""
    do {
      text += String(decoding: try encoder.encode(trace.header), as: UTF8.self) + "\n"
      for event in trace.events {
        text += String(decoding: try encoder.encode(event), as: UTF8.self) + "\n"
      }
    } catch {
      throw TraceError(file: file, line: 0, field: "", message: "cannot encode: \(error)")
    }
    return text
  }

  /// Writes `trace` as v1 text to `path`, replacing any file there (atomically).
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
        file: path, line: 0, field: "", message: "cannot write: \(error.localizedDescription)")
    }
  }
}
