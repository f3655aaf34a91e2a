/// Drives frames: calls a body once per frame with the frame's index, at the frame's deadline
/// (real time) or immediately (virtual time).
///
/// Deadlines are `start + index·10⁹/refreshRate` nanoseconds, computed from the index in integer
/// arithmetic, never accumulated, so there is no drift.
public protocol FrameClock {
  /// Frames per second, in 1…1000.
  var refreshRate: Int { get }

  /// Calls `body` for frame 0, 1, 2, … until it returns `false`. A real-time clock skips frames
  /// whose deadline has passed before the body could run and reports them in ``FrameTick``.
  mutating func run(_ body: (FrameTick) -> Bool)
}

/// One frame as a clock delivers it.
public struct FrameTick: Sendable, Equatable {
  /// Frame index from the start of the run, ≥ 0.
  public var index: Int
  /// Frames skipped just before this one because their deadlines had passed, ≥ 0.
  public var missedBefore: Int
  /// How late the body started after the frame's deadline, nanoseconds, ≥ 0 (0 in virtual time).
  public var lateness: UInt64

  /// Creates a tick.
  public init(index: Int, missedBefore: Int = 0, lateness: UInt64 = 0) {
    self.index = index
    self.missedBefore = missedBefore
    self.lateness = lateness
  }
}

extension FrameClock {
  /// Deadline of frame `index` after `start`, nanoseconds: `start + index·10⁹/refreshRate`
  /// in integer arithmetic (exact, no drift).
  public func deadline(ofFrame index: Int, start: UInt64) -> UInt64 {
    start + UInt64(index) * 1_000_000_000 / UInt64(refreshRate)
  }
}
