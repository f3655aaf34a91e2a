import Foundation

/// Motion's (Framer Motion's) `inertia` generator: an exponential decay toward a target
/// `origin + power·velocity` (optionally changed by `modifyTarget`):
/// `value(t) = target − amplitude·e^(−t/timeConstant)`, done when
/// `|amplitude|·e^(−t/timeConstant) ≤ restDelta`, when the value snaps to the target.
///
/// It is the exponential ``Deceleration`` that starts with velocity `amplitude/timeConstant` and
/// rests at the target (so it reuses that closed form). Defaults: `power` 0.8, `timeConstant`
/// 325 ms, `restDelta` 0.5; a drag's momentum (`dragTransition`) uses `timeConstant` 750 ms,
/// `restDelta` 1, `bounceStiffness` 200, `bounceDamping` 40 when elastic. Source: motion
/// `packages/motion-dom/src/animation/generators/inertia.ts` (`inertia`, `calcDelta`,
/// `applyFriction`); framer-motion `gestures/drag/VisualElementDragControls.ts`
/// (`startAnimation`).
public struct MotionInertia: Sendable, Equatable, Hashable {
  /// Motion's default `power`.
  public static let defaultPower = 0.8
  /// Motion's default `timeConstant`, seconds (325 ms).
  public static let defaultTimeConstant = 0.325
  /// A drag's momentum `timeConstant`, seconds (750 ms).
  public static let dragTimeConstant = 0.75

  /// The decay (`k = −1/timeConstant`), or nil when the amplitude is 0.
  public let decay: Deceleration?
  /// Where the value comes to rest, points.
  public let target: Double
  /// Seconds until done (`timeConstant·ln(|amplitude|/restDelta)`, ≥ 0).
  public let duration: Double

  /// Lays out the animation.
  /// - Parameters:
  ///   - origin: points, finite.
  ///   - velocity: points per second, finite.
  ///   - power: dimensionless, ≥ 0 (default 0.8).
  ///   - timeConstant: seconds, > 0 (default 0.325; drag 0.75).
  ///   - restDelta: points, > 0 (default 0.5; drag 1).
  ///   - modifyTarget: Motion's `modifyTarget`, given the ideal target, returns the target
  ///     (points).
  /// - Precondition: `timeConstant > 0` and `restDelta > 0`.
  public init(
    origin: Double, velocity: Double, power: Double = defaultPower,
    timeConstant: Double = defaultTimeConstant, restDelta: Double = 0.5,
    modifyTarget: ((Double) -> Double)? = nil
  ) {
    precondition(timeConstant > 0 && restDelta > 0, "timeConstant and restDelta must be > 0")
    let ideal = origin + power * velocity
    target = modifyTarget?(ideal) ?? ideal
    let amplitude = target - origin
    decay = Deceleration(offset: origin, velocity: amplitude / timeConstant, restingAt: target)
    duration =
      decay == nil
      ? 0 : Swift.max(0, timeConstant * Foundation.log(Swift.abs(amplitude) / restDelta))
  }

  /// Value `t` seconds after the start, points: the target from ``duration`` on (Motion's snap).
  /// - Complexity: O(1).
  public func offset(at t: Double) -> Double {
    guard let decay, t < duration else { return target }
    return decay.offset(at: Swift.max(0, t))
  }

  /// Velocity `t` seconds after the start, points per second; 0 from ``duration`` on.
  public func velocity(at t: Double) -> Double {
    guard let decay, t < duration else { return 0 }
    return decay.velocity(at: Swift.max(0, t))
  }

  /// Seconds until the value reaches `position`, or nil when it never does.
  public func time(toReach position: Double) -> Double? {
    guard let decay else { return position == target ? 0 : nil }
    if position == target { return duration }
    guard let time = decay.time(toReach: position), time <= duration else { return nil }
    return time
  }
}
