extension ScrollSimulator {
  /// Scrolls to `offset` programmatically (`scrollTo(offset, animated:)`).
  ///
  /// Animated: a critically damped spring from the current offset and velocity (SwiftUI
  /// `.smooth`, see ``ScrollMotion/init(animatingFrom:velocity:stretch:to:time:geometry:profile:screenScale:)``),
  /// reported with phase ``ScrollPhase/animating`` (``ScrollState/isProgrammatic``), stiffened
  /// when the velocity would carry it past an edge, so that it never leaves the range and lands
  /// exactly on `offset`. Not animated:
  /// the view jumps there and rests. Programmatic motion never feeds the velocity estimator.
  /// - Parameters:
  ///   - offset: target, points, finite; clamped to `0 ... geometry.maxOffset` (as SwiftUI's
  ///     `scrollTo` keeps the content in range).
  ///   - animated: whether to animate.
  ///   - time: seconds, ≥ the previous event's time.
  /// - Throws: ``PhysicsError`` for a non-finite offset or time, time going backwards, or a
  ///   finger down (the user's drag has priority).
  public mutating func scrollTo(offset: Double, animated: Bool, at time: Double)
    throws(PhysicsError)
  {
    guard offset.isFinite, Swift.abs(offset) <= PhysicsError.maximumMagnitude else {
      throw .invalidParameter(name: "offset", value: offset, expected: "a finite offset in points")
    }
    try accept(time: time, y: 0, kind: "scrollTo", needsTouch: false)
    let interrupted = openWheelDrag()
    defer { closeWheelDrag(interrupted, at: time) }
    let target = geometry.clamp(offset)
    let current = state(at: time)
    guard animated else {
      cancelMotion(at: time)
      mode = .resting(offset: target)
      if current.offset != target { emit(.jump(from: current.offset, to: target), at: time) }
      reportPhase(at: time)
      return
    }
    // UIKit: an animated scroll to where the view already rests does nothing at all (no
    // scrollViewDidEndScrollingAnimation either); an Android stretch relaxing there goes on.
    if current.offset == target && current.velocity == 0 { return }
    cancelMotion(at: time)
    settle(
      ScrollMotion(
        animatingFrom: current.offset, velocity: current.velocity, stretch: current.stretch,
        to: target, time: time, geometry: geometry, profile: profile, screenScale: screenScale))
    if !beginMotion(.scrollAnimation, at: time) {
      emit(.didEndScrollingAnimation(finished: true), at: time)
    }
    reportPhase(at: time)
  }

  /// Changes the content size, insets or viewport at `time` (lazy lists growing, load-more while
  /// overscrolled, rotation), keeping the state continuous.
  ///
  /// A drag goes on from where the content is; a fling keeps its curve with the new edges; a
  /// bounce, snap or stretch is laid out again from its current offset and velocity, so an
  /// offset that is now in range stops being overscroll; a programmatic scroll retargets to its
  /// target clamped into the new range; a view at rest outside the new range bounces back
  /// (clamped profiles clamp at once). Whenever nothing moves, the offset is in range.
  /// - Parameters:
  ///   - newGeometry: the new sizes, points; validated.
  ///   - time: seconds, ≥ the previous event's time.
  /// - Throws: ``PhysicsError`` for invalid geometry, a non-finite time or time going backwards.
  public mutating func setGeometry(_ newGeometry: ScrollGeometry, at time: Double)
    throws(PhysicsError)
  {
    try newGeometry.validate()
    try accept(time: time, y: 0, kind: "geometry", needsTouch: nil)
    let interrupted = openWheelDrag()
    defer { closeWheelDrag(interrupted, at: time) }
    let current = state(at: time)
    let previousMode = mode
    geometry = newGeometry
    switch previousMode {
    case .resting(let offset):
      if !newGeometry.contains(offset) {
        if profile.overscrollModel.bounces {
          layOut(offset: offset, velocity: 0, stretch: 0, at: time)
        } else {
          mode = .resting(offset: newGeometry.clamp(offset))
        }
      }
      relaidOut(at: time)
    case .touching:
      if !profile.overscrollModel.bounces { touch.offset = newGeometry.clamp(touch.offset) }
      touch.anchorDrag = dragPosition(forOffset: touch.offset, stretch: touch.stretch)
      touch.anchorY = touch.lastY
    case .wheeling(let drag):
      wheelGeometryChanged(drag, at: time)
    case .moving(let motion):
      switch motion.segment(at: time)?.segment {
      case .momentum(let curve, let curveStart)? where targetBehavior == .none:
        settle(
          ScrollMotion(
            continuing: curve, curveStart: curveStart, at: time, geometry: newGeometry,
            profile: profile, screenScale: screenScale))
      case .spring(_, let rest, .animating)?:
        settle(
          ScrollMotion(
            animatingFrom: current.offset, velocity: current.velocity, stretch: current.stretch,
            to: newGeometry.clamp(rest), time: time, geometry: newGeometry, profile: profile,
            screenScale: screenScale))
      default:
        layOut(
          offset: current.offset, velocity: current.velocity, stretch: current.stretch, at: time)
      }
      relaidOut(at: time)
    }
  }

