/// One event line of a v1 trace, decoded strictly: unknown keys and event types are rejected.
struct EventLine: Decodable {
  static let allowedKeys = ["t", "type", "x", "y"]

  var event: TraceEvent

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    try StrictJSON.rejectUnknownKeys(in: container, allowed: Self.allowedKeys)
    let time = try container.decode(Double.self, forKey: AnyKey("t"))
    let typeName = try container.decode(String.self, forKey: AnyKey("type"))
    guard let kind = TraceEvent.Kind(rawValue: typeName) else {
      let allowed = TraceEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ")
      throw FieldProblem(
        field: "type", message: "unknown event type \"\(typeName)\"; allowed: \(allowed)")
    }
    event = TraceEvent(
      time: time, kind: kind,
      x: try container.decode(Double.self, forKey: AnyKey("x")),
      y: try container.decode(Double.self, forKey: AnyKey("y")))
  }
}

/// Checks events one at a time against the v1 rules: finite numbers, times ≥ 0 and
/// non-decreasing, and a valid finger sequence (down, then moves, then up or cancel).
struct EventSequenceChecker {
  private var previous: (time: Double, line: Int)?
  private var downLine: Int?

  /// The problem with `event` (found on 1-based `line`), or `nil`; remembers the event.
  mutating func check(_ event: TraceEvent, line: Int) -> FieldProblem? {
    for (field, value) in [("t", event.time), ("x", event.x), ("y", event.y)]
    where !value.isFinite {
      return FieldProblem(field: field, message: "\(describe(value)) is not finite")
    }
    if event.time < 0 || event.time > TraceLimits.maximumTime {
      return FieldProblem(
        field: "t",
        message: "\(describe(event.time)) s is out of range; expected 0 ... 86400 s (one day)")
    }
    for (field, value) in [("x", event.x), ("y", event.y)]
    where abs(value) > TraceLimits.maximumLength {
      return FieldProblem(
        field: field, message: "\(describe(value)) points is out of range; expected −1e7 ... 1e7")
    }
    if let previous, event.time < previous.time {
      return FieldProblem(
        field: "t",
        message: "\(describe(event.time)) s is earlier than \(describe(previous.time)) s "
          + "of the previous event (line \(previous.line)); times must be non-decreasing")
    }
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
}
