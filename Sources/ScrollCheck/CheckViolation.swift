import ScrollEffects

/// One invariant a spec broke during `scrollsim check`, with what is needed to reproduce it.
public struct CheckViolation: Sendable, Equatable {
  /// Which invariant.
  public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
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

    /// Whether this kind is only a warning (it does not fail a check).
    public var isWarning: Bool { self == .chatter }
  }

  /// The invariant.
  public var kind: Kind
  /// The output (or, for `unreachable`, `zero-length` and `reversed`, the timeline) concerned.
  public var subject: String
  /// The gesture's name (empty for `unreachable`, which is about the whole matrix).
  public var gesture: String
  /// The device's name.
  public var device: String
  /// Frame index in the run (frame n is at n / refreshRate seconds).
  public var frame: Int
  /// The frame's target time, seconds.
  public var time: Double
  /// The frame's offset, points from rest.
  public var offset: Double
  /// The offending value (the output's value; the progress for timelines).
  public var value: Double
  /// What was expected, in words.
  public var detail: String

  /// A violation.
  public init(
    kind: Kind, subject: String, gesture: String, device: String, frame: Int, time: Double,
    offset: Double, value: Double, detail: String
  ) {
    self.kind = kind
    self.subject = subject
    self.gesture = gesture
    self.device = device
    self.frame = frame
    self.time = time
    self.offset = offset
    self.value = value
    self.detail = detail
  }
}
