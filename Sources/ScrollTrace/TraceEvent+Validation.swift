/// One event line of a trace, decoded strictly: unknown keys and event types are rejected.
/// Touches and `offset` (version 2, `contentOffset.x`/`.y`) have the keys `t`, `type`, `x`,
/// `y`; the control events (version 2) have their own (see ``TraceControl``).
struct EventLine: Decodable {
  static let typeNames =
    TraceEvent.Kind.allCases.map(\.rawValue) + ["offset"] + TraceControl.typeNames

  var item: TraceItem

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    let typeName = try container.decode(String.self, forKey: AnyKey("type"))
    guard Self.typeNames.contains(typeName) else {
      throw FieldProblem(
        field: "type",
        message: "unknown event type \"\(typeName)\"; allowed: "
          + Self.typeNames.joined(separator: ", "))
    }
    func number(_ key: String) throws -> Double {
      try container.decode(Double.self, forKey: AnyKey(key))
    }
    let keys: [String]
    switch typeName {
    case "wheel": keys = ["t", "type", "dy"]
    case "scrollTo": keys = ["t", "type", "y", "animated"]
    case "content", "viewport": keys = ["t", "type", "height"]
    default: keys = ["t", "type", "x", "y"]
    }
    try StrictJSON.rejectUnknownKeys(in: container, allowed: keys)
    let time = try number("t")
    let control: TraceControl.Kind
    switch typeName {
    case "wheel": control = .wheel(deltaY: try number("dy"))
    case "scrollTo":
      control = .scrollTo(
        offset: try number("y"),
        animated: try container.decode(Bool.self, forKey: AnyKey("animated")))
    case "content": control = .contentHeight(try number("height"))
    case "viewport": control = .viewportHeight(try number("height"))
    default:
      let (x, y) = (try number("x"), try number("y"))
      if let kind = TraceEvent.Kind(rawValue: typeName) {
        item = .touch(TraceEvent(time: time, kind: kind, x: x, y: y))
      } else {
        item = .offset(OffsetSample(time: time, x: x, y: y))
      }
      return
    }
    // The position among the touches is filled in by the reader.
    item = .control(TraceControl(time: time, kind: control, eventIndex: 0))
  }
}

/// Checks events one at a time against the format rules: finite numbers, times ≥ 0 and
/// non-decreasing, event types that match the header's kind, and (input traces) a valid finger
/// sequence (down, then moves, then up or cancel).
struct EventSequenceChecker {
  private let kind: TraceHeader.Kind
  private let version: Int
  /// The scroll geometry as control events change it (for the range of `scrollTo`).
  private var scroll: TraceHeader.Scroll?
  private var previous: (time: Double, line: Int)?
  private var downLine: Int?

  /// A checker for a version-1 style trace of `kind`: touches or offsets, no control events.
  init(kind: TraceHeader.Kind = .input) {
    self.kind = kind
    version = 1
  }

  /// A checker for the events under `header` (its kind, version and scroll geometry).
  init(header: TraceHeader) {
    kind = header.traceKind
    version = header.version
    scroll = header.scroll
  }

  /// The problem with `item` (found on 1-based `line`), or `nil`; remembers the item.
  mutating func check(_ item: TraceItem, line: Int) -> FieldProblem? {
    switch item {
    case .touch(let event): check(event, line: line)
    case .offset(let sample): check(sample, line: line)
    case .control(let control): check(control, line: line)
    }
  }

