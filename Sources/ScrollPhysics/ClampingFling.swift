import Foundation

/// Flutter's Android-like fling, `ClampingScrollSimulation`: the distance of Android's spline
/// with a ballistic curve `x(t) = s0 + D·(1 − (1 − t/T)^R)`, `v(t) = v0·(1 − t/T)^(R − 1)`.
///
/// `T = R·INFLEXION·(|v0|/v_ref)^(1/(R − 1))` with `v_ref = friction·C/INFLEXION`,
/// `D = v0·T/R`, `R = ln(0.78)/ln(0.9)`, `C = 9.80665·39.37·160·0.84`.
/// Source: Flutter `packages/flutter/lib/src/widgets/scroll_simulation.dart`
/// (`ClampingScrollSimulation`, based on AOSP `OverScroller.java`).
public struct ClampingFling: Sendable, Equatable, Hashable {
  /// Offset at the start, points.
  public let startOffset: Double
  /// Velocity at the start, points per second.
  public let startVelocity: Double
  /// Total duration `T`, seconds.
  public let duration: Double
  /// Signed total distance `D`, points.
  public let distance: Double

  /// Lays out a fling.
  /// - Parameters:
  ///   - offset: points, finite.
  ///   - velocity: points per second, finite.
  ///   - friction: > 0 (Flutter 0.015).
  public init(offset: Double, velocity: Double, friction: Double = 0.015) {
    startOffset = offset
    startVelocity = velocity
    let r = AndroidSplineFling.decelerationExponent
    let inflexion = AndroidSplineFling.inflexion
    let reference = friction * AndroidSplineFling.physicalCoefficient / inflexion
    let androidDuration = Foundation.pow(Swift.abs(velocity) / reference, 1 / (r - 1))
    duration = velocity == 0 ? 0 : r * inflexion * androidDuration
    distance = velocity * duration / r
  }

  /// Where the fling stops, points.
  public var restOffset: Double { startOffset + distance }

  /// Offset `t` seconds after the start, points. - Complexity: O(1), no allocation.
  public func offset(at t: Double) -> Double {
    guard duration > 0 else { return startOffset }
    let u = Swift.min(Swift.max(t / duration, 0), 1)
    let r = AndroidSplineFling.decelerationExponent
    return startOffset + distance * (1 - Foundation.pow(1 - u, r))
  }

  /// Velocity `t` seconds after the start, points per second. - Complexity: O(1).
  public func velocity(at t: Double) -> Double {
    guard duration > 0 else { return 0 }
    let u = Swift.min(Swift.max(t / duration, 0), 1)
    return startVelocity * Foundation.pow(1 - u, AndroidSplineFling.decelerationExponent - 1)
  }

  /// Seconds until the offset reaches `target`, or nil when the fling never gets there:
  /// `T·(1 − (1 − (target − s0)/D)^(1/R))`.
  public func time(toReach target: Double) -> Double? {
    guard distance != 0 else { return target == startOffset ? 0 : nil }
    let fraction = (target - startOffset) / distance
    guard fraction >= 0, fraction <= 1 else { return nil }
    let r = AndroidSplineFling.decelerationExponent
    return duration * (1 - Foundation.pow(1 - fraction, 1 / r))
  }
}
