import ScrollPhysics
import ScrollTrace

/// Reads a frame file (``FrameFile``, JSON Lines or CSV by extension) one frame at a time, with
/// bounded memory. Every problem is a ``/ScrollSimCore/InputError`` naming file, line and field.
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
  /// Whether the frames carry scroll view events (version 2; a CSV `scroll_view` column).
  private var hasScrollViewEvents = false
  private var previousFrame = -1
  private var frames = 0

  /// Opens the frame file at `path` and reads its header.
  /// - Throws: ``/ScrollSimCore/InputError``: line 0 for a missing file or an unknown extension;
  ///   line 1 for a bad header.
  public convenience init(path: String) throws(InputError) {
    guard let format = FrameFile.Format(path: path) else {
      throw InputError(
        file: path, line: 0, field: "", message: "unknown frame file type; expected .jsonl or .csv")
    }
    try self.init(lines: try LineReader(path: path), format: format)
  }

  /// Reads the frame file `input` (a file, or the bytes of a pipe): the format comes from the
  /// name's extension, or for a name without one (`/dev/fd/63`, `<stdin>`) from the first byte
  /// (`{` is JSON Lines, anything else CSV).
  /// - Throws: ``/ScrollSimCore/InputError``: line 0 for an unknown extension of a regular file or
  ///   an empty file; line 1 for a bad header.
  public convenience init(input: InputSource) throws(InputError) {
    var format = FrameFile.Format(path: input.name)
    if format == nil, case .bytes(let bytes) = input.content {
      format = bytes.first { $0 != UInt8(ascii: " ") } == UInt8(ascii: "{") ? .jsonl : .csv
    }
    guard let format else {
      throw InputError(
        file: input.name, line: 0, field: "",
        message: "unknown frame file type; expected .jsonl or .csv")
    }
    try self.init(lines: try input.lines(), format: format)
  }

  /// Reads frames from `lines` in `format`.
  /// - Throws: ``/ScrollSimCore/InputError`` for an empty file (line 0) or a bad header (line 1).
  package init(lines: LineReader, format: FrameFile.Format) throws(InputError) {
    self.lines = lines
    self.format = format
    guard let first = try lines.nextText() else {
      throw InputError(
        file: lines.file, line: 0, field: "", message: "empty file; expected a header")
    }
    do throws(FieldProblem) {
      (header, hasScrollViewEvents) =
        try format == .csv ? Self.csvHeader(first) : Self.jsonHeader(first)
    } catch {
      throw InputError(file: lines.file, line: 1, field: error.field, message: error.message)
    }
  }

  /// The next frame, or `nil` at the end (then ``ending`` is set).
  /// - Throws: ``/ScrollSimCore/InputError`` naming the line and field (`frame`, `t`, `offset`,
  ///   an output name, …) of a malformed frame; frames must have increasing indices; a closing
  ///   record must count the frames before it and be the last line.
  public func next() throws(InputError) -> FrameRecord? {
    let record = try nextLine()
    if record == nil, case .complete = ending, try lines.next() != nil {
      throw InputError(
        file: lines.file, line: lines.lineNumber, field: "",
        message: "a line after the closing record; the closing record must be the last line")
    }
    return record
  }

  /// The next frame, or `nil` at the closing record or the end.
  private func nextLine() throws(InputError) -> FrameRecord? {
    if ending != .unread {
      return nil
    }
    guard let line = try lines.next() else {
      ending = .cut(frames: frames, lastFrame: previousFrame >= 0 ? previousFrame : nil)
      return nil
    }
    do throws(FieldProblem) {
      guard let text = String(validating: line.bytes, as: UTF8.self) else {
        throw FieldProblem(field: "", message: "not valid UTF-8 text")
      }
      let trimmed = text.hasSuffix("\r") ? text.dropLast() : text[...]
      if let count = try Self.closingRecord(trimmed, format: format) {
        guard count == frames else {
          throw FieldProblem(
            field: "end",
            message: "the closing record counts \(count) frames; the file has \(frames)")
        }
        ending = .complete(frames: frames)
        return nil
      }
      let record = try format == .csv ? csvFrame(trimmed) : jsonFrame(trimmed)
      guard record.frame > previousFrame else {
        throw FieldProblem(
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
      throw InputError(
        file: lines.file, line: lines.lineNumber, field: error.field, message: error.message)
    }
  }

  /// The frame count of a closing record, or `nil` for any other line.
  private static func closingRecord(_ text: Substring, format: FrameFile.Format)
    throws(FieldProblem) -> Int?
  {
    switch format {
    case .csv:
      guard text.hasPrefix(FrameFile.csvEndPrefix) else { return nil }
      guard let count = Int(text.dropFirst(FrameFile.csvEndPrefix.count)), count >= 0 else {
        throw FieldProblem(
          field: "end", message: "expected \"\(FrameFile.csvEndPrefix)N\" with N an integer ≥ 0")
      }
      return count
    case .jsonl:
      guard text.hasPrefix(#"{"end""#) else { return nil }
      let line = try object(text, firstLine: false)
      try checkKeys(line, allowed: ["end"])
      let end = try member(line, "end") { $0.members == nil ? nil : $0 }
      try checkKeys(end, allowed: ["complete", "frames"])
      let complete = try member(end, "complete", field: "end.complete", \.bool)
      let frames = try member(end, "frames", field: "end.frames", integer)
      guard complete, frames >= 0 else {
        throw FieldProblem(
          field: "end", message: "expected {\"complete\":true,\"frames\":N} with N ≥ 0")
      }
      return frames
    }
  }

  // MARK: JSON Lines

  /// One JSON line as an object (a byte order mark is skipped on line 1 only).
  private static func object(_ text: Substring, firstLine: Bool) throws(FieldProblem) -> JSONNode {
    let root: JSONNode
    do throws(JSONProblem) {
      root = try JSONReader.parse(text.utf8, allowsByteOrderMark: firstLine)
    } catch {
      throw FieldProblem(field: error.field, message: error.message)
    }
    guard case .object = root.value else {
      throw FieldProblem(field: "", message: "not a valid frame line (JSON object expected)")
    }
    return root
  }

  /// Rejects a key of `object` outside `allowed` (as the trace reader does: a misspelt field
  /// must not be silently dropped).
  private static func checkKeys(_ object: JSONNode, allowed: Set<String>) throws(FieldProblem) {
    let keys = Set((object.members ?? []).map(\.key))
    if let unknown = keys.subtracting(allowed).sorted().first {
      throw FieldProblem(
        field: InputError.excerpt(unknown),
        message: "unknown key: expected \(allowed.sorted().joined(separator: ", "))"
          + Suggestion.didYouMean(unknown, among: allowed.sorted()))
    }
  }

  /// The member `key` of `object`, or a problem naming `field` (`missing`, `wrong type or
  /// null`).
  private static func member<T>(
    _ object: JSONNode, _ key: String, field: String? = nil, _ value: (JSONNode) -> T?
  ) throws(FieldProblem) -> T {
    guard let node = object[key] else {
      throw FieldProblem(field: field ?? key, message: "missing")
    }
    guard let typed = value(node) else {
      throw FieldProblem(field: field ?? key, message: "wrong type or null")
    }
    return typed
  }

  private static func integer(_ node: JSONNode) -> Int? {
    node.number.flatMap { Int(exactly: $0) }
  }

  private static func strings(_ node: JSONNode) -> [String]? {
    guard let elements = node.elements else { return nil }
    let strings = elements.compactMap(\.string)
    return strings.count == elements.count ? strings : nil
  }

  private static func jsonHeader(_ text: Substring) throws(FieldProblem) -> (
    FrameFile.Header, Bool
  ) {
    let line = try object(text, firstLine: true)
    let format = try member(line, "format", \.string)
    let version = try member(line, "version", integer)
    let effect = line["effect"] == nil ? nil : try member(line, "effect", \.string)
    let refreshRate = line["refreshRate"] == nil ? nil : try member(line, "refreshRate", integer)
    let trace = line["trace"] == nil ? nil : try member(line, "trace", \.string)
    let outputs = try member(line, "outputs", strings)
    try checkKeys(
      line, allowed: ["format", "version", "effect", "refreshRate", "trace", "outputs", "views"])
    guard format == "scrollsim-frames" else {
      throw FieldProblem(field: "format", message: "expected \"scrollsim-frames\"")
    }
    guard (1...FrameFile.nestedVersion).contains(version) else {
      throw FieldProblem(
        field: "version", message: "unsupported; this reader reads versions 1, 2, 3 and 4")
    }
    var views: [String] = []
    if version == FrameFile.nestedVersion {
      views = try member(line, "views", strings)
      try checkViewNames(views, field: "views")
    } else if line["views"] != nil {
      throw FieldProblem(
        field: "views", message: "only a version-\(FrameFile.nestedVersion) file has views")
    }
    return (
      FrameFile.Header(
        effect: effect ?? "", refreshRate: refreshRate ?? 0, trace: trace ?? "", outputs: outputs,
        isTwoAxis: version == FrameFile.twoAxisVersion, views: views),
      version >= 2
    )
  }

  /// Checks a header's view names: at least two, none empty, none repeated.
  private static func checkViewNames(_ names: [String], field: String) throws(FieldProblem) {
    guard names.count >= 2 else {
      throw FieldProblem(
        field: field, message: "expected the chain's views, at least a header and the list")
    }
    for (i, name) in names.enumerated() {
      guard !name.isEmpty, !name.contains(","), !name.contains(" "),
        !names[..<i].contains(name)
      else {
        throw FieldProblem(
          field: "\(field)[\(i)]",
          message:
            "\"\(InputError.excerpt(name))\": expected a distinct name without spaces or commas")
      }
    }
  }

  /// The scroll view events of a frame, from their texts; `field` names the list in errors.
  private static func scrollViewEvents(_ texts: [Substring], field: String) throws(FieldProblem)
    -> [ScrollViewEvent]
  {
    var events: [ScrollViewEvent] = []
    for (index, text) in texts.enumerated() {
      guard let event = ScrollViewEvent(text: text) else {
        throw FieldProblem(
          field: "\(field)[\(index)]",
          message: "\"\(InputError.excerpt(String(text)))\" is not a scroll view event "
            + "(expected e.g. scrollViewDidEndDecelerating(finished:true)@2.75)")
      }
      events.append(event)
    }
    return events
  }

  /// A chain's scroll view events of a frame (``/ScrollPhysics/NestedScrollViewEvent``), from
  /// their texts; `field` names the list in errors.
  private static func nestedScrollViewEvents(
    _ texts: [Substring], viewCount: Int, field: String
  ) throws(FieldProblem) -> [NestedScrollViewEvent] {
    var events: [NestedScrollViewEvent] = []
    for (index, text) in texts.enumerated() {
      guard let event = NestedScrollViewEvent(text: text, viewCount: viewCount) else {
        throw FieldProblem(
          field: "\(field)[\(index)]",
          message: "\"\(InputError.excerpt(String(text)))\" is not a scroll view event of one "
            + "of the chain's \(viewCount) views (expected e.g. "
            + "scrollViewDidScroll(view:header;offset:200)@0.31)")
      }
      events.append(event)
    }
    return events
  }

  private func jsonFrame(_ text: Substring) throws(FieldProblem) -> FrameRecord {
    let line = try Self.object(text, firstLine: false)
    let frame = try Self.member(line, "frame", Self.integer)
    let time = try Self.member(line, "t", \.number)
    let offset = try Self.member(line, "offset", \.number)
    let velocity = try Self.member(line, "velocity", \.number)
    let phase = try Self.member(line, "phase", \.string)
    let outputs = try Self.member(line, "outputs", \.members)
    for output in outputs where output.value.number == nil {
      throw FieldProblem(
        field: "outputs.\(InputError.excerpt(output.key))", message: "wrong type or null")
    }
    let events = try Self.member(line, "events", Self.strings)
    var scrollView: [ScrollViewEvent]?
    var nested: [NestedScrollViewEvent]?
    if hasScrollViewEvents {
      let texts = line["scrollView"] == nil ? [] : try Self.member(line, "scrollView", Self.strings)
      if header.views.isEmpty {
        scrollView = try Self.scrollViewEvents(texts.map { $0[...] }, field: "scrollView")
      } else {
        nested = try Self.nestedScrollViewEvents(
          texts.map { $0[...] }, viewCount: header.views.count, field: "scrollView")
      }
    }
    var offsetX: Double?
    var velocityX: Double?
    if header.isTwoAxis {
      offsetX = try Self.member(line, "x", \.number)
      velocityX = try Self.member(line, "vx", \.number)
    }
    var views: [FrameRecord.View]?
    if !header.views.isEmpty {
      let object = try Self.member(line, "views") { $0.members == nil ? nil : $0 }
      try Self.checkKeys(object, allowed: Set(header.views))
      views = []
      for name in header.views {
        let view = try Self.member(object, name, field: "views.\(name)") {
          $0.members == nil ? nil : $0
        }
        try Self.checkKeys(view, allowed: ["offset", "velocity"])
        views!.append(
          FrameRecord.View(
            offset: try Self.member(view, "offset", field: "views.\(name).offset", \.number),
            velocity: try Self.member(
              view, "velocity", field: "views.\(name).velocity", \.number)))
      }
    }
    try Self.checkKeys(
      line,
      allowed: Set(["frame", "t", "offset", "velocity", "phase", "outputs", "events"])
        .union(hasScrollViewEvents ? ["scrollView"] : [])
        .union(header.isTwoAxis ? ["x", "vx"] : [])
        .union(header.views.isEmpty ? [] : ["views"]))
    if let unknown = outputs.map(\.key).filter({ !header.outputs.contains($0) }).sorted().first {
      throw FieldProblem(
        field: "outputs.\(InputError.excerpt(unknown))", message: "not an output of the header")
    }
    var values: [Double] = []
    for name in header.outputs {
      guard let value = outputs.first(where: { $0.key == name })?.value.number else {
        throw FieldProblem(field: "outputs.\(name)", message: "missing")
      }
      values.append(value)
    }
    guard frame >= 0 else {
      throw FieldProblem(field: "frame", message: "\(frame) is negative")
    }
    return FrameRecord(
      frame: frame, time: time, offset: offset, velocity: velocity, phase: phase, values: values,
      events: events, scrollViewEvents: scrollView, offsetX: offsetX, velocityX: velocityX,
      views: views, nestedScrollViewEvents: nested)
  }

  // MARK: CSV

  private static func csvHeader(_ text: Substring) throws(FieldProblem) -> (
    FrameFile.Header, Bool
  ) {
    var cells = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    // A chain's views: pairs NAME_offset_pt,NAME_velocity_pt_s at the end.
    var views: [String] = []
    while cells.count >= 2, cells.last!.hasSuffix(FrameFile.csvViewVelocitySuffix),
      cells[cells.count - 2].hasSuffix(FrameFile.csvViewOffsetSuffix),
      cells.last!.dropLast(FrameFile.csvViewVelocitySuffix.count)
        == cells[cells.count - 2].dropLast(FrameFile.csvViewOffsetSuffix.count),
      cells.last != FrameFile.csvHorizontalColumns[1]
    {
      views.insert(String(cells.last!.dropLast(FrameFile.csvViewVelocitySuffix.count)), at: 0)
      cells.removeLast(2)
    }
    if !views.isEmpty { try checkViewNames(views, field: "") }
    let twoAxis = cells.suffix(2) == FrameFile.csvHorizontalColumns[...]
    if twoAxis { cells.removeLast(2) }
    let scrollView = cells.last == FrameFile.csvScrollViewColumn
    if scrollView { cells.removeLast() }
    guard cells.count >= 6, Array(cells.prefix(5)) == FrameFile.csvColumns, cells.last == "events",
      scrollView || (!twoAxis && views.isEmpty)
    else {
      throw FieldProblem(
        field: "",
        message: "expected the header row \(FrameFile.csvColumns.joined(separator: ",")),"
          + "<outputs>,events,\(FrameFile.csvScrollViewColumn)")
    }
    return (
      FrameFile.Header(
        effect: "", refreshRate: 0, trace: "", outputs: Array(cells[5..<(cells.count - 1)]),
        isTwoAxis: twoAxis, views: views),
      scrollView
    )
  }

  private func csvFrame(_ text: Substring) throws(FieldProblem) -> FrameRecord {
    let cells = text.split(separator: ",", omittingEmptySubsequences: false)
    let names =
      FrameFile.csvColumns + header.outputs + ["events"]
      + (hasScrollViewEvents ? [FrameFile.csvScrollViewColumn] : [])
      + (header.isTwoAxis ? FrameFile.csvHorizontalColumns : [])
      + FrameFile.csvViewColumns(header.views)
    guard cells.count == names.count else {
      throw FieldProblem(field: "", message: "\(cells.count) columns; expected \(names.count)")
    }
    func number(_ index: Int) throws(FieldProblem) -> Double {
      guard let value = Double(cells[index]), value.isFinite else {
        throw FieldProblem(
          field: names[index], message: "\"\(cells[index])\" is not a finite number")
      }
      return value
    }
    guard let frame = Int(cells[0]), frame >= 0 else {
      throw FieldProblem(field: "frame", message: "\"\(cells[0])\" is not an integer ≥ 0")
    }
    let eventsColumn = 5 + header.outputs.count
    var values: [Double] = []
    for index in 5..<eventsColumn { values.append(try number(index)) }
    var scrollView: [ScrollViewEvent]?
    var nested: [NestedScrollViewEvent]?
    if hasScrollViewEvents {
      let texts = cells[eventsColumn + 1].split(separator: " ")
      if header.views.isEmpty {
        scrollView = try Self.scrollViewEvents(texts, field: FrameFile.csvScrollViewColumn)
      } else {
        nested = try Self.nestedScrollViewEvents(
          texts, viewCount: header.views.count, field: FrameFile.csvScrollViewColumn)
      }
    }
    var views: [FrameRecord.View]?
    if !header.views.isEmpty {
      let first = names.count - 2 * header.views.count
      views = []
      for k in header.views.indices {
        views!.append(
          FrameRecord.View(
            offset: try number(first + 2 * k), velocity: try number(first + 2 * k + 1)))
      }
    }
    let horizontal = names.count - 2 * header.views.count - 2
    return FrameRecord(
      frame: frame, time: try number(1), offset: try number(2), velocity: try number(3),
      phase: String(cells[4]), values: values,
      events: cells[eventsColumn].split(separator: " ").map(String.init),
      scrollViewEvents: scrollView,
      offsetX: header.isTwoAxis ? try number(horizontal) : nil,
      velocityX: header.isTwoAxis ? try number(horizontal + 1) : nil, views: views,
      nestedScrollViewEvents: nested)
  }
}
