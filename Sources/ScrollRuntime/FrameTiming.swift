/// When one computed frame was due, started and finished: one entry of a real-time frame log.
///
/// All times are nanoseconds from the start of the run (the deadline of frame 0), on the
/// monotonic clock.
public struct FrameTiming: Sendable, Equatable, Hashable, Codable {
  /// Frame index, ≥ 0.
  public var index: Int
  /// When the frame was due (its vsync), nanoseconds.
  public var deadline: UInt64
  /// When the frame's work started, nanoseconds, ≥ ``deadline``.
  public var start: UInt64
  /// When the frame's work finished, nanoseconds, ≥ ``start``.
  public var end: UInt64

  /// Creates a record (nanoseconds from the start of the run).
  public init(index: Int, deadline: UInt64, start: UInt64, end: UInt64) {
    self.index = index
    self.deadline = deadline
    self.start = start
    self.end = end
  }

  /// How late the work started after the deadline, nanoseconds (0 when early).
  public var lateness: UInt64 { start > deadline ? start - deadline : 0 }

  /// From the deadline to the end of the work, nanoseconds: the frame's duration as Android's
  /// FrameMetrics counts it (its "unknown delay" before the work included).
  public var duration: UInt64 { end > deadline ? end - deadline : 0 }
}
