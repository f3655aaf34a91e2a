import ScrollPhysics

/// A violation an effect declares it expects, so that `scrollsim check` counts and lists it
/// ("expected") instead of failing, and warns when it never happens (a stale declaration).
///
/// A spec declares them in a top-level `"expect"` array (effects/README.md); a Swift effect in
/// ``ScrollEffect/expectedViolations``. Example: a reading-progress bar over
/// `{"type": "scroll", "start": 0, "end": "max"}` has an empty range on content shorter than the
/// viewport (`maxOffset == 0`):
///
/// ```swift
/// ExpectedViolation(
///   .zeroLength, subject: "timeline reading", when: .contentFitsViewport,
///   reason: "nothing to read through when the article fits on screen")
/// ```
public struct ExpectedViolation: Sendable, Equatable, Hashable {
  /// When the expectation applies, judged on the frame of the violation.
  public enum Condition: String, Sendable, Equatable, Hashable, CaseIterable {
    /// On every frame (and for `unreachable`, which is about a whole run).
    case always
    /// When the content fits the viewport: the scroll range is empty (`maxOffset == 0`).
    case contentFitsViewport = "content-fits-viewport"
    /// When the view is pulled past an edge (offset < 0 or > `maxOffset`).
    case overscrolled

    /// Whether the condition holds at `offset` (points from rest) in `geometry`; nil geometry
    /// (a violation of a whole run, `unreachable`) satisfies ``always`` only.
    public func holds(offset: Double, geometry: ScrollGeometry?) -> Bool {
      switch self {
      case .always: return true
      case .contentFitsViewport:
        guard let geometry else { return false }
        return geometry.maxOffset == 0
      case .overscrolled:
        guard let geometry else { return false }
        return offset < 0 || offset > geometry.maxOffset
      }
    }
  }

  /// The invariant expected to break.
  public var kind: ViolationKind
  /// What breaks it, as reports name it: an output (`header.opacity`, a component
  /// `tint.r`) or, for timeline kinds (`zero-length`, `reversed`, `unreachable`),
  /// `timeline NAME`. Matched exactly.
  public var subject: String
  /// When it is expected (default ``Condition/always``).
  public var condition: Condition
  /// Why it is expected, for people (printed with the expected violations).
  public var reason: String

  /// An expected violation.
  /// - Parameters:
  ///   - kind: the invariant.
  ///   - subject: the output or `timeline NAME`, as reports name it.
  ///   - condition: when it applies (default: always).
  ///   - reason: why, for the report.
  public init(
    _ kind: ViolationKind, subject: String, when condition: Condition = .always, reason: String
  ) {
    self.kind = kind
    self.subject = subject
    self.condition = condition
    self.reason = reason
  }

  /// Whether a violation of `kind` on `subject` at `offset` in `geometry` (nil: a whole-run
  /// violation) is this expectation's.
  public func matches(
    _ kind: ViolationKind, subject: String, offset: Double, geometry: ScrollGeometry?
  ) -> Bool {
    kind == self.kind && subject == self.subject
      && condition.holds(offset: offset, geometry: geometry)
  }
}
