import Foundation
import ScrollTrace

/// Reads a frame file (``FrameFile``, JSON Lines or CSV by extension) one frame at a time, with
/// bounded memory. Every problem is a ``ScrollTrace/TraceError`` naming file, line and field.
///
/// After ``next()`` returns `nil`, ``ending`` says whether the file was whole (it ended with its
/// closing record) or cut (it did not: an interrupted run, a full disk, or a file written before
/// closing records existed). A last line without a newline that is not a complete frame is what
/// a killed writer leaves: it ends a cut file rather than being an error.
public final class FrameFileReader {
  /// How a frame file ended.
  public enum Ending: Sendable, Equatable {
    /// Not read to the end yet.
    case unread
    /// The closing record was read and matches the frames before it.
    case complete(frames: Int)
    /// The file ended without a closing record, after `frames` frame lines; `lastFrame` is the
    /// index of the last whole frame (`nil` when there was none).
    case cut(frames: Int, lastFrame: Int?)
  }

  /// The file's header (CSV: outputs only).
  public let header: FrameFile.Header
  /// The file's format.
  public let format: FrameFile.Format
  /// The name used in errors (the path as given).
  public var file: String { lines.file }
  /// How the file ended; ``Ending/unread`` until ``next()`` has returned `nil`.
  public private(set) var ending = Ending.unread
  private let lines: LineReader
  private var previousFrame = -1
  private var frames = 0

  /// Opens the frame file at `path` and reads its header.
  /// - Throws: ``ScrollTrace/TraceError``: line 0 for a missing file or an unknown extension;
  ///   line 1 for a bad header.
  public convenience init(path: String) throws(TraceError) {
    guard let format = FrameFile.Format(path: path) else {
      throw TraceError(
        file: path, line: 0, field: "", message: "unknown frame file type; expected .jsonl or .csv")
    }
    try self.init(lines: try LineReader(path: path), format: format)
  }

  /// Reads the frame file `input` (a file, or the bytes of a pipe): the format comes from the
  /// name's extension, or for a name without one (`/dev/fd/63`, `<stdin>`) from the first byte
  /// (`{` is JSON Lines, anything else CSV).
  /// - Throws: ``ScrollTrace/TraceError``: line 0 for an unknown extension of a regular file or
  ///   an empty file; line 1 for a bad header.
  public convenience init(input: InputSource) throws(TraceError) {
    var format = FrameFile.Format(path: input.name)
    if format == nil, case .bytes(let bytes) = input.content {
      format = bytes.first { $0 != UInt8(ascii: " ") } == UInt8(ascii: "{") ? .jsonl : .csv
    }
    guard let format else {
      throw TraceError(
        file: input.name, line: 0, field: "",
        message: "unknown frame file type; expected .jsonl or .csv")
    }
    try self.init(lines: try input.lines(), format: format)
  }

  /// Reads frames from `lines` in `format`.
  /// - Throws: ``ScrollTrace/TraceError`` for an empty file (line 0) or a bad header (line 1).
  public init(lines: LineReader, format: FrameFile.Format) throws(TraceError) {
    self.lines = lines
    self.format = format
    guard let first = try lines.nextText() else {
      throw TraceError(
        file: lines.file, line: 0, field: "", message: "empty file; expected a header")
    }
    do throws(FieldProblemText) {
      header = try format == .csv ? Self.csvHeader(first) : Self.jsonHeader(first)
    } catch {
      throw TraceError(file: lines.file, line: 1, field: error.field, message: error.message)
    }
  }

  /// The next frame, or `nil` at the end (then ``ending`` is set).
  /// - Throws: ``ScrollTrace/TraceError`` naming the line and field (`frame`, `t`, `offset`,
  ///   an output name, …) of a malformed frame; frames must have increasing indices; a closing
  ///   record must count the frames before it and be the last line.
  public func next() throws(TraceError) -> FrameRecord? {
    let record = try nextLine()
    if record == nil, case .complete = ending, try lines.next() != nil {
      throw TraceError(
        file: lines.file, line: lines.lineNumber, field: "",
        message: "a line after the closing record; the closing record must be the last line")
    }
    return record
  }

