/// Estimates the velocity of one coordinate of a finger from its touch samples.
///
/// Holds the last 20 samples of the current touch (reset on touch-down). Programmatic offset
/// changes never feed it. Both estimators return 0 when the finger has been still for more
/// than 40 ms before the query (Flutter's `_assumePointerMoveStoppedMilliseconds`).
/// Source: Flutter `packages/flutter/lib/src/gestures/velocity_tracker.dart`
/// (`VelocityTracker`, `IOSScrollViewFlingVelocityTracker`), as restated in physics.md item 2.
public struct VelocityTracker: Sendable, Equatable {
  /// Samples kept, Flutter's `_historySize`.
  public static let historySize = 20
  /// Oldest sample age used by the least-squares fit, seconds (Flutter's 100 ms horizon).
  public static let horizon = 0.100
  /// A gap longer than this between samples, or between the last sample and the query, means
  /// the finger stopped, seconds (40 ms).
  public static let stoppedGap = 0.040
  /// Fewest samples the least-squares fit needs (Flutter's `_minSampleSize`).
  public static let minimumSampleCount = 3

  /// Which estimator ``velocity(at:)`` uses.
  public var estimator: VelocityEstimator
  /// The ring of samples, time and position of each side by side (`2·i`, `2·i + 1`): one
  /// array, so adding a sample checks one buffer's uniqueness, not two.
  private var samples: [Double]
  /// Index of the newest sample in the ring.
  private var newest = -1
  /// Number of valid samples, ≤ ``historySize``.
  public private(set) var count = 0
  /// The velocities between the newest sample and the one before it (`velocity0`), that one
  /// and the one before (`velocity1`), and the next pair back (`velocity2`), points per second;
  /// each 0 when a sample of its pair is missing or the two are simultaneous (Flutter
  /// `_previousVelocityAt`). What the iOS weighted estimate reads, each computed once, as its
  /// newer sample arrives, rather than at every query.
  private var velocity0 = 0.0
  private var velocity1 = 0.0
  private var velocity2 = 0.0

  /// Creates an empty tracker.
  /// - Parameter estimator: iOS weighted (default) or least squares.
  public init(estimator: VelocityEstimator = .iosWeighted) {
    self.estimator = estimator
    samples = Array(repeating: 0, count: 2 * Self.historySize)
  }

  /// Forgets every sample (touch-down). - Complexity: O(1).
  public mutating func reset() {
    newest = -1
    count = 0
    velocity0 = 0
    velocity1 = 0
    velocity2 = 0
  }

  /// Adds a sample.
  /// - Parameters:
  ///   - position: points, finite.
  ///   - time: seconds, finite, ≥ the previous sample's time (the caller checks).
  /// - Complexity: O(1), no allocation.
  public mutating func add(position: Double, at time: Double) {
    let previous = 2 * newest
    let hasPrevious = count > 0
    // The ring's next slot without a division (`newest` is in −1 ..< historySize).
    newest = newest + 1 == Self.historySize ? 0 : newest + 1
    count = Swift.min(count + 1, Self.historySize)
    let slot = 2 * newest
    // One pass over the ring's buffer: the new sample, and the velocity from the one before.
    let velocity = samples.withUnsafeMutableBufferPointer { ring -> Double in
      ring[slot] = time
      ring[slot + 1] = position
      guard hasPrevious else { return 0 }
      let dt = time - ring[previous]
      return dt > 0 ? (position - ring[previous + 1]) / dt : 0
    }
    velocity2 = velocity1
    velocity1 = velocity0
    velocity0 = velocity
  }

  /// The estimated velocity at time `time`, points per second; 0 with no samples or when the
  /// finger has been still for more than ``stoppedGap``.
  /// - Parameter time: seconds, the query time (usually the touch-up time).
  /// - Complexity: O(``historySize``), no allocation.
  public func velocity(at time: Double) -> Double {
    guard count > 0 else { return 0 }
    let elapsed = time - samples[2 * newest]
    // Well inside the gap (≤ 39,999 µs: the usual query, at or just after the newest sample),
    // the quantised comparison below holds without rounding.
    guard elapsed * 1_000_000 <= 39_999 || Self.milliseconds(elapsed) <= Self.stoppedGap * 1000
    else { return 0 }
    switch estimator {
    case .iosWeighted: return weightedVelocity()
    case .leastSquares: return leastSquaresVelocity()
    }
  }

  /// Sample `back` steps before the newest (0 = newest), or nil when not held.
  private func sample(_ back: Int) -> (time: Double, position: Double)? {
    guard back < count else { return nil }
    let index = (newest - back + Self.historySize) % Self.historySize
    return (samples[2 * index], samples[2 * index + 1])
  }

  /// 0.6, 0.35 and 0.05 on the last three inter-sample velocities, oldest first; each is 0 when
  /// a sample is missing or the two are simultaneous (Flutter `_previousVelocityAt`). The three
  /// are kept as the samples arrive (``add(position:at:)``): a touch move's frame asks for this
  /// once, with no pass over the history.
  private func weightedVelocity() -> Double {
    velocity2 * 0.6 + velocity1 * 0.35 + velocity0 * 0.05
  }

  /// A duration in milliseconds, quantised to whole microseconds as Flutter's `Duration` is, so
  /// that a sample exactly 100 ms old stays inside the horizon despite rounding in seconds.
  private static func milliseconds(_ seconds: Double) -> Double {
    (seconds * 1_000_000).rounded() / 1000
  }

  /// Flutter's `VelocityTracker.getVelocityEstimate`: a degree-2 weighted least-squares fit of
  /// position against age in milliseconds, velocity = the linear coefficient · 1000.
  private func leastSquaresVelocity() -> Double {
    guard let newestSample = sample(0) else { return 0 }
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * Self.historySize) {
      buffer in
      let ages = UnsafeMutableBufferPointer(rebasing: buffer[0..<Self.historySize])
      let values = UnsafeMutableBufferPointer(rebasing: buffer[Self.historySize...])
      var used = 0
      var previousTime = newestSample.time
      while used < count, let current = sample(used) {
        let age = Self.milliseconds(newestSample.time - current.time)
        let gap = Swift.abs(Self.milliseconds(current.time - previousTime))
        previousTime = current.time
        if age > Self.horizon * 1000 || gap > Self.stoppedGap * 1000 { break }
        ages[used] = -age
        values[used] = current.position
        used += 1
      }
      guard used >= Self.minimumSampleCount,
        let slope = LeastSquaresFit.linearCoefficient(
          x: UnsafeBufferPointer(rebasing: ages[0..<used]),
          y: UnsafeBufferPointer(rebasing: values[0..<used]))
      else { return 0 }
      return slope * 1000
    }
  }
}
