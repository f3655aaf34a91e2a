/// The scroll view's state at one instant.
public struct ScrollState: Sendable, Equatable, Hashable {
  /// Offset from rest at the top, points (see ``ScrollGeometry``).
  public var offset: Double
  /// Rate of change of the offset, points per second; positive when scrolling down the page.
  public var velocity: Double
  /// What the scroll view is doing. ``ScrollPhase/animating`` marks a programmatic scroll
  /// (``isProgrammatic``).
  public var phase: ScrollPhase
  /// Android's stretch overscroll as a visual value: the `EdgeEffect` distance, a fraction of the
  /// viewport height in −1 … 1, negative at the top edge, positive at the bottom; 0 in profiles
  /// whose offset itself overscrolls (iOS, Flutter).
  public var stretch: Double

  /// Creates a state (offset in points, velocity in points per second, stretch a fraction in
  /// −1 … 1).
  public init(offset: Double, velocity: Double, phase: ScrollPhase, stretch: Double = 0) {
    self.offset = offset
    self.velocity = velocity
    self.phase = phase
    self.stretch = stretch
  }

  /// Whether the motion at this instant is a programmatic scroll (`scrollTo(offset,
  /// animated: true)`), not the user's.
  public var isProgrammatic: Bool { phase == .animating }
}
