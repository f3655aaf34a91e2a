import Foundation

extension Deceleration {
  /// The release velocity that makes a fling from rest-relative distance 0 come to rest exactly
  /// `distance` points away: `v0 = −k·distance`, points per second (the inverse of
  /// ``restOffset``, `rest = s0 − v0/k`).
  ///
  /// What `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` needs to make a chosen
  /// `targetContentOffset` reachable by UIScrollView's own deceleration. Source: the closed form
  /// `v(t) = v0·rate^(1000·t)` (physics.md item 3; `UIScrollView.DecelerationRate`).
  /// - Parameters:
  ///   - distance: signed points from the start to the rest point, finite.
  ///   - rate: velocity factor kept per millisecond, in (0, 1) (`.normal` 0.998).
  /// - Returns: signed velocity, points per second (same sign as `distance`).
  /// - Precondition: `rate` in (0, 1).
  public static func velocity(toTravel distance: Double, rate: Double = normalRate) -> Double {
    precondition(rate > 0 && rate < 1, "deceleration rate must lie in (0, 1)")
    return -1000 * Foundation.log(rate) * distance
  }

  /// The same deceleration with its rest point moved to the nearest pixel, the start velocity
  /// re-derived so that the fling ends there exactly (`v0' = −k·(rest' − s0)`), and the same rate.
  ///
  /// UIScrollView rests on whole pixels; a target rounded after the fact would jump at the end,
  /// so the velocity is adjusted instead (by at most `|k|/(2·screenScale)` points per second).
  /// - Parameter screenScale: pixels per point, finite, > 0 (3 on current iPhones).
  /// - Returns: the adjusted deceleration (at rest at `startOffset` when the rounded rest point
  ///   is the start itself).
  /// - Precondition: `screenScale` > 0 and finite.
  public func pixelAligned(screenScale: Double) -> Deceleration {
    precondition(screenScale > 0 && screenScale.isFinite, "screen scale must be > 0")
    let rest = (restOffset * screenScale).rounded() / screenScale
    return Deceleration(offset: startOffset, velocity: -k * (rest - startOffset), restingAt: rest)
      ?? Deceleration(offset: startOffset, velocity: 0, rate: rate)
  }

  /// Seconds until the remaining distance to the rest point falls to `distance`:
  /// `|v(t)|/|k| = distance` ⇒ `t = ln(distance·|k|/|v0|)/k`; 0 when already within it.
  ///
  /// Source: the closed form `s(t) = s0 + v0·(e^(k·t) − 1)/k`, so `rest − s(t) = v(t)/(−k)`
  /// (physics.md item 3).
  /// - Parameter distance: points, > 0 (UIKit stops within 0.5/screenScale).
  public func duration(untilWithin distance: Double) -> Double {
    precondition(distance > 0, "distance must be > 0")
    let remaining = Swift.abs(startVelocity / k)
    guard remaining > distance else { return 0 }
    return Foundation.log(distance / remaining) / k
  }
}
