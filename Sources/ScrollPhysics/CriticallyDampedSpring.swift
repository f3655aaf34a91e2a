import Foundation

/// The critically damped spring that returns overscrolled content to its edge, in closed form.
///
/// Displacement from the edge `x(t) = (x0 + B·t)·e^(−ω·t)` with `B = v0 + ω·x0`, velocity
/// `v(t) = (v0 − ω·B·t)·e^(−ω·t)`, `ω = √(stiffness/mass)`. Mass 1 and stiffness 100
/// (ω = 10 rad/s) on iOS. Source: `../shared/docs/physics.md` item 5; the closed form is the
/// textbook solution of `x'' + 2ω·x' + ω²·x = 0`.
public struct CriticallyDampedSpring: Sendable, Equatable, Hashable {
  /// Displacement from the rest point at the start, points.
  public let startDisplacement: Double
  /// Velocity at the start, points per second.
  public let startVelocity: Double
  /// Natural angular frequency, radians per second, > 0.
  public let omega: Double

  /// Creates a spring from its initial state.
  /// - Parameters:
  ///   - displacement: points from the rest point (the edge), finite.
  ///   - velocity: points per second, finite.
  ///   - stiffness: newtons per metre in the unit system of points (iOS: 100), > 0.
  ///   - mass: (iOS: 1), > 0.
  public init(displacement: Double, velocity: Double, stiffness: Double = 100, mass: Double = 1) {
    precondition(stiffness > 0 && mass > 0, "spring stiffness and mass must be positive")
    startDisplacement = displacement
    startVelocity = velocity
    omega = (stiffness / mass).squareRoot()
  }

  /// `B = v0 + ω·x0`, points per second.
  @inlinable var b: Double { startVelocity + omega * startDisplacement }

  /// Displacement `t` seconds after the start, points. - Complexity: O(1).
  @inlinable public func displacement(at t: Double) -> Double {
    (startDisplacement + b * t) * Foundation.exp(-omega * t)
  }

  /// Velocity `t` seconds after the start, points per second. - Complexity: O(1).
  @inlinable public func velocity(at t: Double) -> Double {
    (startVelocity - omega * b * t) * Foundation.exp(-omega * t)
  }

  /// The time the displacement passes through zero, seconds, or `nil` if it never does for
  /// `t > 0` (a critically damped spring crosses at most once, at `t = −x0/B`).
  public var zeroCrossingTime: Double? {
    let b = self.b
    guard b != 0, startDisplacement != 0 else { return nil }
    let t = -startDisplacement / b
    return t > 0 ? t : nil
  }

  /// The first time from which both |displacement| ≤ `positionTolerance` and
  /// |velocity| ≤ `velocityTolerance` hold for good, seconds, ≥ 0.
  ///
  /// After `t_m = max(0, t_a)` (`t_a = 1/ω + v0/(ω·B)`, the last extremum of the velocity)
  /// both magnitudes fall monotonically, so each threshold is found by bisection there.
  /// - Parameters:
  ///   - positionTolerance: points, > 0 (iOS: 0.5/screenScale).
  ///   - velocityTolerance: points per second, > 0 (iOS: 20/screenScale).
  public func settleTime(positionTolerance: Double, velocityTolerance: Double) -> Double {
    if Swift.abs(startDisplacement) <= positionTolerance,
      Swift.abs(startVelocity) <= velocityTolerance, Swift.abs(b) <= velocityTolerance
    {
      return 0
    }
    let b = self.b
    var monotoneFrom = 0.0
    if b != 0 {
      monotoneFrom = Swift.max(0, 1 / omega + startVelocity / (omega * b))
    }
    let tx = firstTime(from: monotoneFrom, below: positionTolerance) { displacement(at: $0) }
    let tv = firstTime(from: monotoneFrom, below: velocityTolerance) { velocity(at: $0) }
    return Swift.max(tx, tv)
  }

  /// First `t ≥ start` with |f(t)| ≤ tolerance, for |f| decreasing on `[start, ∞)`.
  private func firstTime(
    from start: Double, below tolerance: Double, _ f: (Double) -> Double
  ) -> Double {
    if Swift.abs(f(start)) <= tolerance { return start }
    var low = start
    var step = 1 / omega
    var high = start + step
    while Swift.abs(f(high)) > tolerance {
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
