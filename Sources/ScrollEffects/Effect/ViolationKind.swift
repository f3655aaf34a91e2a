/// An invariant `scrollsim check` (`EffectChecker` in ScrollCheck) judges, by the name it
/// reports (`range`, `zero-length`, …). `CheckViolation.Kind` is this type; it
/// lives here so an effect can name the violations it expects (``ExpectedViolation``).
public enum ViolationKind: String, Sendable, Equatable, Hashable, CaseIterable {
  /// An output left its declared range.
  case range
  /// An output was NaN.
  case nan
  /// A flag crossed a boundary back (e.g. `enter` then `leaveBack`) although the offset has
  /// not moved back since (a layout or geometry change moved its progress).
  case flicker
  /// An output that declares no memory (no smoothing, not a flag) differed from a fresh
  /// evaluation of the same sample: it depends on an earlier frame's offset.
  case lag
  /// A timeline's range (or a trigger's start) was never reached in any run.
  case unreachable
  /// A timeline's range had zero length on a frame (inactive, no progress).
  case zeroLength = "zero-length"
  /// A scroll timeline's range resolved with its end before its start on a frame (an end
  /// anchored to `max` that falls below a fixed start on a short or small device): progress
  /// would run backwards, which the spec cannot mean (fixed reversed ranges are spec errors).
  case reversed
  /// A warning, not a violation: a flag toggled three or more times while a finger rested on
  /// its boundary with 0.25 pt of touch noise (no hysteresis band wider than the noise).
  case chatter
  /// Two outputs that must agree on every frame (``OutputAgreement``, a spec's `"agree"`
  /// array) did not on a frame: the list's title shown while the header is still expanded, a
  /// header effect read from the header view drifting from the same one read from the combined
  /// offset.
  case disagreement

  /// Whether this kind is only a warning (it does not fail a check).
  public var isWarning: Bool { self == .chatter }
}
