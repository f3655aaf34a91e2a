/// One event line of a trace, decoded strictly: unknown keys and event types are rejected.
/// The keys are `t`, `type`, `x`, `y` for every type; `offset` (version 2) reuses `x`/`y` for
/// `contentOffset.x`/`.y`.
struct EventLine: Decodable {
  static let allowedKeys = ["t", "type", "x", "y"]
  static let typeNames = TraceEvent.Kind.allCases.map(\.rawValue) + ["offset"]

  var item: TraceItem

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    try StrictJSON.rejectUnknownKeys(in: container, allowed: Self.allowedKeys)
    let time = try container.decode(Double.self, forKey: AnyKey("t"))
    let typeName = try container.decode(String.self, forKey: AnyKey("type"))
    guard Self.typeNames.contains(typeName) else {
      throw FieldProblem(
        field: "type",
        message: "unknown event type \"\(typeName)\"; allowed: "
          + Self.typeNames.joined(separator: ", "))
    }
    let x = try container.decode(Double.self, forKey: AnyKey("x"))
    let y = try container.decode(Double.self, forKey: AnyKey("y"))
    if let kind = TraceEvent.Kind(rawValue: typeName) {
      item = .touch(TraceEvent(time: time, kind: kind, x: x, y: y))
    } else {
      item = .offset(OffsetSample(time: time, x: x, y: y))
    }
  }
}

/// Checks events one at a time against the format rules: finite numbers, times ≥ 0 and
/// non-decreasing, event types that match the header's kind, and (input traces) a valid finger
/// sequence (down, then moves, then up or cancel).
struct EventSequenceChecker {
  private let kind: TraceHeader.Kind
  private var previous: (time: Double, line: Int)?
  private var downLine: Int?

  /// A checker for a trace of `kind` (``TraceHeader/traceKind``).
  init(kind: TraceHeader.Kind = .input) {
    self.kind = kind
  }

  /// The problem with `item` (found on 1-based `line`), or `nil`; remembers the item.
  mutating func check(_ item: TraceItem, line: Int) -> FieldProblem? {
    switch item {
    case .touch(let event): check(event, line: line)
    case .offset(let sample): check(sample, line: line)
    }
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
    if time < 0 {
      return FieldProblem(field: "t", message: "\(describe(time)) s is negative; expected ≥ 0")
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
