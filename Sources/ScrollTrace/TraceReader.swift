/// Reads whole traces in the ScrollSim trace format v1 or v2 (`traces/FORMAT.md`) into memory.
/// For large traces and crash-truncated recordings use ``TraceStreamReader``.
///
/// Every problem is a ``TraceError`` naming the file, the 1-based line and the field; a trace is
/// returned only when the whole text is valid.
public enum TraceReader {
  /// Format versions this reader accepts: `[1, 2]`.
  public static let supportedVersions: [Int] = [1, 2]

  /// Reads and validates the trace at `path`.
  /// - Parameter path: a file path, used as given in error messages.
  /// - Returns: the trace; times in seconds, positions in points.
  /// - Throws: ``TraceError`` at line 0 when the file is missing, unreadable or empty; otherwise
  ///   naming the line and field of the first problem (see ``parse(_:file:)``).
  public static func read(path: String) throws(TraceError) -> Trace {
    try parse(try TextFile.read(path: path), file: path)
  }

  /// Parses and validates trace text; `file` is used in error messages only.
  ///
  /// Line 1 is the header, each further line one event. Only a single trailing newline is
  /// allowed; a blank line anywhere else is an error. A trace may end with the finger down.
  /// - Parameters:
  ///   - text: the whole trace, UTF-8 JSON Lines.
  ///   - file: the name to report in errors, e.g. the path or `"<stdin>"`.
  /// - Throws: ``TraceError`` for the first problem: empty text (line 0), invalid JSON, a
  ///   missing, mistyped, unknown or out-of-range field, an unknown event type, a non-finite
  ///   number, a negative or decreasing time (field `t`), a sequence error (field `type`).
  public static func parse(_ text: String, file: String) throws(TraceError) -> Trace {
    var lines = text.lines()
    if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first, !(lines.count == 1 && first.isEmpty) else {
      throw TraceError(
        file: file, line: 0, field: "", message: "empty file; expected a header line")
    }
    var parser = TraceLineParser()
    let header: TraceHeader
    do throws(FieldProblem) {
      header = try parser.parseHeader(first)
    } catch {
      throw error.error(file: file, line: 1)
    }
    var trace = Trace(header: header, events: [])
    for (offset, line) in lines.dropFirst().enumerated() {
      let lineNumber = offset + 2
      do throws(FieldProblem) {
        switch try parser.parseEvent(line, line: lineNumber) {
        case .touch(let event): trace.events.append(event)
        case .offset(let sample): trace.offsets.append(sample)
        case .control(let control): trace.controls.append(control)
        }
      } catch {
        throw error.error(file: file, line: lineNumber)
      }
    }
    return trace
  }

  static func unsupportedVersionMessage(_ version: Int) -> String {
    let supported = supportedVersions.map(String.init).joined(separator: ", ")
    return "unsupported version \(version); this reader supports version \(supported)"
  }
}
