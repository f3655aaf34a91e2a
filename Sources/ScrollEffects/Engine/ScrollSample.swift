import ScrollPhysics

/// The scroll state that effects read on one frame.
///
/// Every effect output of a frame is computed from the sample of that same frame, never from a
/// previous frame's offset.
public struct ScrollSample: Sendable, Equatable {
  /// The frame's target time, seconds from the start of the run, finite, ≥ 0.
  public var time: Double
  /// Offset from rest at the top, points (see ``/ScrollPhysics/ScrollGeometry``); negative while pulled down
  /// past the top, above `geometry.maxOffset` while overscrolled at the bottom.
  public var offset: Double
  /// Velocity of the offset, points per second, positive when scrolling down the page.
  public var velocity: Double
  /// What the scroll view is doing.
  public var phase: ScrollPhase
  /// Viewport and content sizes and insets, points.
  public var geometry: ScrollGeometry

  /// Creates a sample.
  /// - Parameters:
  ///   - time: seconds.
  ///   - offset: points from rest at the top.
  ///   - velocity: points per second.
  ///   - phase: the scroll phase.
  ///   - geometry: sizes in points.
  public init(
    time: Double, offset: Double, velocity: Double, phase: ScrollPhase, geometry: ScrollGeometry
  ) {
    self.time = time
    self.offset = offset
    self.velocity = velocity
    self.phase = phase
    self.geometry = geometry
  }
}
