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
  /// The horizontal axis of a scroll view that scrolls in both (``/ScrollPhysics/TwoAxisScrollSimulator``),
  /// or nil when the run scrolls only vertically. ``offset``, ``velocity`` and ``geometry`` are
  /// always the vertical axis's.
  public var horizontal: AxisSample?
  /// Each scroll view of a nested chain (``/ScrollPhysics/NestedScrollSimulator``), outer to
  /// inner (the headers, then the list), or nil when the run is one scroll view. ``offset``,
  /// ``velocity`` and ``geometry`` are then the combined view's (the chain seen as one scroll
  /// view); a timeline names the view it reads with ``ChainView``. A header's
  /// ``AxisSample/geometry`` has its expanded height as viewport and its scroll range as
  /// `maxOffset`; the list's is the chain's list geometry.
  public var views: [AxisSample]?

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

/// One axis of a ``ScrollSample``: the horizontal axis of a two-axis scroll view, or one scroll
/// view of a nested chain along the vertical axis (``ScrollSample/views``).
public struct AxisSample: Sendable, Equatable {
  /// Offset from rest at the axis's start (the left for the horizontal axis), points.
  public var offset: Double
  /// Velocity of the offset, points per second, positive toward the axis's end (right).
  public var velocity: Double
  /// The axis's sizes: `viewportHeight`/`contentHeight` are the axis's lengths (widths for the
  /// horizontal axis), `contentInsetTop`/`contentInsetBottom` its start and end insets (left and
  /// right).
  public var geometry: ScrollGeometry

  /// Creates an axis sample.
  /// - Parameters:
  ///   - offset: points from rest.
  ///   - velocity: points per second.
  ///   - geometry: the axis's sizes, points.
  public init(offset: Double, velocity: Double, geometry: ScrollGeometry) {
    self.offset = offset
    self.velocity = velocity
    self.geometry = geometry
  }
}
