import ScrollEffects
import ScrollPhysics
import ScrollTrace

/// The state and the steps of a ``FrameLoop`` that do not depend on its source: the physics (or
/// the recorded offsets), the effect and the last frame. Not generic, so the per-frame path is
/// compiled once, fully optimised, whatever the source.
@usableFromInline struct FrameCore: Sendable {
  @usableFromInline let file: String
  @usableFromInline let refreshRate: Int
  @usableFromInline let outputs: [EffectOutput]
  /// The physics; a stand-in that never runs when the offsets are recorded (an offset trace).
  /// Not optional: the per-frame path reads it in place, never copying it.
  @usableFromInline var simulator: ScrollSimulator
  /// Whether ``simulator`` runs; false when the offsets are recorded.
  @usableFromInline let hasPhysics: Bool
  /// The physics of a two-axis run (a trace whose header declares a horizontal axis), which
  /// then runs instead of ``simulator``; nil for a vertical run, whose per-frame path never
  /// reads it (one branch on ``isTwoAxis`` per step).
  @usableFromInline var twoAxis: TwoAxisScrollSimulator?
  /// Whether ``twoAxis`` runs.
  @usableFromInline let isTwoAxis: Bool
  /// The physics of a nested chain (a trace whose header declares `nested`: collapsible
  /// headers above a list), which then runs instead of ``simulator``; nil otherwise.
  @usableFromInline var nested: NestedScrollSimulator?
  /// Each view's state of the last frame (nested chains), else nil.
  @usableFromInline var nestedState: NestedScrollState?
  /// Whether ``twoAxis`` or ``nested`` runs: the one branch the vertical path takes per step.
  @usableFromInline let runsOtherPhysics: Bool
  /// The horizontal release velocity of the release applied in the last frame (two-axis runs),
  /// points per second.
  @usableFromInline var releaseVelocityX: Double?
  /// The horizontal state of the last frame (two-axis runs), else nil.
  @usableFromInline var horizontalState: ScrollState?
  /// The finger's last horizontal position applied (two-axis runs), points from the left.
  var lastX: Double?
  /// The recorded offsets' resampler; used only without physics.
  var resampler = OffsetResampler()
  /// The geometry of a run without physics (an offset trace's header).
  let recordedGeometry: ScrollGeometry
  /// The effect when it is a compiled spec or preset: evaluated directly (the fast path).
  var compiled: CompiledEffect?
  /// Any other effect (a user's ``/ScrollEffects/ScrollEffect``), evaluated in place.
  var custom: (any ScrollEffect)?
  @usableFromInline var frameIndex = -1
  @usableFromInline var state: ScrollState
  @usableFromInline var sample: ScrollSample
  /// The last frame's values and events.
  @usableFromInline var frame: EffectFrame
  @usableFromInline var releaseVelocity: Double?
  @usableFromInline var releaseTime: Double?
  /// Whether that release ended a trackpad session (`ended`, `cancelled`) rather than a touch.
  @usableFromInline var releaseIsTrackpad = false
  /// Why that release moves no content though its velocity is not 0, or nil
  /// (``/ScrollPhysics/ScrollSimulator/noFlingReason(offset:velocity:)``).
  @usableFromInline var releaseNoFling: String?
  /// The input time of a touch-down or trackpad `began` applied in the last frame after its
  /// release (if any), seconds: a touch that begins in this frame and goes on after it. A frame
  /// can hold a lift and the next touch-down (two inputs closer than a frame period).
  @usableFromInline var touchDownTime: Double?
  /// The input time of the touch-down or `began` of the touch that the last frame's release
  /// ended, when that touch began in the same frame, seconds; else nil.
  @usableFromInline var releaseTouchDownTime: Double?
  /// The finger's last position applied, points from the top of the screen.
  var lastY: Double?
  @usableFromInline var isFinished = false

