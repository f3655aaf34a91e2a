import Foundation
import ScrollRuntime
import ScrollSimCore

/// A whole benchmark run: what `scrollsim-bench --format json` prints and `--save-baseline`
/// writes, and what `--compare` reads back.
public struct BenchmarkReport: Sendable, Equatable, Codable {
  /// The format name, `"scrollsim-bench"`.
  public static let formatName = "scrollsim-bench"

  /// A ratio of two cases' medians measured in the same run (e.g. the engine over the
  /// hand-inlined floor), so that a noisy machine affects both sides alike.
  public struct Ratio: Sendable, Equatable, Codable {
    /// What the ratio means, e.g. `presets / hand-inlined`.
    public var name: String
    /// The numerator case.
    public var numerator: String
    /// The denominator case.
    public var denominator: String
    /// Median of the numerator over median of the denominator.
    public var value: Double
    /// The target, as text (e.g. `≤ 2`), or nil.
    public var target: String?
    /// Whether the target is met, or nil without one.
    public var met: Bool?

    /// Creates a ratio.
    public init(
      name: String, numerator: String, denominator: String, value: Double, target: String? = nil,
      met: Bool? = nil
    ) {
      self.name = name
      self.numerator = numerator
      self.denominator = denominator
      self.value = value
      self.target = target
      self.met = met
    }
  }

  /// An absolute target of the suite (e.g. a frame under 1 µs) and whether this run met it.
  public struct Target: Sendable, Equatable, Codable {
    /// What is measured, e.g. `frame/physics+5-presets median`.
    public var name: String
    /// The measured value.
    public var value: Double
    /// Its unit (`ns`, `allocations/frame`, `×`).
    public var unit: String
    /// The target, as text (e.g. `< 1000`).
    public var target: String
    /// Whether it was met.
    public var met: Bool

    /// Creates a target.
    public init(name: String, value: Double, unit: String, target: String, met: Bool) {
      self.name = name
      self.value = value
      self.unit = unit
      self.target = target
      self.met = met
    }
  }

  /// One row of the engine scaling table: the general engine at one output count.
  public struct Scaling: Sendable, Equatable, Codable {
    /// The case, e.g. `engine/outputs-100`.
    public var name: String
    /// Outputs of the generated spec, ≥ 1.
    public var outputs: Int
    /// Median time per output, nanoseconds.
    public var nanosecondsPerOutput: Double
    /// Median time per frame (all outputs), nanoseconds.
    public var nanosecondsPerFrame: Double
    /// Instructions per output (callgrind), when counted.
    public var instructionsPerOutput: Double?

    /// A row.
    public init(
      name: String, outputs: Int, nanosecondsPerOutput: Double,
      instructionsPerOutput: Double? = nil
    ) {
      self.name = name
      self.outputs = outputs
      self.nanosecondsPerOutput = nanosecondsPerOutput
      nanosecondsPerFrame = nanosecondsPerOutput * Double(outputs)
      self.instructionsPerOutput = instructionsPerOutput
    }
  }

  /// Always ``formatName``.
  public var format: String
  /// Format version, 1.
  public var version: Int
  /// Whether this was a `--quick` run (fewer, shorter samples).
  public var quick: Bool
  /// Free text about the machine and build (host name, cores, `release`).
  public var environment: String
  /// Notes printed with the run (e.g. "valgrind not installed: time only").
  public var notes: [String]
  /// The cases measured, in run order.
  public var results: [BenchmarkResult]
  /// Ratios between cases of this run.
  public var ratios: [Ratio]
  /// The suite's targets and whether this run met them.
  public var targets: [Target]
  /// The general engine's cost per output at each output count (absent in older baselines).
  public var scaling: [Scaling]?

  /// Creates a report.
  public init(
    quick: Bool, environment: String, notes: [String] = [], results: [BenchmarkResult],
    ratios: [Ratio] = [], targets: [Target] = [], scaling: [Scaling]? = nil
  ) {
    format = Self.formatName
    version = 1
    self.quick = quick
    self.environment = environment
    self.notes = notes
    self.results = results
    self.ratios = ratios
    self.targets = targets
    self.scaling = scaling
  }

  /// The result named `name`, or nil.
  public func result(named name: String) -> BenchmarkResult? {
    results.first { $0.name == name }
  }

  /// Pretty-printed JSON with sorted keys.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// Reads a report (a saved baseline).
  /// - Throws: `InputError` naming the file and what is wrong: `unreadable` (missing, a
  ///   directory, no permission), `invalid` (not JSON, not a `scrollsim-bench` report, with line,
  ///   column and JSON path) or `unsupported` (another format or version).
  public static func read(path: String) throws(InputError) -> BenchmarkReport {
    let bytes = try InputSource.open(path).bytes()
    let report: BenchmarkReport
    do throws(JSONProblem) {
      report = try decode(JSONReader.parse(Data(bytes)))
    } catch {
      throw error.inputError(file: path)
    }
    guard report.format == formatName, report.version == 1 else {
      throw InputError(
        .unsupported, file: path, path: "$.format",
        message: "format \(report.format) v\(report.version): expected \(formatName) v1")
    }
    return report
  }
}

