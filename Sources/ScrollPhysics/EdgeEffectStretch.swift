import Foundation

/// Android 12+'s stretch overscroll (`EdgeEffect`, `TYPE_STRETCH`): the recede and absorb
/// animation of the stretch distance, and the intensity the renderer draws for a distance.
///
/// The distance is EdgeEffect's `mDistance` (times the view height): `onPullDistance` adds each
/// pull linearly (`deltaY/height`, capped at 1), `onRelease` starts a spring from the distance
/// with velocity 0 and `onAbsorb(v)` from the current distance with velocity
/// `v·ON_ABSORB_VELOCITY_ADJUSTMENT` (13). `updateSpring()` runs an underdamped spring
/// (`NATURAL_FREQUENCY` 24.657 rad/s, `DAMPING_RATIO` 0.98), caps the distance at one height (then
/// velocity 0), stops at equilibrium (`isAtEquilibrium`: the displacement goes below 0, or
/// |v| < `VELOCITY_THRESHOLD` 0.01 px/s and x < `VALUE_THRESHOLD` 0.001 px), and once the motion is
/// close and slow — |v| ≤ `LINEAR_VELOCITY_TAKE_OVER` 200 px/s, |x| < `LINEAR_DISTANCE_TAKE_OVER`
/// 8 px, moving toward 0 — moves linearly at 200 px/s until it arrives. Android checks the
/// take-over at each frame; here it happens at the first instant the conditions hold, so every
/// frame rate samples one curve. The rendered stretch is `dampStretchVector(distance)`.
/// Source: AOSP `frameworks/base/core/java/android/widget/EdgeEffect.java` (`onPullDistance`,
/// `onRelease`, `onAbsorb`, `updateSpring`, `isAtEquilibrium`, `dampStretchVector`, constants).
public struct EdgeEffectRecede: Sendable, Equatable, Hashable {
  /// `NATURAL_FREQUENCY`, radians per second.
  public static let naturalFrequency = 24.657
  /// `DAMPING_RATIO`.
  public static let dampingRatio = 0.98
  /// `ON_ABSORB_VELOCITY_ADJUSTMENT`.
  public static let absorbVelocityAdjustment = 13.0
  /// `LINEAR_VELOCITY_TAKE_OVER`, pixels per second.
  public static let linearVelocityTakeOver = 200.0
  /// `LINEAR_DISTANCE_TAKE_OVER`, pixels.
  public static let linearDistanceTakeOver = 8.0
  /// `LINEAR_STRETCH_INTENSITY`.
  public static let linearStretchIntensity = Double(Float(0.016))
  /// `EXP_STRETCH_INTENSITY`.
  public static let expStretchIntensity = Double(Float(0.016))
  /// `SCROLL_DIST_AFFECTED_BY_EXP_STRETCH`.
  public static let scrollDistanceAffectedByExpStretch = Double(Float(0.33))

  /// The stretch intensity the renderer draws for a distance (`dampStretchVector`):
  /// `sign·(0.016·|d| + 0.016·(1 − e^(−|d|·e/0.33)))`.
  /// - Parameter normalized: the stretch distance divided by the view height, in [−1, 1].
  /// - Returns: dimensionless, |result| < 0.032. - Complexity: O(1).
  public static func dampStretchVector(_ normalized: Double) -> Double {
    let sign: Double = normalized > 0 ? 1 : -1
    let overscroll = Swift.abs(normalized)
    let linear = linearStretchIntensity * overscroll
    let scalar = M_E / scrollDistanceAffectedByExpStretch
    let exponential = expStretchIntensity * (1 - Foundation.exp(-overscroll * scalar))
    return sign * (linear + exponential)
  }

  /// The springs of the animation, with their start times (seconds): a second one starts from
  /// the cap (one height, velocity 0) when the first reaches it.
  public let springs: [DampedSpring]
  /// Start time of each spring, seconds after the start.
  public let springStarts: [Double]
  /// When the linear take-over starts, seconds, or nil when the spring reaches 0 itself.
  public let takeOverTime: Double?
  /// Distance at the take-over, points (signed).
  public let takeOverDistance: Double
  /// Speed of the take-over, points per second (200 px/s divided by the screen scale).
  public let takeOverSpeed: Double
  /// Seconds until the stretch is 0, ≥ 0.
  public let duration: Double

