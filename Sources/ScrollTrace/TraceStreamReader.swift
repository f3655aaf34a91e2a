import Foundation

/// Reads a trace one line at a time with bounded memory: a fixed read buffer plus the longest
/// line, whatever the size of the file. Yields validated events in file order.
///
/// Crash recovery: a **last line without a newline that is not valid JSON (or not UTF-8)** is
/// what a recorder killed mid-write leaves; it is skipped with a warning naming `file:line`, and
/// every complete event before it is yielded. Any other malformed line is an error, as in
/// ``TraceReader``.
public final class TraceStreamReader {
  /// Longest accepted line, bytes: 1 MiB (a valid event line is under 200 bytes).
  public static let maximumLineLength = 1 << 20
  /// Bytes read from the file per `read(2)`: 64 KiB.
  public static let chunkSize = 1 << 16

  /// The trace's header (line 1), validated.
  public let header: TraceHeader
  /// The file name used in errors and warnings.
  public let file: String
  /// 1-based number of the last line read (1 after the header).
  public private(set) var lineNumber = 1
  /// Problems skipped so far (at most one: a partial last line).
  public private(set) var warnings: [TraceError] = []

  private let source: () throws(TraceError) -> [UInt8]
  private let warn: (TraceError) -> Void
  private var parser = TraceLineParser()
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false

  /// Opens the trace at `path` and reads its header.
  /// - Parameters:
  ///   - path: the file; used as given in errors.
  ///   - warn: called once per skipped partial last line; by default prints
  ///     `scrollsim: warning: file:line: …` to standard error.
  /// - Throws: ``TraceError`` at line 0 for a missing, unreadable or empty file, at line 1 for
  ///   a bad header.
  public convenience init(
    path: String, warn: @escaping (TraceError) -> Void = TraceStreamReader.printWarning
  ) throws(TraceError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path)
    else {
      let why = isDirectory.boolValue ? "is a directory, not a file" : "no such file"
      throw TraceError(file: path, line: 0, field: "", message: why)
    }
    try self.init(file: path, warn: warn) { () throws(TraceError) -> [UInt8] in
      do {
        return [UInt8](try handle.read(upToCount: Self.chunkSize) ?? Data())
      } catch {
        throw TraceError(
          file: path, line: 0, field: "", message: "cannot read: \(error.localizedDescription)")
      }
    }
  }

  /// Reads a trace held in memory (tests, fuzzing), with the same rules as a file.
  /// - Throws: ``TraceError`` as ``init(path:warn:)``.
  public convenience init(
    bytes: [UInt8], file: String,
    warn: @escaping (TraceError) -> Void = TraceStreamReader.printWarning
  ) throws(TraceError) {
    var remaining = bytes[...]
    try self.init(file: file, warn: warn) { () throws(TraceError) -> [UInt8] in
      let chunk = remaining.prefix(Self.chunkSize)
      remaining = remaining.dropFirst(chunk.count)
      return Array(chunk)
    }
  }

  private init(
    file: String, warn: @escaping (TraceError) -> Void,
    source: @escaping () throws(TraceError) -> [UInt8]
  ) throws(TraceError) {
    self.file = file
    self.warn = warn
    self.source = source
    guard
      let first = try Self.nextLine(
        buffer: &buffer, start: &start, atEnd: &atEnd, file: file, line: 1, source)
    else {
      throw TraceError(file: file, line: 0, field: "", message: "empty file; expected a header line")
    }
    var parser = TraceLineParser()
    do throws(FieldProblem) {
      header = try parser.parseHeader(try Self.text(first.bytes))
    } catch {
      throw error.error(file: file, line: 1)
    }
    self.parser = parser
  }

  /// The next event, or `nil` at the end of the file.
  /// - Throws: ``TraceError`` naming the line and field of the first malformed line (see
  ///   ``TraceReader/parse(_:file:)``); a line longer than ``maximumLineLength``.
  /// - Complexity: O(line length), amortized; memory bounded by the chunk and the longest line.
  public func next() throws(TraceError) -> TraceItem? {
    guard
      let line = try Self.nextLine(
        buffer: &buffer, start: &start, atEnd: &atEnd, file: file, line: lineNumber + 1, source)
    else { return nil }
    lineNumber += 1
    if !line.terminated, Self.isPartial(line.bytes) {
      let warning = TraceError(
        file: file, line: lineNumber, field: "",
        message: "incomplete last line (\(line.bytes.count) bytes, no newline) skipped: "
          + "the recording was cut off mid-write; the events before it are replayed")
      warnings.append(warning)
      warn(warning)
      return nil
    }
    do throws(FieldProblem) {
      return try parser.parseEvent(try Self.text(line.bytes), line: lineNumber)
    } catch {
      throw error.error(file: file, line: lineNumber)
    }
  }

  /// Prints `scrollsim: warning: <warning>` to standard error.
  public static func printWarning(_ warning: TraceError) {
    FileHandle.standardError.write(Data("scrollsim: warning: \(warning)\n".utf8))
  }

  /// True when an unterminated last line cannot be a complete event: not UTF-8 or not JSON.
  static func isPartial(_ bytes: ArraySlice<UInt8>) -> Bool {
    (try? JSONSerialization.jsonObject(with: Data(bytes))) == nil
  }

  static func text(_ bytes: ArraySlice<UInt8>) throws(FieldProblem) -> Substring {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw FieldProblem(field: "", message: "not valid UTF-8 text")
    }
    return text.hasSuffix("\r") ? text.dropLast() : text[...]
  }

  /// The next line (without its `\n`) and whether a newline ended it; `nil` at the end.
  private static func nextLine(
    buffer: inout [UInt8], start: inout Int, atEnd: inout Bool, file: String, line: Int,
    _ source: () throws(TraceError) -> [UInt8]
  ) throws(TraceError) -> (bytes: ArraySlice<UInt8>, terminated: Bool)? {
    var searchFrom = start
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
        defer { start = newline + 1 }
        return (buffer[start..<newline], true)
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        defer { start = buffer.count }
        return (buffer[start...], false)
      }
      if buffer.count - start > maximumLineLength {
        throw TraceError(
          file: file, line: line, field: "",
          message: "a line is longer than \(maximumLineLength) bytes")
      }
      // Drop consumed bytes before reading more, so the buffer holds at most one line + chunk.
      buffer.removeSubrange(0..<start)
      start = 0
      searchFrom = buffer.count
      let chunk = try source()
      if chunk.isEmpty { atEnd = true } else { buffer.append(contentsOf: chunk) }
    }
  }
}
