import ScrollEffects

/// One invariant a spec broke during `scrollsim check`, with what is needed to reproduce it.
public struct CheckViolation: Sendable, Equatable {
  /// Which invariant: range, nan, flicker, lag, unreachable, zero-length, reversed or chatter
  /// (a warning), by the names reports use (see ``/ScrollEffects/ViolationKind``).
  public typealias Kind = ViolationKind

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
  /// The offending value (the output's value; the progress for timelines; for a `flicker` of
  /// the `hold-still` run, how many times the direction changed while the finger held still).
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
