/// Imports the contentOffset log an iOS app writes from `scrollViewDidScroll(_:)` or SwiftUI's
/// `onScrollGeometryChange(for:of:action:)` into an offset trace (format version 2,
/// `"kind":"offset"`), which replay feeds straight to the effect engine, without physics.
///
/// One sample per row, as CSV (a header row naming the columns, RFC 4180 quoting) or JSON Lines
/// (one object per line; nested objects name their members `a.b`, so `{"contentOffset":{"y":1}}`
/// is the column `contentOffset.y`). Fields, UIKit's names:
///
/// | field | required | unit | becomes |
/// | --- | --- | --- | --- |
/// | `t` | yes | seconds (any clock, e.g. `CACurrentMediaTime()`; see ``secondsPerTimeUnit``) | the sample time, from the first row (whose time is `timeOrigin`) |
/// | `contentOffset.y` | yes | pt | the sample's `y` |
/// | `contentOffset.x` | no (0) | pt | the sample's `x` |
/// | `contentSize.height` | no | pt | `scroll.contentHeight` |
/// | `adjustedContentInset.top`, `.bottom` | no | pt | `scroll.contentInsetTop`, `…Bottom` |
/// | `bounds.height` | no | pt | `scroll.viewportHeight` |
/// | `isTracking`, `isDragging`, `isDecelerating` | no | `true`/`false` (CSV also `1`/`0`) | checked and counted (``OffsetLog/drags``); the trace format has no touch state |
///
/// `contentSize.width`, `adjustedContentInset.left`/`.right` and `bounds.width` are accepted and
/// not used; any other field is an error (a misspelt column must not be silently ignored). An
/// empty CSV cell or a JSON `null` is a field not given. The geometry is the first row's that
/// gives it (an offset trace has one geometry; a later change is a warning). `startOffset` is
/// the first sample's distance from rest, `contentOffset.y + adjustedContentInset.top`, clamped
/// to `0 ... maxOffset`.
public struct OffsetLogImporter: Sendable {
  /// Seconds per unit of `t`, finite, > 0: 1 (default) for `CACurrentMediaTime()` or
  /// `Date().timeIntervalSince1970`, 0.001 for milliseconds.
  public var secondsPerTimeUnit: Double

  /// Creates an importer (`t` in seconds unless told otherwise).
  public init(secondsPerTimeUnit: Double = 1) {
    self.secondsPerTimeUnit = secondsPerTimeUnit
  }

  /// An imported log: the offset trace and what the log said besides.
  public struct OffsetLog: Sendable, Equatable {
    /// The offset trace (version 2, kind offset).
    public var trace: Trace
    /// How many drags the log shows: rows where `isDragging` turns true (0 without the field).
    public var drags: Int
    /// Problems that lose nothing the trace can hold (a geometry that changes during the log, a
    /// cut-off last line skipped), as `file:line: message`, in order.
    public var warnings: [String]
  }

  /// The fields a row may have, in the order errors list them.
  public static let fields = [
    "t", "contentOffset.x", "contentOffset.y", "contentSize.width", "contentSize.height",
    "adjustedContentInset.top", "adjustedContentInset.bottom", "adjustedContentInset.left",
    "adjustedContentInset.right", "bounds.width", "bounds.height", "isTracking", "isDragging",
    "isDecelerating",
  ]
  private static let flags: Set<String> = ["isTracking", "isDragging", "isDecelerating"]

  /// One cell of a row.
  private enum Cell {
    case number(Double)
    case flag(Bool)
  }

