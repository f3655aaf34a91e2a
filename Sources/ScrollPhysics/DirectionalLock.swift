import Foundation

/// Which axes a finger moves in a scroll view that scrolls both ways (UIKit
/// `isDirectionalLockEnabled`, Flutter `DiagonalDragBehavior`, Chromium's scroll rails): the rule,
/// its distance threshold and its angle. A ``TwoAxisScrollSimulator`` applies it to touches
/// (not to wheels); each ``PhysicsProfile`` has a default (``PhysicsProfile/directionalLock``).
///
/// A locked-out axis does not follow the finger (its offset stays where it was) and, except in
/// Flutter's weighted modes, does not fling either. Rules and sources (docs/two-axes.md):
///
/// | mode | rule | source |
/// | --- | --- | --- |
/// | ``Mode/free`` | both axes follow the finger, from when either passes the slop | UIKit with `isDirectionalLockEnabled` false (its default); Flutter `DiagonalDragBehavior.free` |
/// | ``Mode/firstAxis`` | the first axis the finger moves more than ``threshold`` along wins the whole gesture | Flutter `DiagonalDragBehavior.none` (the default: two one-axis recognizers, the first past `kTouchSlop` wins the arena) |
/// | ``Mode/weightedEvent`` | the drag starts once the finger is 2·``threshold`` from where it went down (`kPanSlop`); both axes move until `abs(abs(dx) − abs(dy)) ≥ threshold` from there, then the larger axis wins for the gesture | Flutter `DiagonalDragBehavior.weightedEvent` (`_VerticalOuterDimensionState._evaluateLockedAxis`) |
/// | ``Mode/weightedContinuous`` | as weighted-event, re-evaluated on every move from the previous sample: a move whose `abs(abs(dx) − abs(dy)) ≥ threshold` moves only its larger axis, any other moves both | Flutter `DiagonalDragBehavior.weightedContinuous` |
/// | ``Mode/angle`` | decided once the finger is ``threshold`` from where it went down: within ``angle`` degrees of an axis it locks to that axis for the gesture, otherwise it is free | UIKit `isDirectionalLockEnabled` ("if the drag direction is diagonal, then scrolling will not be locked"); UIKit's threshold and angle are not public: ScrollSim chooses 10 pt and 30° |
/// | ``Mode/rails`` | decided once the finger is ``threshold`` from where it went down: within ``angle`` of an axis (Chromium: 2:1, `rail_start_proportion`, 26.57°) it runs on that axis's rail; the rail breaks for good when the finger's speed across it exceeds 15 times its speed along it plus 200 points per second | Chromium Aura `GestureSequence::ScrollStart`/`BreakRailScroll`, `GesturePoint::IsInHorizontalRailWindow`/`BreaksHorizontalRail` (`rail_start_proportion` 2, `rail_break_proportion` 15, `min_rail_break_velocity` 200, `min_scroll_delta_squared` 5²) |
///
/// In every mode but ``Mode/free`` the drag starts at the sample that decides it (the content
/// then follows the finger from there, as a recognizer's slop); in ``Mode/free`` both axes start
/// when either passes the profile's ``PhysicsProfile/dragStartSlop`` (Android
/// `RecyclerView.onTouchEvent`: an axis past the slop subtracts it, the other starts where it
/// is).
public struct DirectionalLock: Sendable, Equatable, Hashable, Codable {
  /// The rule (see the table above).
  public enum Mode: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Both axes follow the finger.
    case free
    /// The first axis moved more than the threshold along wins (Flutter `DiagonalDragBehavior.none`).
    case firstAxis
    /// Flutter `DiagonalDragBehavior.weightedEvent`: locks once per gesture.
    case weightedEvent
    /// Flutter `DiagonalDragBehavior.weightedContinuous`: re-evaluated on every move.
    case weightedContinuous
    /// UIKit `isDirectionalLockEnabled`: a cone around each axis, decided once.
    case angle
    /// Chromium's scroll rails: a cone decided once; the rail breaks on a fast cross movement.
    case rails
  }

  /// The rule.
  public var mode: Mode
  /// Points, in [0, 100]: the distance from touch-down at which ``Mode/angle`` and
  /// ``Mode/rails`` decide and ``Mode/firstAxis`` picks its axis; the differential
  /// `abs(abs(dx) − abs(dy))` of Flutter's weighted modes (their drag starts at twice it,
  /// `kPanSlop` = 2·`kTouchSlop`). Flutter 18 (`kTouchSlop`); Chromium 5 (`min_scroll_delta_squared`
  /// 5²); iOS 10 (chosen: UIKit publishes no value).
  public var threshold: Double
  /// Degrees, in (0, 45]: the half-angle of the cone around each axis inside which
  /// ``Mode/angle`` locks and ``Mode/rails`` starts a rail. Chromium 26.57 (`atan(1/2)`, the
  /// rail-start proportion 2); iOS 30 (chosen: UIKit publishes no value).
  public var angle: Double

  /// Creates a lock.
  /// - Parameters:
  ///   - mode: the rule.
  ///   - threshold: points, in [0, 100].
  ///   - angle: degrees, in (0, 45].
  public init(mode: Mode, threshold: Double, angle: Double) {
    self.mode = mode
    self.threshold = threshold
    self.angle = angle
  }

  /// No lock: both axes follow the finger (UIKit's default, `isDirectionalLockEnabled` false).
  public static let free = DirectionalLock(mode: .free, threshold: 10, angle: 30)
  /// UIKit `isDirectionalLockEnabled = true` as ScrollSim models it: decided 10 pt from
  /// touch-down, a 30° cone around each axis. Both numbers are ScrollSim's choice: UIKit does not
  /// publish its rule beyond "if the drag direction is diagonal, then scrolling will not be
  /// locked".
  public static let uikit = DirectionalLock(mode: .angle, threshold: 10, angle: 30)
  /// Flutter's default two-dimensional drag, `DiagonalDragBehavior.none` with `kTouchSlop` 18.
  public static let flutter = DirectionalLock(mode: .firstAxis, threshold: 18, angle: 30)
  /// Chromium's scroll rails (Aura `gesture_sequence.cc`): decided 5 px from touch-down, rail
  /// start proportion 2 (a cone of `atan(1/2)` ≈ 26.57°).
  public static let chromiumRails = DirectionalLock(
    mode: .rails, threshold: 5, angle: atan(0.5) * 180 / Double.pi)

  /// Chromium `rail_break_proportion`: a rail breaks when the finger's speed across it exceeds
  /// this many times its speed along it, plus ``railBreakVelocity``.
  public static let railBreakProportion = 15.0
  /// Chromium `min_rail_break_velocity`, points per second.
  public static let railBreakVelocity = 200.0

  /// Throws the first value out of range, named as a profile field.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` named
  ///   `directionalLockThreshold` or `directionalLockAngle`.
  public func validate() throws(PhysicsError) {
    guard threshold.isFinite, threshold >= 0, threshold <= 100 else {
      throw .invalidParameter(
        name: "directionalLockThreshold", value: threshold, expected: "points in [0, 100]")
    }
    guard angle.isFinite, angle > 0, angle <= 45 else {
      throw .invalidParameter(
        name: "directionalLockAngle", value: angle, expected: "degrees in (0, 45]")
    }
  }

  /// The axis a movement `(dx, dy)` lies within ``angle`` of, or nil (diagonal, or no movement).
  func axis(dx: Double, dy: Double) -> Axis? {
    let ax = Swift.abs(dx)
    let ay = Swift.abs(dy)
    if ax == 0 && ay == 0 { return nil }
    // At 45° the cones meet: everything but the exact diagonal locks.
    let slope = angle == 45 ? 1 : tan(angle * Double.pi / 180)
    if ay < ax * slope { return .horizontal }
    if ax < ay * slope { return .vertical }
    return nil
  }

  /// An axis of a two-axis scroll view.
  enum Axis: Sendable, Equatable { case horizontal, vertical }
}

/// How a release velocity in two axes is limited to the profile's minimum and maximum fling
/// speed (``PhysicsProfile/minimumFlingVelocity``, ``PhysicsProfile/maximumFlingVelocity``).
public enum ReleaseVelocityLimit: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// Each axis on its own: a component below the minimum is dropped, each is clamped to
  /// ±maximum (Android `RecyclerView.fling`: `Math.abs(velocityX) < mMinFlingVelocity` → 0,
  /// then clamped to ±`mMaxFlingVelocity`; `VelocityTracker.computeCurrentVelocity(1000,
  /// max)` clamps each axis). A fast diagonal fling changes direction.
  case perAxis
  /// The vector: below the minimum speed nothing flings, above the maximum it is scaled down
  /// keeping its direction (Flutter `PanGestureRecognizer`: `isFlingGesture` on
  /// `distanceSquared`, `Velocity.clampMagnitude(minFlingVelocity, maxFlingVelocity)`, monodrag.dart).
  case magnitude
}