  /// The next frame, or `nil` at the closing record or the end.
  private func nextLine() throws(TraceError) -> FrameRecord? {
    if ending != .unread {
      return nil
    }
    guard let line = try lines.next() else {
      ending = .cut(frames: frames, lastFrame: previousFrame >= 0 ? previousFrame : nil)
      return nil
    }
    do throws(FieldProblemText) {
      guard let text = String(validating: line.bytes, as: UTF8.self) else {
        throw FieldProblemText(field: "", message: "not valid UTF-8 text")
      }
      let trimmed = text.hasSuffix("\r") ? text.dropLast() : text[...]
      if let count = try Self.closingRecord(trimmed, format: format) {
        guard count == frames else {
          throw FieldProblemText(
            field: "end",
            message: "the closing record counts \(count) frames; the file has \(frames)")
        }
        ending = .complete(frames: frames)
        return nil
      }
      let record = try format == .csv ? csvFrame(trimmed) : jsonFrame(trimmed)
      guard record.frame > previousFrame else {
        throw FieldProblemText(
          field: "frame", message: "\(record.frame) does not follow frame \(previousFrame)")
      }
      previousFrame = record.frame
      frames += 1
      return record
    } catch {
      if !line.terminated {
        // A killed writer's last, partial line: the file is cut before it.
        ending = .cut(frames: frames, lastFrame: previousFrame >= 0 ? previousFrame : nil)
        return nil
      }
      throw TraceError(
        file: lines.file, line: lines.lineNumber, field: error.field, message: error.message)
    }
  }

