/// One vertical scroll view driven by touches and programmatic scrolls: drag with overscroll,
/// release velocity, momentum, bounce, paging and snapping, catching a moving view, content and
/// viewport changes, with its state available at any time.
///
/// Feed events in time order (``touchDown(y:at:)``, ``touchMove(y:at:)``, ``touchUp(at:)``,
/// ``touchCancel(at:)``, ``scrollTo(offset:animated:at:)``, ``scrollToTop(at:)``,
/// ``wheel(deltaY:phase:at:)``, ``setGeometry(_:at:)``) and ask ``state(at:)`` for any time at or after the last event. What
/// the scroll view tells its code (delegate callbacks, SwiftUI phase changes, completions,
/// jumps) collects in ``scrollViewEvents``, each event at its exact time; ``advance(to:)`` adds
/// those inside a motion (its end) up to a time, and ``willEndDragging`` may replace a fling's
/// target. Between events everything is closed
/// form, so the state at a time does not depend on when or how often it was asked for. The
/// profile chooses the curves (``PhysicsProfile``); the phase machine is shared. Sources:
/// physics.md items 1–8.
public struct ScrollSimulator: Sendable {
  /// The scroll view's sizes, points. Change it with ``setGeometry(_:at:)``.
  public internal(set) var geometry: ScrollGeometry
  /// The physics constants.
  public let profile: PhysicsProfile
  /// Pixels per point of the screen, > 0 (stop thresholds are in pixels).
  public let screenScale: Double
  /// Where flings may come to rest. Change it with ``setTargetBehavior(_:)``.
  public internal(set) var targetBehavior: ScrollTargetBehavior = .none
  /// Whether content that fits the viewport still moves and bounces on this axis: the
  /// profile's ``PhysicsProfile/bouncesWhenContentFits`` for a one-axis view; a
  /// ``TwoAxisScrollSimulator`` sets each axis's (UIKit `alwaysBounceHorizontal`,
  /// `alwaysBounceVertical`).
  var bouncesWhenContentFits: Bool

  /// The rubber band of this geometry (coefficient from the profile, viewport height).
  public var rubberBand: RubberBand {
    RubberBand(coefficient: profile.rubberBandCoefficient, dimension: geometry.viewportHeight)
  }

  var tracker: VelocityTracker
  var mode: Mode {
    didSet { isTouching = mode.isTouching }
  }
  /// Whether ``mode`` is `touching`, kept beside it: reading the tag of the mode (an enum whose
  /// largest case holds a ``ScrollMotion``) is an outlined call, and a touch move asks twice.
  var isTouching = false
  /// The finger's touch while ``mode`` is `touching` (stale otherwise, never read then). Kept
  /// beside the mode, not as its payload, so that a touch move updates it in place: as a
  /// payload, each move copied the mode (the size of its largest case, a ``ScrollMotion``) about
  /// five times.
  var touch = Touch(
    downY: 0, lastY: 0, anchorY: 0, anchorDrag: 0, offset: 0, stretch: 0, velocity: 0,
    lastMoveTime: 0, lastMotionTime: 0, isDragging: false, carriedVelocity: 0)
  var lastEventTime = -Double.infinity
  /// The wheel device's place in its gesture (``wheel(deltaY:phase:at:)``).
  var wheelSequence = WheelSequence()
  /// When true, a touch becomes a drag only through ``beginDrag(y:at:)`` (a two-axis scroll
  /// view's directional lock decides), never by passing the slop in ``touchMove(y:at:)``.
  var dragStartIsExternal = false
  /// The other axis's release while a ``TwoAxisScrollSimulator`` lifts a
  /// ``DiagonalFling/largerAxis`` fling whose larger component is that axis's (this axis's
  /// momentum then follows that axis's curve, scaled); nil otherwise.
  var flingLead: FlingLead?

  /// The offset velocity chosen at the last touch-up or trackpad session's end (`ended`,
  /// `cancelled`), points per second (0 when the release was below the fling threshold or was a
  /// tap), or nil before the first release.
  public internal(set) var lastReleaseVelocity: Double?

