import Foundation

/// How much a case may get worse before a comparison calls it a regression, per metric.
///
/// A time metric regresses when `current − baseline` exceeds both `relative × baseline` and
/// `absoluteNanoseconds` (the absolute floor keeps nanosecond-scale cases from failing on
/// noise); allocations regress when they grow by more than ``allocations`` per unit;
/// instructions when they grow by more than `instructionsRelative × baseline` and
/// ``instructionsAbsolute``.
public struct Tolerance: Sendable, Equatable, Codable {
  /// Allowed relative slowdown of a time metric, a fraction ≥ 0 (0.25 = 25%).
  public var relative: Double
  /// Allowed absolute slowdown of a time metric, nanoseconds per unit, ≥ 0.
  public var absoluteNanoseconds: Double
  /// Allowed growth of allocations per unit, ≥ 0 (default 0: any new allocation fails).
  public var allocations: Double
  /// Allowed relative growth of instructions per unit, a fraction ≥ 0.
  public var instructionsRelative: Double
  /// Allowed absolute growth of instructions per unit, ≥ 0.
  public var instructionsAbsolute: Double
  /// The metrics that gate: any of `min`, `median`, `p90`, `p99`, `max`, `allocations`,
  /// `instructions`.
  public var metrics: [String]

  /// The metrics a comparison knows.
  public static let knownMetrics = [
    "min", "median", "p90", "p99", "max", "allocations", "instructions",
  ]

  /// Defaults for a noisy 2-core machine: 25% and 20 ns on the median, allocations exact,
  /// instructions 2% and 50 per unit.
  public init(
    relative: Double = 0.25, absoluteNanoseconds: Double = 20, allocations: Double = 0,
    instructionsRelative: Double = 0.02, instructionsAbsolute: Double = 50,
    metrics: [String] = ["median", "allocations", "instructions"]
  ) {
    self.relative = relative
    self.absoluteNanoseconds = absoluteNanoseconds
    self.allocations = allocations
    self.instructionsRelative = instructionsRelative
    self.instructionsAbsolute = instructionsAbsolute
    self.metrics = metrics
  }

  enum CodingKeys: String, CodingKey {
    case relative, absoluteNanoseconds, allocations, instructionsRelative, instructionsAbsolute
    case metrics
  }

  /// Decodes a tolerance; missing keys take their defaults.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let d = Tolerance()
    relative = try c.decodeIfPresent(Double.self, forKey: .relative) ?? d.relative
    absoluteNanoseconds =
      try c.decodeIfPresent(Double.self, forKey: .absoluteNanoseconds) ?? d.absoluteNanoseconds
    allocations = try c.decodeIfPresent(Double.self, forKey: .allocations) ?? d.allocations
    instructionsRelative =
      try c.decodeIfPresent(Double.self, forKey: .instructionsRelative) ?? d.instructionsRelative
    instructionsAbsolute =
      try c.decodeIfPresent(Double.self, forKey: .instructionsAbsolute) ?? d.instructionsAbsolute
    metrics = try c.decodeIfPresent([String].self, forKey: .metrics) ?? d.metrics
  }

  /// The first problem (a negative or non-finite bound, an unknown metric), or nil.
  public func problem() -> String? {
    for (name, value) in [
      ("relative", relative), ("absoluteNanoseconds", absoluteNanoseconds),
      ("allocations", allocations), ("instructionsRelative", instructionsRelative),
      ("instructionsAbsolute", instructionsAbsolute),
    ] where !(value.isFinite && value >= 0) {
      return "\(name): \(value) is not a finite number ≥ 0"
    }
    if let unknown = metrics.first(where: { !Self.knownMetrics.contains($0) }) {
      return
        "metrics: unknown metric \"\(unknown)\" (known: \(Self.knownMetrics.joined(separator: ", ")))"
    }
    return nil
  }
}

/// Tolerances for a comparison: a default and overrides per case or per case-name prefix.
///
/// File format (JSON): `{"default": {…}, "cases": {"preset/": {…}, "replay/generated-60s":
/// {…}}}` where each `{…}` is a ``Tolerance`` with any keys omitted. A case uses the override
/// whose key is the longest prefix of its name, else the default.
public struct Thresholds: Sendable, Equatable, Codable {
  /// Used for cases without an override.
  public var `default`: Tolerance
  /// Overrides by case name or name prefix.
  public var cases: [String: Tolerance]

  /// Creates thresholds.
  public init(default: Tolerance = Tolerance(), cases: [String: Tolerance] = [:]) {
    self.default = `default`
    self.cases = cases
  }

  enum CodingKeys: String, CodingKey { case `default`, cases }

  /// Decodes thresholds; missing keys take their defaults.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.default = try c.decodeIfPresent(Tolerance.self, forKey: .default) ?? Tolerance()
    cases = try c.decodeIfPresent([String: Tolerance].self, forKey: .cases) ?? [:]
  }

  /// The tolerance of case `name`: the override with the longest key that prefixes the name.
  /// - Complexity: O(overrides); ties cannot occur (keys are distinct).
  public func tolerance(for name: String) -> Tolerance {
    cases.filter { name.hasPrefix($0.key) }.max { $0.key.count < $1.key.count }?.value
      ?? self.default
  }

  /// Reads and checks a thresholds file.
  /// - Throws: ``BenchmarkFileError`` naming the file and the bad key.
  public static func read(path: String) throws(BenchmarkFileError) -> Thresholds {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw BenchmarkFileError(path: path, message: "cannot be read", isIO: true)
    }
    let thresholds: Thresholds
    do {
      thresholds = try JSONDecoder().decode(Thresholds.self, from: data)
    } catch {
      throw BenchmarkFileError(path: path, message: "is not a thresholds file: \(error)")
    }
    if let problem = thresholds.default.problem() {
      throw BenchmarkFileError(path: path, message: "default.\(problem)")
    }
    for (key, tolerance) in thresholds.cases.sorted(by: { $0.key < $1.key }) {
      if let problem = tolerance.problem() {
        throw BenchmarkFileError(path: path, message: "cases.\(key).\(problem)")
      }
    }
    return thresholds
  }
}