  /// A core named `file` in errors, with `simulator` or without physics (nil), or with the
  /// two-axis physics `twoAxis` (then `simulator` is nil and `geometry`, `startOffset` are the
  /// vertical axis's).
  init(
    file: String, simulator: ScrollSimulator?, geometry: ScrollGeometry, startOffset: Double,
    effect: (any ScrollEffect)?, refreshRate: Int, twoAxis: TwoAxisScrollSimulator? = nil,
    nested: NestedScrollSimulator? = nil
  ) {
    self.file = file
    self.simulator = simulator ?? Self.standIn
    hasPhysics = simulator != nil || twoAxis != nil || nested != nil
    self.twoAxis = twoAxis
    isTwoAxis = twoAxis != nil
    self.nested = nested
    runsOtherPhysics = twoAxis != nil || nested != nil
    recordedGeometry = geometry
    self.refreshRate = refreshRate
    if let effect = effect as? CompiledEffect {
      compiled = effect
    } else if let effect = effect as? CompiledPreset {
      compiled = effect.compiled
    } else {
      custom = effect
    }
    outputs = effect?.outputs ?? []
    frame = EffectFrame(outputs: outputs)
    state = ScrollState(offset: startOffset, velocity: 0, phase: .idle)
    sample = ScrollSample(
      time: 0, offset: startOffset, velocity: 0, phase: .idle, geometry: geometry)
    if let twoAxis {
      let state = twoAxis.state(at: 0)
      horizontalState = state.horizontal
      sample.horizontal = AxisSample(
        offset: state.horizontal.offset, velocity: 0, geometry: twoAxis.horizontalGeometry)
    }
    if let nested {
      let state = nested.state(at: 0)
      nestedState = state
      sample = ScrollSample(time: 0, nested: state, chain: nested.chain)
      sample.velocity = 0
    }
  }

  /// The geometry now (the vertical axis's in a two-axis run).
  @usableFromInline var geometry: ScrollGeometry {
    isTwoAxis
      ? twoAxis!.verticalGeometry
      : nested != nil
        ? nested!.chain.combinedGeometry : hasPhysics ? simulator.geometry : recordedGeometry
  }

  /// The physics constants of the run, or nil without physics.
  @usableFromInline var profile: PhysicsProfile? {
    isTwoAxis
      ? twoAxis!.vertical.profile
      : nested != nil ? nested!.profile : hasPhysics ? simulator.profile : nil
  }

  /// The simulator of a loop without physics: never run.
  static let standIn: ScrollSimulator = {
    do {
      return try ScrollSimulator(geometry: ScrollGeometry(viewportHeight: 1, contentHeight: 1))
    } catch {
      preconditionFailure("a 1 pt scroll view is valid: \(error)")
    }
  }()

  /// Starts frame `index`: no release yet.
  @inlinable mutating func begin(frame index: Int) {
    precondition(index > frameIndex, "frames are computed in increasing order")
    frameIndex = index
    releaseVelocity = nil
    releaseTime = nil
    releaseIsTrackpad = false
    releaseNoFling = nil
    touchDownTime = nil
    releaseTouchDownTime = nil
    // Almost always empty: the events of the previous frame were read by then.
    if !simulator.scrollViewEvents.isEmpty { simulator.removeScrollViewEvents() }
    if runsOtherPhysics { isTwoAxis ? beginTwoAxis() : beginNested() }
  }

  /// The two-axis part of ``begin(frame:)``: no horizontal release yet, no events.
  @usableFromInline mutating func beginTwoAxis() {
    releaseVelocityX = nil
    if !twoAxis!.scrollViewEvents.isEmpty { twoAxis!.removeScrollViewEvents() }
  }

  /// The delegate callbacks, phase changes and jump markers of the last frame, in time order
  /// (empty without physics).
  @usableFromInline var scrollViewEvents: [ScrollViewEvent] {
    isTwoAxis ? twoAxis!.scrollViewEvents : simulator.scrollViewEvents
  }

  /// The last frame's values, one per output.
  @usableFromInline var values: [Double] { frame.values }
  /// The last frame's events.
  @usableFromInline var events: [EffectEvent] { frame.events }

