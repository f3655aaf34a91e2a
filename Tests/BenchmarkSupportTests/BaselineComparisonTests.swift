import Foundation
import ScrollRuntime
import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import BenchmarkSupport

/// The comparison logic on constructed baselines: every verdict computed by hand.
struct BaselineComparisonTests {
  static func result(
    _ name: String, median: Double, p90: Double? = nil, allocations: Double? = 0,
    instructions: Double? = nil
  ) -> BenchmarkResult {
    BenchmarkResult(
      name: name, unit: "frame",
      time: PercentileSummary(
        count: 100, min: median * 0.9, median: median, p90: p90 ?? median * 1.1,
        p99: median * 1.5, max: median * 2),
      allocationsPerUnit: allocations, instructionsPerUnit: instructions)
  }

  static func report(_ results: [BenchmarkResult]) -> BenchmarkReport {
    BenchmarkReport(quick: false, environment: "test", results: results)
  }

  @Test func relativeAndAbsoluteBoundsMustBothBeExceeded() {
    // Default: 25% and 20 ns. 1000 ns → 1260 ns is +26% and +260 ns: regressed.
    // 40 ns → 59 ns is +47.5% but only +19 ns: within the absolute floor, ok.
    // 1000 ns → 1240 ns: +24%, ok. 1000 ns → 700 ns: improved.
    let baseline = Self.report([
      Self.result("a", median: 1000), Self.result("b", median: 40), Self.result("c", median: 1000),
      Self.result("d", median: 1000),
    ])
    let current = Self.report([
      Self.result("a", median: 1260), Self.result("b", median: 59), Self.result("c", median: 1240),
      Self.result("d", median: 700),
    ])
    let comparison = BaselineComparison(
      baseline: baseline, current: current,
      thresholds: Thresholds(default: Tolerance(metrics: ["median"])))
    #expect(comparison.rows.map(\.verdict) == [.regressed, .ok, .ok, .improved])
    #expect(comparison.rows[0].limit == 250)
    #expect(comparison.rows[1].limit == 20)
    #expect(comparison.hasRegression)
    #expect(comparison.regressions.map(\.name) == ["a"])
    #expect(abs(comparison.rows[0].change! - 0.26) < 1e-12)
  }

  @Test func anyNewAllocationRegresses() {
    let comparison = BaselineComparison(
      baseline: Self.report([Self.result("a", median: 100, allocations: 0)]),
      current: Self.report([Self.result("a", median: 100, allocations: 0.01)]),
      thresholds: Thresholds(default: Tolerance(metrics: ["allocations"])))
    #expect(comparison.rows.map(\.verdict) == [.regressed])
    let allowed = BaselineComparison(
      baseline: Self.report([Self.result("a", median: 100, allocations: 0)]),
      current: Self.report([Self.result("a", median: 100, allocations: 0.01)]),
      thresholds: Thresholds(default: Tolerance(allocations: 0.5, metrics: ["allocations"])))
    #expect(allowed.rows.map(\.verdict) == [.ok])
  }

  @Test func instructionsGateWhenBothSidesHaveThemOtherwiseUnavailable() {
    // 2% of 10 000 = 200 > 50: 10 201 regresses, 10 200 does not.
    let baseline = Self.report([
      Self.result("a", median: 100, instructions: 10_000),
      Self.result("b", median: 100, instructions: 10_000),
      Self.result("c", median: 100, instructions: nil),
    ])
    let current = Self.report([
      Self.result("a", median: 100, instructions: 10_201),
      Self.result("b", median: 100, instructions: 10_200),
      Self.result("c", median: 100, instructions: 900),
    ])
    let comparison = BaselineComparison(
      baseline: baseline, current: current,
      thresholds: Thresholds(default: Tolerance(metrics: ["instructions"])))
    #expect(comparison.rows.map(\.verdict) == [.regressed, .ok, .unavailable])
  }

  @Test func perCaseOverridesUseTheLongestPrefix() {
    let thresholds = Thresholds(
      default: Tolerance(relative: 0.1, metrics: ["median"]),
      cases: [
        "preset/": Tolerance(relative: 0.5, metrics: ["median"]),
        "preset/apple-music": Tolerance(relative: 1.0, absoluteNanoseconds: 0, metrics: ["p90"]),
      ])
    #expect(thresholds.tolerance(for: "preset/logo-follow").relative == 0.5)
    #expect(thresholds.tolerance(for: "preset/apple-music").relative == 1.0)
    #expect(thresholds.tolerance(for: "physics/ios").relative == 0.1)
    // 1000 → 1400 ns: +40%: ok under preset/ (50%), regressed under the default (10%).
    let comparison = BaselineComparison(
      baseline: Self.report([
        Self.result("preset/logo-follow", median: 1000), Self.result("physics/ios", median: 1000),
        Self.result("preset/apple-music", median: 1000, p90: 1000),
      ]),
      current: Self.report([
        Self.result("preset/logo-follow", median: 1400), Self.result("physics/ios", median: 1400),
        Self.result("preset/apple-music", median: 5000, p90: 2001),
      ]),
      thresholds: thresholds)
    #expect(comparison.rows.map(\.verdict) == [.ok, .regressed, .regressed])
    #expect(comparison.rows[2].metric == "p90")
  }

  @Test func newAndMissingCasesAreReportedNotFailed() {
    let comparison = BaselineComparison(
      baseline: Self.report([Self.result("old", median: 1)]),
      current: Self.report([Self.result("new", median: 1)]), thresholds: Thresholds())
    #expect(comparison.rows.map(\.verdict) == [.new, .missing])
    #expect(!comparison.hasRegression)
  }

