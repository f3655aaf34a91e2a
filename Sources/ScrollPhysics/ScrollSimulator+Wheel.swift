/// A trackpad session moving the content: the user's phase (`began` … `ended`), the wait for the
/// system's momentum after `ended`, and the momentum deltas.
struct WheelDrag: Sendable {
  /// Where the session is.
  enum Stage: Sendable, Equatable {
    /// The fingers scroll (phase `began`, `changed`): phase ``ScrollPhase/dragging``.
    case user
    /// The fingers lifted in range; the system's momentum may follow. Nothing moves.
    case awaitingMomentum
    /// The system's momentum deltas: phase ``ScrollPhase/decelerating``.
    case momentum
  }

  /// The displayed offset, points (past an edge during the user's phase in bouncing profiles).
  var offset: Double
  /// The un-banded drag position of the summed deltas, points (as a finger's,
  /// ``ScrollSimulator/dragPosition(forOffset:stretch:)``).
  var drag: Double
  /// The offset's velocity at the last delta, points per second.
  var velocity: Double
  /// The time of the last delta, seconds.
  var lastTime: Double
  var stage: Stage

  /// The state at `time`: the offset holds between deltas; the velocity reads 0 once the
  /// deltas pause (the user's phase: after ``VelocityTracker/stoppedGap``, as a still finger;
  /// momentum: after ``ScrollSimulator/wheelVelocityTimeout``, when the phase reads idle too, so
  /// that a recording cut off mid-momentum still ends).
  func state(at time: Double) -> ScrollState {
    switch stage {
    case .user:
      let still = time - lastTime > VelocityTracker.stoppedGap
      return ScrollState(offset: offset, velocity: still ? 0 : velocity, phase: .dragging)
    case .awaitingMomentum:
      return ScrollState(offset: offset, velocity: 0, phase: .idle)
    case .momentum:
      if time - lastTime >= ScrollSimulator.wheelVelocityTimeout {
        return ScrollState(offset: offset, velocity: 0, phase: .idle)
      }
      return ScrollState(offset: offset, velocity: velocity, phase: .decelerating)
    }
  }
}

extension ScrollSimulator {
  /// A delta older than this gives no velocity, seconds: 0.1 (WebKit
  /// `ScrollingEffectsController` `scrollVelocityZeroingTimeout` = 100 ms; Chromium
  /// `ElasticOverscrollController` `kScrollVelocityZeroingTimeout` = 0.10).
  public static let wheelVelocityTimeout = 0.1

