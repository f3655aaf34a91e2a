import ScrollEffects

/// The lines `scrollsim check` prints for its violations: grouped by kind and output in order
/// of first occurrence, a few examples each with what reproduces them, and a count.
enum CheckReportFormatter {
  static func lines(_ violations: [CheckViolation], examples: Int) -> [String] {
    guard !violations.isEmpty else { return ["No violations."] }
    var order: [String] = []
    var groups: [String: [CheckViolation]] = [:]
    for v in violations {
      let key = v.kind.rawValue + " " + v.subject
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(v)
    }
    var lines: [String] = []
    for key in order {
      let group = groups[key] ?? []
      guard let first = group.first else { continue }
      let count = group.count
      lines.append(
        "FAIL \(first.kind.rawValue) \(first.subject): \(count) frame\(count == 1 ? "" : "s")"
          + (first.kind == .unreachable
            ? "" : " in \(Set(group.map { $0.device + "/" + $0.gesture }).count) runs"))
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
      if count > examples { lines.append("  … and \(count - Swift.min(examples, count)) more") }
    }
    lines.append(
      "\(violations.count) violation\(violations.count == 1 ? "" : "s") in \(order.count) group\(order.count == 1 ? "" : "s")."
    )
    return lines
  }
}
