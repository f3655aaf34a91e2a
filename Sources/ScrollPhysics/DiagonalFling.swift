/// How a two-axis fling (``TwoAxisScrollSimulator``) lays out its momentum: one curve per axis,
/// or Chromium's one curve for both (``PhysicsProfile/diagonalFling``).
public enum DiagonalFling: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// Each axis runs the profile's one-axis curve of its own release velocity: UIKit's one
  /// deceleration rate (a straight line until the slower axis stops), Android's
  /// `OverScroller` (`mScrollerX.fling(…)`, `mScrollerY.fling(…)`: a diagonal fling curves),
  /// Flutter's two single-axis `Scrollable`s.
  case perAxis
  /// Chromium's `GestureCurve`s take the velocity as a vector: one curve is laid out for the
  /// larger component and the other axis follows it scaled, so the fling is a straight line and
  /// both axes stop together. The larger axis runs exactly its one-axis curve. Touchscreen
  /// (``ChromiumFlingCurve/init(offset:velocity:largerComponent:)``): the smaller axis is the
  /// same curve times its component over the larger (`displacement_ratio_`). Physics-based
  /// (``ChromiumPhysicsFling/init(offset:velocity:pixelsPerInch:boundingDistance:leading:)``):
  /// each axis its own distance, both on the larger axis's duration and Bézier. Only for the
  /// Chromium fling models (``PhysicsProfile/FlingModel/chromium``,
  /// ``PhysicsProfile/FlingModel/chromiumPhysics``); ``PhysicsProfile/validate()`` rejects it
  /// with another. An axis that reaches its edge mid-fling stops there (clamped: the rest of its
  /// delta is Chromium's overscroll of that axis) while the other goes on along its curve; the
  /// fling ends when the curve ends. Sources: Chromium `ui/events/gestures/fling_curve.cc`,
  /// `physics_based_fling_curve.cc`, `components/input/fling_controller.cc` (`ProgressFling`
  /// sends both axes' deltas until the curve ends), `render_widget_host_view_input.cc`
  /// (`StopFlingingIfNecessary`: the fling stops only when a momentum scroll update scrolls
  /// nothing, both axes at their edges).
  case largerAxis
}

/// The other axis's release, for laying out one axis of a ``DiagonalFling/largerAxis`` fling.
struct FlingLead: Sendable, Equatable {
  /// The larger component of the release velocity, points per second (signed).
  var velocity: Double
  /// That axis's viewport dimension, points (Chromium's physics-based distance cap).
  var viewport: Double
}
