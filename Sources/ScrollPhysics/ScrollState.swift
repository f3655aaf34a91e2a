/// The scroll view's state at one instant.
public struct ScrollState: Sendable, Equatable, Hashable {
  /// Offset from rest at the top, points (see ``ScrollGeometry``).
  public var offset: Double
  /// Rate of change of the offset, points per second; positive when scrolling down the page.
  public var velocity: Double
  /// What the scroll view is doing.
  public var phase: ScrollPhase

  /// Creates a state (offset in points, velocity in points per second).
  public init(offset: Double, velocity: Double, phase: ScrollPhase) {
    self.offset = offset
    self.velocity = velocity
    self.phase = phase
  }
}
