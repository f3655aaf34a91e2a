/// One contentOffset sample of an offset trace (format version 2, event type `offset`):
/// where a real scroll view was at a moment, as `UIScrollView.contentOffset` reports it.
///
/// On disk: `{"t":0.016,"type":"offset","x":0,"y":120.5}`.
public struct OffsetSample: Sendable, Equatable, Hashable {
  /// Seconds since the start of the trace, finite, ≥ 0, non-decreasing along the trace.
  public var time: Double
  /// `contentOffset.x`, points, finite (0 for a vertical scroll view).
  public var x: Double
  /// `contentOffset.y`, points, finite: 0 at rest at the top (with no inset), negative when
  /// pulled down past the top, above `maxOffset` when pulled up past the bottom.
  public var y: Double

  /// Creates a sample (seconds, points).
  public init(time: Double, x: Double = 0, y: Double) {
    self.time = time
    self.x = x
    self.y = y
  }
}
