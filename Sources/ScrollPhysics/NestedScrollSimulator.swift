import Foundation

/// A chain of nested scroll views along the vertical axis (``NestedScrollChain``: collapsible
/// headers above a list) driven by touches, wheel deltas and programmatic scrolls, with each
/// view's offset and the combined one available at any time at or after the last input.
///
/// The chaining rules run one ``ScrollSimulator`` over the combined offset (its drag, rubber
/// band, release velocity, fling, bounce and programmatic curves, unchanged) and split the
/// combined offset between the views by the chain's order of consumption
/// (``NestedScrollRule``); a ``NestedFlingHandover`` other than `unified` re-releases that
/// simulator where a fling crosses a header's edge; a header left part-way collapsed settles
/// by its ``NestedHeaderSnap`` once the motion ends. ``NestedScrollRule/uikit`` runs one
/// simulator per view instead, and only the touched one moves.
///
/// Feed events in time order and ask ``state(at:)`` for any time at or after the last event:
/// between events everything is closed form (the one-axis curves, the split, the snap curve).
/// Sources: docs/nested-scroll.md.
public struct NestedScrollSimulator: Sendable {
  /// The chain.
  public let chain: NestedScrollChain
  /// The physics constants of every view.
  public let profile: PhysicsProfile
  /// Pixels per point, in [0.25, 10].
  public let screenScale: Double

  /// The combined scroll view (chaining rules).
  var driver: ScrollSimulator
  /// Re-releases of ``driver`` scheduled by a buggy handover: from `time` on, `driver` runs.
  var handovers: [(time: Double, driver: ScrollSimulator)] = []
  /// Split anchors (floating headers only): from `start`, the offsets move from `anchor` in
  /// `forward` direction.
  var legs: [Leg]
  /// A header's settle, or nil.
  var snap: HeaderSettle?
  /// One simulator per view (``NestedScrollRule/uikit`` only).
  var separateViews: [ScrollSimulator] = []
  /// The view the finger is in (``NestedScrollRule/uikit``).
  var touchedView: Int
  /// Finger positions in the list's coordinates (``NestedFlingHandover/childCoordinates``).
  var childTracker: VelocityTracker
  var lastEventTime = -Double.infinity
  var fingerDown = false
  /// The direction of the last change of the combined offset (for `lastDirection` snaps).
  var lastForward = true
  /// Each view's delegate callbacks (`scrollViewDidScroll`, the drag, deceleration and
  /// animation callbacks, SwiftUI phase changes), tagged with the view, since the last
  /// ``removeScrollViewEvents()``, in time order. Inputs add theirs; ``advance(to:)`` adds
  /// `scrollViewDidScroll` for the views that moved and the end of a motion. Which view gets
  /// which callback under each rule: docs/nested-scroll.md "Delegate callbacks of a chain".
  public internal(set) var scrollViewEvents: [NestedScrollViewEvent] = []
  /// What has been reported, for ``scrollViewEvents``.
  var events: EventState

  struct Leg: Sendable {
    var start: Double
    var anchor: [Double]
    var forward: Bool
  }