  /// A wheel or trackpad delta with its phase (``/ScrollSimCore/WheelPhase``), y axis only.
  ///
  /// - **No phase** (``/ScrollSimCore/WheelPhase/none``: a mouse wheel, a web `WheelEvent`): the
  ///   offset moves by `deltaY` at once and rests there, kept in range: no rubber band, no
  ///   momentum of its own. During a bounce past an edge it moves the content toward the range
  ///   (never further out) and the bounce goes on from there. It ends any trackpad momentum.
  /// - **The user's phase** (`began`, `changed`): the content follows the summed deltas as it
  ///   follows a finger's drag: 1:1 in range, and past an edge the profile's overscroll of the
  ///   distance past it (iOS: the ``RubberBand`` of the summed deltas past the edge; Flutter:
  ///   its friction per delta; Android and Chromium: kept in range). `began` catches any motion
  ///   where it is, a bounce included (WebKit `handleWheelEvent`: the stretch force is set from
  ///   the displayed stretch and the rubber-band animation stops). Phase ``ScrollPhase/dragging``.
  /// - `ended` or `cancelled`: past an edge, the bounce spring brings the view back (`ended`
  ///   with the offset's velocity of the last delta, 0 when it is older than
  ///   ``wheelVelocityTimeout``; `cancelled` from rest). In range the view rests; after `ended`
  ///   the system's momentum deltas may follow.
  /// - **Momentum** (`momentumBegan`, `momentumChanged`, `momentumEnded`): the content moves by
  ///   each delta (phase ``ScrollPhase/decelerating``). A delta that would cross an edge moves
  ///   the content past it by the profile's overscroll of the excess and hands over to the bounce
  ///   spring with the momentum's velocity; the session's remaining momentum deltas are ignored
  ///   (WebKit sets `m_ignoreMomentumScrolls` and starts its rubber-band animation; Chromium
  ///   enters `kStateMomentumAnimated` at the first stretch during momentum).
  /// - `mayBegin` moves nothing (WebKit's `handleWheelEvent` does not handle it).
  ///
  /// Any other input (a touch, a programmatic scroll, a synthetic release) ends the session:
  /// its remaining deltas (`changed`, `ended`, momentum) are accepted and ignored until the next
  /// `began`; when it interrupts the user's phase, the drag ends first
  /// (`scrollViewWillEndDragging` with velocity 0 and `scrollViewDidEndDragging(willDecelerate:
  /// false)` at the input's time). A programmatic scroll is accepted during a session (macOS
  /// apps may scroll while the fingers are on the trackpad); a content change does not end it.
  /// Whenever nothing moves, the offset is in range. Velocities are the offset's change
  /// over the time since the previous delta, 0 past ``wheelVelocityTimeout`` (WebKit's
  /// `m_momentumVelocity`).
  ///
  /// Not modelled: WebKit's 10-point minimum before a stretch applies to the cross axis only
  /// (`rubberbandMinimumRequiredDeltaBeforeStretch`), and there is one axis here; iPadOS, whose
  /// scroll view decelerates on its own after a trackpad pan instead of receiving momentum
  /// deltas, is a `ended` at rest here.
  /// - Parameters:
  ///   - deltaY: the change of `contentOffset.y` asked for, points (positive scrolls forward,
  ///     like a finger moving up), finite, |`deltaY`| ≤ 1e7. The platforms' sign is the
  ///     opposite (`NSEvent.scrollingDeltaY` > 0 scrolls up): negate it.
  ///   - phase: where the delta sits in its gesture; default ``/ScrollSimCore/WheelPhase/none``.
  ///   - time: seconds, ≥ the previous event's time.
  /// - Returns: at the `ended` or `cancelled` of a session's user phase, its release velocity
  ///   (points per second: the last delta's offset velocity for `ended`, 0 when older than
  ///   ``wheelVelocityTimeout`` or for `cancelled`), also kept in ``lastReleaseVelocity``; else
  ///   nil.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` for a non-finite delta
  ///   or time, ``PhysicsError/timeWentBackwards(time:previous:)``,
  ///   ``PhysicsError/unexpectedTouch(kind:time:)`` while a finger is down, and
  ///   ``PhysicsError/unexpectedWheelPhase(field:message:time:)`` for a phase out of order
  ///   (``/ScrollSimCore/WheelPhase``'s order: an `ended` without a `began`, momentum with no
  ///   session, a `changed` after `ended`).
  @discardableResult
  public mutating func wheel(deltaY: Double, phase: WheelPhase = .none, at time: Double)
    throws(PhysicsError) -> Double?
  {
    guard deltaY.isFinite, Swift.abs(deltaY) <= PhysicsError.maximumMagnitude else {
      throw .invalidParameter(
        name: "deltaY", value: deltaY, expected: "a finite delta in points, |deltaY| ≤ 1e7")
    }
    try accept(time: time, y: 0, kind: "wheel", needsTouch: false)
    if let problem = wheelSequence.accept(phase) {
      throw .unexpectedWheelPhase(field: problem.field, message: problem.message, time: time)
    }
    var session: WheelDrag?
    if case .wheeling(let drag) = mode { session = drag }
    switch phase {
    case .none:
      plainWheel(deltaY, at: time)
    case .mayBegin:
      break
    case .began:
      let current = state(at: time)
      cancelMotion(at: time)
      var drag = WheelDrag(
        offset: current.offset, drag: dragPosition(forOffset: current.offset, stretch: 0),
        velocity: 0, lastTime: time, stage: .user)
      drag.follow(deltaY, at: time, in: self)
      mode = .wheeling(drag)
      emit(.willBeginDragging, at: time)
      reportPhase(at: time)
    case .changed:
      guard var drag = session, drag.stage == .user else { return nil }
      drag.follow(deltaY, at: time, in: self)
      mode = .wheeling(drag)
    case .ended, .cancelled:
      guard var drag = session, drag.stage == .user else { return nil }
      // An end without a delta keeps the last delta's velocity (WebKit returns before it
      // updates `m_momentumVelocity`).
      if deltaY != 0 { drag.follow(deltaY, at: time, in: self) }
      let fresh = time - drag.lastTime < Self.wheelVelocityTimeout
      let velocity = phase == .ended && fresh ? drag.velocity : 0
      var moving = false
      if geometry.contains(drag.offset) {
        drag.stage = .awaitingMomentum
        mode = phase == .ended ? .wheeling(drag) : .resting(offset: drag.offset)
      } else {
        layOut(offset: drag.offset, velocity: velocity, stretch: 0, at: time)
        moving = beginMotion(.deceleration, at: time)
      }
      // The end of a drag, as a finger's lift (no willEndDragging hook: the platform's momentum
      // deltas, not a target, decide where a trackpad session rests).
      emit(
        .willEndDragging(velocity: velocity / 1000, targetContentOffset: restingOffset), at: time)
      emit(.didEndDragging(willDecelerate: moving), at: time)
      if moving { emit(.willBeginDecelerating, at: time) }
      reportPhase(at: time)
      lastReleaseVelocity = velocity
      return velocity
    case .momentumBegan, .momentumChanged, .momentumEnded:
      guard var drag = session, drag.stage != .user else { return nil }
      if drag.stage == .awaitingMomentum {
        // The momentum is a deceleration with no end known in advance: it ends at
        // `momentumEnded`, or is cancelled by an interruption.
        activeMotion = .deceleration
        activeMotionEnd = .infinity
        emit(.willBeginDecelerating, at: time)
      }
      momentum(deltaY, drag: &drag, at: time)
      if case .wheeling = mode, phase == .momentumEnded {
        mode = .resting(offset: drag.offset)
        activeMotion = nil
        emit(.didEndDecelerating(finished: true), at: time)
      }
      reportPhase(at: time)
    }
    return nil
  }