  /// Evaluates the physics at `time` (or, without physics, the recorded offsets up to `next`,
  /// the input read ahead) and the effect from that same offset.
  /// - Throws: ``/ScrollSimCore/InputError`` of kind `effectFailed` when a user's effect throws or breaks its
  ///   contract (see ``/ScrollEffects/ScrollEffect``).
  @usableFromInline mutating func evaluate(at time: Double, next: FrameInput?) throws(InputError) {
    if runsOtherPhysics {
      return try isTwoAxis ? evaluateTwoAxis(at: time) : evaluateNested(at: time)
    }
    let state =
      hasPhysics ? simulator.advancedState(at: time) : recordedState(at: time, next: next)
    // The motion state's invariants, checked in debug builds (so in CI), not evaluated in
    // release builds: a finite offset and velocity, and no velocity at rest.
    assert(
      state.offset.isFinite && state.velocity.isFinite
        && (state.phase != .idle || state.velocity == 0),
      "\(file): frame \(frameIndex) at \(time) s: \(state)")
    self.state = state
    sample.time = time
    sample.offset = state.offset
    sample.velocity = state.velocity
    sample.phase = state.phase
    sample.geometry = hasPhysics ? simulator.geometry : recordedGeometry
    if compiled != nil {
      // Almost always empty: skip the (not inlined) call then.
      if !frame.events.isEmpty { frame.events.removeAll(keepingCapacity: true) }
      compiled!.evaluate(sample, into: &frame.values, events: &frame.events)
    } else if custom != nil {
      try custom!.evaluateChecked(sample, into: &frame, frameIndex: frameIndex)
    }
  }

  /// ``evaluate(at:next:)`` of a two-axis run: both axes at `time`; the sample's `offset`,
  /// `velocity` and `geometry` are the vertical axis's, its `horizontal` the horizontal's, its
  /// phase the scroll view's (``/ScrollPhysics/TwoAxisScrollState/phase``).
  @usableFromInline mutating func evaluateTwoAxis(at time: Double) throws(InputError) {
    twoAxis!.advance(to: time)
    let both = twoAxis!.state(at: time)
    var vertical = both.vertical
    vertical.phase = both.phase
    state = vertical
    horizontalState = both.horizontal
    sample.time = time
    sample.offset = vertical.offset
    sample.velocity = vertical.velocity
    sample.phase = vertical.phase
    sample.geometry = twoAxis!.verticalGeometry
    sample.horizontal = AxisSample(
      offset: both.horizontal.offset, velocity: both.horizontal.velocity,
      geometry: twoAxis!.horizontalGeometry)
    try evaluateEffect()
  }

  /// Evaluates the effect from ``sample``.
  mutating func evaluateEffect() throws(InputError) {
    if compiled != nil {
      if !frame.events.isEmpty { frame.events.removeAll(keepingCapacity: true) }
      compiled!.evaluate(sample, into: &frame.values, events: &frame.events)
    } else if custom != nil {
      try custom!.evaluateChecked(sample, into: &frame, frameIndex: frameIndex)
    }
  }

  /// Evaluates the physics at `time` and the effect from that same offset.
  /// - Throws: what ``evaluate(at:next:)`` throws.
  @usableFromInline mutating func evaluate(at time: Double) throws(InputError) {
    try evaluate(at: time, next: nil)
  }

  /// The resampled recorded offset at `time`, between the last sample applied and the next one
  /// (read ahead), as the effect reads it: `y + contentInsetTop`, the distance from rest.
  private func recordedState(at time: Double, next input: FrameInput?) -> ScrollState {
    var next: OffsetSample?
    if let input, case .recordedOffset(let y) = input.kind {
      next = OffsetSample(time: input.time, y: y)
    }
    let value = resampler.value(at: time, next: next)
    // Samples are `contentOffset.y`; effects read the distance from rest, which is
    // `contentOffset.y + contentInsetTop` (0 at rest whatever the inset).
    return ScrollState(
      offset: value.offset + recordedGeometry.contentInsetTop, velocity: value.velocity,
      phase: value.velocity == 0 ? .idle : .decelerating)
  }

