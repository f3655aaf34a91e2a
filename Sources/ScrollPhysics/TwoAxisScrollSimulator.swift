/// A point or a vector in the scroll view's two axes: x to the right, y down, points (offsets)
/// or points per second (velocities), as UIKit's `CGPoint` `contentOffset` and the
/// `withVelocity:` argument of `scrollViewWillEndDragging`.
public struct ScrollVector: Sendable, Equatable, Hashable, Codable {
  /// The horizontal component: points (or points per second), positive to the right.
  public var x: Double
  /// The vertical component: points (or points per second), positive down the page.
  public var y: Double

  /// Creates a vector.
  /// - Parameters:
  ///   - x: horizontal component.
  ///   - y: vertical component.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// (0, 0).
  public static let zero = ScrollVector(x: 0, y: 0)
}

/// The state of a two-axis scroll view at a time: each axis's offset from rest (at the left,
/// at the top), velocity, phase and stretch.
public struct TwoAxisScrollState: Sendable, Equatable, Hashable {
  /// The horizontal axis: offset from rest at the left, points; velocity positive to the right.
  public var horizontal: ScrollState
  /// The vertical axis: offset from rest at the top, points; velocity positive down the page.
  public var vertical: ScrollState

  /// Creates a state.
  /// - Parameters:
  ///   - horizontal: the horizontal axis.
  ///   - vertical: the vertical axis.
  public init(horizontal: ScrollState, vertical: ScrollState) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// The offset in both axes, points from rest.
  public var offset: ScrollVector {
    ScrollVector(x: horizontal.offset, y: vertical.offset)
  }

  /// The velocity in both axes, points per second.
  public var velocity: ScrollVector {
    ScrollVector(x: horizontal.velocity, y: vertical.velocity)
  }

  /// The scroll view's phase: the more active of the two axes' (dragging over tracking over
  /// decelerating over bouncing over animating over idle).
  public var phase: ScrollPhase {
    func rank(_ phase: ScrollPhase) -> Int {
      switch phase {
      case .idle: 0
      case .animating: 1
      case .bouncing: 2
      case .decelerating: 3
      case .tracking: 4
      case .dragging: 5
      }
    }
    return rank(horizontal.phase) >= rank(vertical.phase) ? horizontal.phase : vertical.phase
  }
}

/// One scroll view that scrolls in both axes (UIScrollView is two-dimensional): a photo viewer,
/// a map, a carousel's own axis beside the page's.
///
/// Each axis runs the one-axis physics of ``ScrollSimulator`` with its own geometry
/// (``horizontalGeometry`` reads `viewportHeight`/`contentHeight` as the width of the viewport
/// and the content, `contentInsetTop`/`contentInsetBottom` as the left and right insets); what
/// couples them is here: which axes a finger moves (directional lock), the release velocity of
/// both, and one set of delegate callbacks for the scroll view.
///
/// Feed events in time order; ask ``state(at:)`` for any time at or after the last event.
public struct TwoAxisScrollSimulator: Sendable {
  /// The horizontal axis's physics.
  public internal(set) var horizontal: ScrollSimulator
  /// The vertical axis's physics.
  public internal(set) var vertical: ScrollSimulator

  /// Creates a simulator at rest.
  /// - Parameters:
  ///   - horizontal: the horizontal axis's geometry (widths; left and right insets); validated.
  ///   - vertical: the vertical axis's geometry; validated.
  ///   - profile: physics constants; validated. Default ``PhysicsProfile/ios``.
  ///   - screenScale: pixels per point, in [0.25, 10]. Default 3.
  ///   - startOffset: points from rest, each within its axis's range.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` naming the first bad value
  ///   (a horizontal field is named with an `x` prefix: `xViewportHeight`…).
  public init(
    horizontal: ScrollGeometry, vertical: ScrollGeometry, profile: PhysicsProfile = .ios,
    screenScale: Double = 3, startOffset: ScrollVector = .zero
  ) throws(PhysicsError) {
    self.horizontal = try ScrollSimulator(
      geometry: horizontal, profile: profile, screenScale: screenScale, startOffset: startOffset.x)
    self.vertical = try ScrollSimulator(
      geometry: vertical, profile: profile, screenScale: screenScale, startOffset: startOffset.y)
  }