  /// A delta without phase: moves the offset at once, kept in range; during a bounce, only
  /// toward the range, and the bounce goes on from there (the offset stays continuous).
  private mutating func plainWheel(_ deltaY: Double, at time: Double) {
    let current = state(at: time)
    let distance = { [geometry] (offset: Double) in Swift.abs(offset - geometry.clamp(offset)) }
    var moved = current.offset + deltaY
    if distance(current.offset) > 0 && distance(moved) > distance(current.offset) {
      moved = current.offset
    }
    if distance(current.offset) > 0 && distance(moved) > 0 {
      layOut(offset: moved, velocity: current.velocity, stretch: 0, at: time)
      relaidOut(at: time)
    } else {
      // An instant move, reported as `scrollTo(animated: false)` is: a jump.
      let target = geometry.clamp(moved)
      cancelMotion(at: time)
      mode = .resting(offset: target)
      if current.offset != target { emit(.jump(from: current.offset, to: target), at: time) }
      reportPhase(at: time)
    }
  }

  /// A momentum delta from a view in range: it moves the content; past an edge the bounce
  /// spring takes over with the momentum's velocity.
  private mutating func momentum(_ deltaY: Double, drag: inout WheelDrag, at time: Double) {
    let target = drag.offset + deltaY
    let edge = geometry.clamp(target)
    let elapsed = time - drag.lastTime
    let rate = elapsed > 0 && elapsed < Self.wheelVelocityTimeout ? deltaY / elapsed : 0
    guard target != edge, canOverscroll else {
      drag.velocity =
        elapsed > 0 && elapsed < Self.wheelVelocityTimeout
        ? (edge - drag.offset) / elapsed : 0
      drag.offset = edge
      drag.drag = edge
      drag.lastTime = time
      drag.stage = .momentum
      mode = .wheeling(drag)
      return
    }
    let (overscroll, slope) = overscroll(forDrag: target - edge, from: edge)
    // Chromium's elastic release starts from the scroll velocity of the momentum events
    // (`ElasticOverscrollController::UpdateVelocity`: the event's whole delta over the time
    // since the previous one, kept as `momentum_animation_initial_velocity_`), not the
    // stretch's; the other models hand on the overscroll's own velocity.
    let velocity = profile.springTransfer == .chromiumElastic ? rate : rate * slope
    layOut(offset: edge + overscroll, velocity: velocity, stretch: 0, at: time)
    // The momentum's deceleration goes on as the bounce, to the bounce's end.
    relaidOut(at: time)
  }

  /// Whether deltas may take the content past an edge: a bouncing profile with content to
  /// scroll (or one that bounces when the content fits).
  var canOverscroll: Bool {
    profile.overscrollModel.bounces && (geometry.maxOffset > 0 || bouncesWhenContentFits)
  }

