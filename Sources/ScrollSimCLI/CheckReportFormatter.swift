import ScrollCheck
import ScrollEffects

/// The lines `scrollsim check` prints for its findings: grouped by kind and output in order of
/// first occurrence (`FAIL` for violations, `WARN` for warnings), a few examples each with what
/// reproduces them, a count; then the declared expectations (`EXPECTED`, with their matches, or
/// `WARN stale expectation` for one that never happened); and a closing tally.
enum CheckReportFormatter {
  /// What the declared expectations of a check came to.
  struct Expectations {
    /// The violations an expectation matched, in run order.
    var expected: [CheckViolation] = []
    /// The expectations, in declaration order.
    var declared: [ExpectedViolation] = []
    /// Per expectation, how many violations it matched.
    var matches: [Int] = []
    /// Whether an expectation that matched nothing is reported as stale (not on part of a
    /// matrix, where it may simply not have come up).
    var judgeStale = true
  }

  /// The report lines; `reproduce` gives the command that reruns just the run of a finding
  /// (`scrollsim check SPEC --gesture G --device D`, or `--traces FILE`).
  static func lines(
    _ findings: [CheckViolation], expectations: Expectations = Expectations(), examples: Int,
    reproduce: (CheckViolation) -> String
  ) -> [String] {
    var lines = groupLines(
      findings, examples: examples, reproduce: reproduce, label: { $0.isWarning ? "WARN" : "FAIL" })
    var stale = 0
    for (k, expectation) in expectations.declared.enumerated() {
      let when =
        expectation.condition == .always ? "" : " when \(expectation.condition.rawValue)"
      if expectations.matches[k] > 0 {
        let matched = expectations.expected.filter {
          $0.kind == expectation.kind && $0.subject == expectation.subject
        }
        let runs = Set(matched.map { $0.device + "/" + $0.gesture }).count
        lines.append(
          "EXPECTED \(expectation.kind.rawValue) \(expectation.subject)\(when): "
            + "\(plural(expectations.matches[k], "frame")) in \(plural(runs, "run")) "
            + "(\(expectation.reason))")
      } else if expectations.judgeStale {
        stale += 1
        lines.append(
          "WARN stale expectation \(expectation.kind.rawValue) \(expectation.subject)\(when): "
            + "never happened in these runs: stale, or not exercised by them "
            + "(\(expectation.reason))")
      }
    }
    let failures = findings.filter { !$0.kind.isWarning }.count
    let warnings = findings.count - failures + stale
    let expected = expectations.expected.count
    var notes: [String] = []
    if warnings > 0 { notes.append(plural(warnings, "warning")) }
    if expected > 0 { notes.append("\(expected) expected") }
    if failures == 0 {
      lines.append(
        "No violations" + (notes.isEmpty ? "." : " (" + notes.joined(separator: ", ") + ")."))
    } else {
      lines.append(
        "\(plural(failures, "violation"))"
          + (notes.isEmpty ? "" : " and " + notes.joined(separator: " and ")) + ".")
    }
    return lines
  }

  /// The grouped findings (kind and subject in order of first occurrence), each group with its
  /// tally, a few examples and the command that reproduces its first finding.
  private static func groupLines(
    _ findings: [CheckViolation], examples: Int, reproduce: (CheckViolation) -> String,
    label: (CheckViolation.Kind) -> String
  ) -> [String] {
    var lines: [String] = []
    for group in groups(findings) {
      guard let first = group.first else { continue }
      let count = group.count
      let label = label(first.kind)
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
      if first.kind != .unreachable { lines.append("  reproduce: " + reproduce(first)) }
    }
    return lines
  }

  /// `findings` grouped by kind and subject, groups in order of first occurrence, each in run
  /// order.
  static func groups(_ findings: [CheckViolation]) -> [[CheckViolation]] {
    var order: [String] = []
    var groups: [String: [CheckViolation]] = [:]
    for v in findings {
      let key = v.kind.rawValue + " " + v.subject
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(v)
    }
    return order.compactMap { groups[$0] }
  }

  /// One finding: where it happened and what was seen against what was expected.
  static func example(_ v: CheckViolation) -> String {
    if v.kind == .unreachable { return v.detail }
    let place =
      "\(v.gesture) on \(v.device), frame \(v.frame) (t \(Number.fixed(v.time, 4)) s, "
      + "offset \(Number.fixed(v.offset, 3)) pt): "
    switch v.kind {
    case .chatter:
      return place + "toggled \(plural(Int(v.value), "time")), expected \(v.detail)"
    case .flicker where v.gesture == CheckGesture.holdStillName:
      // The value is a count of direction changes, not the flag's value.
      return place + "direction changed \(plural(Int(v.value), "time")), expected \(v.detail)"
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
