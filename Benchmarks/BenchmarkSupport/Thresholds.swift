import Foundation
import ScrollSimCore

/// How much a case may get worse before a comparison calls it a regression, per metric.
///
/// A time metric regresses when `current − baseline` exceeds both `relative × baseline` and
/// `absoluteNanoseconds` (the absolute floor keeps nanosecond-scale cases from failing on
/// noise); allocations regress when they grow by more than ``allocations`` per unit;
/// instructions when they grow by more than `instructionsRelative × baseline` and
/// ``instructionsAbsolute``.
public struct Tolerance: Sendable, Equatable {
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

  /// The keys of a tolerance object.
  static let keys = [
    "relative", "absoluteNanoseconds", "allocations", "instructionsRelative",
    "instructionsAbsolute", "metrics",
  ]

  /// A tolerance from its JSON object; missing keys take their defaults.
  /// - Throws: `JSONProblem` naming the path of a value of the wrong type, or of a key that is
  ///   not one of ``keys`` (with a did-you-mean: a misspelt key would otherwise leave its
  ///   default in force without a word).
  static func decode(_ element: JSONElement) throws(JSONProblem) -> Tolerance {
    let object = try element.object(allowed: keys)
    var tolerance = Tolerance()
    if let value = object["relative"] { tolerance.relative = try value.number() }
    if let value = object["absoluteNanoseconds"] {
      tolerance.absoluteNanoseconds = try value.number()
    }
    if let value = object["allocations"] { tolerance.allocations = try value.number() }
    if let value = object["instructionsRelative"] {
      tolerance.instructionsRelative = try value.number()
    }
    if let value = object["instructionsAbsolute"] {
      tolerance.instructionsAbsolute = try value.number()
    }
    if let value = object["metrics"] {
      tolerance.metrics = try value.array().map { (item) throws(JSONProblem) in try item.string() }
    }
    return tolerance
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
public struct Thresholds: Sendable, Equatable {
  /// Used for cases without an override.
  public var `default`: Tolerance
  /// Overrides by case name or name prefix.
  public var cases: [String: Tolerance]

  /// Creates thresholds.
  public init(default: Tolerance = Tolerance(), cases: [String: Tolerance] = [:]) {
    self.default = `default`
    self.cases = cases
  }

  /// Thresholds from the file's JSON; missing keys take their defaults.
  /// - Throws: `JSONProblem` naming the path of a value of the wrong type or of an unknown key
  ///   (the file has `default` and `cases`; each tolerance ``Tolerance/keys``).
  static func decode(_ root: JSONNode) throws(JSONProblem) -> Thresholds {
    let object = try JSONElement(root: root).object(allowed: ["default", "cases"])
    var thresholds = Thresholds()
    if let value = object["default"] { thresholds.default = try Tolerance.decode(value) }
    if let value = object["cases"] {
      guard let cases = value.node.members else {
        throw value.fail("\(value.node.typeName): expected an object")
      }
      for member in cases {
        thresholds.cases[member.key] = try Tolerance.decode(
          JSONElement(member.value, path: value.path + "." + member.key))
      }
    }
    return thresholds
  }

  /// The tolerance of case `name`: the override with the longest key that prefixes the name.
  /// - Complexity: O(overrides); ties cannot occur (keys are distinct).
  public func tolerance(for name: String) -> Tolerance {
    cases.filter { name.hasPrefix($0.key) }.max { $0.key.count < $1.key.count }?.value
      ?? self.default
  }

  /// Reads and checks a thresholds file.
  /// - Throws: `InputError` naming the file and the bad key: `unreadable` when the file cannot
  ///   be read, `invalid` (with line, column and JSON path) for bad JSON or a bad value.
  public static func read(path: String) throws(InputError) -> Thresholds {
    let bytes = try InputSource.open(path).bytes()
    let thresholds: Thresholds
    do throws(JSONProblem) {
      thresholds = try decode(JSONReader.parse(Data(bytes)))
    } catch {
      throw error.inputError(file: path)
    }
    if let problem = thresholds.default.problem() {
      throw InputError(file: path, path: "$.default", message: "default.\(problem)")
    }
    for (key, tolerance) in thresholds.cases.sorted(by: { $0.key < $1.key }) {
      if let problem = tolerance.problem() {
        throw InputError(file: path, path: "$.cases", message: "cases.\(key).\(problem)")
      }
    }
    return thresholds
  }
}
