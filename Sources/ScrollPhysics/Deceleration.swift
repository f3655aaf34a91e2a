import Foundation

/// Momentum after a fling: UIScrollView's exponential deceleration, in closed form.
///
/// UIScrollView's `decelerationRate` is the factor the velocity keeps per millisecond
/// (`.normal` 0.998, `.fast` 0.99; Apple, `UIScrollView.DecelerationRate`). With
/// `k = 1000·ln(rate)` (per second, negative):
/// `v(t) = v0·rate^(1000·t) = v0·e^(k·t)`, `s(t) = s0 + v0·(e^(k·t) − 1)/k`, rest at `s0 − v0/k`.
/// Evaluated at any time directly, never integrated per frame, so every frame rate samples one
/// curve. Source: `../shared/docs/physics.md` item 3.
public struct Deceleration: Sendable, Equatable, Hashable {
  /// `UIScrollView.DecelerationRate.normal`, velocity factor per millisecond.
  public static let normalRate = 0.998
  /// `UIScrollView.DecelerationRate.fast`, velocity factor per millisecond.
  public static let fastRate = 0.99

  /// Offset when the deceleration starts, points.
  public let startOffset: Double
  /// Velocity when the deceleration starts, points per second.
  public let startVelocity: Double
  /// Velocity factor kept per millisecond, in (0, 1).
  public let rate: Double
  /// `1000·ln(rate)`, per second, negative.
  public let k: Double

  /// Creates a deceleration from a state.
  /// - Parameters:
  ///   - offset: points, finite.
  ///   - velocity: points per second, finite.
  ///   - rate: factor per millisecond in (0, 1); 0.998 (`.normal`) or 0.99 (`.fast`).
  public init(offset: Double, velocity: Double, rate: Double = Deceleration.normalRate) {
    precondition(rate > 0 && rate < 1, "deceleration rate must lie in (0, 1)")
    startOffset = offset
    startVelocity = velocity
    self.rate = rate
    k = 1000 * Foundation.log(rate)
  }

  /// Creates Flutter's `FrictionSimulation(drag, position, velocity)`: the same exponential
  /// with `k = ln(drag)`. Source: Flutter `packages/flutter/lib/src/physics/
  /// friction_simulation.dart`; `BouncingScrollSimulation` uses drag 0.135 (≈ 0.998^1000).
  /// - Parameters:
  ///   - offset: points, finite.
  ///   - velocity: points per second, finite.
  ///   - dragPerSecond: velocity factor kept per second, in (0, 1).
  public init(offset: Double, velocity: Double, dragPerSecond: Double) {
    precondition(dragPerSecond > 0 && dragPerSecond < 1, "drag must lie in (0, 1)")
    startOffset = offset
    startVelocity = velocity
    k = Foundation.log(dragPerSecond)
    rate = Foundation.exp(k / 1000)
  }

  /// Creates the exponential that starts at `offset` with `velocity` and comes to rest exactly
  /// at `rest` (`k = −v0/(rest − s0)`): how UIScrollView lands on a target chosen at release
  /// (`scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`, paging, snapping).
  /// - Returns: nil unless the velocity points toward `rest` (then `k < 0`).
  public init?(offset: Double, velocity: Double, restingAt rest: Double) {
    let distance = rest - offset
    guard distance != 0, velocity != 0, (distance > 0) == (velocity > 0) else { return nil }
    startOffset = offset
    startVelocity = velocity
    k = -velocity / distance
    rate = Foundation.exp(k / 1000)
  }

  /// Offset `t` seconds after the start, points. - Complexity: O(1).
  @inlinable public func offset(at t: Double) -> Double {
    startOffset + startVelocity * Foundation.expm1(k * t) / k
  }

  /// Velocity `t` seconds after the start, points per second. - Complexity: O(1).
  @inlinable public func velocity(at t: Double) -> Double {
    startVelocity * Foundation.exp(k * t)
  }

  /// Where the motion would come to rest after infinite time, points: `s0 − v0/k`.
  public var restOffset: Double { startOffset - startVelocity / k }

  /// Seconds until the speed falls to `stopVelocity`: `ln(stopVelocity/|v0|)/k`; 0 when the
  /// speed is already at or below it.
  /// - Parameter stopVelocity: points per second, > 0.
  public func duration(untilSpeed stopVelocity: Double) -> Double {
    let speed = Swift.abs(startVelocity)
    guard speed > stopVelocity else { return 0 }
    return Foundation.log(stopVelocity / speed) / k
  }

  /// Seconds until the offset reaches `target`, or `nil` if the motion never gets there
  /// (target behind the start or beyond the rest point).
  ///
  /// Analytic crossing `t* = ln(1 + k·(target − s0)/v0)/k` (physics.md item 4).
  /// - Parameter target: points.
  public func time(toReach target: Double) -> Double? {
    let distance = target - startOffset
    if distance == 0 { return 0 }
    guard startVelocity != 0, (distance > 0) == (startVelocity > 0) else { return nil }
    let argument = 1 + k * distance / startVelocity
    guard argument > 0 else { return nil }
    return Foundation.log(argument) / k
  }

  /// The velocity at the moment the offset passes `target`, points per second:
  /// `v0 + k·(target − s0)` (exact, without evaluating the time).
  public func velocity(atOffset target: Double) -> Double {
    startVelocity + k * (target - startOffset)
  }
}
