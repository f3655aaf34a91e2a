import Foundation
import ScrollTrace

/// Reads a frame file (``FrameFile``, JSON Lines or CSV by extension) one frame at a time, with
/// bounded memory. Every problem is a ``ScrollTrace/TraceError`` naming file, line and field.
public final class FrameFileReader {
  /// The file's header (CSV: outputs only).
  public let header: FrameFile.Header
  /// The file's format.
  public let format: FrameFile.Format
  private let lines: LineReader
  private var previousFrame = -1

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

  /// Reads frames from `lines` in `format`.
  /// - Throws: ``ScrollTrace/TraceError`` for an empty file (line 0) or a bad header (line 1).
  public init(lines: LineReader, format: FrameFile.Format) throws(TraceError) {
    self.lines = lines
    self.format = format
    guard let first = try lines.nextText() else {
      throw TraceError(file: lines.file, line: 0, field: "", message: "empty file; expected a header")
    }
    do throws(FieldProblemText) {
      header = try format == .csv ? Self.csvHeader(first) : Self.jsonHeader(first)
    } catch {
      throw TraceError(file: lines.file, line: 1, field: error.field, message: error.message)
    }
  }

  /// The next frame, or `nil` at the end.
  /// - Throws: ``ScrollTrace/TraceError`` naming the line and field (`frame`, `t`, `offset`,
  ///   an output name, …) of a malformed frame; frames must have increasing indices.
  public func next() throws(TraceError) -> FrameRecord? {
    guard let text = try lines.nextText() else { return nil }
    do throws(FieldProblemText) {
      let record = try format == .csv ? csvFrame(text) : jsonFrame(text)
      guard record.frame > previousFrame else {
        throw FieldProblemText(
          field: "frame", message: "\(record.frame) does not follow frame \(previousFrame)")
      }
      previousFrame = record.frame
      return record
    } catch {
      throw TraceError(file: lines.file, line: lines.lineNumber, field: error.field, message: error.message)
    }
  }

  // MARK: JSON Lines

  private static func object(_ text: Substring) throws(FieldProblemText) -> [String: Any] {
    guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
      let object = value as? [String: Any]
    else { throw FieldProblemText(field: "", message: "not a JSON object") }
    return object
  }

  private static func jsonHeader(_ text: Substring) throws(FieldProblemText) -> FrameFile.Header {
    let object = try object(text)
    guard object["format"] as? String == "scrollsim-frames" else {
      throw FieldProblemText(field: "format", message: "expected \"scrollsim-frames\"")
    }
    guard (object["version"] as? NSNumber)?.intValue == 1 else {
      throw FieldProblemText(field: "version", message: "unsupported; this reader reads version 1")
    }
    guard let outputs = object["outputs"] as? [String] else {
      throw FieldProblemText(field: "outputs", message: "expected an array of output names")
    }
    return FrameFile.Header(
      effect: object["effect"] as? String ?? "",
      refreshRate: (object["refreshRate"] as? NSNumber)?.intValue ?? 0,
      trace: object["trace"] as? String ?? "", outputs: outputs)
  }

  private func jsonFrame(_ text: Substring) throws(FieldProblemText) -> FrameRecord {
    let object = try Self.object(text)
    func number(_ key: String, in dictionary: [String: Any], field: String? = nil)
      throws(FieldProblemText) -> Double
    {
      guard let value = dictionary[key] as? NSNumber,
        value.doubleValue.isFinite
      else { throw FieldProblemText(field: field ?? key, message: "missing or not a finite number") }
      return value.doubleValue
    }
    guard let outputs = object["outputs"] as? [String: Any] else {
      throw FieldProblemText(field: "outputs", message: "expected an object of output values")
    }
    var values: [Double] = []
    for name in header.outputs { values.append(try number(name, in: outputs, field: "outputs.\(name)")) }
    let frame = try number("frame", in: object)
    guard let index = Int(exactly: frame), index >= 0 else {
      throw FieldProblemText(field: "frame", message: "expected an integer ≥ 0")
    }
    guard let phase = object["phase"] as? String else {
      throw FieldProblemText(field: "phase", message: "expected a phase name")
    }
    guard let events = object["events"] as? [String] else {
      throw FieldProblemText(field: "events", message: "expected an array of strings")
    }
    return FrameRecord(
      frame: index, time: try number("t", in: object), offset: try number("offset", in: object),
      velocity: try number("velocity", in: object), phase: phase, values: values, events: events)
  }

  // MARK: CSV

  private static func csvHeader(_ text: Substring) throws(FieldProblemText) -> FrameFile.Header {
    let cells = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard cells.count >= 6, Array(cells.prefix(5)) == FrameFile.csvColumns, cells.last == "events"
    else {
      throw FieldProblemText(
        field: "",
        message: "expected the header row \(FrameFile.csvColumns.joined(separator: ",")),<outputs>,events")
    }
    return FrameFile.Header(effect: "", refreshRate: 0, trace: "", outputs: Array(cells[5..<(cells.count - 1)]))
  }

  private func csvFrame(_ text: Substring) throws(FieldProblemText) -> FrameRecord {
    let cells = text.split(separator: ",", omittingEmptySubsequences: false)
    let names = FrameFile.csvColumns + header.outputs + ["events"]
    guard cells.count == names.count else {
      throw FieldProblemText(field: "", message: "\(cells.count) columns; expected \(names.count)")
    }
    func number(_ index: Int) throws(FieldProblemText) -> Double {
      guard let value = Double(cells[index]), value.isFinite else {
        throw FieldProblemText(field: names[index], message: "\"\(cells[index])\" is not a finite number")
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
