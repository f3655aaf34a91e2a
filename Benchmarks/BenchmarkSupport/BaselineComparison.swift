import Foundation
import ScrollSimCore

/// A later run compared against a saved baseline, case by case and metric by metric, with the
/// verdicts a CI gate needs.
public struct BaselineComparison: Sendable, Equatable {
  /// What a row concluded.
  public enum Verdict: String, Sendable, Equatable, Codable {
    /// Within tolerance.
    case ok
    /// Better than the baseline by more than the tolerance.
    case improved
    /// Worse than the baseline by more than the tolerance: fails the gate.
    case regressed
    /// The metric is missing on one side (e.g. no callgrind), so it cannot gate.
    case unavailable
    /// The case is in the current run only.
    case new
    /// The case is in the baseline only (renamed, filtered out or removed).
    case missing
  }

  /// One compared metric of one case.
  public struct Row: Sendable, Equatable, Codable {
    /// Case name.
    public var name: String
    /// `median`, `p90`, …, `allocations` or `instructions`.
    public var metric: String
    /// Baseline value (ns, allocations or instructions per unit), or nil.
    public var baseline: Double?
    /// Current value, or nil.
    public var current: Double?
    /// The largest allowed growth, in the metric's unit, or nil.
    public var limit: Double?
    /// The conclusion.
    public var verdict: Verdict

    /// `current / baseline − 1`, or nil when either is missing or the baseline is 0.
    public var change: Double? {
      guard let baseline, let current, baseline != 0 else { return nil }
      return current / baseline - 1
    }
  }

  /// Every row, cases in current-run order then baseline-only cases, metrics in tolerance order.
  public private(set) var rows: [Row] = []

  /// Compares `current` against `baseline` with `thresholds`.
  /// - Complexity: O(cases² + cases · metrics); a few dozen cases.
  public init(baseline: BenchmarkReport, current: BenchmarkReport, thresholds: Thresholds) {
    for result in current.results {
      guard let old = baseline.result(named: result.name) else {
        rows.append(Row(name: result.name, metric: "case", verdict: .new))
        continue
      }
      let tolerance = thresholds.tolerance(for: result.name)
      for metric in tolerance.metrics {
        rows.append(Self.compare(metric, old: old, new: result, tolerance: tolerance))
      }
    }
    for old in baseline.results where current.result(named: old.name) == nil {
      rows.append(Row(name: old.name, metric: "case", verdict: .missing))
    }
  }

  /// The rows that fail the gate.
  public var regressions: [Row] { rows.filter { $0.verdict == .regressed } }

  /// Whether any row regressed.
  public var hasRegression: Bool { rows.contains { $0.verdict == .regressed } }

  private static func compare(
    _ metric: String, old: BenchmarkResult, new: BenchmarkResult, tolerance: Tolerance
  ) -> Row {
    let before: Double?
    let after: Double?
    let limit: (Double) -> Double
    switch metric {
    case "allocations":
      (before, after) = (old.allocationsPerUnit, new.allocationsPerUnit)
      limit = { _ in tolerance.allocations }
    case "instructions":
      (before, after) = (old.instructionsPerUnit, new.instructionsPerUnit)
      limit = { Swift.max($0 * tolerance.instructionsRelative, tolerance.instructionsAbsolute) }
    default:
      (before, after) = (old.time.value(named: metric), new.time.value(named: metric))
      limit = { Swift.max($0 * tolerance.relative, tolerance.absoluteNanoseconds) }
    }
    guard let before, let after else {
      return Row(
        name: new.name, metric: metric, baseline: before, current: after, verdict: .unavailable)
    }
    let allowed = limit(before)
    let verdict: Verdict =
      after - before > allowed + 1e-9
      ? .regressed : before - after > allowed + 1e-9 ? .improved : .ok
    return Row(
      name: new.name, metric: metric, baseline: before, current: after, limit: allowed,
      verdict: verdict)
  }