  /// The offset trace of `text`.
  /// - Parameters:
  ///   - text: the log, CSV (header row first) or JSON Lines (first character `{`).
  ///   - file: the name used in errors and warnings.
  ///   - header: the device and the geometry the log does not give; its `kind` becomes
  ///     offset, `version` 2, `timeOrigin` the first row's time in seconds.
  /// - Throws: ``/ScrollSimCore/InputError`` naming the line and field of the first problem: a
  ///   missing `t` or `contentOffset.y`, a value that is not a finite number (or not a boolean
  ///   for the touch state), an unknown field (with "did you mean"), times going backwards, a
  ///   value out of the trace format's limits, invalid JSON, a wrong CSV cell count; at line 0
  ///   for a bad ``secondsPerTimeUnit`` or a log with no sample.
  public func log(fromText text: String, file: String, header: TraceHeader) throws(InputError)
    -> OffsetLog
  {
    guard secondsPerTimeUnit.isFinite, secondsPerTimeUnit > 0 else {
      throw InputError(
        file: file, line: 0, field: "secondsPerTimeUnit",
        message: "\(describe(secondsPerTimeUnit)) must be finite and > 0")
    }
    var warnings: [String] = []
    let rows = try Self.rows(of: text, file: file, warnings: &warnings)
    var header = header
    header.kind = .offset
    header.version = 2
    var samples: [OffsetSample] = []
    var checker = EventSequenceChecker(kind: .offset)
    var origin: (raw: Double, line: Int)?
    var geometry: [String: (value: Double, line: Int)] = [:]
    var changed: Set<String> = []
    var drags = 0
    var wasDragging = false
    for (line, cells) in rows {
      do throws(FieldProblem) {
        func number(_ field: String) throws(FieldProblem) -> Double? {
          switch cells[field] {
          case nil: return nil
          case .number(let value)?: return value
          case .flag?:
            throw FieldProblem(field: field, message: "expected a number, found a boolean")
          }
        }
        for field in Self.flags {
          if case .number? = cells[field] {
            throw FieldProblem(field: field, message: "expected true or false")
          }
        }
        guard let raw = try number("t") else {
          throw FieldProblem(field: "t", message: "missing; every row needs its time")
        }
        guard let y = try number("contentOffset.y") else {
          throw FieldProblem(field: "contentOffset.y", message: "missing; every row needs it")
        }
        let start = origin?.raw ?? raw
        if raw < start, let origin {
          throw FieldProblem(
            field: "t",
            message: "\(describe(raw)) is earlier than \(describe(start)) of the first row "
              + "(line \(origin.line)); times must be non-decreasing")
        }
        if origin == nil { origin = (raw, line) }
        let sample = OffsetSample(
          time: (raw - start) * secondsPerTimeUnit, x: try number("contentOffset.x") ?? 0, y: y)
        if var problem = checker.check(sample, line: line) {
          problem.field =
            ["t": "t", "x": "contentOffset.x", "y": "contentOffset.y"][
              problem.field] ?? problem.field
          throw problem
        }
        samples.append(sample)
        for field in [
          "contentSize.height", "adjustedContentInset.top", "adjustedContentInset.bottom",
          "bounds.height",
        ] {
          guard let value = try number(field) else { continue }
          if let first = geometry[field] {
            if value != first.value, changed.insert(field).inserted {
              warnings.append(
                "\(file):\(line): \(field) changes from \(describe(first.value)) (line "
                  + "\(first.line)) to \(describe(value)); an offset trace has one geometry: "
                  + "the first is kept")
            }
          } else {
            geometry[field] = (value, line)
          }
        }
        if case .flag(let dragging)? = cells["isDragging"] {
          if dragging && !wasDragging { drags += 1 }
          wasDragging = dragging
        }
      } catch {
        throw error.error(file: file, line: line)
      }
    }
    guard let origin else {
      throw InputError(file: file, line: 0, field: "", message: "no sample found")
    }
    header.timeOrigin = origin.raw * secondsPerTimeUnit
    if let value = geometry["contentSize.height"] { header.scroll.contentHeight = value.value }
    if let value = geometry["adjustedContentInset.top"] {
      header.scroll.contentInsetTop = value.value
    }
    if let value = geometry["adjustedContentInset.bottom"] {
      header.scroll.contentInsetBottom = value.value
    }
    if let value = geometry["bounds.height"] { header.scroll.viewportHeight = value.value }
    // The log knows the scroll view's bounds, not the screen: a scroll view larger than the
    // default screen (390 × 844 pt) means another device; the screen grows to hold it.
    let boundsWidth = geometry["bounds.width"]?.value ?? 0
    if header.scroll.viewportHeight > header.device.screenHeight
      || boundsWidth > header.device.screenWidth
    {
      let width = max(header.device.screenWidth, boundsWidth)
      let height = max(header.device.screenHeight, header.scroll.viewportHeight)
      warnings.append(
        "the scroll view's bounds ("
          + (boundsWidth > 0
            ? "\(NumberText.text(boundsWidth)) × \(NumberText.text(header.scroll.viewportHeight)) pt"
            : "\(NumberText.text(header.scroll.viewportHeight)) pt tall") + ") are larger than the "
          + "screen (\(NumberText.text(header.device.screenWidth)) × "
          + "\(NumberText.text(header.device.screenHeight)) pt): the header's screen is "
          + "\(NumberText.text(width)) × \(NumberText.text(height)) pt")
      header.device.screenWidth = width
      header.device.screenHeight = height
    }
    if let problem = header.validationProblem() {
      let field =
        [
          "scroll.contentHeight": "contentSize.height",
          "scroll.contentInsetTop": "adjustedContentInset.top",
          "scroll.contentInsetBottom": "adjustedContentInset.bottom",
          "scroll.viewportHeight": "bounds.height",
        ][problem.field]
      let line = field.flatMap { geometry[$0]?.line } ?? 0
      throw InputError(
        file: file, line: line, field: field ?? problem.field, message: problem.message)
    }
    header.scroll.startOffset = min(
      max(samples[0].y + header.scroll.contentInsetTop, 0), header.maxOffset)
    return OffsetLog(
      trace: Trace(header: header, events: [], offsets: samples), drags: drags,
      warnings: warnings)
  }

