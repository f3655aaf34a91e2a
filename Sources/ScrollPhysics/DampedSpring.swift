import Foundation

/// A damped spring toward a rest point, in closed form: the bounce back from an overscroll, the
/// snap to a paging or item target, the programmatic scroll animation and Android's stretch.
///
/// Solves `m·x'' + c·x' + k·x = 0` with `c = ζ·2·√(m·k)` exactly as Flutter's `SpringSimulation`
/// does (`_CriticalSolution`, `_OverdampedSolution`, `_UnderdampedSolution`), so that values agree
/// with Flutter's to rounding. Source: Flutter `packages/flutter/lib/src/physics/
/// spring_simulation.dart`; iOS uses mass 1, stiffness 100, ζ = 1 (physics.md item 5).
public struct DampedSpring: Sendable, Equatable, Hashable {
  /// Which closed form applies.
  public enum Kind: Sendable, Equatable, Hashable {
    /// ζ = 1: `x = (c1 + c2·t)·e^(r·t)`.
    case critical
    /// ζ > 1: `x = c1·e^(r1·t) + c2·e^(r2·t)`.
    case overdamped
    /// ζ < 1: `x = e^(r·t)·(c1·cos(w·t) + c2·sin(w·t))`.
    case underdamped
  }

  /// The closed form in use.
  public let kind: Kind
  /// Displacement from the rest point at the start, points.
  public let startDisplacement: Double
  /// Velocity at the start, points per second.
  public let startVelocity: Double
  /// Undamped angular frequency `√(k/m)`, radians per second.
  public let omega: Double
  /// First decay rate (critical, underdamped: `r`; overdamped: `r1`), per second, < 0.
  @usableFromInline let r1: Double
  /// Second rate (overdamped: `r2`; underdamped: damped frequency `w`), per second.
  @usableFromInline let r2: Double
  /// First coefficient of the closed form, points.
  @usableFromInline let c1: Double
  /// Second coefficient of the closed form, points or points per second.
  @usableFromInline let c2: Double

  /// Creates a spring from its initial state.
  /// - Parameters:
  ///   - displacement: points from the rest point, finite.
  ///   - velocity: points per second, finite.
  ///   - stiffness: `k`, mass units per second², > 0 (iOS 100, Flutter 100).
  ///   - mass: `m`, > 0 (iOS 1, Flutter 0.5).
  ///   - dampingRatio: ζ, > 0 (iOS 1, Flutter 1.1, Android stretch 0.98).
  /// - Precondition: stiffness, mass and damping ratio are positive (profiles are validated).
  public init(
    displacement: Double, velocity: Double, stiffness: Double = 100, mass: Double = 1,
    dampingRatio: Double = 1
  ) {
    precondition(stiffness > 0 && mass > 0 && dampingRatio > 0, "spring constants must be > 0")
    startDisplacement = displacement
    startVelocity = velocity
    omega = (stiffness / mass).squareRoot()
    let damping = dampingRatio * 2 * (mass * stiffness).squareRoot()
    var discriminant = damping * damping - 4 * mass * stiffness
    // ζ = 1 can round to a discriminant of ±1 ulp (e.g. stiffness 3): treat a relative
    // discriminant below 1e-9 as critical, or a "barely underdamped" spring with a near-zero
    // frequency and huge coefficients would never be found to settle (found by Fuzz/FuzzProfile).
    if Swift.abs(discriminant) <= 1e-9 * 4 * mass * stiffness { discriminant = 0 }
    if discriminant > 0 {
      kind = .overdamped
      r1 = (-damping - discriminant.squareRoot()) / (2 * mass)
      r2 = (-damping + discriminant.squareRoot()) / (2 * mass)
      c2 = (velocity - r1 * displacement) / (r2 - r1)
      c1 = displacement - c2
    } else if discriminant < 0 {
      kind = .underdamped
      r2 = (4 * mass * stiffness - damping * damping).squareRoot() / (2 * mass)
      r1 = -(damping / 2 / mass)
      c1 = displacement
      c2 = (velocity - r1 * displacement) / r2
    } else {
      kind = .critical
      r1 = -damping / (2 * mass)
      r2 = 0
      c1 = displacement
      c2 = velocity - r1 * displacement
    }
  }

  /// Displacement `t` seconds after the start, points. - Complexity: O(1), no allocation.
  @inlinable @inline(__always) public func displacement(at t: Double) -> Double {
    switch kind {
    case .critical: (c1 + c2 * t) * Foundation.exp(r1 * t)
    case .overdamped: c1 * Foundation.exp(r1 * t) + c2 * Foundation.exp(r2 * t)
    case .underdamped:
      Foundation.exp(r1 * t) * (c1 * Foundation.cos(r2 * t) + c2 * Foundation.sin(r2 * t))
    }
  }

  /// Velocity `t` seconds after the start, points per second. - Complexity: O(1).
  @inlinable @inline(__always) public func velocity(at t: Double) -> Double {
    switch kind {
    case .critical:
      let power = Foundation.exp(r1 * t)
      return r1 * (c1 + c2 * t) * power + c2 * power
    case .overdamped:
      return c1 * r1 * Foundation.exp(r1 * t) + c2 * r2 * Foundation.exp(r2 * t)
    case .underdamped:
      let power = Foundation.exp(r1 * t)
      let cosine = Foundation.cos(r2 * t)
      let sine = Foundation.sin(r2 * t)
      return power * (c2 * r2 * cosine - c1 * r2 * sine) + r1 * power * (c2 * sine + c1 * cosine)
    }
  }

