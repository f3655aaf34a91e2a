/// A clock that delivers frames as fast as the body runs: offline replay, tests, benchmarks.
/// No wall-clock time is read.
public struct VirtualFrameClock: FrameClock {
  /// Frames per second of the simulated display, in 1…1000.
  public let refreshRate: Int

  /// Creates a virtual clock at `refreshRate` frames per second (1…1000).
  public init(refreshRate: Int) {
    precondition((1...1000).contains(refreshRate), "refresh rate must be in 1…1000 Hz")
    self.refreshRate = refreshRate
  }

  /// Calls `body` with indices 0, 1, 2, … until it returns `false`.
  public mutating func run(_ body: (FrameTick) -> Bool) {
    var index = 0
    while body(FrameTick(index: index)) { index += 1 }
  }
}
