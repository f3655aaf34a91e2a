/// One vertical scroll view driven by touches: drag with rubber band, release velocity,
/// momentum, bounce, and catching a moving view, with its state available at any time.
///
/// Feed touch events in time order (``touchDown(y:at:)``, ``touchMove(y:at:)``,
/// ``touchUp(at:)``, ``touchCancel(at:)``) and ask ``state(at:)`` for any time at or after the
/// last event. Between events everything is closed form, so the state at a time does not
/// depend on when or how often it was asked for. Source of every formula: physics.md items 1–5
/// (iOS profile).
public struct ScrollSimulator: Sendable {
  /// The scroll view's sizes, points.
  public let geometry: ScrollGeometry
  /// The physics constants.
  public let profile: PhysicsProfile
  /// Pixels per point of the screen, > 0 (stop thresholds are in pixels).
  public let screenScale: Double
  /// The rubber band of this geometry (coefficient from the profile, viewport height).
  public let rubberBand: RubberBand

  private var tracker: VelocityTracker
  private var mode: Mode
  private var lastEventTime = -Double.infinity

  /// The offset velocity chosen at the last touch-up, points per second (0 when the release was
  /// below the fling threshold or was a tap), or nil before the first release.
  public private(set) var lastReleaseVelocity: Double?

  private enum Mode: Sendable {
    case resting(offset: Double)
    case touching(Touch)
    case moving(ScrollMotion)
  }

  private struct Touch: Sendable {
    var downY: Double
    var anchorY: Double
    var anchorDrag: Double
    var drag: Double
    var offset: Double
    var velocity: Double
    var lastMoveTime: Double
    var isDragging: Bool
  }

  /// Creates a simulator at rest.
  /// - Parameters:
  ///   - geometry: the scroll view, points; validated.
  ///   - profile: physics constants; validated. Default ``PhysicsProfile/ios``.
  ///   - screenScale: pixels per point, finite, in [0.25, 10]. Default 3.
  ///   - startOffset: points from rest at the top, within `0 ... geometry.maxOffset`.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` naming the first bad value.
  public init(
    geometry: ScrollGeometry, profile: PhysicsProfile = .ios, screenScale: Double = 3,
    startOffset: Double = 0
  ) throws(PhysicsError) {
    try geometry.validate()
    try profile.validate()
    guard screenScale.isFinite, screenScale >= 0.25, screenScale <= 10 else {
      throw .invalidParameter(name: "screenScale", value: screenScale, expected: "a number in [0.25, 10]")
    }
    guard startOffset.isFinite, geometry.contains(startOffset) else {
      throw .invalidParameter(
        name: "startOffset", value: startOffset, expected: "a number in [0, \(geometry.maxOffset)]")
    }
    self.geometry = geometry
    self.profile = profile
    self.screenScale = screenScale
    rubberBand = RubberBand(coefficient: profile.rubberBandCoefficient, dimension: geometry.viewportHeight)
    tracker = VelocityTracker(estimator: profile.velocityEstimator)
    mode = .resting(offset: startOffset)
  }

  /// The state at `time` (seconds, ≥ the last event's time for a meaningful answer).
  /// - Complexity: O(1), no allocation.
  public func state(at time: Double) -> ScrollState {
    switch mode {
    case .resting(let offset):
      return ScrollState(offset: offset, velocity: 0, phase: .idle)
    case .touching(let touch):
      let still = time - touch.lastMoveTime > VelocityTracker.stoppedGap
      return ScrollState(
        offset: touch.offset, velocity: still ? 0 : touch.velocity,
        phase: touch.isDragging ? .dragging : .tracking)
    case .moving(let motion):
      return motion.state(at: time)
    }
  }

  /// A finger touches the screen at `y`: any motion is caught where it is, without a jump.
  /// - Parameters:
  ///   - y: points from the top of the screen, finite.
  ///   - time: seconds, finite, ≥ the previous event's time.
  /// - Throws: ``PhysicsError`` for a non-finite value, time going backwards, or a finger
  ///   already down.
  public mutating func touchDown(y: Double, at time: Double) throws(PhysicsError) {
    try accept(time: time, y: y, kind: "down", needsTouch: false)
    let offset = state(at: time).offset
    tracker.reset()
    tracker.add(position: y, at: time)
    mode = .touching(
      Touch(
        downY: y, anchorY: y, anchorDrag: dragPosition(forOffset: offset),
        drag: dragPosition(forOffset: offset), offset: offset,
        velocity: 0, lastMoveTime: time, isDragging: false))
  }

