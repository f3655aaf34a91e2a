import BenchmarkSupport
import Foundation

/// The human-readable table of a run.
enum ReportFormatter {
  static func table(_ report: BenchmarkReport) -> String {
    var lines = [
      "scrollsim-bench: \(report.results.count) cases\(report.quick ? " (quick)" : ""), \(report.environment)",
      "",
      row("case", "unit", "median", "p90", "p99", "alloc/unit", "instr/unit", "throughput"),
    ]
    for result in report.results {
      lines.append(
        row(
          result.name, result.unit, NanosecondFormat.text(result.time.median),
          NanosecondFormat.text(result.time.p90), NanosecondFormat.text(result.time.p99),
          result.allocationsPerUnit.map { String(format: "%.3g", $0) } ?? "n/a",
          result.instructionsPerUnit.map { String(format: "%.0f", $0) } ?? "–",
          result.throughput.map { String(format: "%.3g ", $0) + (result.throughputUnit ?? "") }
            ?? ""))
    }
    if let scaling = report.scaling, !scaling.isEmpty {
      lines.append("")
      lines.append("engine scaling (generated specs; flat ns/output = linear in the outputs):")
      lines.append("  outputs     ns/frame    ns/output  instr/output")
      for row in scaling {
        lines.append(
          "  " + String(row.outputs).leftPadded(7)
            + NanosecondFormat.text(row.nanosecondsPerFrame).leftPadded(13)
            + NanosecondFormat.text(row.nanosecondsPerOutput).leftPadded(13)
            + (row.instructionsPerOutput.map { String(format: "%.0f", $0) } ?? "–").leftPadded(14))
      }
    }
    if !report.ratios.isEmpty {
      lines.append("")
      lines.append("ratios (medians of this run):")
      for ratio in report.ratios {
        let verdict = ratio.met.map { $0 ? "met" : "NOT MET" } ?? ""
        let note = ratio.target.map { "  (target \($0): \(verdict))" } ?? "  (no target)"
        lines.append(
          "  \(ratio.name.padding(toLength: 30, withPad: " ", startingAt: 0)) "
            + String(format: "%6.2f", ratio.value) + note)
      }
    }
    if !report.targets.isEmpty {
      lines.append("")
      lines.append("targets:")
      for target in report.targets {
        lines.append(
          "  \(target.name): " + String(format: "%.4g", target.value)
            + " \(target.unit) (target \(target.target): \(target.met ? "met" : "NOT MET"))")
      }
    }
    if !report.notes.isEmpty {
      lines.append("")
      lines.append("notes:")
      lines += report.notes.map { "  - " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  private static func row(_ cells: String...) -> String {
    let widths = [36, 6, 11, 11, 11, 12, 12, 0]
    return zip(cells, widths).enumerated().map { index, pair in
      let (cell, width) = pair
      if index == 0 {
        return cell.count >= width
          ? cell + " " : cell.padding(toLength: width, withPad: " ", startingAt: 0)
      }
      if width == 0 { return "  " + cell }
      return cell.count >= width
        ? " " + cell : String(repeating: " ", count: width - cell.count) + cell
    }.joined().trimmingCharacters(in: .whitespaces)
  }
}

extension String {
  /// Right-aligned in `width` columns (never truncated).
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? " " + self : String(repeating: " ", count: width - count) + self
  }
}