  /// The horizontal axis's geometry.
  public var horizontalGeometry: ScrollGeometry { horizontal.geometry }
  /// The vertical axis's geometry.
  public var verticalGeometry: ScrollGeometry { vertical.geometry }

  /// The state at `time` (seconds, ≥ the last event's time).
  /// - Complexity: O(1), no allocation.
  public func state(at time: Double) -> TwoAxisScrollState {
    TwoAxisScrollState(horizontal: horizontal.state(at: time), vertical: vertical.state(at: time))
  }

  /// Adds the events inside a motion up to `time` (its end) to ``scrollViewEvents``.
  public mutating func advance(to time: Double) {
    horizontal.advance(to: time)
    vertical.advance(to: time)
  }

  /// The scroll view's delegate callbacks, phase changes and jumps since the last
  /// ``removeScrollViewEvents()``, in time order.
  public var scrollViewEvents: [ScrollViewEvent] { vertical.scrollViewEvents }

  /// Forgets the events read.
  public mutating func removeScrollViewEvents() {
    horizontal.removeScrollViewEvents()
    vertical.removeScrollViewEvents()
  }

  /// A finger touches the screen at (`x`, `y`), points from the top left of the screen.
  /// - Throws: as ``ScrollSimulator/touchDown(y:at:)``.
  public mutating func touchDown(x: Double, y: Double, at time: Double) throws(PhysicsError) {
    try horizontal.touchDown(y: x, at: time)
    try vertical.touchDown(y: y, at: time)
  }

  /// The finger moves to (`x`, `y`); moving left scrolls right, moving up scrolls down.
  /// - Throws: as ``ScrollSimulator/touchMove(y:at:)``.
  public mutating func touchMove(x: Double, y: Double, at time: Double) throws(PhysicsError) {
    try horizontal.touchMove(y: x, at: time)
    try vertical.touchMove(y: y, at: time)
  }

  /// The finger lifts. Returns the release velocity in both axes, points per second.
  /// - Throws: as ``ScrollSimulator/touchUp(at:)``.
  @discardableResult
  public mutating func touchUp(at time: Double) throws(PhysicsError) -> ScrollVector {
    let x = try horizontal.touchUp(at: time)
    let y = try vertical.touchUp(at: time)
    return ScrollVector(x: x, y: y)
  }

  /// The system cancels the touch: no fling.
  /// - Throws: as ``ScrollSimulator/touchCancel(at:)``.
  public mutating func touchCancel(at time: Double) throws(PhysicsError) {
    try horizontal.touchCancel(at: time)
    try vertical.touchCancel(at: time)
  }

  /// A wheel or trackpad delta in both axes, points (positive scrolls right and down).
  /// - Returns: the release velocity of a trackpad session's end, else nil.
  /// - Throws: as ``ScrollSimulator/wheel(deltaY:phase:at:)``.
  @discardableResult
  public mutating func wheel(
    deltaX: Double, deltaY: Double, phase: WheelPhase = .none, at time: Double
  ) throws(PhysicsError) -> ScrollVector? {
    let x = try horizontal.wheel(deltaY: deltaX, phase: phase, at: time)
    let y = try vertical.wheel(deltaY: deltaY, phase: phase, at: time)
    if x == nil && y == nil { return nil }
    return ScrollVector(x: x ?? 0, y: y ?? 0)
  }

  /// `setContentOffset(_:animated:)`: both axes, each clamped into its range.
  /// - Throws: as ``ScrollSimulator/scrollTo(offset:animated:at:)``.
  public mutating func scrollTo(offset: ScrollVector, animated: Bool, at time: Double)
    throws(PhysicsError)
  {
    try horizontal.scrollTo(offset: offset.x, animated: animated, at: time)
    try vertical.scrollTo(offset: offset.y, animated: animated, at: time)
  }

  /// New geometry for both axes.
  /// - Throws: as ``ScrollSimulator/setGeometry(_:at:)``.
  public mutating func setGeometry(
    horizontal newHorizontal: ScrollGeometry, vertical newVertical: ScrollGeometry,
    at time: Double
  ) throws(PhysicsError) {
    try horizontal.setGeometry(newHorizontal, at: time)
    try vertical.setGeometry(newVertical, at: time)
  }
}
