extension ScrollSimulator {
  /// What a ``willEndDragging`` hook is told about the lift, as UIKit's
  /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` is.
  public struct DragEnd: Sendable, Equatable {
    /// When the finger lifted, seconds.
    public var time: Double
    /// The offset at the lift, points from rest at the top (may be overscrolled).
    public var offset: Double
    /// The release velocity, points per **millisecond** (UIKit's unit), positive when the
    /// offset increases.
    public var velocity: Double
    /// The scroll view at the lift, points.
    public var geometry: ScrollGeometry

    /// Creates the description of a lift.
    public init(time: Double, offset: Double, velocity: Double, geometry: ScrollGeometry) {
      self.time = time
      self.offset = offset
      self.velocity = velocity
      self.geometry = geometry
    }
  }

  /// A `scrollViewWillEndDragging` hook: given the lift and the proposed `targetContentOffset`
  /// (points from rest at the top: the natural rest of the deceleration, or the paging or
  /// snapping target), it may set a new target, as UIKit's `targetContentOffset.pointee = …`.
  public typealias WillEndDraggingHook =
    @Sendable (_ end: DragEnd, _ targetContentOffset: inout Double) -> Void

  /// What kind of motion is running, for its completion.
  enum MotionKind: Sendable {
    case deceleration, scrollAnimation, scrollToTop
  }

  /// Drops the events read so far (keeping the buffer's capacity: no allocation afterwards).
  public mutating func removeScrollViewEvents() {
    scrollViewEvents.removeAll(keepingCapacity: true)
  }

  /// Emits the events that happen inside the running motion up to `time` (seconds): its
  /// completion and the phase change to idle when it ends by then, at the motion's exact end
  /// time. Inputs do this themselves before they apply; a frame loop calls it once per frame.
  /// - Complexity: O(1); one comparison when nothing ends.
  @inlinable public mutating func advance(to time: Double) {
    if time >= activeMotionEnd { finishMotion(upTo: time) }
  }

  /// ``advance(to:)``, then ``state(at:)``: a frame loop's per-frame read, on the simulator in
  /// place (calling the non-mutating `state(at:)` on a stored simulator from a mutating method
  /// copied the whole simulator first, ≈ 100 instructions of `memcpy`).
  package mutating func advancedState(at time: Double) -> ScrollState {
    advance(to: time)
    if isTouching { return touchState(at: time) }
    return advancedModeState(at: time)
  }

  /// Scrolls to the top as a status-bar tap does (`scrollsToTop`): an animated scroll to offset
  /// 0 that ends with `scrollViewDidScrollToTop`. Nothing happens when ``scrollsToTop`` is false
  /// or when the view already rests at the top (the UIKit header: the view scrolls "if it is not
  /// already at the top"). A running motion is stopped (its completion is flagged cancelled).
  /// - Parameter time: seconds, ≥ the previous event's time.
  /// - Throws: ``PhysicsError`` for a non-finite time, time going backwards, or a finger down.
  public mutating func scrollToTop(at time: Double) throws(PhysicsError) {
    try accept(time: time, y: 0, kind: "scrollToTop", needsTouch: false)
    let interrupted = openWheelDrag()
    defer { closeWheelDrag(interrupted, at: time) }
    guard scrollsToTop else { return }
    let current = state(at: time)
    // At the top and still (an Android stretch relaxing there goes on).
    if current.offset == 0 && current.velocity == 0 { return }
    cancelMotion(at: time)
    settle(
      ScrollMotion(
        animatingFrom: current.offset, velocity: current.velocity, stretch: current.stretch,
        to: 0, time: time, geometry: geometry, profile: profile, screenScale: screenScale))
    if !beginMotion(.scrollToTop, at: time) {
      emit(.didScrollToTop(finished: true), at: time)
    }
    reportPhase(at: time)
  }

  // MARK: Internals

  @usableFromInline mutating func finishMotion(upTo time: Double) {
    guard let kind = activeMotion, time >= activeMotionEnd else { return }
    let end = activeMotionEnd
    activeMotion = nil
    activeMotionEnd = .infinity
    emit(completion(kind, finished: true), at: end)
    reportPhase(at: end)
  }

  /// Stops the running motion at `time`: its completion, flagged cancelled.
  mutating func cancelMotion(at time: Double) {
    guard let kind = activeMotion else { return }
    activeMotion = nil
    activeMotionEnd = .infinity
    emit(completion(kind, finished: false), at: time)
  }

  /// Marks the motion just laid out as running; false when the view rests.
  mutating func beginMotion(_ kind: MotionKind, at time: Double) -> Bool {
    guard case .moving(let motion) = mode, motion.endTime > time else { return false }
    activeMotion = kind
    activeMotionEnd = motion.endTime
    return true
  }

  /// After a re-layout (a content change, a nudge): the running motion goes on to its new end,
  /// or is cancelled when the view now rests; a motion that starts with no motion running is a
  /// deceleration (a bounce back into a shrunk range).
  mutating func relaidOut(at time: Double) {
    if let kind = activeMotion {
      if case .moving(let motion) = mode, motion.endTime > time {
        activeMotionEnd = motion.endTime
      } else {
        activeMotion = nil
        activeMotionEnd = .infinity
        emit(completion(kind, finished: false), at: time)
      }
    } else if beginMotion(.deceleration, at: time) {
      emit(.willBeginDecelerating, at: time)
    }
    reportPhase(at: time)
  }

  private func completion(_ kind: MotionKind, finished: Bool) -> ScrollViewEvent.Kind {
    switch kind {
    case .deceleration: .didEndDecelerating(finished: finished)
    case .scrollAnimation: .didEndScrollingAnimation(finished: finished)
    case .scrollToTop: .didScrollToTop(finished: finished)
    }
  }

  mutating func emit(_ kind: ScrollViewEvent.Kind, at time: Double) {
    scrollViewEvents.append(ScrollViewEvent(time: time, kind: kind))
  }

  /// Emits `onScrollPhaseChange` when the SwiftUI phase at `time` differs from the last one
  /// reported.
  mutating func reportPhase(at time: Double) {
    let now = state(at: time)
    let phase = now.phase == .bouncing ? ScrollPhase.decelerating : now.phase
    guard phase != reportedPhase else { return }
    emit(.phaseChange(old: reportedPhase, new: phase, velocity: now.velocity), at: time)
    reportedPhase = phase
  }

  /// Where the view comes to rest as laid out now, points.
  var restingOffset: Double {
    switch mode {
    case .resting(let offset): offset
    case .touching: touch.offset
    case .moving(let motion): motion.finalOffset
    case .wheeling(let drag): drag.offset
    }
  }

  /// The target of a finger lift: the paging or snapping behaviour's, then the
  /// ``willEndDragging`` hook's (one path for both). Returns the target (nil: free momentum),
  /// whether the motion lands on it by deceleration (a hook's target without a behaviour) rather
  /// than the snap spring, and a non-finite target the hook returned (rejected).
  func releaseTarget(offset: Double, velocity: Double, stretch: Double, at time: Double)
    -> (target: Double?, decelerates: Bool, rejected: Double?)
  {
    let natural = behaviourTarget(offset: offset, velocity: velocity)
    guard let hook = willEndDragging else { return (natural, false, nil) }
    let proposed =
      natural
      ?? ScrollMotion(
        releaseAt: offset, velocity: velocity, stretch: stretch, time: time, geometry: geometry,
        profile: profile, screenScale: screenScale, fingerLift: true, lead: flingLead
      ).finalOffset
    var target = proposed
    hook(
      DragEnd(time: time, offset: offset, velocity: velocity / 1000, geometry: geometry), &target)
    guard target.isFinite else { return (natural, false, target) }
    target = geometry.clamp(target)
    if target == proposed { return (natural, false, nil) }
    return (target, natural == nil, nil)
  }

  /// Why a release at `offset` with `velocity` (points per second, ≠ 0) moves no content, or
  /// nil when it may: the content does not scroll (it fits the viewport and the profile does not
  /// bounce then), or the view is at an edge and the velocity points past it in a profile that
  /// clamps there (Android, Chromium: the release only relaxes a stretch, if any). For the
  /// replay summary's "no fling: …".
  package func noFlingReason(offset: Double, velocity: Double) -> String? {
    guard velocity != 0 else { return nil }
    if geometry.maxOffset == 0 && !bouncesWhenContentFits {
      return "the content fits the viewport and does not scroll"
    }
    guard !profile.overscrollModel.bounces else { return nil }
    if offset <= 0 && velocity < 0 {
      return "at the top edge moving past it, and \(profile.name) physics clamps there"
    }
    if offset >= geometry.maxOffset && velocity > 0 {
      return "at the bottom edge moving past it, and \(profile.name) physics clamps there"
    }
    return nil
  }

  /// The paging or snapping target of a release, or nil (free momentum).
  func behaviourTarget(offset: Double, velocity: Double) -> Double? {
    guard targetBehavior != .none else { return nil }
    let projected = profile.flingCurve(
      offset: offset, velocity: velocity, viewport: geometry.viewportHeight
    ).offset(at: .infinity)
    return targetBehavior.target(
      offset: offset, velocity: velocity, projectedRest: projected,
      flingThreshold: profile.minimumFlingVelocity, geometry: geometry)
  }
}