extension BenchmarkReport {
  /// A report from its JSON (as ``jsonData()`` writes it): every field of the Codable form;
  /// optional ones may be absent or null, other keys are ignored.
  /// - Throws: `JSONProblem` naming the path of a missing or mistyped value.
  static func decode(_ root: JSONNode) throws(JSONProblem) -> BenchmarkReport {
    let report = try ReportFields(JSONElement(root: root))
    var value = BenchmarkReport(
      quick: try report.bool("quick"), environment: try report.string("environment"),
      notes: try report.array("notes").map { (item) throws(JSONProblem) in try item.string() },
      results: try report.array("results").map { (item) throws(JSONProblem) in
        try result(ReportFields(item))
      },
      ratios: try report.array("ratios").map { (item) throws(JSONProblem) in
        let ratio = try ReportFields(item)
        return Ratio(
          name: try ratio.string("name"), numerator: try ratio.string("numerator"),
          denominator: try ratio.string("denominator"), value: try ratio.number("value"),
          target: try ratio.optional("target") { (e) throws(JSONProblem) in try e.string() },
          met: try ratio.optional("met") { (e) throws(JSONProblem) in try e.bool() })
      },
      targets: try report.array("targets").map { (item) throws(JSONProblem) in
        let target = try ReportFields(item)
        return Target(
          name: try target.string("name"), value: try target.number("value"),
          unit: try target.string("unit"), target: try target.string("target"),
          met: try target.bool("met"))
      },
      scaling: try report.optional("scaling") { (list) throws(JSONProblem) in
        try list.array().map { (item) throws(JSONProblem) in
          let row = try ReportFields(item)
          var scaling = Scaling(
            name: try row.string("name"), outputs: try row.element("outputs").integer(),
            nanosecondsPerOutput: try row.number("nanosecondsPerOutput"),
            instructionsPerOutput: try row.optional("instructionsPerOutput") {
              (e) throws(JSONProblem) in try e.number()
            })
          scaling.nanosecondsPerFrame = try row.number("nanosecondsPerFrame")
          return scaling
        }
      })
    value.format = try report.string("format")
    value.version = try report.element("version").integer()
    return value
  }

  /// A measured count per unit (allocations, instructions): a finite number ≥ 0, else a problem
  /// at its path (a negative count would compare as a regression or an improvement of nothing).
  private static func count(_ element: JSONElement) throws(JSONProblem) -> Double {
    let value = try element.number()
    guard value >= 0 else { throw element.fail("\(value): expected a count ≥ 0") }
    return value
  }

  private static func result(_ fields: ReportFields) throws(JSONProblem) -> BenchmarkResult {
    let time = try ReportFields(fields.element("time"))
    return BenchmarkResult(
      name: try fields.string("name"), unit: try fields.string("unit"),
      time: PercentileSummary(
        count: try time.element("count").integer(), min: try time.number("min"),
        median: try time.number("median"), p90: try time.number("p90"),
        p99: try time.number("p99"), max: try time.number("max")),
      allocationsPerUnit: try fields.optional("allocationsPerUnit") { (e) throws(JSONProblem) in
        try count(e)
      },
      instructionsPerUnit: try fields.optional("instructionsPerUnit") {
        (e) throws(JSONProblem) in try count(e)
      },
      throughput: try fields.optional("throughput") { (e) throws(JSONProblem) in try e.number() },
      throughputUnit: try fields.optional("throughputUnit") { (e) throws(JSONProblem) in
        try e.string()
      })
  }
}

/// The members of one object of a report, with typed look-ups that name the JSON path.
private struct ReportFields {
  let object: JSONObject

  init(_ element: JSONElement) throws(JSONProblem) {
    guard let members = element.node.members else {
      throw element.fail("\(element.node.typeName): expected an object")
    }
    object = JSONObject(members: members, path: element.path, node: element.node)
  }

  func element(_ key: String) throws(JSONProblem) -> JSONElement {
    try object.required(key, expected: "a value")
  }

  func string(_ key: String) throws(JSONProblem) -> String { try element(key).string() }
  func number(_ key: String) throws(JSONProblem) -> Double { try element(key).number() }
  func bool(_ key: String) throws(JSONProblem) -> Bool { try element(key).bool() }
  func array(_ key: String) throws(JSONProblem) -> [JSONElement] { try element(key).array() }

  /// `read` of member `key`, or nil when it is absent or null.
  func optional<T>(_ key: String, _ read: (JSONElement) throws(JSONProblem) -> T)
    throws(JSONProblem) -> T?
  {
    guard let element = object[key], element.node.value != .null else { return nil }
    return try read(element)
  }
}