  /// Applies one input: a recorded offset to the resampler, anything else to the physics.
  @usableFromInline mutating func apply(_ input: FrameInput, line: Int) throws(InputError) {
    if case .recordedOffset(let y) = input.kind {
      guard !hasPhysics else {
        throw InputError(
          file: file, line: line, field: "type",
          message: "an offset sample in an input trace; offset traces replay without the physics")
      }
      resampler.pass(OffsetSample(time: input.time, y: y))
      return
    }
    guard hasPhysics else {
      throw InputError(
        file: file, line: line, field: "type",
        message: "a touch or control event in an offset trace; offset traces have only samples")
    }
    if runsOtherPhysics {
      return try isTwoAxis ? applyTwoAxis(input, line: line) : applyNested(input, line: line)
    }
    do {
      let release = try Self.apply(input, lastY: &lastY, to: &simulator)
      var trackpad = false
      switch input.kind {
      case .touchDown: touchDownTime = input.time
      case .wheel(_, _, .began): touchDownTime = input.time
      case .wheel: trackpad = true
      default: break
      }
      if let release {
        recordRelease(
          release, at: input.time, trackpad: trackpad,
          noFling: simulator.noFlingReason(
            offset: simulator.state(at: input.time).offset, velocity: release))
      }
    } catch {
      throw InputError(
        file: file, line: line, field: Self.inputField(of: error), message: error.description)
    }
  }

  /// Applies a physics input to `simulator`; returns the release velocity of a lift, a cancel
  /// (0), a synthetic release or a trackpad session's end, points per second, else nil. `lastY` is the finger's last
  /// position applied.
  ///
  /// A wheel delta goes to ``/ScrollPhysics/ScrollSimulator/wheel(deltaY:phase:at:)``.
  @inline(__always) private static func apply(
    _ input: FrameInput, lastY: inout Double?, to simulator: inout ScrollSimulator
  ) throws(PhysicsError) -> Double? {
    let time = input.time
    switch input.kind {
    case .touchDown(_, let y):
      try simulator.touchDown(y: y, at: time)
      lastY = y
    case .touchMove(_, let y):
      try simulator.touchMove(y: y, at: time)
      lastY = y
    case .touchUp(_, let y):
      // A lift that reports a new position moved there first; an unchanged position adds no
      // velocity sample.
      if let y, y != lastY { try simulator.touchMove(y: y, at: time) }
      let velocity = try simulator.touchUp(at: time)
      if let y { lastY = y }
      return velocity
    case .touchCancel(_, let y):
      try simulator.touchCancel(at: time)
      if let y { lastY = y }
      return 0
    case .wheel(_, let deltaY, let phase):
      return try simulator.wheel(deltaY: deltaY, phase: phase, at: time)
    case .scrollTo(_, let offset, let animated):
      try simulator.scrollTo(offset: offset, animated: animated, at: time)
    case .scrollToTop:
      try simulator.scrollToTop(at: time)
    case .release(let offset, let velocity):
      return try simulator.release(atOffset: offset, velocity: velocity, at: time)
    case .contentHeight(let height):
      var geometry = simulator.geometry
      geometry.contentHeight = height
      try simulator.setGeometry(geometry, at: time)
    case .viewportHeight(let height):
      var geometry = simulator.geometry
      geometry.viewportHeight = height
      try simulator.setGeometry(geometry, at: time)
    case .contentWidth, .viewportWidth:
      throw .invalidParameter(
        name: "width", value: 0,
        expected: "no width change: this run scrolls only vertically (a two-axis run needs a "
          + "horizontal geometry)")
    case .recordedOffset:
      break
    }
    return nil
  }

  /// Records the release (a lift, a cancel, a synthetic release or a trackpad session's end)
  /// applied at `time` for the frame's readers: its velocity, points per second (`x`: the
  /// horizontal one of a two-axis run), whether a trackpad ended, and why it moves no content
  /// (``/ScrollPhysics/ScrollSimulator/noFlingReason(offset:velocity:)``), or nil.
  mutating func recordRelease(
    _ velocity: Double, x: Double? = nil, at time: Double, trackpad: Bool, noFling: String?
  ) {
    releaseVelocity = velocity
    releaseVelocityX = x
    releaseTime = time
    releaseIsTrackpad = trackpad
    releaseNoFling = noFling
    // The touch this release ends began in this frame, if a down was applied before it; a
    // later down of the same frame begins the next touch.
    releaseTouchDownTime = touchDownTime
    touchDownTime = nil
  }

