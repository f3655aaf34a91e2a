import Foundation

/// Chromium's touchscreen fling (`ui::FlingCurve`): a fixed exponential-sum curve
/// `P(t) = α·e^(−γ·t) − β·t − α`, `V(t) = −α·γ·e^(−γ·t) − β`, entered at the time its velocity
/// equals the release speed and left when `V` reaches 0.
///
/// Constants (single-precision in Chromium, rounded the same way here): `α = −5707.62`,
/// `β = 172`, `γ = 3.7` (per second). A release faster than `V(0) ≈ 20946` scales the whole curve
/// by `|v0|/V(0)` (Chromium's `displacement_ratio_`). Units are Chromium's DIPs, taken as points.
/// Source: Chromium `ui/events/gestures/fling_curve.cc` (`kDefaultAlpha`, `kDefaultBeta`,
/// `kDefaultGamma`, `GetPositionAtTime`, `GetVelocityAtTime`, `GetTimeAtVelocity`,
/// `FlingCurve::FlingCurve`, `ComputeScrollOffset`).
public struct ChromiumFlingCurve: Sendable, Equatable, Hashable {
  /// `kDefaultAlpha`, points (as a `float`).
  public static let alpha = Double(Float(-5.70762e+03))
  /// `kDefaultBeta`, points per second (as a `float`).
  public static let beta = Double(Float(1.72e+02))
  /// `kDefaultGamma`, per second (as a `float`).
  public static let gamma = Double(Float(3.7e+00))

  /// Offset at the start, points.
  public let startOffset: Double
  /// Velocity at the start, points per second.
  public let startVelocity: Double
  /// `time_offset_`: where on the curve the fling starts, seconds.
  public let timeOffset: Double
  /// Signed scale of the curve (`displacement_ratio_`): `v0/min(|v0|, V(0))`.
  public let ratio: Double
  /// Seconds from the start until the velocity reaches 0, ≥ 0.
  public let duration: Double

  /// Lays out a fling.
  /// - Parameters:
  ///   - offset: points, finite.
  ///   - velocity: points per second, finite (0 gives a fling that does not move).
  public init(offset: Double, velocity: Double) {
    self.init(offset: offset, velocity: velocity, largerComponent: Swift.abs(velocity))
  }

  /// Lays out one axis of a two-dimensional fling, as Chromium's `FlingCurve` does for a
  /// `Vector2dF` velocity: one scalar curve entered at the larger component's speed
  /// (`max_start_velocity = max(|vx|, |vy|)`, capped at `V(0)`), each axis scaled by its own
  /// component over that speed (`displacement_ratio_`). Both axes therefore share ``duration``
  /// and the fling is a straight line: the offset of each axis is its component times the same
  /// function of time. With `largerComponent == |velocity|` this is ``init(offset:velocity:)``.
  /// - Parameters:
  ///   - offset: points, finite.
  ///   - velocity: this axis's component, points per second, finite.
  ///   - largerComponent: the larger of the two components' magnitudes, points per second
  ///     (a value below `|velocity|` is taken as `|velocity|`).
  /// Source: Chromium `ui/events/gestures/fling_curve.cc` (`FlingCurve::FlingCurve`,
  /// `ComputeScrollOffset`: `ScaleVector2d(displacement_ratio_, scalar_offset)`).
  public init(offset: Double, velocity: Double, largerComponent: Double) {
    startOffset = offset
    startVelocity = velocity
    let curveEnd = Self.time(atVelocity: 0)
    let larger = Swift.max(Swift.abs(velocity), largerComponent)
    let speed = Swift.min(larger, Self.curveVelocity(at: 0))
    guard speed > 0 else {
      timeOffset = curveEnd
      ratio = 0
      duration = 0
      return
    }
    ratio = velocity / speed
    timeOffset = Self.time(atVelocity: speed)
    duration = Swift.max(0, curveEnd - timeOffset)
  }

  /// `GetPositionAtTime(t)`, points.
  public static func curvePosition(at t: Double) -> Double {
    alpha * Foundation.exp(-gamma * t) - beta * t - alpha
  }

  /// `GetVelocityAtTime(t)`, points per second.
  public static func curveVelocity(at t: Double) -> Double {
    -alpha * gamma * Foundation.exp(-gamma * t) - beta
  }

  /// `GetTimeAtVelocity(v)`, seconds.
  public static func time(atVelocity v: Double) -> Double {
    -Foundation.log((v + beta) / (-alpha * gamma)) / gamma
  }

  /// Where the fling stops, points.
  public var restOffset: Double { offset(at: duration) }

  /// Offset `t` seconds after the start, points. - Complexity: O(1).
  public func offset(at t: Double) -> Double {
    let local = Swift.min(Swift.max(t, 0), duration)
    let p0 = Self.curvePosition(at: timeOffset)
    return startOffset + ratio * (Self.curvePosition(at: timeOffset + local) - p0)
  }

  /// Velocity `t` seconds after the start, points per second; 0 from ``duration`` on.
  /// - Complexity: O(1).
  public func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    return ratio * Self.curveVelocity(at: timeOffset + Swift.max(t, 0))
  }

  /// Seconds until the offset reaches `target`, or nil when the fling never gets there.
  /// The offset is monotone, so the time is found by bisection. - Complexity: O(100).
  public func time(toReach target: Double) -> Double? {
    if target == startOffset { return 0 }
    let end = restOffset
    guard ratio != 0, (target - startOffset) * (end - target) >= 0 else { return nil }
    return MonotoneSolve.time(in: 0...duration, reaching: target, increasing: ratio > 0) {
      offset(at: $0)
    }
  }
}

/// Bisection for the time a monotone offset curve reaches a value.
enum MonotoneSolve {
  /// The time in `range` at which `f` (monotone: increasing or decreasing) reaches `target`.
  static func time(
    in range: ClosedRange<Double>, reaching target: Double, increasing: Bool,
    _ f: (Double) -> Double
  ) -> Double {
    var low = range.lowerBound
    var high = range.upperBound
    for _ in 0..<200 {
      let mid = 0.5 * (low + high)
      if mid <= low || mid >= high { break }
      if (f(mid) < target) == increasing { low = mid } else { high = mid }
    }
    return high
  }
}
