/// An error raised for input the physics cannot simulate (bad data, never a programming error).
public enum PhysicsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A parameter or geometry field is out of its valid range.
  /// - `name`: the field; `value`: what was given; `expected`: the valid range in words.
  case invalidParameter(name: String, value: Double, expected: String)
  /// A touch event arrived earlier than the previous one.
  /// - `time`: the event's time, seconds; `previous`: the previous event's time, seconds.
  case timeWentBackwards(time: Double, previous: Double)
  /// A touch event that needs a finger down (move, up, cancel) arrived with none down, or a
  /// touch-down arrived while a finger was already down.
  case unexpectedTouch(kind: String, time: Double)
  /// A wheel delta's phase does not fit its gesture (an `ended` without a `began`, momentum with
  /// no session, a `changed` after `ended`; see ``/ScrollSimCore/WheelPhase``).
  /// - `field`: the trace key at fault (`phase` or `momentum`); `message`: what came and what was
  ///   expected; `time`: the event's time, seconds.
  case unexpectedWheelPhase(field: String, message: String, time: Double)
  /// A mode, rule or preset is named by a name that is not one of its kind's
  /// (``NestedScrollRule/init(named:)``, ``NestedFlingHandover/init(named:)``).
  /// - `field`: the field at fault (`rule`, `handover`); `name`: the name given; `expected`:
  ///   the valid names, in the order to list them.
  case unknownName(field: String, name: String, expected: [String])

  /// One line, naming the field and what was expected.
  public var description: String {
    switch self {
    case .invalidParameter(let name, let value, let expected):
      "\(name) = \(value) is invalid: expected \(expected)"
    case .timeWentBackwards(let time, let previous):
      "time \(time) s is earlier than the previous event at \(previous) s"
    case .unexpectedTouch(let kind, let time):
      "touch \(kind) at \(time) s does not fit the touch sequence"
    case .unexpectedWheelPhase(_, let message, let time):
      "wheel at \(time) s: \(message)"
    case .unknownName(let field, let name, let expected):
      "\(field) \"\(name)\" is unknown: expected one of \(expected.joined(separator: ", "))"
    }
  }

  /// Largest size or offset magnitude accepted, points: `Limits.maximumLength`. Read
  /// through, not stored: a stored copy of another module's constant is a lazy global, whose
  /// `swift_once` check every touch move paid.
  static var maximumMagnitude: Double { Limits.maximumLength }

  static func check(_ name: String, _ value: Double, positive: Bool) throws(PhysicsError) {
    let valid = value.isFinite && (positive ? value > 0 : value >= 0) && value <= maximumMagnitude
    if !valid {
      throw .invalidParameter(
        name: name, value: value,
        expected: positive ? "a finite number in (0, 1e7]" : "a finite number in [0, 1e7]")
    }
  }
}
