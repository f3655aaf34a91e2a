/// A clock that delivers frames as fast as the body runs: offline replay, tests, benchmarks.
/// No wall-clock time is read.
public struct VirtualFrameClock: FrameClock {
  /// The deadlines of the simulated display (rate and rate changes).
  public let schedule: FrameSchedule

  /// Creates a virtual clock at `refreshRate` frames per second (1…1000).
  public init(refreshRate: Int) {
    schedule = FrameSchedule(refreshRate: refreshRate)
  }

  /// Creates a virtual clock following `schedule` (rate changes included).
  public init(schedule: FrameSchedule) {
    self.schedule = schedule
  }

  /// Calls `body` with indices 0, 1, 2, … (and their target times) until it returns `false`.
  public mutating func run(_ body: (FrameTick) -> Bool) {
    var index = 0
    while body(FrameTick(index: index, time: schedule.time(ofFrame: index))) { index += 1 }
  }
}
