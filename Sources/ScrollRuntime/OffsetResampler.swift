import ScrollTrace

/// Resamples recorded contentOffset samples to frame target times.
///
/// The rule (documented in `traces/FORMAT.md`, "Offset traces"):
/// - At time `t`, let `a` be the last sample with `a.time ≤ t` and `b` the first with
///   `b.time > t` (of several samples with the same time, the last one counts).
/// - Between samples: `offset = a.y + (t − a.time)/(b.time − a.time) · (b.y − a.y)` (linear
///   interpolation) and `velocity = (b.y − a.y)/(b.time − a.time)` (the slope of the bracketing
///   pair), points and points per second.
/// - Before the first sample: the first sample's offset, velocity 0. After the last: the last
///   sample's offset is held, velocity 0.
///
/// Samples are taken one at a time, so memory is constant whatever the trace length: a
/// ``FrameLoop`` over an offset trace passes each sample whose time has come
/// (``pass(_:)``) and asks for the value between it and the next one (``value(at:next:)``);
/// ``resample(at:next:)`` pulls the samples itself.
public struct OffsetResampler: Sendable {
  private var before: OffsetSample?
  private var after: OffsetSample?
  private var started = false
  private var exhausted = false

  /// A resampler with no samples pulled yet.
  public init() {}

  /// Whether `t` of the last ``resample(at:next:)`` call was at or after the last sample.
  public private(set) var isPastEnd = false

  /// Takes `sample` as the last one at or before the current time (samples in time order; of
  /// several with the same time, the last one passed counts).
  public mutating func pass(_ sample: OffsetSample) {
    before = sample
  }

  /// Offset and velocity at time `t` (seconds) between the last passed sample and `next`, the
  /// first sample after `t` (nil after the last).
  /// - Returns: offset (points) and velocity (points per second); `(0, 0)` with no samples.
  /// - Complexity: O(1).
  public func value(at t: Double, next: OffsetSample?) -> (offset: Double, velocity: Double) {
    switch (before, next) {
    case (let a?, let b?):
      let slope = (b.y - a.y) / (b.time - a.time)
      return (a.y + (t - a.time) * slope, slope)
    case (let a?, nil):
      return (a.y, 0)
    case (nil, let b?):
      return (b.y, 0)
    case (nil, nil):
      return (0, 0)
    }
  }

  /// Offset and velocity at time `t` (seconds, non-decreasing across calls), pulling samples.
  /// - Parameters:
  ///   - t: the time, seconds, not less than the previous call's.
  ///   - next: yields the next sample in time order, or `nil` at the end.
  /// - Returns: offset (points) and velocity (points per second); `(0, 0)` with no samples.
  /// - Throws: what `next` throws.
  /// - Complexity: amortized O(1) per call plus the samples passed.
  public mutating func resample<E: Error>(
    at t: Double, next: () throws(E) -> OffsetSample?
  ) throws(E) -> (offset: Double, velocity: Double) {
    if !started {
      started = true
      after = try next()
      exhausted = after == nil
    }
    while let upcoming = after, upcoming.time <= t {
      pass(upcoming)
      after = try next()
      if after == nil { exhausted = true }
    }
    isPastEnd = exhausted
    return value(at: t, next: after)
  }
}