  /// The delegate callbacks, SwiftUI phase changes and jump markers produced since the last
  /// ``removeScrollViewEvents()``, in time order (see ``ScrollViewEvent``). Inputs append
  /// theirs; ``advance(to:)`` appends those inside a motion (its end). Nothing is appended when
  /// nothing happens.
  public internal(set) var scrollViewEvents: [ScrollViewEvent] = []
  /// Whether a status-bar tap (``scrollToTop(at:)``) scrolls this view to the top (UIKit
  /// `scrollsToTop`, default true).
  public var scrollsToTop = true
  /// A `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` hook, or nil. Called at
  /// every lift after a drag (``touchUp(at:)``, ``touchCancel(at:)``, a synthetic
  /// ``release(atOffset:velocity:at:fingerLift:)``) with the proposed target; the target it sets
  /// is clamped into `0 ... maxOffset` and the motion then lands exactly on it: by the
  /// deceleration itself, its velocity re-derived (``Deceleration/velocity(toTravel:rate:)``),
  /// in the exponential profiles when released in range and moving toward it; by the snap
  /// spring otherwise, and whenever a paging or snapping ``targetBehavior`` proposed the target
  /// (the behaviours take the same path: they propose, the hook may change). A non-finite target
  /// is rejected: the release keeps its own target and the input throws
  /// ``PhysicsError/invalidParameter(name:value:expected:)`` named `targetContentOffset`.
  public var willEndDragging: WillEndDraggingHook?

  /// The SwiftUI phase last reported (``ScrollViewEvent/Kind/phaseChange(old:new:velocity:)``).
  var reportedPhase = ScrollPhase.idle
  /// The running motion's kind, for its completion, or nil.
  var activeMotion: MotionKind?
  /// The running motion's end time, seconds; infinity when none runs.
  @usableFromInline var activeMotionEnd = Double.infinity

  enum Mode: Sendable {
    case resting(offset: Double)
    /// A finger is down: its state is ``ScrollSimulator/touch``.
    case touching
    case moving(ScrollMotion)
    /// A trackpad session moves the content (ScrollSimulator+Wheel.swift).
    case wheeling(WheelDrag)

    /// Whether this is `touching`.
    var isTouching: Bool {
      if case .touching = self { return true }
      return false
    }
  }