  /// The displayed overscroll for `distance` points of drag past `edge`, and the points of
  /// offset per point of drag there: the profile's overscroll model, as for a finger.
  func overscroll(forDrag distance: Double, from edge: Double) -> (Double, Double) {
    switch profile.overscrollModel {
    case .rubberBand:
      return (rubberBand.overscroll(forDrag: distance), rubberBand.slope(atDrag: distance))
    case .linear:
      return (profile.rubberBandCoefficient * distance, profile.rubberBandCoefficient)
    case .flutterFriction:
      let change = FlutterOverscroll.offsetChange(
        delta: distance, offset: edge, maxOffset: geometry.maxOffset,
        viewport: geometry.viewportHeight, coefficient: profile.rubberBandCoefficient)
      return (change, distance == 0 ? 1 : change / distance)
    case .stretch, .clamp:
      return (0, 0)
    }
  }

  /// Whether a trackpad session ended in range and the system's momentum may still follow
  /// (phase idle meanwhile): the view is at rest unless momentum deltas come.
  package var awaitsMomentum: Bool {
    if case .wheeling(let drag) = mode { return drag.stage == .awaitingMomentum }
    return false
  }

  /// The trackpad's user phase in progress (`began` … before `ended`), if any: where in
  /// ``scrollViewEvents`` its end goes if the input about to apply interrupts it, and the
  /// offset there. Call after the input's time is accepted, before it changes anything.
  func openWheelDrag() -> (index: Int, offset: Double)? {
    guard case .wheeling(let drag) = mode, drag.stage == .user else { return nil }
    return (scrollViewEvents.count, drag.offset)
  }

  /// Ends a trackpad drag that another input (a touch, a programmatic scroll, a scroll to top, a
  /// synthetic release, a content change) has just taken over: `scrollViewWillEndDragging(velocity:
  /// 0, target: the offset where the session stopped)` and `scrollViewDidEndDragging(willDecelerate:
  /// false)`, at the input's time, before the input's own events (as `touchCancel` ends a
  /// finger's drag). Every `scrollViewWillBeginDragging` is closed. Nothing when the session goes
  /// on (the input changed nothing, or a content change kept the user's phase).
  mutating func closeWheelDrag(_ open: (index: Int, offset: Double)?, at time: Double) {
    guard let open else { return }
    if case .wheeling(let drag) = mode, drag.stage == .user { return }
    scrollViewEvents.insert(
      contentsOf: [
        ScrollViewEvent(
          time: time, kind: .willEndDragging(velocity: 0, targetContentOffset: open.offset)),
        ScrollViewEvent(time: time, kind: .didEndDragging(willDecelerate: false)),
      ], at: open.index)
  }

  /// The content or viewport changed during a trackpad session: the user's phase goes on from
  /// where the content is; a view waiting for or in momentum that is now out of range bounces
  /// back (the session's momentum is then ignored), else it keeps its place.
  mutating func wheelGeometryChanged(_ drag: WheelDrag, at time: Double) {
    var drag = drag
    if !canOverscroll { drag.offset = geometry.clamp(drag.offset) }
    if drag.stage != .user && !geometry.contains(drag.offset) {
      layOut(offset: drag.offset, velocity: 0, stretch: 0, at: time)
      relaidOut(at: time)
      return
    }
    drag.drag = dragPosition(forOffset: drag.offset, stretch: 0)
    mode = .wheeling(drag)
  }
}

extension WheelDrag {
  /// Follows one delta of the user's phase: the summed deltas as a finger's drag position.
  mutating func follow(_ deltaY: Double, at time: Double, in simulator: ScrollSimulator) {
    let before = offset
    let geometry = simulator.geometry
    if !simulator.canOverscroll {
      // Clamped profiles: in range even when caught past an edge (a programmatic spring's
      // overshoot).
      offset = geometry.clamp(offset + deltaY)
      drag = offset
    } else if deltaY != 0 {
      if simulator.profile.overscrollModel == .flutterFriction {
        offset += FlutterOverscroll.offsetChange(
          delta: deltaY, offset: offset, maxOffset: geometry.maxOffset,
          viewport: geometry.viewportHeight, coefficient: simulator.profile.rubberBandCoefficient)
        drag = offset
      } else {
        drag += deltaY
        let edge = geometry.clamp(drag)
        offset = edge + simulator.overscroll(forDrag: drag - edge, from: edge).0
      }
    }
    let elapsed = time - lastTime
    velocity =
      elapsed > 0 && elapsed < ScrollSimulator.wheelVelocityTimeout
      ? (offset - before) / elapsed : 0
    lastTime = time
  }
}
