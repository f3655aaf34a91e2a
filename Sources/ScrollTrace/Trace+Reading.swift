/// Reading whole traces in the ScrollSim trace format v1 to v4 (`traces/FORMAT.md`) into memory,
/// with the package's one convention: `load(path:)` for a file, `parse(_:file:)` for text (as
/// ``PhysicsProfile`` and ``EffectSpec`` do). For large traces use ``TraceStreamReader``.
///
/// Every problem is an ``/ScrollSimCore/InputError`` naming the file, the 1-based line and the field; a trace is
/// returned only when the whole text is valid.
extension Trace {
  /// Format versions this reader accepts: `[1, 2, 3, 4]`.
  public static let supportedVersions: [Int] = [1, 2, 3, 4]

  /// Reads and validates the trace at `path`.
  /// - Parameter path: a file path, used as given in error messages.
  /// - Returns: the trace; times in seconds, positions in points.
  /// - Throws: ``/ScrollSimCore/InputError`` at line 0 when the file is missing, unreadable or empty; otherwise
  ///   naming the line and field of the first problem (see ``parse(_:file:)``).
  public static func load(path: String) throws(InputError) -> Trace {
    try parse(try TextFile.read(path: path), file: path)
  }

  /// Parses and validates trace text; `file` is used in error messages only.
  ///
  /// Line 1 is the header, each further line one event. Only a single trailing newline is
  /// allowed; a blank line anywhere else is an error. A trace may end with the finger down.
  /// - Parameters:
  ///   - text: the whole trace, UTF-8 JSON Lines.
  ///   - file: the name to report in errors, e.g. the path or `"<stdin>"`.
  /// - Throws: ``/ScrollSimCore/InputError`` for the first problem: empty text (line 0), invalid JSON, a
  ///   missing, mistyped, unknown or out-of-range field, an unknown event type, a non-finite
  ///   number, a negative or decreasing time (field `t`), a sequence error (field `type`).
  public static func parse(_ text: String, file: String) throws(InputError) -> Trace {
    var text = text
    return try text.withUTF8 { bytes in
      Result { () throws(InputError) in try parse(bytes: bytes, file: file) }
    }.get()
  }

  /// Parses trace text held as UTF-8 bytes; see ``parse(_:file:)``.
  static func parse(bytes: UnsafeBufferPointer<UInt8>, file: String) throws(InputError) -> Trace {
    var end = bytes.count
    if end > 0, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
    guard end > 0 else {
      throw InputError(file: file, line: 0, message: "empty file; expected a header line")
    }
    var lines = UnsafeBufferPointer(rebasing: bytes[..<end]).split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
    ).makeIterator()
    var parser = TraceLineParser()
    let header: TraceHeader
    do throws(FieldProblem) {
      header = try parser.parseHeader(UnsafeBufferPointer(rebasing: lines.next()!))
    } catch {
      throw error.error(file: file, line: 1)
    }
    var trace = Trace(header: header, events: [])
    var lineNumber = 1
    while let line = lines.next() {
      lineNumber += 1
      do throws(FieldProblem) {
        switch try parser.parseEvent(UnsafeBufferPointer(rebasing: line), line: lineNumber) {
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
