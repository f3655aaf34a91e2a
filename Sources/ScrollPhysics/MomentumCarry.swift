import Foundation

/// iOS's speed build-up on repeated flings, as Flutter models it.
///
/// Catching a fling and flinging again in the same direction adds
/// `sign(v)·min(0.000816·|v|^1.967, 40000)` (v: the velocity when caught) to the new release
/// velocity; the carry is lost when the finger stays still for more than 20 ms or the new fling
/// goes the other way. Source: Flutter `BouncingScrollPhysics.carriedMomentum` (scroll_physics.dart)
/// and `ScrollDragController` (`momentumRetainStationaryDurationThreshold`, 20 ms;
/// scroll_activity.dart), physics.md item 6.
public enum MomentumCarry {
  /// Stillness after which the carried momentum is lost, seconds (20 ms).
  public static let stationaryLimit = 0.020

  /// The velocity carried from a fling caught at `velocity`, points per second, with its sign;
  /// magnitude ≤ 40000.
  public static func carriedVelocity(from velocity: Double) -> Double {
    guard velocity.isFinite, velocity != 0 else { return 0 }
    let magnitude = Swift.min(0.000816 * Foundation.pow(Swift.abs(velocity), 1.967), 40000)
    return velocity < 0 ? -magnitude : magnitude
  }
}
