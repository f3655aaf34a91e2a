/// Imports touch logs in CSV (one touch event per row) with a column mapping: which column holds
/// the time, the event type, x and y, their units, and the spelling of the event types. For
/// example Flutter's velocity-tracker data
/// (`gesture,event,pointer,time_ms,x_lpx,y_lpx` with `DOWN`/`MOVE`/`UP`). Rows of types the
/// trace has no use for (a pointer log's `add`, `remove`, `hover`) are skipped when listed in
/// ``Mapping/skipped``.
///
/// CSV per RFC 4180: comma-separated, a header row, fields optionally in double quotes (`""`
/// for a quote inside); `\r\n` accepted. Times become seconds after the first selected row
/// (whose time is the header's `timeOrigin`), positions become points.
public struct CSVTouchImporter: Sendable {
  /// Which columns hold what, and how to read them.
  public struct Mapping: Sendable, Equatable {
    /// Header name of the time column.
    public var time: String
    /// Header name of the event-type column.
    public var type: String
    /// Header name of the x column (horizontal position, from the left).
    public var x: String
    /// Header name of the y column (vertical position, from the top, growing downward).
    public var y: String
    /// Seconds per time unit, finite, > 0: 1 for seconds, 0.001 for milliseconds (default),
    /// 1e-9 for nanoseconds.
    public var secondsPerTimeUnit: Double
    /// Points per position unit, finite, > 0 (1 for points or Flutter logical pixels; 1/scale
    /// for device pixels). Default 1.
    public var pointsPerUnit: Double
    /// The file's spelling of each event type, compared case-sensitively, e.g.
    /// `["DOWN": .down, "MOVE": .move, "UP": .up]` (default, plus `CANCEL`).
    public var types: [String: TraceEvent.Kind]
    /// Event types whose rows are skipped, compared case-sensitively (e.g. Flutter's or a
    /// pointer log's `add`, `remove`, `hover`). Default: none. A type both mapped in ``types``
    /// and skipped is mapped.
    public var skipped: Set<String>
    /// Keep only rows whose column has this value (e.g. `("gesture", "3")`); `nil` keeps all.
    public var filter: (column: String, value: String)?

    /// Creates a mapping; see each property for the defaults.
    public init(
      time: String, type: String, x: String, y: String, secondsPerTimeUnit: Double = 0.001,
      pointsPerUnit: Double = 1,
      types: [String: TraceEvent.Kind] = [
        "DOWN": .down, "MOVE": .move, "UP": .up, "CANCEL": .cancel,
      ],
      skipped: Set<String> = [], filter: (column: String, value: String)? = nil
    ) {
      self.time = time
      self.type = type
      self.x = x
      self.y = y
      self.secondsPerTimeUnit = secondsPerTimeUnit
      self.pointsPerUnit = pointsPerUnit
      self.types = types
      self.skipped = skipped
      self.filter = filter
    }

    /// Compares every field, the filter included.
    public static func == (a: Mapping, b: Mapping) -> Bool {
      a.time == b.time && a.type == b.type && a.x == b.x && a.y == b.y
        && a.secondsPerTimeUnit == b.secondsPerTimeUnit && a.pointsPerUnit == b.pointsPerUnit
        && a.types == b.types && a.skipped == b.skipped && a.filter?.column == b.filter?.column
        && a.filter?.value == b.filter?.value
    }
  }

  /// The column mapping.
  public var mapping: Mapping

  /// Creates an importer.
  public init(mapping: Mapping) {
    self.mapping = mapping
  }

