import Foundation

/// Android's fling: `OverScroller`'s `SplineOverScroller`, a tabulated spline whose distance and
/// duration depend on the release velocity, evaluated in closed form at any time.
///
/// `l = ln(INFLEXION·|v0| / (friction·C))`, duration `e^(l/(D − 1))` seconds, distance
/// `friction·C·e^(D/(D − 1)·l)` with `D = ln(0.78)/ln(0.9)`, `INFLEXION = 0.35` and the physical
/// coefficient `C = 9.80665·39.37·ppi·0.84`. Position along the fling is the 101-point
/// `SPLINE_POSITION` table (start tension 0.5, end tension 1), interpolated linearly, as
/// `SplineOverScroller.update()` does. Android works in pixels with `ppi = density·160`; in
/// points (dp) the density cancels, so `C` uses 160. Unlike Android, velocities and durations are
/// not truncated to whole pixels per second and milliseconds, and the first table entry is the
/// spline's exact 0 (Android's bisection stores 2.3e-5), so the fling starts exactly at its
/// start offset.
///
/// Not restartable: the remaining path depends on the start velocity, not only on the current
/// one (Android never restarts it; `OverScroller` keeps its state across layouts). The built-in
/// ``PhysicsProfile/android`` profile uses the restartable ``ClampingFling`` with the same
/// distance law; choose ``PhysicsProfile/FlingModel/androidSpline`` for this table's path.
/// Source: AOSP `frameworks/base/core/java/android/widget/OverScroller.java`.
public struct AndroidSplineFling: Sendable, Equatable, Hashable {
  /// `DECELERATION_RATE = ln(0.78)/ln(0.9)`, dimensionless.
  public static let decelerationExponent = Foundation.log(0.78) / Foundation.log(0.9)
  /// `INFLEXION`, the spline's inflexion time fraction.
  public static let inflexion = 0.35
  /// `mPhysicalCoeff` per point: `9.80665 · 39.37 · 160 · 0.84`, points per second².
  public static let physicalCoefficient = 9.80665 * 39.37 * 160 * 0.84
  /// `ViewConfiguration.getScrollFriction()`, dimensionless.
  public static let defaultFriction = 0.015
  /// `SPLINE_POSITION`: fraction of the distance covered at each hundredth of the duration.
  public static let splinePosition: [Double] = {
    let startTension = 0.5
    let p1 = startTension * inflexion
    let p2 = 1 - 1 * (1 - inflexion)
    var table = [Double](repeating: 1, count: 101)
    var xMin = 0.0
    for i in 0..<100 {
      let alpha = Double(i) / 100
      var xMax = 1.0
      var x = 0.0
      var coefficient = 0.0
      while true {
        x = xMin + (xMax - xMin) / 2
        coefficient = 3 * x * (1 - x)
        let tx = coefficient * ((1 - x) * p1 + x * p2) + x * x * x
        if Swift.abs(tx - alpha) < 1e-5 { break }
        if tx > alpha { xMax = x } else { xMin = x }
      }
      table[i] = coefficient * ((1 - x) * startTension + x) + x * x * x
    }
    // OverScroller's bisection stops within 1e-5 of alpha = 0 and stores 2.3e-5, so a fling
    // would start that fraction of its distance away from its start; the spline's exact value
    // at 0 is 0 (x = 0), so position(0) == start.
    table[0] = 0
    return table
  }()

  /// Offset at the start, points.
  public let startOffset: Double
  /// Velocity at the start, points per second.
  public let startVelocity: Double
  /// Total duration, seconds, ≥ 0.
  public let duration: Double
  /// Signed total distance, points.
  public let distance: Double

  /// Lays out a fling.
  /// - Parameters:
  ///   - offset: points, finite.
  ///   - velocity: points per second, finite.
  ///   - friction: `mFlingFriction`, > 0 (Android 0.015).
  public init(offset: Double, velocity: Double, friction: Double = defaultFriction) {
    startOffset = offset
    startVelocity = velocity
    let d = Self.decelerationExponent
    let scale = friction * Self.physicalCoefficient
    guard velocity != 0 else {
      duration = 0
      distance = 0
      return
    }
    let l = Foundation.log(Self.inflexion * Swift.abs(velocity) / scale)
    duration = Foundation.exp(l / (d - 1))
    let magnitude = scale * Foundation.exp(d / (d - 1) * l)
    distance = velocity < 0 ? -magnitude : magnitude
  }

  /// Where the fling stops, points.
  public var restOffset: Double { startOffset + distance }

  /// Offset `t` seconds after the start, points. - Complexity: O(1), no allocation.
  public func offset(at t: Double) -> Double {
    guard duration > 0, t < duration else { return restOffset }
    let u = Swift.max(0, t) / duration
    let index = Swift.min(99, Int(100 * u))
    let low = Self.splinePosition[index]
    let high = Self.splinePosition[index + 1]
    return startOffset + distance * (low + (u - Double(index) / 100) * (high - low) * 100)
  }

  /// Velocity `t` seconds after the start, points per second: constant within each hundredth
  /// of the duration, as Android's `mCurrVelocity`. - Complexity: O(1), no allocation.
  public func velocity(at t: Double) -> Double {
    guard duration > 0, t < duration else { return 0 }
    let index = Swift.min(99, Int(100 * Swift.max(0, t) / duration))
    let slope = (Self.splinePosition[index + 1] - Self.splinePosition[index]) * 100
    return slope * distance / duration
  }

  /// Seconds until the offset reaches `target`, or nil when the fling never gets there.
  /// - Complexity: O(100).
  public func time(toReach target: Double) -> Double? {
    guard distance != 0 else { return target == startOffset ? 0 : nil }
    let fraction = (target - startOffset) / distance
    guard fraction >= 0, fraction <= 1 else { return nil }
    for index in 0..<100 {
      let low = Self.splinePosition[index]
      let high = Self.splinePosition[index + 1]
      if fraction <= high, high > low {
        let u = (Double(index) + Swift.max(0, fraction - low) / (high - low)) / 100
        return u * duration
      }
    }
    return duration
  }
}