  /// The finger moves to `y`. In range the content follows 1:1; past an edge it follows the
  /// rubber band of the total distance dragged past the edge.
  /// - Parameters:
  ///   - y: points from the top of the screen, finite. Moving up (y decreasing) scrolls forward.
  ///   - time: seconds, ≥ the previous event's time.
  /// - Throws: ``PhysicsError`` for a non-finite value, time going backwards, or no finger down.
  public mutating func touchMove(y: Double, at time: Double) throws(PhysicsError) {
    try accept(time: time, y: y, kind: "move", needsTouch: true)
    guard case .touching(var touch) = mode else { return }
    tracker.add(position: y, at: time)
    if !touch.isDragging {
      let travel = Swift.abs(y - touch.downY)
      guard travel > profile.dragStartSlop else { return }
      touch.isDragging = true
      // Past the slop the content starts following from here: the slop itself is not applied.
      if profile.dragStartSlop > 0 { touch.anchorY = y }
    }
    let drag = touch.anchorDrag + (touch.anchorY - y)
    touch.drag = drag
    touch.offset = offset(forDragPosition: drag)
    touch.velocity = -tracker.velocity(at: time) * slope(atDragPosition: drag)
    touch.lastMoveTime = time
    mode = .touching(touch)
  }

  /// The finger lifts: a fling decelerates, an overscrolled view bounces back, otherwise the
  /// view comes to rest.
  /// - Parameter time: seconds, ≥ the previous event's time.
  /// - Returns: the release velocity used, points per second: the offset's velocity (the
  ///   finger's, times the rubber band's slope when overscrolled) clamped to
  ///   ±`maximumFlingVelocity`, or 0 below `minimumFlingVelocity` or for a tap.
  /// - Throws: ``PhysicsError`` for a non-finite time, time going backwards, or no finger down.
  @discardableResult
  public mutating func touchUp(at time: Double) throws(PhysicsError) -> Double {
    try accept(time: time, y: 0, kind: "up", needsTouch: true)
    guard case .touching(let touch) = mode else { return 0 }
    var velocity = 0.0
    if touch.isDragging {
      // The offset's velocity: the finger's, times the rubber band's slope when overscrolled.
      let estimate = -tracker.velocity(at: time) * slope(atDragPosition: touch.drag)
      let limit = profile.maximumFlingVelocity
      velocity = Swift.min(Swift.max(estimate, -limit), limit)
      if Swift.abs(velocity) < profile.minimumFlingVelocity { velocity = 0 }
    }
    release(offset: touch.offset, velocity: velocity, at: time)
    return velocity
  }

  /// The system cancels the touch: no fling; an overscrolled view bounces back.
  /// - Parameter time: seconds, ≥ the previous event's time.
  /// - Throws: ``PhysicsError`` for a non-finite time, time going backwards, or no finger down.
  public mutating func touchCancel(at time: Double) throws(PhysicsError) {
    try accept(time: time, y: 0, kind: "cancel", needsTouch: true)
    guard case .touching(let touch) = mode else { return }
    release(offset: touch.offset, velocity: 0, at: time)
  }

  private mutating func release(offset: Double, velocity: Double, at time: Double) {
    lastReleaseVelocity = velocity
    let motion = ScrollMotion(
      releaseAt: offset, velocity: velocity, time: time, geometry: geometry, profile: profile,
      screenScale: screenScale)
    mode = motion.segments.isEmpty ? .resting(offset: motion.finalOffset) : .moving(motion)
  }

  private mutating func accept(time: Double, y: Double, kind: String, needsTouch: Bool)
    throws(PhysicsError)
  {
    guard time.isFinite else {
      throw .invalidParameter(name: "time", value: time, expected: "a finite number of seconds")
    }
    guard y.isFinite, Swift.abs(y) <= PhysicsError.maximumMagnitude else {
      throw .invalidParameter(name: "y", value: y, expected: "a finite position in points")
    }
    guard time >= lastEventTime else {
      throw .timeWentBackwards(time: time, previous: lastEventTime)
    }
    var touching = false
    if case .touching = mode { touching = true }
    guard touching == needsTouch else { throw .unexpectedTouch(kind: kind, time: time) }
    lastEventTime = time
  }

  /// Maps a displayed offset to the un-banded drag position that shows it (inverse rubber band
  /// past an edge).
  private func dragPosition(forOffset offset: Double) -> Double {
    let edge = geometry.clamp(offset)
    return edge + rubberBand.dragDistance(forOverscroll: offset - edge)
  }

  /// Maps an un-banded drag position to the displayed offset (rubber band past an edge).
  private func offset(forDragPosition drag: Double) -> Double {
    let edge = geometry.clamp(drag)
    return edge + rubberBand.overscroll(forDrag: drag - edge)
  }

  /// Points of offset per point of finger travel at a drag position: 1 in range.
  private func slope(atDragPosition drag: Double) -> Double {
    let edge = geometry.clamp(drag)
    return drag == edge ? 1 : rubberBand.slope(atDrag: drag - edge)
  }
}
