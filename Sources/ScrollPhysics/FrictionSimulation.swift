import Foundation

/// Flutter's full `FrictionSimulation`: exponential drag plus a constant deceleration, as Flutter
/// uses for `ScrollDecelerationRate.fast` (desktop) and `BouncingScrollSimulation`.
///
/// `x(t) = x0 + v0·(drag^t − 1)/ln(drag) − (c/2)·t²`, `dx(t) = v0·drag^t − c·t`, with
/// `c = constantDeceleration·sign(v0)`; from the time the velocity reaches zero (`finalTime`) the
/// position holds at `finalX`. With `c = 0` this is ``Deceleration/init(offset:velocity:dragPerSecond:)``
/// (whose closed form it reuses) and never stops. Flutter finds `finalTime` with 10 Newton steps
/// from 0; here Newton runs to convergence (the same root; the derivative `v0·drag^t·ln(drag) − c`
/// is negative for `v0 > 0`, so `dx` is convex-decreasing and Newton from 0 converges
/// monotonically). Source: Flutter `packages/flutter/lib/src/physics/friction_simulation.dart`
/// (`FrictionSimulation(drag, position, velocity, constantDeceleration:)`, `x`, `dx`, `finalX`,
/// `timeAtX`, `isDone`).
public struct FrictionSimulation: Sendable, Equatable, Hashable {
  /// The exponential part (`c = 0`).
  public let drag: Deceleration
  /// `constantDeceleration·sign(v0)`, points per second², same sign as the start velocity.
  public let signedConstantDeceleration: Double
  /// Seconds after the start at which the velocity reaches zero (`.infinity` when `c = 0`).
  public let finalTime: Double

  /// Creates the simulation.
  /// - Parameters:
  ///   - drag: velocity factor kept per second, in (0, 1) (Flutter scrolling: 0.135).
  ///   - position: points, finite.
  ///   - velocity: points per second, finite.
  ///   - constantDeceleration: points per second², ≥ 0 (Flutter `.fast`: 1400; `.normal`: 0).
  /// - Precondition: `drag` in (0, 1) and `constantDeceleration ≥ 0`.
  public init(drag: Double, position: Double, velocity: Double, constantDeceleration: Double = 0) {
    precondition(constantDeceleration >= 0, "constant deceleration must be ≥ 0")
    self.drag = Deceleration(offset: position, velocity: velocity, dragPerSecond: drag)
    let c = velocity == 0 ? 0 : (velocity < 0 ? -constantDeceleration : constantDeceleration)
    signedConstantDeceleration = c
    guard c != 0 else {
      finalTime = velocity == 0 ? 0 : .infinity
      return
    }
    let k = self.drag.k
    var t = 0.0
    for _ in 0..<100 {
      let f = velocity * Foundation.exp(k * t) - c * t
      let df = velocity * Foundation.exp(k * t) * k - c
      let next = t - f / df
      if !(next.isFinite) || Swift.abs(next - t) <= 1e-15 * Swift.max(1, next) {
        t = next.isFinite ? next : t
        break
      }
      t = next
    }
    finalTime = t
  }

  /// Position `t` seconds after the start, points: `finalX` from ``finalTime`` on.
  /// - Complexity: O(1).
  public func x(_ t: Double) -> Double {
    let time = Swift.min(t, finalTime)
    return drag.offset(at: time) - signedConstantDeceleration / 2 * time * time
  }

  /// Velocity `t` seconds after the start, points per second: 0 after ``finalTime``.
  /// - Complexity: O(1).
  public func dx(_ t: Double) -> Double {
    t > finalTime ? 0 : drag.velocity(at: t) - signedConstantDeceleration * t
  }

  /// Where the motion rests, points (`x(∞)`; Flutter `finalX`).
  public var finalX: Double {
    signedConstantDeceleration == 0 ? drag.restOffset : x(finalTime)
  }

  /// Seconds until the position equals `position`, or `.infinity` when the motion never gets
  /// there (Flutter `timeAtX`, here solved to convergence: `x` is monotone up to ``finalTime``).
  /// - Parameter position: points.
  public func timeAtX(_ position: Double) -> Double {
    let x0 = drag.startOffset
    let v0 = drag.startVelocity
    if position == x0 { return 0 }
    let end = finalX
    if v0 == 0 || (v0 > 0 ? (position < x0 || position > end) : (position > x0 || position < end)) {
      return .infinity
    }
    if signedConstantDeceleration == 0 { return drag.time(toReach: position) ?? .infinity }
    var low = 0.0
    var high = finalTime
    for _ in 0..<200 {
      let mid = 0.5 * (low + high)
      if mid <= low || mid >= high { break }
      if (x(mid) - position) * v0 < 0 { low = mid } else { high = mid }
    }
    return 0.5 * (low + high)
  }

  /// Offset `t` seconds after the start, points (``x(_:)``, the start offset for `t < 0`).
  public func offset(at t: Double) -> Double { x(Swift.max(0, t)) }

  /// Velocity `t` seconds after the start, points per second (``dx(_:)``).
  public func velocity(at t: Double) -> Double { dx(Swift.max(0, t)) }

  /// Seconds until the speed falls to `stopVelocity` (points per second, > 0): `|dx|` falls
  /// monotonically to 0 at ``finalTime``, so the instant is bisected there (Flutter's `isDone`
  /// with `tolerance.velocity`); with no constant deceleration, ``Deceleration``'s closed form.
  public func duration(untilSpeed stopVelocity: Double) -> Double {
    if signedConstantDeceleration == 0 { return drag.duration(untilSpeed: stopVelocity) }
    if Swift.abs(drag.startVelocity) <= stopVelocity { return 0 }
    var low = 0.0
    var high = finalTime
    for _ in 0..<200 {
      let mid = 0.5 * (low + high)
      if mid <= low || mid >= high { break }
      if Swift.abs(dx(mid)) > stopVelocity { low = mid } else { high = mid }
    }
    return high
  }

  /// Seconds until the offset reaches `target`, or nil when it never does (``timeAtX(_:)``).
  public func time(toReach target: Double) -> Double? {
    let t = timeAtX(target)
    return t.isFinite ? t : nil
  }

  /// Flutter's `isDone(time)`: `|dx(time)| < velocityTolerance`, evaluated at that instant.
  /// - Parameters:
  ///   - t: seconds since the start, ≥ 0.
  ///   - velocityTolerance: points per second, > 0 (Flutter default 1e-3).
  public func isDone(at t: Double, velocityTolerance: Double) -> Bool {
    Swift.abs(dx(t)) < velocityTolerance
  }
}
