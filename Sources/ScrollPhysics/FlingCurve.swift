/// One fling's momentum curve, whichever platform model produced it.
///
/// An enum of small value types (no existentials), evaluated in closed form at any time.
public enum FlingCurve: Sendable, Equatable, Hashable {
  /// UIScrollView's exponential decay, or Flutter's `FrictionSimulation` (``Deceleration``).
  case exponential(Deceleration)
  /// Android `OverScroller`'s spline (``AndroidSplineFling``).
  case androidSpline(AndroidSplineFling)
  /// Flutter's `ClampingScrollSimulation` (``ClampingFling``).
  case flutterClamping(ClampingFling)
  /// Chromium's touchscreen fling (``ChromiumFlingCurve``).
  case chromium(ChromiumFlingCurve)
  /// Chromium's physics-based fling (``ChromiumPhysicsFling``).
  case chromiumPhysics(ChromiumPhysicsFling)
  /// Motion's `inertia` (``MotionInertia``).
  case motionInertia(MotionInertia)
  /// Flutter's `FrictionSimulation` with a constant deceleration (``FrictionSimulation``:
  /// `ScrollDecelerationRate.fast`, ``PhysicsProfile/scrollDecelerationRate``).
  case friction(FrictionSimulation)

  /// Offset `t` seconds after the start, points. - Complexity: O(1), no allocation.
  @inlinable public func offset(at t: Double) -> Double {
    switch self {
    case .exponential(let curve): curve.offset(at: t)
    case .androidSpline(let curve): curve.offset(at: t)
    case .flutterClamping(let curve): curve.offset(at: t)
    case .chromium(let curve): curve.offset(at: t)
    case .chromiumPhysics(let curve): curve.offset(at: t)
    case .motionInertia(let curve): curve.offset(at: t)
    case .friction(let curve): curve.offset(at: t)
    }
  }

  /// Velocity `t` seconds after the start, points per second. - Complexity: O(1).
  @inlinable public func velocity(at t: Double) -> Double {
    switch self {
    case .exponential(let curve): curve.velocity(at: t)
    case .androidSpline(let curve): curve.velocity(at: t)
    case .flutterClamping(let curve): curve.velocity(at: t)
    case .chromium(let curve): curve.velocity(at: t)
    case .chromiumPhysics(let curve): curve.velocity(at: t)
    case .motionInertia(let curve): curve.velocity(at: t)
    case .friction(let curve): curve.velocity(at: t)
    }
  }

  /// Seconds until the fling ends: the speed falls to `stopVelocity` (exponential; Flutter's
  /// `FrictionSimulation.isDone`) or the curve's own duration ends (Android, Flutter clamping,
  /// Chromium's velocity reaching 0, Motion's `restDelta`).
  /// - Parameter stopVelocity: points per second, > 0.
  public func duration(stopVelocity: Double) -> Double {
    switch self {
    case .exponential(let curve): curve.duration(untilSpeed: stopVelocity)
    case .androidSpline(let curve): curve.duration
    case .flutterClamping(let curve): curve.duration
    case .chromium(let curve): curve.duration
    case .chromiumPhysics(let curve): curve.duration
    case .motionInertia(let curve): curve.duration
    case .friction(let curve): curve.duration(untilSpeed: stopVelocity)
    }
  }

  /// Seconds until the offset reaches `target`, or nil when the fling never gets there.
  public func time(toReach target: Double) -> Double? {
    switch self {
    case .exponential(let curve): curve.time(toReach: target)
    case .androidSpline(let curve): curve.time(toReach: target)
    case .flutterClamping(let curve): curve.time(toReach: target)
    case .chromium(let curve): curve.time(toReach: target)
    case .chromiumPhysics(let curve): curve.time(toReach: target)
    case .motionInertia(let curve): curve.time(toReach: target)
    case .friction(let curve): curve.time(toReach: target)
    }
  }
}