  /// Sets where flings may come to rest (paging, item-aligned snapping or free). Takes effect at
  /// the next release.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` for bad item offsets.
  public mutating func setTargetBehavior(_ behavior: ScrollTargetBehavior) throws(PhysicsError) {
    try behavior.validate()
    targetBehavior = behavior
  }
}

extension ScrollSimulator {
  /// A finger lifting at `offset` with `velocity` without a recorded drag: the synthetic release
  /// behind `scrollsim simulate` (a fling of a given speed, a release while overscrolled).
  ///
  /// The profile's release rules apply as for ``touchUp(at:)``: speeds below the minimum fling
  /// velocity become 0, speeds above the maximum are clamped (no momentum carry). In clamped
  /// profiles the part of `offset` past an edge becomes stretch (Android) or is dropped.
  /// - Parameters:
  ///   - offset: points, finite, strictly within one viewport height of the range.
  ///   - velocity: offset velocity, points per second, finite, |v| ≤ 1,000,000.
  ///   - time: seconds, ≥ the previous event's time.
  ///   - fingerLift: true (the default) for a finger lifting: overscrolled with a velocity toward
  ///     the content, the iOS profile carries it into the content (physics.md item 5); false
  ///     for a motion going on from this state (a wheel nudge during a bounce), which keeps the
  ///     bounce spring.
  /// - Returns: the release velocity used, points per second.
  /// - Throws: ``PhysicsError`` for a value out of range, time going backwards or a finger down;
  ///   as ``touchUp(at:)`` for a ``willEndDragging`` hook's non-finite target (`fingerLift`
  ///   true: the release then emits the end of a drag, without a `scrollViewWillBeginDragging`
  ///   since no drag was recorded, and stops a running motion first).
  @discardableResult
  public mutating func release(
    atOffset offset: Double, velocity: Double, at time: Double, fingerLift: Bool = true
  ) throws(PhysicsError) -> Double {
    let viewport = geometry.viewportHeight
    guard offset.isFinite, offset > -viewport, offset < geometry.maxOffset + viewport else {
      throw .invalidParameter(
        name: "offset", value: offset,
        expected: "a number in (\(-viewport), \(geometry.maxOffset + viewport)) points")
    }
    guard velocity.isFinite, Swift.abs(velocity) <= 1_000_000 else {
      throw .invalidParameter(
        name: "velocity", value: velocity, expected: "a finite number of points per second")
    }
    try accept(time: time, y: 0, kind: "release", needsTouch: false)
    let interrupted = openWheelDrag()
    defer { closeWheelDrag(interrupted, at: time) }
    let limit = profile.maximumFlingVelocity
    var used = Swift.min(Swift.max(velocity, -limit), limit)
    if Swift.abs(used) < profile.minimumFlingVelocity { used = 0 }
    if geometry.maxOffset == 0 && !bouncesWhenContentFits { used = 0 }
    var start = offset
    var stretch = 0.0
    if !profile.overscrollModel.bounces {
      start = geometry.clamp(offset)
      if profile.overscrollModel == .stretch { stretch = (offset - start) / viewport }
    }
    if fingerLift {
      cancelMotion(at: time)
      if let rejected = release(
        offset: start, velocity: used, stretch: stretch, at: time, dragged: true)
      {
        throw rejected
      }
    } else {
      lastReleaseVelocity = used
      layOut(offset: start, velocity: used, stretch: stretch, at: time)
      relaidOut(at: time)
    }
    return used
  }
}
