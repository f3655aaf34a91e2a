import ScrollRuntime
import ScrollSimCore

extension FrameLoop where Source: ~Copyable {
  /// Computes frames 0, 1, 2, … (virtual time, the loop's rate) until the loop is finished,
  /// recording each in a ``ReplayStatistics``: a whole replay's summary, as `scrollsim replay`
  /// gathers it, for tests that need only the summary.
  /// - Throws: the first frame's ``InputError``.
  public mutating func replayStatisticsToEnd() throws(InputError) -> ReplayStatistics {
    var statistics = ReplayStatistics(outputCount: outputs.count)
    var index = 0
    repeat {
      try computeFrame(index)
      statistics.record(self)
      index += 1
    } while !isFinished
    return statistics
  }
}