  /// Creates a chain at rest.
  /// - Parameters:
  ///   - chain: the views; validated.
  ///   - profile: physics constants; validated. Default ``PhysicsProfile/ios``.
  ///   - screenScale: pixels per point, in [0.25, 10]. Default 3.
  ///   - startOffset: the combined offset, in `0 … chain.combinedGeometry.maxOffset`, split with
  ///     the headers collapsing first. Default 0 (every header expanded).
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` naming the first bad value.
  public init(
    chain: NestedScrollChain, profile: PhysicsProfile = .ios, screenScale: Double = 3,
    startOffset: Double = 0
  ) throws(PhysicsError) {
    try chain.validate()
    self.chain = chain
    self.profile = profile
    self.screenScale = screenScale
    driver = try ScrollSimulator(
      geometry: chain.combinedGeometry, profile: profile, screenScale: screenScale,
      startOffset: startOffset)
    let offsets = chain.offsets(forCombined: startOffset)
    legs = [Leg(start: -.infinity, anchor: offsets, forward: true)]
    events = EventState(offsets: offsets)
    touchedView = chain.headers.count
    childTracker = VelocityTracker(estimator: profile.velocityEstimator)
    if chain.rule == .uikit {
      for (index, range) in chain.ranges.enumerated() {
        let geometry =
          index < chain.headers.count
          ? ScrollGeometry(
            viewportHeight: chain.headers[index].expandedHeight,
            contentHeight: chain.headers[index].expandedHeight + range)
          : chain.listGeometry
        separateViews.append(
          try ScrollSimulator(
            geometry: geometry, profile: profile, screenScale: screenScale,
            startOffset: offsets[index]))
      }
    }
  }

  /// The number of views (headers and the list).
  public var viewCount: Int { chain.headers.count + 1 }

  /// Whether a trackpad session ended in range and the system's momentum may still follow
  /// (``ScrollSimulator``'s, of the combined view or, ``NestedScrollRule/uikit``, of the view
  /// the wheel drives): the chain is at rest unless momentum deltas come.
  package var awaitsMomentum: Bool {
    chain.rule == .uikit
      ? separateViews[touchedView].awaitsMomentum
      : (handovers.last?.driver ?? driver).awaitsMomentum
  }

  // MARK: State

  /// The state at `time` (seconds, ≥ the last event's time): each view's offset, velocity and
  /// phase, and the combined ones.
  /// - Complexity: O(views + handovers + legs), no allocation beyond the result.
  public func state(at time: Double) -> NestedScrollState {
    if chain.rule == .uikit {
      let views = separateViews.map { $0.state(at: time) }
      var combined = views[touchedView]
      combined.offset = views.reduce(0) { $0 + $1.offset }
      for view in views where view.phase != .idle && combined.phase == .idle {
        combined.phase = view.phase
        combined.velocity = view.velocity
      }
      return NestedScrollState(views: views, combined: combined)
    }
    var combined = driver(at: time).state(at: time)
    let (offsets, active) = split(combined.offset, velocity: combined.velocity, at: time)
    let touching = combined.phase == .tracking || combined.phase == .dragging
    var views = offsets.map {
      ScrollState(offset: $0, velocity: 0, phase: touching ? combined.phase : .idle)
    }
    views[active].velocity = combined.velocity
    views[active].phase = combined.phase
    views[views.count - 1].stretch = combined.stretch
    if let snap, time >= snap.start {
      let header = snap.offset(at: time)
      let velocity = snap.velocity(at: time)
      let phase: ScrollPhase = time >= snap.end ? .idle : .decelerating
      views[snap.header] = ScrollState(offset: header, velocity: velocity, phase: phase)
      combined.offset += header - offsets[snap.header]
      combined.velocity = velocity
      combined.phase = phase
    }
    return NestedScrollState(views: views, combined: combined)
  }

  /// The combined simulator in charge at `time`.
  func driver(at time: Double) -> ScrollSimulator {
    handovers.last { $0.time <= time }?.driver ?? driver
  }

  /// Each view's offset for a combined offset at `time`, and the view that moves with
  /// `velocity` (points per second; 0: in the last direction).
  func split(_ combined: Double, velocity: Double = 0, at time: Double) -> ([Double], Int) {
    // The driver's edge (its geometry's maxOffset) and the sum of the ranges may differ in the
    // last bit: at or past that edge every view is at its end.
    let edge = chain.combinedGeometry.maxOffset
    let total = chain.ranges.reduce(0, +)
    let inRange = combined >= edge ? total : Swift.min(Swift.max(combined, 0), total)
    let overscroll = combined >= edge ? combined - edge : Swift.min(combined, 0)
    var offsets: [Double]
    var forward = velocity == 0 ? lastForward : velocity > 0
    if chain.headers.contains(where: \.floats) {
      let leg = legs.last { $0.start <= time } ?? legs[0]
      let anchor = leg.anchor.reduce(0, +)
      offsets = chain.distribute(leg.anchor, delta: inRange - anchor, forward: leg.forward).0
      if velocity == 0 { forward = leg.forward }
    } else {
      offsets = chain.fill(inRange)
    }
    var active = chain.distribute(offsets, delta: 0, forward: forward).1
    if overscroll != 0 { active = offsets.count - 1 }
    offsets[offsets.count - 1] += overscroll
    return (offsets, active)
  }

  // MARK: Inputs

  /// A finger touches the screen at `y` inside view `view` (outer to inner; default the list).
  /// Chaining rules: any touch drags the whole chain, and a moving chain is caught where it is
  /// (a settling header too). ``NestedScrollRule/uikit``: only `view` follows the finger.
  /// - Parameters:
  ///   - y: points from the top of the screen, finite.
  ///   - view: index in `0 ..< viewCount`, or nil for the list.
  ///   - time: seconds, ≥ the previous event's time.
  /// - Throws: ``PhysicsError`` as ``ScrollSimulator/touchDown(y:at:)``, and
  ///   ``PhysicsError/invalidParameter(name:value:expected:)`` named `view` for an index out of
  ///   the chain.
  public mutating func touchDown(y: Double, view: Int? = nil, at time: Double)
    throws(PhysicsError)
  {
    let index = view ?? viewCount - 1
    guard index >= 0, index < viewCount else {
      throw .invalidParameter(
        name: "view", value: Double(index), expected: "an index in 0 ..< \(viewCount)")
    }
    try prepare(at: time)
    defer { reportInput(.touchDown(view: index), at: time) }
    if chain.rule == .uikit {
      if fingerDown { throw .unexpectedTouch(kind: "down", time: time) }
      try separateViews[index].touchDown(y: y, at: time)
      touchedView = index
      fingerDown = true
      return
    }
    try driver.touchDown(y: y, at: time)
    fingerDown = true
    childTracker.reset()
    childTracker.add(position: y + headerOffsetSum(at: time), at: time)
  }

  /// The finger moves to `y`: the combined offset moves as one scroll view's would (1:1 in
  /// range, rubber band past the chain's ends) and the delta is split by the chain's rule.
  /// - Throws: ``PhysicsError`` as ``ScrollSimulator/touchMove(y:at:)``.
  public mutating func touchMove(y: Double, at time: Double) throws(PhysicsError) {
    try prepare(at: time)
    defer { reportInput(.touchMove, at: time) }
    if chain.rule == .uikit {
      guard fingerDown else { throw .unexpectedTouch(kind: "move", time: time) }
      try separateViews[touchedView].touchMove(y: y, at: time)
      return
    }
    let before = driver.state(at: time).offset
    try driver.touchMove(y: y, at: time)
    let after = driver.state(at: time).offset
    if after != before { moveAnchor(to: after, forward: after > before, at: time) }
    childTracker.add(position: y + headerOffsetSum(at: time), at: time)
  }

  /// The finger lifts: one release of the combined scroll view (or of the touched view,
  /// ``NestedScrollRule/uikit``), then the chain's handover and settle rules.
  /// - Returns: the release velocity used, points per second (in the list's coordinates for
  ///   ``NestedFlingHandover/childCoordinates``).
  /// - Throws: ``PhysicsError`` as ``ScrollSimulator/touchUp(at:)``.
  @discardableResult
  public mutating func touchUp(at time: Double) throws(PhysicsError) -> Double {
    try prepare(at: time)
    defer { reportInput(.touchUp, at: time) }
    fingerDown = false
    if chain.rule == .uikit {
      return try separateViews[touchedView].touchUp(at: time)
    }
    if chain.handover == .childCoordinates {
      driver.freezeTouchVelocity()
      driver.tracker = childTracker
    }
    let velocity = try driver.touchUp(at: time)
    layOutAfterRelease(at: time, releaseVelocity: velocity)
    return velocity
  }

  /// The system cancels the touch: no fling.
  /// - Throws: ``PhysicsError`` as ``ScrollSimulator/touchCancel(at:)``.
  public mutating func touchCancel(at time: Double) throws(PhysicsError) {
    try prepare(at: time)
    defer { reportInput(.touchCancel, at: time) }
    fingerDown = false
    if chain.rule == .uikit {
      try separateViews[touchedView].touchCancel(at: time)
      return
    }
    try driver.touchCancel(at: time)
    layOutAfterRelease(at: time, releaseVelocity: 0)
  }

  /// A finger lifting at the current combined offset with `velocity` (points per second, the
  /// release rules of the profile apply), without a recorded drag: a fling of a given speed.
  /// ``NestedScrollRule/uikit``: the list's own fling.
  /// - Returns: the release velocity used, points per second.
  /// - Throws: ``PhysicsError`` as ``ScrollSimulator/release(atOffset:velocity:at:fingerLift:)``.
  @discardableResult
  public mutating func fling(velocity: Double, at time: Double) throws(PhysicsError) -> Double {
    try prepare(at: time)
    defer { reportInput(.fling, at: time) }
    if chain.rule == .uikit {
      let list = viewCount - 1
      touchedView = list
      let offset = separateViews[list].state(at: time).offset
      return try separateViews[list].release(atOffset: offset, velocity: velocity, at: time)
    }
    let offset = driver.state(at: time).offset
    let used = try driver.release(atOffset: offset, velocity: velocity, at: time)
    layOutAfterRelease(at: time, releaseVelocity: used)
    return used
  }

  /// A wheel or trackpad delta, points (positive scrolls down the page), as
  /// ``ScrollSimulator/wheel(deltaY:phase:at:)`` on the combined scroll view (the list's,
  /// ``NestedScrollRule/uikit``).
  /// - Returns: the release velocity of a trackpad session's end, else nil.
  /// - Throws: ``PhysicsError`` as ``ScrollSimulator/wheel(deltaY:phase:at:)``.
  @discardableResult
  public mutating func wheel(deltaY: Double, phase: WheelPhase = .none, at time: Double)
    throws(PhysicsError) -> Double?
  {
    try prepare(at: time)
    defer { reportInput(.wheel(phase), at: time) }
    if chain.rule == .uikit {
      touchedView = viewCount - 1
      return try separateViews[touchedView].wheel(deltaY: deltaY, phase: phase, at: time)
    }
    let before = driver.state(at: time).offset
    let released = try driver.wheel(deltaY: deltaY, phase: phase, at: time)
    let now = driver.state(at: time)
    if now.offset != before { moveAnchor(to: now.offset, forward: now.offset > before, at: time) }
    if now.phase != .dragging && now.phase != .tracking {
      layOutAfterRelease(at: time, releaseVelocity: released ?? 0)
    }
    return released
  }

  /// `setContentOffset(_:animated:)` for the combined offset, split with the headers collapsing
  /// first; ``NestedScrollRule/uikit`` scrolls each view to its part.
  ///
  /// As ``ScrollSimulator/scrollTo(offset:animated:at:)`` (every rule): a finite offset within
  /// ±1e7 points is clamped to `0 … chain.combinedGeometry.maxOffset` (as SwiftUI's `scrollTo`
  /// keeps the content in range; UIKit's `setContentOffset` would leave it out of range), and
  /// anything else is refused. A trace is stricter: its `scrollTo` line's `y` must lie in that
  /// range (traces/FORMAT.md).
  /// - Throws: ``PhysicsError`` as ``ScrollSimulator/scrollTo(offset:animated:at:)``:
  ///   ``PhysicsError/invalidParameter(name:value:expected:)`` named `offset` for a non-finite
  ///   offset or one beyond ±1e7 points, and for a bad time or a finger down.
  public mutating func scrollTo(combinedOffset offset: Double, animated: Bool, at time: Double)
    throws(PhysicsError)
  {
    guard offset.isFinite, Swift.abs(offset) <= PhysicsError.maximumMagnitude else {
      throw .invalidParameter(name: "offset", value: offset, expected: "a finite offset in points")
    }
    try prepare(at: time)
    defer { reportInput(.scrollTo(animated: animated), at: time) }
    if chain.rule == .uikit {
      let parts = chain.offsets(
        forCombined: Swift.min(Swift.max(offset, 0), chain.combinedGeometry.maxOffset))
      for index in separateViews.indices {
        try separateViews[index].scrollTo(offset: parts[index], animated: animated, at: time)
      }
      return
    }
    try driver.scrollTo(offset: offset, animated: animated, at: time)
    if !animated {
      let target = driver.state(at: time).offset
      legs = [Leg(start: time, anchor: chain.offsets(forCombined: target), forward: true)]
    }
    layOutAfterRelease(at: time, releaseVelocity: 0)
  }

  // MARK: Bookkeeping

  /// Checks the time, then brings the stored state to `time`: a scheduled handover that has
  /// happened becomes the driver, the split is anchored where the views are, and a settling
  /// header is caught where it is (the driver restarts at rest there).
  mutating func prepare(at time: Double) throws(PhysicsError) {
    guard time.isFinite else {
      throw .invalidParameter(name: "time", value: time, expected: "a finite number of seconds")
    }
    guard time >= lastEventTime else {
      throw .timeWentBackwards(time: time, previous: lastEventTime)
    }
    // What happened since the last input (views scrolled, a motion ended), before it changes.
    advanceEvents(to: time)
    lastEventTime = time
    guard chain.rule != .uikit else { return }
    let current = state(at: time)
    if let last = handovers.last(where: { $0.time <= time }) { driver = last.driver }
    handovers = []
    let offsets = current.views.map(\.offset)
    let range = chain.combinedGeometry.maxOffset
    if let settle = snap, time >= settle.start {
      let combined = Swift.min(Swift.max(current.combined.offset, 0), range)
      var restarted = try ScrollSimulator(
        geometry: chain.combinedGeometry, profile: profile, screenScale: screenScale,
        startOffset: combined)
      restarted.scrollsToTop = driver.scrollsToTop
      driver = restarted
    }
    snap = nil
    var anchor = offsets
    anchor[anchor.count - 1] = Swift.min(Swift.max(anchor[anchor.count - 1], 0), chain.ranges.last!)
    let leg = legs.last { $0.start <= time } ?? legs[0]
    legs = [Leg(start: time, anchor: anchor, forward: leg.forward)]
  }

  /// Moves the split anchor to a new combined offset (a drag or wheel step).
  mutating func moveAnchor(to combined: Double, forward: Bool, at time: Double) {
    lastForward = forward
    let range = chain.combinedGeometry.maxOffset
    let inRange = Swift.min(Swift.max(combined, 0), range)
    let leg = legs.last { $0.start <= time } ?? legs[0]
    let (offsets, _) = chain.distribute(
      leg.anchor, delta: inRange - leg.anchor.reduce(0, +), forward: forward)
    legs = [Leg(start: time, anchor: offsets, forward: forward)]
  }

  /// The headers' offsets summed at `time` (how far the list has moved up the screen).
  func headerOffsetSum(at time: Double) -> Double {
    let views = state(at: time).views
    return views.dropLast().reduce(0) { $0 + $1.offset }
  }

  /// After a release: the handover's re-releases, the split's legs, the header settle.
  mutating func layOutAfterRelease(at time: Double, releaseVelocity: Double) {
    if chain.handover == .separateDecays || chain.handover == .stopAtEdge {
      scheduleHandovers(from: time, releaseVelocity: releaseVelocity)
    }
    if chain.headers.contains(where: \.floats) { layOutLegs(from: time) }
    scheduleSettle(after: time)
  }

  /// The time from which the last driver rests (its motion's end), seconds.
  func restTime(after time: Double) -> Double {
    let last = handovers.last?.driver ?? driver
    let start = handovers.last?.time ?? time
    return last.activeMotionEnd.isFinite ? Swift.max(start, last.activeMotionEnd) : start
  }

  /// Buggy handovers: where the fling's view reaches its edge inside the chain, the driver is
  /// released again there, at the release velocity (separate decays) or at rest (stop at edge).
  mutating func scheduleHandovers(from time: Double, releaseVelocity: Double) {
    var start = time
    var current = driver
    for _ in 0..<viewCount {
      let now = current.state(at: start)
      guard now.phase == .decelerating, now.velocity != 0 else { return }
      let forward = now.velocity > 0
      let range = chain.combinedGeometry.maxOffset
      guard now.offset >= 0, now.offset <= range else { return }
      let (offsets, active) = split(now.offset, velocity: now.velocity, at: start)
      let room = forward ? chain.ranges[active] - offsets[active] : offsets[active]
      let edge = now.offset + (forward ? room : -room)
      guard edge > 0, edge < range, room > 0 else { return }
      let end = current.activeMotionEnd.isFinite ? current.activeMotionEnd : start + 60
      func reached(_ t: Double) -> Bool {
        let offset = current.state(at: t).offset
        return forward ? offset >= edge : offset <= edge
      }
      guard reached(end) else { return }
      var low = start
      var high = end
      for _ in 0..<200 {
        let mid = 0.5 * (low + high)
        if mid <= low || mid >= high { break }
        if reached(mid) { high = mid } else { low = mid }
      }
      var next = current
      let speed = chain.handover == .stopAtEdge ? 0 : Swift.abs(releaseVelocity)
      do {
        try next.release(
          atOffset: edge, velocity: forward ? speed : -speed, at: high, fingerLift: false)
      } catch {
        return
      }
      // Its callbacks are the chain's (NestedScrollSimulator+Events), not the copy's.
      next.removeScrollViewEvents()
      handovers.append((high, next))
      if chain.handover == .stopAtEdge { return }
      current = next
      start = high
    }
  }

  /// Floating headers: a new leg of the split wherever the combined offset turns.
  mutating func layOutLegs(from time: Double) {
    let end = Swift.min(restTime(after: time), time + 60)
    let step = 1.0 / 240
    func velocity(_ t: Double) -> Double { driver(at: t).state(at: t).velocity }
    var previous = velocity(Swift.min(time + 1e-6, end))
    if previous != 0 { setDirection(previous > 0, at: time) }
    var t = time
    while t < end {
      let next = Swift.min(t + step, end)
      let v = velocity(next)
      if v != 0 && previous != 0 && (v > 0) != (previous > 0) {
        var low = t
        var high = next
        for _ in 0..<60 {
          let mid = 0.5 * (low + high)
          if (velocity(mid) > 0) == (previous > 0) { low = mid } else { high = mid }
        }
        setDirection(v > 0, at: high)
      }
      if v != 0 { previous = v }
      t = next
    }
  }

  /// Starts a leg at `time` moving in a direction, anchored where the views are then.
  mutating func setDirection(_ forward: Bool, at time: Double) {
    lastForward = forward
    let leg = legs.last { $0.start <= time } ?? legs[0]
    guard leg.forward != forward || leg.start != time else { return }
    let combined = driver(at: time).state(at: time).offset
    let range = chain.combinedGeometry.maxOffset
    let inRange = Swift.min(Swift.max(combined, 0), range)
    let (anchor, _) = chain.distribute(
      leg.anchor, delta: inRange - leg.anchor.reduce(0, +), forward: leg.forward)
    legs.append(Leg(start: time, anchor: anchor, forward: forward))
  }

  /// Once the motion rests, the first header left part-way collapsed with a snap rule settles.
  mutating func scheduleSettle(after time: Double) {
    let rest = restTime(after: time)
    let final = driver(at: rest).state(at: rest)
    guard final.phase == .idle else { return }
    let (offsets, _) = split(final.offset, at: rest)
    let tolerance = profile.stopDistancePixels / screenScale
    for (index, header) in chain.headers.enumerated() {
      guard let rule = header.snap else { continue }
      let offset = offsets[index]
      let range = header.scrollRange
      guard offset > tolerance, offset < range - tolerance else { continue }
      let target: Double =
        switch rule.trigger {
        case .midpoint: offset / range < 0.5 ? 0 : range
        case .lastDirection: lastForward ? range : 0
        }
      snap = HeaderSettle(
        header: index, from: offset, to: target, start: rest, curve: rule.curve,
        expandedHeight: header.expandedHeight,
        stop: (tolerance, profile.stopVelocityPixels / screenScale))
      return
    }
  }
}

/// A header's settle animation from `from` to `to` (points), starting at `start` (seconds).
struct HeaderSettle: Sendable {
  let header: Int
  let from: Double
  let to: Double
  let start: Double
  let curve: NestedHeaderSnap.Curve
  /// When the header reaches `to`, seconds.
  let end: Double
  let spring: DampedSpring?

  init(
    header: Int, from: Double, to: Double, start: Double, curve: NestedHeaderSnap.Curve,
    expandedHeight: Double, stop: (distance: Double, velocity: Double)
  ) {
    self.header = header
    self.from = from
    self.to = to
    self.start = start
    self.curve = curve
    switch curve {
    case .spring(let parameters):
      let spring = parameters.spring(displacement: from - to, velocity: 0)
      self.spring = spring
      end =
        start
        + spring.settleTime(positionTolerance: stop.distance, velocityTolerance: stop.velocity)
    case .appBarLayout:
      spring = nil
      end =
        start + Self.appBarLayoutDuration(distance: Swift.abs(to - from), height: expandedHeight)
    case .cubicBezier(let duration, _, _, _, _):
      spring = nil
      end = start + duration
    }
  }

  /// `AppBarLayout.Behavior.animateOffsetTo` with velocity 0: `(int)((d/h + 1)·150)` ms, seconds.
  static func appBarLayoutDuration(distance: Double, height: Double) -> Double {
    ((distance / height + 1) * 150).rounded(.towardZero) / 1000
  }

  /// The eased fraction of the way at `time`.
  func fraction(at time: Double) -> Double {
    let duration = end - start
    let p = duration > 0 ? Swift.min(Swift.max((time - start) / duration, 0), 1) : 1
    switch curve {
    case .spring: return 0
    case .appBarLayout: return 1 - (1 - p) * (1 - p)
    case .cubicBezier(_, let x1, let y1, let x2, let y2):
      return CubicBezier.value(atX: p, x1: x1, y1: y1, x2: x2, y2: y2)
    }
  }

  /// The header's offset at `time`, points.
  func offset(at time: Double) -> Double {
    if time >= end { return to }
    if let spring { return to + spring.displacement(at: Swift.max(0, time - start)) }
    return from + (to - from) * fraction(at: time)
  }

  /// The header's velocity at `time`, points per second.
  func velocity(at time: Double) -> Double {
    if time >= end || time < start { return 0 }
    if let spring { return spring.velocity(at: time - start) }
    let duration = end - start
    let h = 1e-6 * duration
    let a = Swift.max(start, time - h)
    let b = Swift.min(end, time + h)
    return (to - from) * (fraction(at: b) - fraction(at: a)) / (b - a)
  }
}