  /// The comparison as CI results (`scrollsim-bench --compare FILE --junit …`): a test case
  /// per benchmark case, in row order, failed by its regressed metrics (each a failure with the
  /// baseline, the current value and the allowed growth); a case in the baseline only is
  /// skipped; a new case or an unavailable metric is a note. One error annotation per
  /// regressed metric (no file: a benchmark has no source line).
  package func testResults(baseline path: String) -> (TestReport, [Annotation]) {
    var report = TestReport(name: "scrollsim-bench --compare \(path)")
    var annotations: [Annotation] = []
    for row in rows {
      if report.cases.last?.name != row.name {
        report.cases.append(TestReport.Case(name: row.name, className: "scrollsim-bench"))
      }
      let index = report.cases.count - 1
      let values =
        "\(Self.format(row.current, row.metric)) against \(Self.format(row.baseline, row.metric))"
        + (row.change.map { String(format: " (%+.1f%%", $0 * 100) } ?? " (")
        + (row.limit.map { "; allowed +" + Self.format($0, row.metric) + ")" } ?? ")")
      switch row.verdict {
      case .regressed:
        let message = "\(row.metric) regressed: " + values
        // The body says where the numbers come from; the message (the attribute) says what.
        report.cases[index].failures.append(
          TestReport.Failure(
            message: message, type: "regression",
            details: "\(row.name), \(row.metric): this run against the baseline \(path); "
              + "the thresholds allow the growth in parentheses (--thresholds, or the defaults)"))
        annotations.append(
          Annotation(
            .error, file: nil, line: nil, title: "scrollsim-bench: \(row.name) regressed",
            message: message))
      case .missing:
        report.cases[index].skipped = "in the baseline only (renamed, filtered out or removed)"
      case .new:
        report.cases[index].output += "new case: not in the baseline\n"
      case .unavailable:
        report.cases[index].output += "\(row.metric): missing from one run, not compared\n"
      case .ok, .improved:
        report.cases[index].output += "\(row.metric) \(row.verdict.rawValue): " + values + "\n"
      }
    }
    return (report, annotations)
  }

  /// A readable table: case, metric, baseline, current, change, allowed growth, verdict; then
  /// one line counting regressions.
  public func table() -> String {
    var lines = [
      Self.columns("case", "metric", "baseline", "current", "change", "allowed", "verdict")
    ]
    for row in rows {
      lines.append(
        Self.columns(
          row.name, row.metric, Self.format(row.baseline, row.metric),
          Self.format(row.current, row.metric),
          row.change.map { String(format: "%+.1f%%", $0 * 100) } ?? "",
          row.limit.map { "+" + Self.format($0, row.metric) } ?? "",
          row.verdict == .regressed ? "REGRESSED" : row.verdict.rawValue))
    }
    if rows.contains(where: { $0.verdict == .unavailable }) {
      lines.append(
        "unavailable: the metric is missing from one run (instructions need --instructions and "
          + "valgrind in both runs); the other metrics still gate")
    }
    let count = regressions.count
    let compared = "\(rows.count) row\(rows.count == 1 ? "" : "s") compared"
    lines.append(
      count == 0
        ? "no regressions (\(compared))"
        : "\(count) regression\(count == 1 ? "" : "s") (\(compared))")
    return lines.joined(separator: "\n")
  }

  private static func columns(_ cells: String...) -> String {
    let widths = [34, 14, 14, 14, 9, 14, 0]
    return zip(cells, widths).map { cell, width in
      cell.count >= width ? cell + " " : cell.padding(toLength: width, withPad: " ", startingAt: 0)
    }.joined().trimmingCharacters(in: .whitespaces)
  }

  private static func format(_ value: Double?, _ metric: String) -> String {
    guard let value else { return "–" }
    switch metric {
    case "allocations": return String(format: "%.2f alloc", value)
    case "instructions": return String(format: "%.0f instr", value)
    case "case": return ""
    default: return NanosecondFormat.text(value)
    }
  }
}

/// Nanosecond figures as people read them: `412 ns`, `3.41 µs`, `12.5 ms`.
public enum NanosecondFormat {
  /// `value` nanoseconds with 3 significant digits and a fitting unit.
  public static func text(_ value: Double) -> String {
    let magnitude = abs(value)
    let (scaled, unit): (Double, String) =
      magnitude >= 1e9
      ? (value / 1e9, "s")
      : magnitude >= 1e6
        ? (value / 1e6, "ms")
        : magnitude >= 1e3 ? (value / 1e3, "µs") : (value, "ns")
    let decimals = abs(scaled) >= 100 ? 0 : abs(scaled) >= 10 ? 1 : 2
    return String(format: "%.\(decimals)f \(unit)", scaled)
  }
}
