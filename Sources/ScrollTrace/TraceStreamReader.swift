import Foundation

/// Reads a trace one line at a time with bounded memory: a fixed read buffer plus the longest
/// line, whatever the size of the file. Yields validated events in file order.
///
/// Crash recovery: a **last line without a newline that is not a complete JSON value** (the
/// text ends inside the value: an open object, string, number or UTF-8 sequence) is what a
/// recorder killed mid-write leaves; it is skipped with a warning naming `file:line`, and every
/// complete event before it is yielded. A last line that is a complete JSON value is validated
/// like any other line, and any other malformed line is an error, as in ``Trace/load(path:)``.
public final class TraceStreamReader {
  /// Longest accepted line, bytes: 1 MiB (a valid event line is under 200 bytes).
  public static let maximumLineLength = 1 << 20

  /// The trace's header (line 1), validated.
  public let header: TraceHeader
  /// The file name used in errors and warnings.
  public var file: String { lines.file }
  /// 1-based number of the last line read (1 after the header).
  public var lineNumber: Int { lines.lineNumber }
  /// Problems skipped so far (at most one: a partial last line).
  public private(set) var warnings: [InputError] = []

  private let lines: LineReader
  private let warn: (InputError) -> Void
  // Used only by `next()`, which never re-enters itself: no run-time exclusivity check per line.
  @exclusivity(unchecked) private var parser = TraceLineParser()

  /// Opens the trace at `path` and reads its header.
  /// - Parameters:
  ///   - path: the file; used as given in errors.
  ///   - warn: called once per skipped partial last line (the library never prints: the
  ///     command line passes a handler that prints `file:line: warning: …`); by
  ///     default nothing is called and the warning is only kept in ``warnings``.
  /// - Throws: ``/ScrollSimCore/InputError`` at line 0 for a missing, unreadable or empty file, at line 1 for
  ///   a bad header.
  public convenience init(
    path: String, warn: @escaping (InputError) -> Void = { _ in }
  ) throws(InputError) {
    try self.init(
      lines: try LineReader(path: path, maximumLineLength: Self.maximumLineLength), warn: warn)
  }

  /// Reads the trace `input` from its start: a file streamed by path, or the bytes a pipe gave
  /// when it was opened (``/ScrollSimCore/InputSource/open(_:waiting:)``), so an input can be read again.
  /// - Throws: ``/ScrollSimCore/InputError`` as ``init(path:warn:)``.
  public convenience init(
    input: InputSource, warn: @escaping (InputError) -> Void = { _ in }
  ) throws(InputError) {
    try self.init(
      lines: try input.lines(maximumLineLength: Self.maximumLineLength), warn: warn)
  }

  /// Reads a trace held in memory (tests, fuzzing), with the same rules as a file.
  /// - Throws: ``/ScrollSimCore/InputError`` as ``init(path:warn:)``.
  public convenience init(
    bytes: [UInt8], file: String,
    warn: @escaping (InputError) -> Void = { _ in }
  ) throws(InputError) {
    try self.init(
      lines: LineReader(bytes: bytes, file: file, maximumLineLength: Self.maximumLineLength),
      warn: warn)
  }

  /// Reads the trace from `lines` (positioned at the start), reading its header.
  /// - Throws: ``/ScrollSimCore/InputError`` as ``init(path:warn:)``.
  package init(
    lines: LineReader, warn: @escaping (InputError) -> Void = { _ in }
  ) throws(InputError) {
    self.lines = lines
    self.warn = warn
    guard let first = try lines.next() else {
      throw InputError(
        file: lines.file, line: 0, field: "", message: "empty file; expected a header line")
    }
    var parser = TraceLineParser()
    do throws(FieldProblem) {
      header = try parser.parseHeader(first.bytes)
    } catch {
      throw error.error(file: lines.file, line: 1)
    }
    self.parser = parser
  }

  /// The next event, or `nil` at the end of the file.
  /// - Throws: ``/ScrollSimCore/InputError`` naming the line and field of the first malformed line (see
  ///   ``Trace/parse(_:file:)``); a line longer than ``maximumLineLength``.
  /// - Complexity: O(line length), amortized; memory bounded by the chunk and the longest line.
  public func next() throws(InputError) -> TraceItem? {
    guard let line = try lines.next() else { return nil }
    if !line.terminated, Self.isPartial(line.bytes) {
      let warning = InputError(
        file: file, line: lineNumber, field: "",
        message: "incomplete last line (\(line.bytes.count) bytes, no newline) skipped: "
          + "the recording was cut off mid-write; the events before it are replayed")
      warnings.append(warning)
      warn(warning)
      return nil
    }
    let lineNumber = lineNumber
    do throws(FieldProblem) {
      return try parser.parseEvent(line.bytes, line: lineNumber)
    } catch {
      throw error.error(file: file, line: lineNumber)
    }
  }

  /// True when an unterminated last line is not a complete JSON value: the text ends before
  /// the value does (a write cut off mid-line). A complete value, valid or not, is a line.
  static func isPartial(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    do throws(JSONProblem) {
      _ = try JSONReader.parse(
        TraceLineParser.droppingCarriageReturn(bytes), allowsByteOrderMark: false)
      return false
    } catch {
      return error.isUnexpectedEnd
    }
  }
}