  /// Lays out the recede (velocity 0, `onRelease`) or absorb (`onAbsorb`) animation.
  /// - Parameters:
  ///   - distance: signed stretch distance, points, |distance| ≤ `height`.
  ///   - velocity: points per second (already multiplied by 13 for an absorb).
  ///   - height: the view height, points, > 0.
  ///   - screenScale: pixels per point, > 0 (the take-over thresholds are in pixels).
  ///   - frequency: ω, radians per second, > 0 (24.657).
  ///   - dampingRatio: ζ, > 0 (0.98).
  /// - Complexity: O(n) with n the animation's length in milliseconds (a 1 ms scan for the cap
  ///   and the take-over, refined by bisection); at most 20 s.
  public init(
    distance: Double, velocity: Double, height: Double, screenScale: Double,
    frequency: Double = naturalFrequency, dampingRatio: Double = Self.dampingRatio
  ) {
    let speedLimit = Self.linearVelocityTakeOver / screenScale
    let distanceLimit = Self.linearDistanceTakeOver / screenScale
    takeOverSpeed = speedLimit
    func spring(_ x: Double, _ v: Double) -> DampedSpring {
      DampedSpring(
        displacement: x, velocity: v, stiffness: frequency * frequency, dampingRatio: dampingRatio)
    }
    // The direction of the stretch: the sign of the distance, or of the velocity from 0.
    let side: Double = distance != 0 ? (distance > 0 ? 1 : -1) : (velocity >= 0 ? 1 : -1)
    var springs = [spring(distance, velocity)]
    var starts = [0.0]
    var takeOver: Double?
    var takeOverX = 0.0
    var end = 0.0
    let step = 0.001
    var local = 0.0
    func closeAndSlow(_ s: DampedSpring, _ t: Double) -> Bool {
      let x = s.displacement(at: t)
      let v = s.velocity(at: t)
      return Swift.abs(v) <= speedLimit && Swift.abs(x) < distanceLimit && x * v < 0
    }
    scan: while local < 20 {
      let current = springs[springs.count - 1]
      let start = starts[starts.count - 1]
      let t0 = local - start
      let t1 = t0 + step
      let x1 = current.displacement(at: t1) * side
      if x1 <= 0 && current.displacement(at: t0) * side >= 0 && !(t0 == 0 && distance == 0) {
        // Equilibrium: the displacement reaches 0 (or below).
        let zero = MonotoneSolve.time(in: t0...t1, reaching: 0, increasing: false) {
          current.displacement(at: $0) * side
        }
        end = start + zero
        break scan
      }
      if x1 >= height {
        let cap = MonotoneSolve.time(in: t0...t1, reaching: height, increasing: true) {
          current.displacement(at: $0) * side
        }
        springs.append(spring(side * height, 0))
        starts.append(start + cap)
        local = start + cap
        continue
      }
      if closeAndSlow(current, t1) {
        var low = t0
        var high = t1
        for _ in 0..<60 {
          let mid = 0.5 * (low + high)
          if closeAndSlow(current, mid) { high = mid } else { low = mid }
        }
        takeOver = start + high
        takeOverX = current.displacement(at: high)
        end = start + high + Swift.abs(takeOverX) / speedLimit
        break scan
      }
      local += step
      end = local
    }
    self.springs = springs
    springStarts = starts
    takeOverTime = takeOver
    takeOverDistance = takeOverX
    duration = end
  }

  /// The stretch distance `t` seconds after the start, points (signed); 0 from ``duration`` on.
  /// - Complexity: O(1).
  public func distance(at t: Double) -> Double {
    guard t < duration else { return 0 }
    let t = Swift.max(0, t)
    if let takeOverTime, t >= takeOverTime {
      let moved = takeOverSpeed * (t - takeOverTime)
      let remaining = Swift.max(0, Swift.abs(takeOverDistance) - moved)
      return takeOverDistance < 0 ? -remaining : remaining
    }
    let index = springStarts.lastIndex { $0 <= t } ?? 0
    return springs[index].displacement(at: t - springStarts[index])
  }

  /// The stretch velocity `t` seconds after the start, points per second.
  public func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    let t = Swift.max(0, t)
    if let takeOverTime, t >= takeOverTime {
      return takeOverDistance < 0 ? takeOverSpeed : -takeOverSpeed
    }
    let index = springStarts.lastIndex { $0 <= t } ?? 0
    return springs[index].velocity(at: t - springStarts[index])
  }
}