  /// ``apply(_:line:)`` of a two-axis run: the input through ``twoAxis``, x and y.
  mutating func applyTwoAxis(_ input: FrameInput, line: Int) throws(InputError) {
    let time = input.time
    do throws(PhysicsError) {
      var release: ScrollVector?
      var trackpad = false
      switch input.kind {
      case .touchDown(let x, let y):
        try twoAxis!.touchDown(x: x, y: y, at: time)
        (lastX, lastY) = (x, y)
        touchDownTime = time
      case .touchMove(let x, let y):
        try twoAxis!.touchMove(x: x, y: y, at: time)
        (lastX, lastY) = (x, y)
      case .touchUp(let x, let y):
        // A lift that reports a new position moved there first (as in one axis).
        let to = (x: x ?? lastX ?? 0, y: y ?? lastY ?? 0)
        if (x != nil && x != lastX) || (y != nil && y != lastY) {
          try twoAxis!.touchMove(x: to.x, y: to.y, at: time)
        }
        release = try twoAxis!.touchUp(at: time)
        (lastX, lastY) = (to.x, to.y)
      case .touchCancel(let x, let y):
        try twoAxis!.touchCancel(at: time)
        if let x { lastX = x }
        if let y { lastY = y }
        release = .zero
      case .wheel(let deltaX, let deltaY, let phase):
        release = try twoAxis!.wheel(deltaX: deltaX, deltaY: deltaY, phase: phase, at: time)
        if phase == .began { touchDownTime = time } else { trackpad = true }
      case .scrollTo(let x, let offset, let animated):
        let currentX = x ?? twoAxis!.state(at: time).horizontal.offset
        try twoAxis!.scrollTo(
          offset: ScrollVector(x: currentX, y: offset), animated: animated, at: time)
      case .scrollToTop:
        // A status-bar tap scrolls y to the top; x stays (UIKit scrolls contentOffset.y only).
        try twoAxis!.scrollToTop(at: time)
      case .release:
        throw PhysicsError.invalidParameter(
          name: "type", value: 0,
          expected: "a touch, wheel, scrollTo, scrollToTop, content or viewport input: a "
            + "two-axis run has no synthetic release")
      case .contentHeight, .viewportHeight, .contentWidth, .viewportWidth:
        var vertical = twoAxis!.verticalGeometry
        var horizontal = twoAxis!.horizontalGeometry
        switch input.kind {
        case .contentHeight(let height): vertical.contentHeight = height
        case .viewportHeight(let height): vertical.viewportHeight = height
        case .contentWidth(let width): horizontal.contentHeight = width
        case .viewportWidth(let width): horizontal.viewportHeight = width
        default: break
        }
        try twoAxis!.setGeometry(horizontal: horizontal, vertical: vertical, at: time)
      case .recordedOffset:
        break
      }
      if let release {
        recordRelease(
          release.y, x: release.x, at: time, trackpad: trackpad,
          noFling: twoAxis!.vertical.noFlingReason(
            offset: twoAxis!.state(at: time).vertical.offset, velocity: release.y))
      }
    } catch {
      throw InputError(
        file: file, line: line, field: Self.inputField(of: error, twoAxis: true),
        message: error.description)
    }
  }

  /// The input field (as traces name it) a physics rejection points at.
  static func inputField(of error: PhysicsError, twoAxis: Bool = false) -> String {
    switch error {
    case .invalidParameter(let name, _, _):
      switch name {
      case "time": "t"
      case "offset": "y"
      case "deltaY": "dy"
      case "deltaX": "dx"
      case "viewportHeight", "contentHeight": "height"
      case "xOffset", "offsetX": "x"
      case "xViewportHeight", "xContentHeight", "viewportWidth", "contentWidth": "width"
      default: name
      }
    case .timeWentBackwards: "t"
    case .unexpectedTouch: "type"
    case .unexpectedWheelPhase(let field, _, _): field
    case .unknownName(let field, _, _): field
    }
  }
}