  /// The first time `t > 0` at which the displacement is zero, seconds, or `nil` if it never
  /// crosses (critical and overdamped springs cross at most once).
  public var zeroCrossingTime: Double? {
    var t: Double
    switch kind {
    case .critical:
      guard c2 != 0 else { return nil }
      t = -c1 / c2
    case .overdamped:
      guard c1 != 0, c2 != 0, -c2 / c1 > 0 else { return nil }
      t = Foundation.log(-c2 / c1) / (r1 - r2)
    case .underdamped:
      guard c1 != 0 || c2 != 0 else { return nil }
      // c1·cos θ + c2·sin θ = R·cos(θ − δ) with δ = atan2(c2, c1): zero at δ + π/2 + nπ.
      var theta = Foundation.atan2(c2, c1) + Double.pi / 2
      theta -= (theta / Double.pi).rounded(.down) * Double.pi
      if theta <= 0 { theta += Double.pi }
      t = theta / r2
    }
    return t > 0 && t.isFinite ? t : nil
  }

  /// The first time from which both |displacement| ≤ `positionTolerance` and
  /// |velocity| ≤ `velocityTolerance` hold for good, seconds, ≥ 0.
  ///
  /// Critical and overdamped: after the last extremum of displacement and velocity (a sum of two
  /// exponentials has at most one) both magnitudes fall monotonically, so each threshold is found
  /// by bisection there. Underdamped: the envelope `R·e^(r·t)` bounds both, so the time is an
  /// upper bound.
  /// - Parameters:
  ///   - positionTolerance: points, > 0 (iOS 0.5/screenScale).
  ///   - velocityTolerance: points per second, > 0 (iOS 20/screenScale).
  public func settleTime(positionTolerance: Double, velocityTolerance: Double) -> Double {
    if kind == .underdamped {
      let amplitude = (c1 * c1 + c2 * c2).squareRoot()
      let tx = Foundation.log(amplitude / positionTolerance) / -r1
      let tv = Foundation.log(amplitude * (Swift.abs(r1) + r2) / velocityTolerance) / -r1
      return Swift.max(0, tx, tv)
    }
    let extrema = extremumTimes()
    var monotoneFrom = 0.0
    if extrema.0.isFinite { monotoneFrom = Swift.max(monotoneFrom, extrema.0) }
    if extrema.1.isFinite { monotoneFrom = Swift.max(monotoneFrom, extrema.1) }
    let tx = firstTime(from: monotoneFrom, below: positionTolerance) { displacement(at: $0) }
    let tv = firstTime(from: monotoneFrom, below: velocityTolerance) { velocity(at: $0) }
    return Swift.max(tx, tv)
  }

  /// The first time `t ≥ 0` at which |displacement| ≤ `tolerance` (points, > 0), seconds:
  /// before a zero crossing the displacement of a critically damped or overdamped spring falls
  /// monotonically to it, so that part is bisected; without a crossing, the displacement falls
  /// monotonically after its one extremum. Underdamped springs: the first time within the
  /// tolerance at or before their first crossing. Chromium's elastic release ends there
  /// (`ElasticOverscrollController::Animate`, stretch below 1 px).
  package func firstTime(within tolerance: Double) -> Double {
    if Swift.abs(startDisplacement) <= tolerance { return 0 }
    if let crossing = zeroCrossingTime {
      var low = 0.0
      var high = crossing
      for _ in 0..<200 {
        let mid = 0.5 * (low + high)
        if mid <= low || mid >= high { break }
        if Swift.abs(displacement(at: mid)) > tolerance { low = mid } else { high = mid }
      }
      return high
    }
    let extremum = extremumTimes().0
    return firstTime(from: extremum.isFinite ? Swift.max(0, extremum) : 0, below: tolerance) {
      displacement(at: $0)
    }
  }

  /// Times of the extrema of displacement and velocity (critical and overdamped).
  private func extremumTimes() -> (Double, Double) {
    switch kind {
    case .critical:
      guard c2 != 0 else { return (0, 0) }
      return (-(c2 + r1 * c1) / (r1 * c2), -(2 * c2 + r1 * c1) / (r1 * c2))
    case .overdamped:
      func root(_ p: Double) -> Double {
        let ratio = -(c2 * Foundation.pow(r2, p)) / (c1 * Foundation.pow(r1, p))
        return ratio > 0 ? Foundation.log(ratio) / (r1 - r2) : 0
      }
      return (root(1), root(2))
    case .underdamped:
      return (0, 0)
    }
  }

  /// First `t ≥ start` with |f(t)| ≤ tolerance, for |f| decreasing on `[start, ∞)`.
  private func firstTime(
    from start: Double, below tolerance: Double, _ f: (Double) -> Double
  ) -> Double {
    if Swift.abs(f(start)) <= tolerance { return start }
    var low = start
    var step = 1 / omega
    var high = start + step
    while Swift.abs(f(high)) > tolerance && step < 1e6 {
      low = high
      step *= 2
      high = start + step
    }
    for _ in 0..<100 {
      let mid = 0.5 * (low + high)
      if mid <= low || mid >= high { break }
      if Swift.abs(f(mid)) > tolerance { low = mid } else { high = mid }
    }
    return high
  }
}
