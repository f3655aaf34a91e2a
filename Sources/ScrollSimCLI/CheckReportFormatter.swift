import ScrollEffects

/// The lines `scrollsim check` prints for its findings: grouped by kind and output in order of
/// first occurrence (`FAIL` for violations, `WARN` for warnings), a few examples each with what
/// reproduces them, a count, and a closing tally.
enum CheckReportFormatter {
  static func lines(_ findings: [CheckViolation], examples: Int) -> [String] {
    var order: [String] = []
    var groups: [String: [CheckViolation]] = [:]
    for v in findings {
      let key = v.kind.rawValue + " " + v.subject
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(v)
    }
    var lines: [String] = []
    for key in order {
      guard let group = groups[key], let first = group.first else { continue }
      let count = group.count
      let label = first.kind.isWarning ? "WARN" : "FAIL"
      let runs = Set(group.map { $0.device + "/" + $0.gesture }).count
      lines.append(
        "\(label) \(first.kind.rawValue) \(first.subject): \(plural(count, "frame"))"
          + (first.kind == .unreachable ? "" : " in \(plural(runs, "run"))"))
      for v in group.prefix(examples) {
        if v.kind == .unreachable {
          lines.append("  \(v.detail)")
          continue
        }
        lines.append(
          "  \(v.gesture) on \(v.device), frame \(v.frame) (t \(Number.fixed(v.time, 4)) s, "
            + "offset \(Number.fixed(v.offset, 3)) pt): value \(Number.text(v.value)), "
            + "expected \(v.detail)")
      }
      if count > examples { lines.append("  … and \(count - examples) more") }
    }
    let failures = findings.filter { !$0.kind.isWarning }.count
    let warnings = findings.count - failures
    if failures == 0 {
      lines.append("No violations" + (warnings > 0 ? " (\(plural(warnings, "warning")))." : "."))
    } else {
      lines.append(
        "\(plural(failures, "violation"))"
          + (warnings > 0 ? " and \(plural(warnings, "warning"))" : "") + ".")
    }
    return lines
  }

  private static func plural(_ n: Int, _ word: String) -> String {
    "\(n) \(word)\(n == 1 ? "" : "s")"
  }
}