  /// The problem with control event `control` (found on 1-based `line`), or `nil`.
  mutating func check(_ control: TraceControl, line: Int) -> FieldProblem? {
    let name = control.kind.typeName
    guard kind == .input, version >= 2, var scroll else {
      return FieldProblem(
        field: "type",
        message: "\(name) needs a version-2 input trace (header \"kind\":\"input\", \"version\":2)")
    }
    if let problem = checkTime(control.time, x: 0, y: 0) { return problem }
    switch control.kind {
    case .wheel(let delta):
      if !delta.isFinite {
        return FieldProblem(field: "dy", message: "\(describe(delta)) is not finite")
      }
    case .scrollTo(let offset, _):
      let maxOffset = max(
        0,
        scroll.contentHeight + scroll.contentInsetTop + scroll.contentInsetBottom
          - scroll.viewportHeight)
      if !offset.isFinite || offset < 0 || offset > maxOffset {
        return FieldProblem(
          field: "y",
          message: "\(describe(offset)) is out of range; expected 0 ... \(describe(maxOffset)) "
            + "points (maxOffset of the geometry at this time)")
      }
    case .contentHeight(let height):
      if !height.isFinite || height < 0 {
        return FieldProblem(
          field: "height", message: "\(describe(height)) is out of range; expected ≥ 0 points")
      }
      scroll.contentHeight = height
    case .viewportHeight(let height):
      if !height.isFinite || height <= 0 {
        return FieldProblem(
          field: "height", message: "\(describe(height)) is out of range; expected > 0 points")
      }
      scroll.viewportHeight = height
    }
    if case .wheel = control.kind, let downLine {
      return FieldProblem(
        field: "type", message: "wheel while the finger is down (since line \(downLine))")
    }
    if case .scrollTo = control.kind, let downLine {
      return FieldProblem(
        field: "type", message: "scrollTo while the finger is down (since line \(downLine))")
    }
    self.scroll = scroll
    previous = (control.time, line)
    return nil
  }

  /// The problem with touch `event` (found on 1-based `line`), or `nil`; remembers the event.
  mutating func check(_ event: TraceEvent, line: Int) -> FieldProblem? {
    if kind == .offset {
      return FieldProblem(
        field: "type",
        message: "\(event.kind.rawValue) in an offset trace; only offset events are allowed")
    }
    if let problem = checkTime(event.time, x: event.x, y: event.y) { return problem }
    switch event.kind {
    case .down:
      if let downLine {
        return FieldProblem(
          field: "type", message: "down while the finger is already down (since line \(downLine))")
      }
      downLine = line
    case .move, .up, .cancel:
      if downLine == nil {
        return FieldProblem(
          field: "type", message: "\(event.kind.rawValue) with no finger down; expected down first")
      }
      if event.kind != .move { downLine = nil }
    }
    previous = (event.time, line)
    return nil
  }

  /// The problem with offset `sample` (found on 1-based `line`), or `nil`; remembers it.
  mutating func check(_ sample: OffsetSample, line: Int) -> FieldProblem? {
    if kind != .offset {
      return FieldProblem(
        field: "type",
        message: "offset in an input trace; offset events need a version-2 header with "
          + "\"kind\":\"offset\"")
    }
    if let problem = checkTime(sample.time, x: sample.x, y: sample.y) { return problem }
    previous = (sample.time, line)
    return nil
  }

  private func checkTime(_ time: Double, x: Double, y: Double) -> FieldProblem? {
    for (field, value) in [("t", time), ("x", x), ("y", y)] where !value.isFinite {
      return FieldProblem(field: field, message: "\(describe(value)) is not finite")
    }
    if time < 0 || time > TraceLimits.maximumTime {
      return FieldProblem(
        field: "t", message: "\(describe(time)) s is out of range; expected 0 ... 86400 s (one day)"
      )
    }
    for (field, value) in [("x", x), ("y", y)] where abs(value) > TraceLimits.maximumLength {
      return FieldProblem(
        field: field, message: "\(describe(value)) points is out of range; expected −1e7 ... 1e7")
    }
    if let previous, time < previous.time {
      return FieldProblem(
        field: "t",
        message: "\(describe(time)) s is earlier than \(describe(previous.time)) s "
          + "of the previous event (line \(previous.line)); times must be non-decreasing")
    }
    return nil
  }
}
