/// An error raised for effect parameters that cannot describe a layout (bad data, never a
/// programming error).
public enum EffectError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A parameter is out of its valid range.
  /// - `name`: the parameter, as spelled in its `Parameters` struct (e.g. `"headerHeight"`);
  ///   `value`: what was given; `expected`: the valid range in words.
  case invalidParameter(name: String, value: Double, expected: String)

  /// One line, naming the parameter and what was expected.
  public var description: String {
    switch self {
    case .invalidParameter(let name, let value, let expected):
      "\(name) = \(value) is invalid: expected \(expected)"
    }
  }

  /// Largest length or offset magnitude accepted, points (matches the physics limit).
  static let maximumMagnitude = Limits.maximumLength

  /// What a parameter must be.
  enum Requirement {
    /// Finite and in (0, 1e7].
    case positive
    /// Finite and in [0, 1e7].
    case nonNegative
    /// Finite and in [-1e7, 1e7].
    case finite
    /// Finite and in [0, 1].
    case fraction
  }

  /// Throws ``invalidParameter(name:value:expected:)`` when `value` does not meet `requirement`.
  static func check(_ name: String, _ value: Double, _ requirement: Requirement) throws(EffectError)
  {
    let limit = maximumMagnitude
    let (valid, expected): (Bool, String) =
      switch requirement {
      case .positive: (value > 0 && value <= limit, "a finite number in (0, 1e7]")
      case .nonNegative: (value >= 0 && value <= limit, "a finite number in [0, 1e7]")
      case .finite: (value >= -limit && value <= limit, "a finite number in [-1e7, 1e7]")
      case .fraction: (value >= 0 && value <= 1, "a finite number in [0, 1]")
      }
    // NaN fails every comparison above, so it is rejected too.
    if !valid { throw .invalidParameter(name: name, value: value, expected: expected) }
  }
}