  /// The rows of `text` with their 1-based line numbers, cells by field name.
  private static func rows(of text: String, file: String, warnings: inout [String])
    throws(InputError) -> [(Int, [String: Cell])]
  {
    let isJSON = text.drop { $0.isWhitespace }.first == "{"
    let lines = text.lines()
    var rows: [(Int, [String: Cell])] = []
    if isJSON {
      for (index, line) in lines.enumerated() {
        let number = index + 1
        if line.isEmpty, number == lines.count { break }
        let root: JSONNode
        do throws(JSONProblem) {
          root = try JSONReader.parse(String(line), allowsByteOrderMark: number == 1)
        } catch {
          // A recorder killed mid-write leaves a last line cut inside its value.
          if number == lines.count, error.isUnexpectedEnd {
            warnings.append(
              "\(file):\(number): incomplete last line skipped: the log was cut off mid-write")
            break
          }
          throw InputError(file: file, line: number, field: error.field, message: error.message)
        }
        var cells: [String: Cell] = [:]
        do throws(FieldProblem) {
          guard case .object = root.value else {
            throw FieldProblem(field: "", message: "expected a JSON object {…} on this line")
          }
          try flatten(root, prefix: "", into: &cells)
        } catch {
          throw error.error(file: file, line: number)
        }
        rows.append((number, cells))
      }
      return rows
    }
    guard let first = lines.first, !first.isEmpty else {
      throw InputError(file: file, line: 0, field: "", message: "empty file; expected a header row")
    }
    let names: [String]
    do throws(FieldProblem) {
      names = try CSVTouchImporter.cells(first)
      for name in names where !fields.contains(name) {
        throw unknown(name)
      }
    } catch {
      throw error.error(file: file, line: 1)
    }
    try CSVTouchImporter.forEachRow(of: lines, columns: names.count, file: file) {
      number, values throws(FieldProblem) in
      var cells: [String: Cell] = [:]
      for (name, value) in zip(names, values) where !value.isEmpty {
        if flags.contains(name) {
          switch value {
          case "true", "1": cells[name] = .flag(true)
          case "false", "0": cells[name] = .flag(false)
          default:
            throw FieldProblem(
              field: name,
              message: "\"\(InputError.excerpt(value))\" is not true, false, 1 or 0")
          }
        } else {
          guard let number = Double(value), number.isFinite else {
            throw FieldProblem(
              field: name, message: "\"\(InputError.excerpt(value))\" is not a finite number")
          }
          cells[name] = .number(number)
        }
      }
      rows.append((number, cells))
    }
    return rows
  }

  /// The members of a JSON object as dotted field names.
  private static func flatten(_ node: JSONNode, prefix: String, into cells: inout [String: Cell])
    throws(FieldProblem)
  {
    for member in node.members ?? [] {
      let name = prefix + member.key
      switch member.value.value {
      case .object:
        try flatten(member.value, prefix: name + ".", into: &cells)
      case .number(let value):
        guard fields.contains(name) else { throw unknown(name) }
        cells[name] = .number(value)
      case .bool(let value):
        guard fields.contains(name) else { throw unknown(name) }
        cells[name] = .flag(value)
      case .null:
        guard fields.contains(name) else { throw unknown(name) }
      case .string, .array:
        guard fields.contains(name) else { throw unknown(name) }
        throw FieldProblem(
          field: name,
          message: "expected \(flags.contains(name) ? "true or false" : "a number"), found "
            + member.value.typeName)
      }
    }
  }

  private static func unknown(_ name: String) -> FieldProblem {
    FieldProblem(
      field: name,
      message: "unknown field \"\(InputError.excerpt(name))\"; expected "
        + fields.joined(separator: ", ") + Suggestion.didYouMean(name, among: fields))
  }
}