  /// The frame count of a closing record, or `nil` for any other line.
  private static func closingRecord(_ text: Substring, format: FrameFile.Format)
    throws(FieldProblemText) -> Int?
  {
    switch format {
    case .csv:
      guard text.hasPrefix(FrameFile.csvEndPrefix) else { return nil }
      guard let count = Int(text.dropFirst(FrameFile.csvEndPrefix.count)), count >= 0 else {
        throw FieldProblemText(
          field: "end", message: "expected \"\(FrameFile.csvEndPrefix)N\" with N an integer ≥ 0")
      }
      return count
    case .jsonl:
      guard text.hasPrefix(#"{"end""#) else { return nil }
      let line = try decode(EndLine.self, text)
      try checkKeys(text, allowed: ["end"])
      guard line.end.complete, line.end.frames >= 0 else {
        throw FieldProblemText(
          field: "end", message: "expected {\"complete\":true,\"frames\":N} with N ≥ 0")
      }
      return line.end.frames
    }
  }

  private struct EndLine: Decodable {
    struct Body: Decodable {
      var complete: Bool
      var frames: Int
    }
    var end: Body
  }

  // MARK: JSON Lines

  private struct HeaderLine: Decodable {
    var format: String
    var version: Int
    var effect: String?
    var refreshRate: Int?
    var trace: String?
    var outputs: [String]
  }

  private struct FrameLine: Decodable {
    var frame: Int
    var t: Double
    var offset: Double
    var velocity: Double
    var phase: String
    var outputs: [String: Double]
    var events: [String]
  }

  /// The keys of a line's object and of its `outputs` object, to reject unknown ones (as the
  /// trace reader does: a misspelt field must not be silently dropped).
  private struct Keys: Decodable {
    var top: Set<String>
    var outputs: Set<String>

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      top = Set(container.allKeys.map(\.stringValue))
      let nested = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("outputs"))
      outputs = Set(nested?.allKeys.map(\.stringValue) ?? [])
    }
  }

  /// Rejects a key of `text` outside `allowed` (and, with `outputs`, an output not among them).
  private static func checkKeys(_ text: Substring, allowed: Set<String>, outputs: [String]? = nil)
    throws(FieldProblemText)
  {
    let keys = try decode(Keys.self, text)
    if let unknown = keys.top.subtracting(allowed).sorted().first {
      throw FieldProblemText(
        field: unknown,
        message: "unknown key: expected \(allowed.sorted().joined(separator: ", "))")
    }
    if let outputs, let unknown = keys.outputs.subtracting(outputs).sorted().first {
      throw FieldProblemText(
        field: "outputs.\(unknown)", message: "not an output of the header")
    }
  }

  /// Decodes one JSON line; a failure names the field from the decoder's coding path.
  /// (`JSONDecoder`, not `JSONSerialization`: it reads numbers back bit-exactly.)
  private static func decode<T: Decodable>(_ type: T.Type, _ text: Substring)
    throws(FieldProblemText) -> T
  {
    do {
      return try JSONDecoder().decode(T.self, from: Data(text.utf8))
    } catch let DecodingError.keyNotFound(key, context) {
      let path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
      throw FieldProblemText(field: path, message: "missing")
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context)
    {
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      throw FieldProblemText(field: path, message: "wrong type or null")
    } catch {
      throw FieldProblemText(field: "", message: "not a valid frame line (JSON object expected)")
    }
  }

  private static func jsonHeader(_ text: Substring) throws(FieldProblemText) -> FrameFile.Header {
    let line = try decode(HeaderLine.self, text)
    try checkKeys(
      text, allowed: ["format", "version", "effect", "refreshRate", "trace", "outputs"])
    guard line.format == "scrollsim-frames" else {
      throw FieldProblemText(field: "format", message: "expected \"scrollsim-frames\"")
    }
    guard line.version == 1 else {
      throw FieldProblemText(field: "version", message: "unsupported; this reader reads version 1")
    }
    return FrameFile.Header(
      effect: line.effect ?? "", refreshRate: line.refreshRate ?? 0, trace: line.trace ?? "",
      outputs: line.outputs)
  }

  private func jsonFrame(_ text: Substring) throws(FieldProblemText) -> FrameRecord {
    let line = try Self.decode(FrameLine.self, text)
    try Self.checkKeys(
      text, allowed: ["frame", "t", "offset", "velocity", "phase", "outputs", "events"],
      outputs: header.outputs)
    var values: [Double] = []
    for name in header.outputs {
      guard let value = line.outputs[name] else {
        throw FieldProblemText(field: "outputs.\(name)", message: "missing")
      }
      values.append(value)
    }
    guard line.frame >= 0 else {
      throw FieldProblemText(field: "frame", message: "\(line.frame) is negative")
    }
    return FrameRecord(
      frame: line.frame, time: line.t, offset: line.offset, velocity: line.velocity,
      phase: line.phase, values: values, events: line.events)
  }

  // MARK: CSV

  private static func csvHeader(_ text: Substring) throws(FieldProblemText) -> FrameFile.Header {
    let cells = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard cells.count >= 6, Array(cells.prefix(5)) == FrameFile.csvColumns, cells.last == "events"
    else {
      throw FieldProblemText(
        field: "",
        message:
          "expected the header row \(FrameFile.csvColumns.joined(separator: ",")),<outputs>,events")
    }
    return FrameFile.Header(
      effect: "", refreshRate: 0, trace: "", outputs: Array(cells[5..<(cells.count - 1)]))
  }

  private func csvFrame(_ text: Substring) throws(FieldProblemText) -> FrameRecord {
    let cells = text.split(separator: ",", omittingEmptySubsequences: false)
    let names = FrameFile.csvColumns + header.outputs + ["events"]
    guard cells.count == names.count else {
      throw FieldProblemText(field: "", message: "\(cells.count) columns; expected \(names.count)")
    }
    func number(_ index: Int) throws(FieldProblemText) -> Double {
      guard let value = Double(cells[index]), value.isFinite else {
        throw FieldProblemText(
          field: names[index], message: "\"\(cells[index])\" is not a finite number")
      }
      return value
    }
    guard let frame = Int(cells[0]), frame >= 0 else {
      throw FieldProblemText(field: "frame", message: "\"\(cells[0])\" is not an integer ≥ 0")
    }
    var values: [Double] = []
    for index in 5..<(names.count - 1) { values.append(try number(index)) }
    return FrameRecord(
      frame: frame, time: try number(1), offset: try number(2), velocity: try number(3),
      phase: String(cells[4]), values: values,
      events: cells[names.count - 1].split(separator: " ").map(String.init))
  }
}

/// A field problem before the line number is attached.
struct FieldProblemText: Error {
  var field: String
  var message: String
}
