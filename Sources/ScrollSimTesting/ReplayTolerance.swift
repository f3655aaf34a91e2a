/// Absolute tolerances of a golden comparison: one for every number (time, offset, velocity,
/// every output) and per-output ones, each in the output's own unit, ≥ 0. Phase and events
/// compare exactly.
///
/// `tolerance: 1e-9` (every number), `tolerance: ["header.opacity": 0.005]` (that output; the
/// rest exact), `ReplayTolerance(1e-9, outputs: ["header.opacity": 0.005])`.
public struct ReplayTolerance: Sendable, Equatable, Hashable, ExpressibleByFloatLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByDictionaryLiteral
{
  /// The tolerance of every number not named in ``outputs``, ≥ 0.
  public var absolute: Double
  /// Per output (or `t`, `offset`, `velocity`), ≥ 0.
  public var outputs: [String: Double]

  /// Exact comparison (the default).
  public static let exact = ReplayTolerance(0)

  /// `absolute` for every number, `outputs` for the named ones.
  /// - Precondition: every tolerance is finite and ≥ 0.
  public init(_ absolute: Double, outputs: [String: Double] = [:]) {
    precondition(
      absolute.isFinite && absolute >= 0 && outputs.values.allSatisfy { $0.isFinite && $0 >= 0 },
      "a replay tolerance is a finite number ≥ 0")
    self.absolute = absolute
    self.outputs = outputs
  }

  /// `value` for every number.
  public init(floatLiteral value: Double) { self.init(value) }

  /// `value` for every number.
  public init(integerLiteral value: Int) { self.init(Double(value)) }

  /// The named outputs' tolerances; every other number exact.
  public init(dictionaryLiteral elements: (String, Double)...) {
    self.init(0, outputs: Dictionary(elements) { $1 })
  }
}
