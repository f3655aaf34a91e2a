import ScrollCheck
import ScrollEffects

/// The lines `scrollsim check` prints for its findings: grouped by kind and output in order of
/// first occurrence (`FAIL` for violations, `WARN` for warnings), a few examples each with what
/// reproduces them, a count, and a closing tally.
enum CheckReportFormatter {
  /// The report lines; `reproduce` is the command prefix that reruns the check
  /// (`scrollsim check SPEC`), completed with `--gesture` and `--device` per finding.
  static func lines(_ findings: [CheckViolation], examples: Int, reproduce: String) -> [String] {
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
      let devices = Set(group.map(\.device)).count
      let tally: String
      switch first.kind {
      case .unreachable: tally = ""
      case .chatter:
        tally = ": \(plural(count, "boundary rest")) on \(plural(devices, "device"))"
      default: tally = ": \(plural(count, "frame")) in \(plural(runs, "run"))"
      }
      lines.append("\(label) \(first.kind.rawValue) \(first.subject)\(tally)")
      for v in group.prefix(examples) { lines.append("  " + example(v)) }
      if count > examples { lines.append("  … and \(count - examples) more") }
      if first.kind != .unreachable {
        lines.append(
          "  reproduce: \(reproduce) --gesture \(first.gesture) --device \(first.device)")
      }
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

  /// One finding: where it happened and what was seen against what was expected.
  private static func example(_ v: CheckViolation) -> String {
    if v.kind == .unreachable { return v.detail }
    let place =
      "\(v.gesture) on \(v.device), frame \(v.frame) (t \(Number.fixed(v.time, 4)) s, "
      + "offset \(Number.fixed(v.offset, 3)) pt): "
    switch v.kind {
    case .chatter:
      return place + "toggled \(plural(Int(v.value), "time")), expected \(v.detail)"
    case .zeroLength:
      return place + "expected \(v.detail)"
    case .reversed:
      return place + "length \(Number.text(v.value)) pt, expected \(v.detail)"
    default:
      return place + "value \(Number.text(v.value)), expected \(v.detail)"
    }
  }

  static func plural(_ n: Int, _ word: String) -> String {
    "\(n) \(word)\(n == 1 ? "" : "s")"
  }
}
