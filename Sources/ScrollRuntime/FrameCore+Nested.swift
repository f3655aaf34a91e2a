import ScrollEffects
import ScrollPhysics
import ScrollSimCore
import ScrollTrace

extension FrameCore {
  /// ``evaluate(at:next:)`` of a nested chain: the chain at `time`; the sample's `offset`,
  /// `velocity`, `phase` and `geometry` are the combined view's, its `views` each view's, outer
  /// to inner (``/ScrollEffects/ScrollSample/init(time:nested:chain:)``).
  @usableFromInline mutating func evaluateNested(at time: Double) throws(InputError) {
    // The views' callbacks up to the frame: `scrollViewDidScroll` of each view that moved, the
    // completion of a motion that ended; and the state they were reported from.
    let both = nested!.advancedState(at: time)
    state = both.combined
    nestedState = both
    sample.time = time
    sample.offset = both.combined.offset
    sample.velocity = both.combined.velocity
    sample.phase = both.combined.phase
    for i in both.views.indices {
      sample.views![i].offset = both.views[i].offset
      sample.views![i].velocity = both.views[i].velocity
    }
    try evaluateEffect()
  }

  /// The nested part of ``begin(frame:)``: no events of the chain's views yet.
  @usableFromInline mutating func beginNested() {
    if !nested!.scrollViewEvents.isEmpty { nested!.removeScrollViewEvents() }
  }

  /// Each view's delegate callbacks and phase changes of the last frame (a nested chain), in
  /// time order; empty for a run of one scroll view.
  @usableFromInline var nestedScrollViewEvents: [NestedScrollViewEvent] {
    nested?.scrollViewEvents ?? []
  }

  /// ``apply(_:line:)`` of a nested chain: touches, wheel deltas, programmatic scrolls and
  /// synthetic releases through ``nested``; geometry changes are refused (a chain's layout is
  /// its header's).
  mutating func applyNested(_ input: FrameInput, line: Int) throws(InputError) {
    let time = input.time
    let refused: String? =
      switch input.kind {
      case .contentHeight, .contentWidth: "content"
      case .viewportHeight, .viewportWidth: "viewport"
      default: nil
      }
    if let refused {
      // The trace format's names (traces/FORMAT.md): the line's type and the ones a chain takes.
      throw InputError(
        file: file, line: line, field: "type",
        message: "\"\(refused)\" is not supported in a nested chain: a chain's layout is fixed "
          + "by the header (scroll, nested); expected down, move, up, cancel, wheel, scrollTo "
          + "or scrollToTop")
    }
    do throws(PhysicsError) {
      var release: Double?
      var trackpad = false
      switch input.kind {
      case .touchDown(_, let y):
        try nested!.touchDown(y: y, view: Self.viewUnder(y: y, in: nested!, at: time), at: time)
        lastY = y
        touchDownTime = time
      case .touchMove(_, let y):
        try nested!.touchMove(y: y, at: time)
        lastY = y
      case .touchUp(_, let y):
        if let y, y != lastY { try nested!.touchMove(y: y, at: time) }
        release = try nested!.touchUp(at: time)
        if let y { lastY = y }
      case .touchCancel(_, let y):
        try nested!.touchCancel(at: time)
        if let y { lastY = y }
        release = 0
      case .wheel(_, let deltaY, let phase):
        release = try nested!.wheel(deltaY: deltaY, phase: phase, at: time)
        if phase == .began { touchDownTime = time } else { trackpad = true }
      case .scrollTo(_, let offset, let animated):
        try nested!.scrollTo(combinedOffset: offset, animated: animated, at: time)
      case .scrollToTop:
        try nested!.scrollTo(combinedOffset: 0, animated: true, at: time)
      case .release(let offset, let velocity):
        // A release at a recorded offset: the chain jumps there, then flings.
        try nested!.scrollTo(combinedOffset: offset, animated: false, at: time)
        release = try nested!.fling(velocity: velocity, at: time)
      case .contentHeight, .contentWidth, .viewportHeight, .viewportWidth:
        break  // refused above
      case .recordedOffset:
        break
      }
      if let release { recordRelease(release, at: time, trackpad: trackpad, noFling: nil) }
    } catch {
      throw InputError(
        file: file, line: line, field: Self.inputField(of: error), message: error.description)
    }
  }

  /// The view a finger landing at `y` (points from the top of the chain) touches: the header
  /// whose visible part is under it, else the list. Only ``/ScrollPhysics/NestedScrollRule/uikit``
  /// uses it (the chaining rules drive the combined view whatever the finger lands on).
  static func viewUnder(y: Double, in chain: NestedScrollSimulator, at time: Double) -> Int? {
    guard chain.chain.rule == .uikit else { return nil }
    let state = chain.state(at: time)
    var top = 0.0
    for (i, header) in chain.chain.headers.enumerated() {
      top += header.expandedHeight - state.views[i].offset
      if y < top { return i }
    }
    return nil
  }
}
