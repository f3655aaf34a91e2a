import Foundation

/// Fixed-precision number text for tables, summaries and failure messages (the command line's
/// and ScrollSimTesting's; Foundation formatting, locale-independent, `-0` printed as `0`).
package enum NumberText {
  /// `value` with `decimals` digits after the point.
  package static func fixed(_ value: Double, _ decimals: Int) -> String {
    let text = String(format: "%.\(decimals)f", value)
    if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
      return String(text.dropFirst())
    }
    return text
  }

  /// The shortest text that reads back as `value` (`400`, `0.3`, `-1000`).
  package static func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
