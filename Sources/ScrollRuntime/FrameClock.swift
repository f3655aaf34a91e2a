/// Drives frames: calls a body once per frame with the frame's index and target time, at the
/// frame's deadline (real time) or immediately (virtual time).
///
/// Deadlines and target times come from a ``FrameSchedule``: computed from the index in
/// integer nanoseconds, never accumulated, so there is no drift.
public protocol FrameClock {
  /// Frames per second of frame 0, in 1…1000.
  var refreshRate: Int { get }

  /// The deadlines of the run (the rate and its changes).
  var schedule: FrameSchedule { get }

  /// Calls `body` for frame 0, 1, 2, … until it returns `false`. A real-time clock skips frames
  /// whose deadline has passed before the body could run and reports them in ``FrameTick``.
  mutating func run(_ body: (FrameTick) -> Bool)
}

/// One frame as a clock delivers it.
public struct FrameTick: Sendable, Equatable {
  /// Frame index from the start of the run, ≥ 0.
  public var index: Int
  /// Target time of the frame, seconds from the start of the run (``FrameSchedule/time(ofFrame:)``):
  /// compute the frame at this time.
  public var time: Double
  /// Frames skipped just before this one because their deadlines had passed, ≥ 0.
  public var missedBefore: Int
  /// How late the clock handed out the frame after its deadline, nanoseconds, ≥ 0 (0 in
  /// virtual time).
  public var lateness: UInt64

  /// Creates a tick.
  /// - Parameters:
  ///   - index: frame index, ≥ 0.
  ///   - time: target time, seconds.
  ///   - missedBefore: frames skipped just before this one, ≥ 0.
  ///   - lateness: nanoseconds after the deadline, ≥ 0.
  public init(index: Int, time: Double, missedBefore: Int = 0, lateness: UInt64 = 0) {
    self.index = index
    self.time = time
    self.missedBefore = missedBefore
    self.lateness = lateness
  }
}

extension FrameClock {
  /// Frames per second of frame 0.
  public var refreshRate: Int { schedule.segments[0].refreshRate }

  /// Deadline of frame `index` after `start`, nanoseconds: `start` plus
  /// ``FrameSchedule/deadline(ofFrame:)`` (exact integer arithmetic, no drift).
  public func deadline(ofFrame index: Int, start: UInt64) -> UInt64 {
    start + schedule.deadline(ofFrame: index)
  }
}