  /// The trace of the selected rows of `text`.
  /// - Parameters:
  ///   - text: the CSV text, header row first.
  ///   - file: the name used in errors.
  ///   - header: the trace header to use (its `timeOrigin` is replaced by the first row's time
  ///     in seconds).
  /// - Throws: ``/ScrollSimCore/InputError``: at line 0 (field `mapping.<name>`) for a bad unit or a column the
  ///   header lacks; otherwise naming the line and column of the first bad cell (not a finite
  ///   number, an unknown event type, a wrong cell count, an unterminated quote) or of a touch
  ///   sequence the trace format rejects (times going backwards, `move` before `down`).
  public func trace(fromText text: String, file: String, header: TraceHeader) throws(InputError)
    -> Trace
  {
    for (name, value) in [
      ("secondsPerTimeUnit", mapping.secondsPerTimeUnit), ("pointsPerUnit", mapping.pointsPerUnit),
    ]
    where !(value.isFinite && value > 0) {
      throw InputError(
        file: file, line: 0, field: "mapping.\(name)",
        message: "\(describe(value)) must be finite and > 0")
    }
    let lines = text.lines()
    guard let first = lines.first, !first.isEmpty else {
      throw InputError(file: file, line: 0, field: "", message: "empty file; expected a header row")
    }
    let names: [String]
    do throws(FieldProblem) {
      names = try Self.cells(first)
    } catch {
      throw error.error(file: file, line: 1)
    }
    func column(_ name: String, _ role: String) throws(InputError) -> Int {
      guard let index = names.firstIndex(of: name) else {
        throw InputError(
          file: file, line: 1, field: "mapping.\(role)",
          message: "no column \"\(name)\"; the header has: \(names.joined(separator: ", "))")
      }
      return index
    }
    let timeColumn = try column(mapping.time, "time")
    let typeColumn = try column(mapping.type, "type")
    let xColumn = try column(mapping.x, "x")
    let yColumn = try column(mapping.y, "y")
    let filterColumn = try mapping.filter.map { filter throws(InputError) in
      try column(filter.column, "filter")
    }

    var events: [TraceEvent] = []
    var origin: Double?
    var firstLine = 0
    var checker = EventSequenceChecker()
    try Self.forEachRow(of: lines, columns: names.count, file: file) {
      number, cells throws(FieldProblem) in
      if let filterColumn, let filter = mapping.filter, cells[filterColumn] != filter.value {
        return
      }
      func value(_ index: Int) throws(FieldProblem) -> Double {
        guard let value = Double(cells[index]), value.isFinite else {
          throw FieldProblem(
            field: names[index], message: "\"\(cells[index])\" is not a finite number")
        }
        return value
      }
      guard let kind = mapping.types[cells[typeColumn]] else {
        if mapping.skipped.contains(cells[typeColumn]) { return }
        let known = mapping.types.keys.sorted().joined(separator: ", ")
        let skipped =
          mapping.skipped.isEmpty
          ? "" : "; skipped: " + mapping.skipped.sorted().joined(separator: ", ")
        throw FieldProblem(
          field: names[typeColumn],
          message: "unknown event type \"\(InputError.excerpt(cells[typeColumn]))\"; mapped: "
            + "\(known)\(skipped)")
      }
      // Subtract in the file's unit, then convert: 23 ms → 0.023 s exactly as written.
      let raw = try value(timeColumn)
      let start = origin ?? raw
      if origin == nil { firstLine = number }
      origin = start
      if raw < start {
        throw FieldProblem(
          field: names[timeColumn],
          message: "\(describe(raw)) is earlier than \(describe(start)) of the first row (line "
            + "\(firstLine)); times must be non-decreasing")
      }
      let event = TraceEvent(
        time: (raw - start) * mapping.secondsPerTimeUnit, kind: kind,
        x: try value(xColumn) * mapping.pointsPerUnit,
        y: try value(yColumn) * mapping.pointsPerUnit)
      if var problem = checker.check(event, line: number) {
        if problem.field == "t" { problem.field = names[timeColumn] }
        if problem.field == "type" { problem.field = names[typeColumn] }
        throw problem
      }
      events.append(event)
    }
    var header = header
    header.timeOrigin = origin.map { $0 * mapping.secondsPerTimeUnit }
    return Trace(header: header, events: events)
  }

  /// Calls `body` with the 1-based line number and the cells of every row after the header
  /// row (a final empty line ends the file).
  /// - Throws: ``/ScrollSimCore/InputError`` at the row's line for a malformed row (quoting, a
  ///   cell count other than `columns`) or a problem `body` throws.
  static func forEachRow(
    of lines: [Substring], columns: Int, file: String,
    _ body: (_ line: Int, _ cells: [String]) throws(FieldProblem) -> Void
  ) throws(InputError) {
    for (offset, line) in lines.enumerated().dropFirst() {
      let number = offset + 1
      if line.isEmpty, number == lines.count { break }
      do throws(FieldProblem) {
        let cells = try Self.cells(line)
        guard cells.count == columns else {
          throw FieldProblem(field: "", message: "\(cells.count) cells; the header has \(columns)")
        }
        try body(number, cells)
      } catch {
        throw error.error(file: file, line: number)
      }
    }
  }

  /// The cells of one CSV row (RFC 4180 quoting).
  /// - Throws: ``FieldProblem`` for an unterminated quote or text after a closing quote.
  static func cells(_ line: Substring) throws(FieldProblem) -> [String] {
    enum State { case cellStart, unquoted, quoted, quoteInQuoted }
    var cells: [String] = []
    var cell = ""
    var state = State.cellStart
    for character in line {
      switch (state, character) {
      case (.cellStart, "\""): state = .quoted
      case (.cellStart, ","), (.unquoted, ","), (.quoteInQuoted, ","):
        cells.append(cell)
        cell = ""
        state = .cellStart
      case (.cellStart, _), (.unquoted, _):
        cell.append(character)
        state = .unquoted
      case (.quoted, "\""): state = .quoteInQuoted
      case (.quoted, _): cell.append(character)
      case (.quoteInQuoted, "\""):
        cell.append("\"")
        state = .quoted
      case (.quoteInQuoted, _):
        throw FieldProblem(
          field: "", message: "text after a closing quote in cell \(cells.count + 1)")
      }
    }
    if state == .quoted {
      throw FieldProblem(field: "", message: "unterminated quoted cell \(cells.count + 1)")
    }
    cells.append(cell)
    return cells
  }
}