  @Test func tableNamesEveryRowAndCountsRegressions() {
    let comparison = BaselineComparison(
      baseline: Self.report([Self.result("frame/all", median: 400)]),
      current: Self.report([Self.result("frame/all", median: 800)]),
      thresholds: Thresholds(default: Tolerance(metrics: ["median", "allocations"])))
    let table = comparison.table()
    #expect(table.contains("frame/all"))
    #expect(table.contains("400 ns"))
    #expect(table.contains("800 ns"))
    #expect(table.contains("+100.0%"))
    #expect(table.contains("REGRESSED"))
    #expect(table.hasSuffix("1 regression (2 rows compared)"))
  }

  @Test func reportsRoundTripThroughJSONAndFilesAreChecked() throws {
    let report = BenchmarkReport(
      quick: true, environment: "test", notes: ["n"], results: [Self.result("a", median: 5)],
      ratios: [
        .init(name: "r", numerator: "a", denominator: "a", value: 1, target: "≤ 2", met: true)
      ])
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "baseline-\(UInt64.random(in: 0...UInt64.max)).json"
    ).path
    try report.jsonData().write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try BenchmarkReport.read(path: path) == report)
    #expect(throws: InputError.self) { try BenchmarkReport.read(path: path + ".absent") }
    try Data("{\"default\": {\"relative\": -1}}".utf8).write(to: URL(fileURLWithPath: path))
    #expect(
      throws: InputError(
        file: path, path: "$.default", message: "default.relative: -1.0 is not a finite number ≥ 0")
    ) {
      try Thresholds.read(path: path)
    }
    try Data("{\"cases\": {\"preset/\": {\"metrics\": [\"p75\"]}}}".utf8).write(
      to: URL(fileURLWithPath: path))
    #expect(throws: InputError.self) { try Thresholds.read(path: path) }
    try Data("{\"cases\": {\"preset/\": {\"relative\": 0.5}}}".utf8).write(
      to: URL(fileURLWithPath: path))
    let thresholds = try Thresholds.read(path: path)
    #expect(thresholds.tolerance(for: "preset/x") == Tolerance(relative: 0.5))
    // A misspelt key is an error at its path, not a default left in force silently.
    try Data(#"{"default": {"relativ": 0.1}}"#.utf8).write(to: URL(fileURLWithPath: path))
    let misspelt = try #require(throws: InputError.self) { try Thresholds.read(path: path) }
    #expect(misspelt.path == "$.default.relativ" && misspelt.message.contains("'relative'"))
    try Data(#"{"defaults": {}}"#.utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: InputError.self) { try Thresholds.read(path: path) }
    // A negative count in a baseline is refused at its path.
    var negative = report
    negative.results[0].allocationsPerUnit = -1
    try negative.jsonData().write(to: URL(fileURLWithPath: path))
    let count = try #require(throws: InputError.self) { try BenchmarkReport.read(path: path) }
    #expect(count.path == "$.results[0].allocationsPerUnit", "\(count)")
  }

  /// The repository's baseline and thresholds read with the package's strict JSON reader.
  @Test func theRepositoryFilesRead() throws {
    let folder = Repository.root.appendingPathComponent("Benchmarks")
    let baseline = try BenchmarkReport.read(
      path: folder.appendingPathComponent("baseline.json").path)
    #expect(baseline.format == BenchmarkReport.formatName && !baseline.results.isEmpty)
    let data = try baseline.jsonData()
    let path = NSTemporaryDirectory() + "/baseline-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try data.write(to: URL(fileURLWithPath: path))
    #expect(try BenchmarkReport.read(path: path) == baseline)
    _ = try Thresholds.read(path: folder.appendingPathComponent("thresholds.json").path)
    try Data(#"{"default": {"relative": 0.5, "relative": 0.1}}"#.utf8).write(
      to: URL(fileURLWithPath: path))
    let error = try #require(throws: InputError.self) { try Thresholds.read(path: path) }
    #expect(error.message.contains("duplicate key"), "\(error)")
  }

  /// `--compare … --junit`: a case per benchmark case in row order, a failure per regressed
  /// metric with both values and the allowed growth, a baseline-only case skipped, an annotation
  /// per regression.
  @Test func comparisonAsCIResults() {
    let comparison = BaselineComparison(
      baseline: Self.report([
        Self.result("frame/all", median: 1000), Self.result("physics/ios", median: 40),
        Self.result("gone", median: 1),
      ]),
      current: Self.report([
        Self.result("frame/all", median: 1260), Self.result("physics/ios", median: 41),
      ]),
      thresholds: Thresholds(default: Tolerance(metrics: ["median"])))
    let (report, annotations) = comparison.testResults(baseline: "Benchmarks/baseline.json")
    #expect(report.name == "scrollsim-bench --compare Benchmarks/baseline.json")
    #expect(report.cases.map(\.name) == ["frame/all", "physics/ios", "gone"])
    #expect(report.cases.map(\.status) == ["failed", "passed", "skipped"])
    let message = "median regressed: 1.26 µs against 1.00 µs (+26.0%; allowed +250 ns)"
    #expect(
      report.cases[0].failures == [
        TestReport.Failure(
          message: message, type: "regression",
          details: "frame/all, median: this run against the baseline Benchmarks/baseline.json; "
            + "the thresholds allow the growth in parentheses (--thresholds, or the defaults)")
      ])
    #expect(
      annotations.map(\.command) == [
        "::error title=scrollsim-bench%3A frame/all regressed::median regressed: 1.26 µs "
          + "against 1.00 µs (+26.0%25; allowed +250 ns)"
      ])
    #expect(report.junitXML().contains(#"tests="3" failures="1" errors="0" skipped="1""#))
  }
}
