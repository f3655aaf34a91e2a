/// Two outputs of an effect that must agree on every frame: `scrollsim check` judges it on
/// every frame of every run (a `disagreement` violation naming the frame, time, gesture,
/// device, both outputs and their values).
///
/// Made for nested chains (``ChainView``: collapsible headers above a list), where outputs read
/// different scroll views and a bug shows as two of them disagreeing: the list's inline title
/// shown while the header (with its own large title) is still expanded, or a header effect
/// computed from the header view drifting from the same effect computed from the combined
/// offset. A spec declares them in a top-level `"agree"` array (effects/README.md):
///
/// ```json
/// "agree": [
///   {"output": "list.titleVisible", "rule": "onlyWhile", "with": "header.collapsed",
///    "reason": "one title on screen"},
///   {"output": "header.height", "rule": "equals", "with": "header.heightFromCombined",
///    "tolerance": 0.001}
/// ]
/// ```
///
/// In Swift: `OutputAgreement("list.titleVisible", .onlyWhile, "header.collapsed")`.
public struct OutputAgreement: Sendable, Equatable, Hashable {
  /// How the two outputs must relate on a frame.
  public enum Rule: String, Sendable, Equatable, Hashable, CaseIterable {
    /// `|output − with| ≤ tolerance` (up to 1e-9 relative, for rounding).
    case equals
    /// `output` is on (its magnitude above `tolerance`) only on frames where `with` is on: a
    /// flag or opacity shown only while another is (the list's title only while the header is
    /// collapsed).
    case onlyWhile
    /// `output` and `with` are never both on (magnitudes above `tolerance`) on one frame: two
    /// titles never shown together.
    case notWhile
  }

  /// The first output's name (an output of the effect, or a component: `tint.r`).
  public var output: String
  /// How ``output`` must relate to ``with``.
  public var rule: Rule
  /// The second output's name.
  public var with: String
  /// The tolerance, in the outputs' unit, ≥ 0: the allowed difference for ``Rule/equals``, the
  /// magnitude at or below which an output counts as off for the other rules. Default 0.
  public var tolerance: Double
  /// Why the outputs must agree, for people (may be empty).
  public var reason: String
  /// An agreement of `output` with `with` by `rule`.
  /// - Parameters:
  ///   - output: the first output's name.
  ///   - rule: the relation.
  ///   - with: the second output's name.
  ///   - tolerance: ≥ 0, in the outputs' unit (a negative or non-finite value is an error
  ///     when the check starts).
  ///   - reason: why, for people.
  public init(
    _ output: String, _ rule: Rule, _ with: String, tolerance: Double = 0, reason: String = ""
  ) {
    self.output = output
    self.rule = rule
    self.with = with
    self.tolerance = tolerance
    self.reason = reason
  }

  /// `list.titleVisible onlyWhile header.collapsed`: the subject of its violations.
  public var subject: String { "\(output) \(rule.rawValue) \(with)" }

  /// Whether values `a` (of ``output``) and `b` (of ``with``) agree. NaN never agrees.
  public func holds(_ a: Double, _ b: Double) -> Bool {
    if a.isNaN || b.isNaN { return false }
    switch rule {
    case .equals:
      if a == b { return true }
      return abs(a - b) <= tolerance + 1e-9 * max(1, abs(a), abs(b))
    case .onlyWhile: return abs(a) <= tolerance || abs(b) > tolerance
    case .notWhile: return abs(a) <= tolerance || abs(b) <= tolerance
    }
  }
}