  struct Touch: Sendable {
    var downY: Double
    var lastY: Double
    var anchorY: Double
    var anchorDrag: Double
    var offset: Double
    var stretch: Double
    var velocity: Double
    var lastMoveTime: Double
    var lastMotionTime: Double
    var isDragging: Bool
    var carriedVelocity: Double
    /// Whether the touch's velocity is the tracker's at ``lastMoveTime`` times
    /// ``velocityFactor`` (computed when the state is read, once per frame, not at every touch
    /// move), rather than ``velocity``. The tracker then holds no sample after that move.
    var velocityFromTracker = false
    /// Points of offset per point of finger travel at the last move, when
    /// ``velocityFromTracker``.
    var velocityFactor = 1.0
    /// Whether the touch caught a decelerating view (UIKit then treats it as a drag).
    var caught = false
    var motionThreshold = DragMotionThreshold(distance: 1, startingAt: 0)
    var hasMotionThreshold = false
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
      throw .invalidParameter(
        name: "screenScale", value: screenScale, expected: "a number in [0.25, 10]")
    }
    guard startOffset.isFinite, geometry.contains(startOffset) else {
      throw .invalidParameter(
        name: "startOffset", value: startOffset, expected: "a number in [0, \(geometry.maxOffset)]")
    }
    self.geometry = geometry
    self.profile = profile
    self.screenScale = screenScale
    bouncesWhenContentFits = profile.bouncesWhenContentFits
    tracker = VelocityTracker(estimator: profile.velocityEstimator)
    mode = .resting(offset: startOffset)
  }

  /// The state at `time` (seconds, ≥ the last event's time for a meaningful answer).
  /// - Complexity: O(1), no allocation.
  public func state(at time: Double) -> ScrollState {
    // A finger down reads the touch kept beside the mode (the switch over the mode copies it
    // first: ≈ 45 instructions on every frame of a drag).
    if isTouching { return touchState(at: time) }
    return releasedState(at: time)
  }

  /// ``state(at:)`` when no finger is down, out of line: the switch over the mode, with the
  /// motion's closed forms inlined, needs a large frame that a drag's frames then need not set
  /// up.
  @inline(never) func releasedState(at time: Double) -> ScrollState {
    modeStateInPlace(at: time)
  }

  /// ``advancedState(at:)`` when no finger is down: the switch over the mode, out of line so
  /// that a finger-down frame never copies the mode (the copy the switch makes was hoisted
  /// above a finger-down test inlined with it), and mutating so that the simulator is passed
  /// in place (a non-mutating call on a stored simulator from a mutating method copies it).
  @inline(never) package mutating func advancedModeState(at time: Double) -> ScrollState {
    modeStateInPlace(at: time)
  }

  /// The state by the mode's switch (``touchState(at:)`` for a finger down).
  @inline(__always) func modeStateInPlace(at time: Double) -> ScrollState {
    switch mode {
    case .resting(let offset):
      return ScrollState(offset: offset, velocity: 0, phase: .idle)
    case .touching:
      return touchState(at: time)
    case .moving(let motion):
      return motion.state(at: time)
    case .wheeling(let drag):
      return drag.state(at: time)
    }
  }

  /// The state while a finger is down (``mode`` `touching`).
  @inline(__always) func touchState(at time: Double) -> ScrollState {
    let still = time - touch.lastMoveTime > VelocityTracker.stoppedGap
    return ScrollState(
      offset: touch.offset, velocity: still ? 0 : touchVelocity,
      phase: touch.isDragging ? .dragging : .tracking, stretch: touch.stretch)
  }

  /// The offset velocity of the touch at its last move, points per second: the finger's
  /// (``VelocityTracker/velocity(at:)`` at that move) times the offset's points per point of
  /// finger travel there, the same product a move used to store.
  @inline(__always) var touchVelocity: Double {
    touch.velocityFromTracker
      ? -tracker.velocity(at: touch.lastMoveTime) * touch.velocityFactor : touch.velocity
  }

  /// Stores the touch's velocity as a value (before a move that keeps it while the tracker
  /// takes a new sample, or before the tracker is replaced).
  mutating func freezeTouchVelocity() {
    guard touch.velocityFromTracker else { return }
    touch.velocity = touchVelocity
    touch.velocityFromTracker = false
  }

  /// A finger touches the screen at `y`: any motion is caught where it is, without a jump, and
  /// held while the finger is still. A caught fling's velocity may carry into the next release
  /// (``MomentumCarry``, when the profile enables it).
  /// - Parameters:
  ///   - y: points from the top of the screen, finite.
  ///   - time: seconds, finite, ≥ the previous event's time.
  /// - Throws: ``PhysicsError`` for a non-finite value, time going backwards, or a finger
  ///   already down.
  public mutating func touchDown(y: Double, at time: Double) throws(PhysicsError) {
    try accept(time: time, y: y, kind: "down", needsTouch: false)
    let interrupted = openWheelDrag()
    defer { closeWheelDrag(interrupted, at: time) }
    var current = state(at: time)
    let edge = geometry.clamp(current.offset - current.stretch)
    if current.stretch != 0 && current.offset != edge {
      // A stretch still relaxing while the content flies away from its edge: the drag takes
      // over the content, and the stretch (a visual value) is let go.
      current.stretch = 0
    }
    let caught = activeMotion == .deceleration
    cancelMotion(at: time)
    var carried = 0.0
    if profile.carriesMomentum, current.phase == .decelerating, targetBehavior == .none {
      carried = MomentumCarry.carriedVelocity(from: current.velocity)
    }
    tracker.reset()
    tracker.add(position: y, at: time)
    touch = Touch(
      downY: y, lastY: y, anchorY: y,
      anchorDrag: dragPosition(forOffset: current.offset, stretch: current.stretch),
      offset: current.offset, stretch: current.stretch, velocity: 0, lastMoveTime: time,
      lastMotionTime: time, isDragging: false, carriedVelocity: carried, caught: caught)
    mode = .touching
    if caught { emit(.willBeginDragging, at: time) }
    reportPhase(at: time)
  }

  /// The finger moves to `y`. iOS: in range the content follows 1:1, past an edge the rubber
  /// band of the total distance dragged past it. Flutter: its friction per event. Android: the
  /// offset stops at the edge and the overdrag becomes stretch.
  ///
  /// Nothing moves until the finger has travelled more than the profile's
  /// ``PhysicsProfile/dragStartSlop`` from where it went down. Android (the stretch model) then subtracts the
  /// slop, as `ScrollView.onTouchEvent` does (`deltaY -= mTouchSlop`), so the content lags the
  /// finger by exactly the slop; the other models start following at the sample that passed
  /// the slop (Flutter's `DragGestureRecognizer` acceptance point), whatever the sample rate.
  /// - Parameters:
  ///   - y: points from the top of the screen, finite. Moving up (y decreasing) scrolls forward.
  ///   - time: seconds, ≥ the previous event's time.
  /// - Throws: ``PhysicsError`` for a non-finite value, time going backwards, or no finger down.
  public mutating func touchMove(y: Double, at time: Double) throws(PhysicsError) {
    try accept(time: time, y: y, kind: "move", needsTouch: true)
    guard isTouching else { return }
    let scrolls = geometry.maxOffset > 0 || bouncesWhenContentFits
    // A move that does not scroll keeps the velocity of the last one that did.
    if !scrolls { freezeTouchVelocity() }
    tracker.add(position: y, at: time)
    var startedDragging = false
    defer {
      if startedDragging {
        if !touch.caught { emit(.willBeginDragging, at: time) }
        reportPhase(at: time)
      }
    }
    if y != touch.lastY {
      touch.lastMotionTime = time
    } else if time - touch.lastMotionTime > MomentumCarry.stationaryLimit {
      touch.carriedVelocity = 0
    }
    if !touch.isDragging {
      guard !dragStartIsExternal, Swift.abs(y - touch.downY) > profile.dragStartSlop else {
        return
      }
      startedDragging = true
      startDragging(at: y, slopPassed: true)
    }
    if touch.hasMotionThreshold {
      var threshold = touch.motionThreshold
      // Flutter's iOS start threshold: the part of this step it holds back is dropped, as if
      // the finger had gone down that much further along (ScrollDragController).
      let step = touch.lastY - y
      let dropped = step - threshold.apply(step, at: time)
      touch.motionThreshold = threshold
      touch.anchorY -= dropped
      touch.lastY -= dropped
    }
    guard scrolls else {
      touch.lastY = y
      touch.lastMoveTime = time
      return
    }
    switch profile.overscrollModel {
    case .flutterFriction:
      let change = FlutterOverscroll.offsetChange(
        delta: touch.lastY - y, offset: touch.offset, maxOffset: geometry.maxOffset,
        viewport: geometry.viewportHeight, coefficient: profile.rubberBandCoefficient,
        easesFreely: profile.scrollDecelerationRate == .fast)
      touch.offset += change
      touch.velocityFactor = 1
      touch.velocityFromTracker = true
    case .rubberBand:
      let drag = touch.anchorDrag + (touch.anchorY - y)
      let edge = geometry.clamp(drag)
      if drag == edge {
        // In range: the content follows 1:1 (`edge + overscroll(0)` is `edge`).
        touch.offset = edge
        touch.velocityFactor = 1
      } else {
        let band = rubberBand
        touch.offset = edge + band.overscroll(forDrag: drag - edge)
        touch.velocityFactor = band.slope(atDrag: drag - edge)
      }
      touch.velocityFromTracker = true
    case .linear:
      let drag = touch.anchorDrag + (touch.anchorY - y)
      let edge = geometry.clamp(drag)
      touch.offset = edge + profile.rubberBandCoefficient * (drag - edge)
      touch.velocityFactor = drag == edge ? 1 : profile.rubberBandCoefficient
      touch.velocityFromTracker = true
    case .stretch, .clamp:
      var drag = touch.anchorDrag + (touch.anchorY - y)
      let edge = geometry.clamp(drag)
      let limit = profile.overscrollModel == .stretch ? geometry.viewportHeight : 0
      if Swift.abs(drag - edge) > limit {
        // Re-anchor at the stretch's end (or the edge), so turning back acts at once.
        drag = drag > edge ? edge + limit : edge - limit
        touch.anchorDrag = drag
        touch.anchorY = y
      }
      touch.offset = edge
      touch.stretch = Swift.min(Swift.max((drag - edge) / geometry.viewportHeight, -1), 1)
      if drag == edge {
        touch.velocityFactor = 1
        touch.velocityFromTracker = true
      } else {
        touch.velocity = 0
        touch.velocityFromTracker = false
      }
    }
    touch.lastY = y
    touch.lastMoveTime = time
  }

  /// Starts the drag of the touch now, the content following the finger from `y` (points;
  /// the last position given to ``touchMove(y:at:)``), as if `y` had just passed the slop:
  /// `scrollViewWillBeginDragging` and the phase change. Nothing when no finger is down or the
  /// touch already drags. For ``TwoAxisScrollSimulator``'s directional lock.
  /// `slopPassed`: this axis passed the slop (Android then subtracts it, as at a one-axis
  /// start); false anchors the content at `y`.
  mutating func beginDrag(y: Double, at time: Double, slopPassed: Bool = false) {
    guard case .touching = mode, !touch.isDragging else { return }
    startDragging(at: y, slopPassed: slopPassed)
    if !touch.caught { emit(.willBeginDragging, at: time) }
    reportPhase(at: time)
  }

  /// Points of offset per point of finger travel at the touch's offset (the rubber band's slope
  /// when overscrolled in the iOS model, else 1); 1 without a touch.
  var releaseSlope: Double {
    guard case .touching = mode, profile.overscrollModel == .rubberBand else {
      return 1
    }
    return slope(atDragPosition: dragPosition(forOffset: touch.offset, stretch: 0))
  }

  /// Marks a touch as a drag from the finger at `y`: Android (the stretch model, when the slop
  /// was passed) subtracts the slop once, any other start anchors the content at `y`.
  mutating func startDragging(at y: Double, slopPassed: Bool) {
    touch.isDragging = true
    if slopPassed && profile.overscrollModel == .stretch {
      // Android subtracts the slop once (ScrollView.onTouchEvent: deltaY -= mTouchSlop): the
      // content lags the finger by exactly the slop for the rest of the drag.
      let slop = profile.dragStartSlop
      touch.anchorY = touch.downY + (y > touch.downY ? slop : -slop)
    } else if !slopPassed || profile.dragStartSlop > 0 {
      // Flutter: the drag starts at the sample that passes the slop (the recognizer's
      // acceptance point); the distance before it is not applied.
      touch.anchorY = y
      touch.lastY = y
    }
    if profile.dragMotionThreshold > 0 {
      touch.motionThreshold = DragMotionThreshold(
        distance: profile.dragMotionThreshold, startingAt: touch.lastMoveTime)
      touch.hasMotionThreshold = true
    }
  }

  /// The finger lifts: a fling decelerates, an overscrolled view bounces back, otherwise the
  /// view comes to rest (exactly one end).
  /// - Parameter time: seconds, ≥ the previous event's time.
  /// - Returns: the release velocity used, points per second: the finger's (times the rubber
  ///   band's slope when overscrolled in the iOS profile) clamped to ±`maximumFlingVelocity`,
  ///   0 below `minimumFlingVelocity` or for a tap, plus any carried momentum.
  /// - Throws: ``PhysicsError`` for a non-finite time, time going backwards, or no finger down;
  ///   ``PhysicsError/invalidParameter(name:value:expected:)`` named `targetContentOffset` when
  ///   the ``willEndDragging`` hook set a non-finite target (the release has then taken place
  ///   with its own target).
  @discardableResult
  public mutating func touchUp(at time: Double) throws(PhysicsError) -> Double {
    try touchUp(at: time, releaseVelocity: nil)
  }

  /// ``touchUp(at:)`` with the release velocity chosen by the caller (points per second, already
  /// limited, before carried momentum), or nil for the finger's own; a given velocity flings
  /// even when this axis never started dragging (a two-axis scroll view's locked-out axis in
  /// Flutter's weighted modes).
  mutating func touchUp(at time: Double, releaseVelocity: Double?) throws(PhysicsError) -> Double {
    try accept(time: time, y: 0, kind: "up", needsTouch: true)
    guard case .touching = mode else { return 0 }
    let touch = self.touch
    var velocity = 0.0
    let scrolls = geometry.maxOffset > 0 || bouncesWhenContentFits
    if let releaseVelocity, scrolls {
      velocity = releaseVelocity
    } else if releaseVelocity == nil && touch.isDragging && scrolls {
      var estimate = -tracker.velocity(at: time)
      if profile.overscrollModel == .rubberBand {
        estimate *= slope(atDragPosition: dragPosition(forOffset: touch.offset, stretch: 0))
      }
      let limit = profile.maximumFlingVelocity
      velocity = Swift.min(Swift.max(estimate, -limit), limit)
      if Swift.abs(velocity) < profile.minimumFlingVelocity { velocity = 0 }
    }
    velocity = Self.withCarriedMomentum(velocity, touch: touch, at: time)
    let dragged = touch.isDragging || touch.caught
    if let rejected = release(
      offset: touch.offset, velocity: velocity, stretch: touch.stretch, at: time, dragged: dragged)
    {
      throw rejected
    }
    return velocity
  }

  /// A release velocity plus the momentum a caught fling carries into it (same direction, the
  /// finger not held still too long), points per second.
  static func withCarriedMomentum(_ velocity: Double, touch: Touch, at time: Double) -> Double {
    guard velocity != 0 else { return 0 }
    let stillTooLong = time - touch.lastMotionTime > MomentumCarry.stationaryLimit
    if !stillTooLong, (velocity > 0) == (touch.carriedVelocity > 0) {
      return velocity + touch.carriedVelocity
    }
    return velocity
  }

  /// The velocity a lift now with the release velocity `velocity` (limited, points per second)
  /// flings with: 0 when the content does not scroll, plus carried momentum; 0 without a finger.
  func liftVelocity(_ velocity: Double, at time: Double) -> Double {
    guard case .touching = mode else { return 0 }
    let scrolls = geometry.maxOffset > 0 || bouncesWhenContentFits
    return Self.withCarriedMomentum(scrolls ? velocity : 0, touch: touch, at: time)
  }

  /// For a lift now with the release velocity `velocity` (limited, before carried momentum):
  /// the velocity after carried momentum and the target proposed to a `willEndDragging` hook
  /// (the paging or snapping target, else the natural rest); nil without a finger down.
  func proposedRelease(velocity: Double, at time: Double) -> (velocity: Double, target: Double)? {
    guard case .touching = mode else { return nil }
    let touch = self.touch
    let v = liftVelocity(velocity, at: time)
    let target =
      behaviourTarget(offset: touch.offset, velocity: v)
      ?? ScrollMotion(
        releaseAt: touch.offset, velocity: v, stretch: touch.stretch, time: time,
        geometry: geometry, profile: profile, screenScale: screenScale, fingerLift: true,
        lead: flingLead
      ).finalOffset
    return (v, target)
  }

  /// The system cancels the touch: no fling; an overscrolled view bounces back.
  /// - Parameter time: seconds, ≥ the previous event's time.
  /// - Throws: ``PhysicsError`` for a non-finite time, time going backwards, or no finger down;
  ///   as ``touchUp(at:)`` for a hook's non-finite target.
  public mutating func touchCancel(at time: Double) throws(PhysicsError) {
    try accept(time: time, y: 0, kind: "cancel", needsTouch: true)
    guard case .touching = mode else { return }
    let touch = self.touch
    if let rejected = release(
      offset: touch.offset, velocity: 0, stretch: touch.stretch, at: time,
      dragged: touch.isDragging || touch.caught)
    {
      throw rejected
    }
  }

  /// A finger lift: the motion and its events (the drag's end when `dragged`, through the
  /// ``willEndDragging`` hook). Returns the rejection of a hook's non-finite target, else nil.
  mutating func release(
    offset: Double, velocity: Double, stretch: Double, at time: Double, dragged: Bool
  ) -> PhysicsError? {
    lastReleaseVelocity = velocity
    guard dragged else {
      layOut(offset: offset, velocity: velocity, stretch: stretch, at: time, fingerLift: true)
      if beginMotion(.deceleration, at: time) { emit(.willBeginDecelerating, at: time) }
      reportPhase(at: time)
      return nil
    }
    let choice = releaseTarget(offset: offset, velocity: velocity, stretch: stretch, at: time)
    layOut(
      offset: offset, velocity: velocity, stretch: stretch, at: time, fingerLift: true,
      target: (choice.target, choice.decelerates))
    emit(
      .willEndDragging(velocity: velocity / 1000, targetContentOffset: restingOffset), at: time)
    let moving = beginMotion(.deceleration, at: time)
    emit(.didEndDragging(willDecelerate: moving), at: time)
    if moving { emit(.willBeginDecelerating, at: time) }
    reportPhase(at: time)
    guard let rejected = choice.rejected else { return nil }
    return .invalidParameter(
      name: "targetContentOffset", value: rejected,
      expected: "a finite offset in points from the willEndDragging hook (the fling kept its own "
        + "target)")
  }

  /// Replaces the mode with the motion from a state (no fling bookkeeping). `target` is the
  /// release's target and how it is reached; nil: the ``targetBehavior``'s, by the snap spring.
  mutating func layOut(
    offset: Double, velocity: Double, stretch: Double, at time: Double, fingerLift: Bool = false,
    target: (Double?, decelerates: Bool)? = nil
  ) {
    let chosen = target ?? (behaviourTarget(offset: offset, velocity: velocity), false)
    let motion = ScrollMotion(
      releaseAt: offset, velocity: velocity, stretch: stretch, time: time, target: chosen.0,
      decelerates: chosen.decelerates, geometry: geometry, profile: profile,
      screenScale: screenScale, fingerLift: fingerLift, lead: fingerLift ? flingLead : nil)
    settle(motion)
  }

  /// Rests at once when the motion has nothing to do.
  mutating func settle(_ motion: ScrollMotion) {
    mode =
      motion.segments.isEmpty && motion.relaxingStretch == nil
      ? .resting(offset: motion.finalOffset) : .moving(motion)
  }

  /// Checks an event's time (and finger position) and the touch sequence.
  mutating func accept(time: Double, y: Double, kind: String, needsTouch: Bool?)
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
    if let needsTouch, isTouching != needsTouch { throw .unexpectedTouch(kind: kind, time: time) }
    lastEventTime = time
    advance(to: time)
  }

  /// Maps a displayed offset (and Android stretch) to the un-banded drag position that shows it
  /// (inverse rubber band past an edge in the iOS profile).
  func dragPosition(forOffset offset: Double, stretch: Double) -> Double {
    let edge = geometry.clamp(offset)
    switch profile.overscrollModel {
    case .rubberBand: return edge + rubberBand.dragDistance(forOverscroll: offset - edge)
    case .linear: return edge + (offset - edge) / profile.rubberBandCoefficient
    case .stretch, .clamp: return edge + stretch * geometry.viewportHeight
    case .flutterFriction: return offset
    }
  }

  /// Maps an un-banded drag position to the displayed offset (rubber band past an edge).
  @inline(__always) private func offset(forDragPosition drag: Double) -> Double {
    let edge = geometry.clamp(drag)
    return edge + rubberBand.overscroll(forDrag: drag - edge)
  }

  /// Points of offset per point of finger travel at a drag position: 1 in range.
  @inline(__always) private func slope(atDragPosition drag: Double) -> Double {
    let edge = geometry.clamp(drag)
    return drag == edge ? 1 : rubberBand.slope(atDrag: drag - edge)
  }
}
