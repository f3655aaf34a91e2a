import ScrollEffects
import ScrollPhysics
import ScrollTrace

/// The one frame-stepping core of the package: drives a ``ScrollPhysics/ScrollSimulator`` with
/// the inputs of a source and evaluates an effect, frame by frame. `scrollsim replay`,
/// `scrollsim simulate` and `scrollsim check` all run it.
///
/// For each frame at its target time it applies the inputs due by then (touches, wheel deltas,
/// programmatic scrolls, synthetic releases, content and viewport changes), evaluates the
/// physics at that time and the effect from that same offset. Content and viewport changes go
/// through ``ScrollPhysics/ScrollSimulator/setGeometry(_:at:)``, so a change keeps the motion
/// (velocity and phase) going. An input the physics rejects is a thrown error, never skipped.
///
/// A loop over an offset trace (recorded `contentOffset.y` samples) has no physics: it
/// resamples the samples to each frame's time (``OffsetResampler``) and feeds the effect the
/// distance from rest, `y + contentInsetTop`, with the phase inferred (`idle` when the
/// resampled velocity is 0, else `decelerating`).
///
/// Frame `n` has target time `n / refreshRate` seconds, computed from the index (never
/// accumulated), so a run is a pure function of the inputs and the settings: the same inputs
/// give bit-identical frames, whatever their source, and a real-time run that misses frames
/// still computes every other frame exactly as an offline run does.
///
/// The source decides what a loop may do: a loop over values (``TraceInputs``,
/// ``FrameInputList``) is copyable and `Sendable`; a loop that streams a file
/// (``TraceStreamInputs``) owns its reader, so it is neither copyable nor `Sendable`.
public struct FrameLoop<Source: FrameInputSource & ~Copyable>: ~Copyable {
  /// Names the input in errors: the trace's path, or what generated the inputs.
  public let file: String
  /// Frames per second, in 1…1000 (60 or 120 on phones).
  public let refreshRate: Int
  /// The scroll geometry now: the starting one, as changed by content and viewport inputs.
  public var geometry: ScrollGeometry { simulator?.geometry ?? recordedGeometry }
  /// The physics constants of the run, or nil for an offset trace (no physics).
  public var profile: PhysicsProfile? { simulator?.profile }
  /// The outputs the effect writes into ``values``, in order (empty without an effect).
  public let outputs: [EffectOutput]

  /// The physics; nil when the offsets are recorded (an offset trace).
  private var simulator: ScrollSimulator?
  /// The recorded offsets' resampler; used only without physics.
  private var resampler = OffsetResampler()
  /// The geometry of a run without physics (an offset trace's header).
  private let recordedGeometry: ScrollGeometry
  private var effect: CompiledEffect?
  /// The inputs (internal: the trace extension reads its header).
  var source: Source
  /// The next input to apply (read one ahead of the clock), or nil when none is read.
  private var pending: (input: FrameInput, line: Int)?
  private var isExhausted = false

  /// Index of the last computed frame; -1 before the first.
  public private(set) var frameIndex = -1
  /// The last computed frame's physics state (offset, velocity, phase, stretch).
  public private(set) var state: ScrollState
  /// The last computed frame's sample (time, offset, velocity, phase, geometry).
  public private(set) var sample: ScrollSample
  /// The last computed frame's effect outputs, one per ``outputs`` entry.
  public private(set) var values: [Double]
  /// Threshold crossings of the last computed frame (usually empty).
  public private(set) var events: [EffectEvent]
  /// The offset velocity chosen at the release applied in the last frame (a touch-up or a
  /// synthetic release), points per second, or nil when none was; a cancel releases with 0.
  public private(set) var releaseVelocity: Double?
  /// The input time of that release, seconds (not the frame's target time).
  public private(set) var releaseTime: Double?
  /// The finger's last position applied, points from the top of the screen.
  private var lastY: Double?
  /// Whether the last computed frame is the final one: every input applied and the view idle
  /// (or a finger still down at the end of the inputs).
  public private(set) var isFinished = false

  /// Prepares a run of `source` from rest.
  /// - Parameters:
  ///   - source: the inputs, in time order; the loop owns it.
  ///   - geometry: the scroll view at the start, points; validated.
  ///   - profile: physics constants; validated. Default ``ScrollPhysics/PhysicsProfile/ios``.
  ///   - screenScale: pixels per point, in [0.25, 10]. Default 3.
  ///   - startOffset: points from rest at the top, in `0 ... geometry.maxOffset`. Default 0.
  ///   - targetBehavior: where flings may come to rest (paging, snapping). Default none.
  ///   - effect: the effect to evaluate every frame, or nil for the physics alone.
  ///   - refreshRate: frames per second, in 1…1000.
  /// - Throws: ``ScrollTrace/TraceError`` for the source's name at line 0: field `refreshRate`
  ///   when it is out of range, else the simulator's parameter the physics rejects
  ///   (`viewportHeight`, `screenScale`, `startOffset`, …).
  public init(
    source: consuming Source, geometry: ScrollGeometry, profile: PhysicsProfile = .ios,
    screenScale: Double = 3, startOffset: Double = 0,
    targetBehavior: ScrollTargetBehavior = .none, effect: CompiledEffect?, refreshRate: Int
  ) throws(TraceError) {
    try Self.check(refreshRate: refreshRate, file: source.name)
    let simulator: ScrollSimulator
    do throws(PhysicsError) {
      var prepared = try ScrollSimulator(
        geometry: geometry, profile: profile, screenScale: screenScale, startOffset: startOffset)
      try prepared.setTargetBehavior(targetBehavior)
      simulator = prepared
    } catch {
      var name = ""
      if case .invalidParameter(let parameter, _, _) = error { name = parameter }
      throw TraceError(file: source.name, line: 0, field: name, message: error.description)
    }
    self.init(
      source: source, simulator: simulator, geometry: geometry, startOffset: startOffset,
      effect: effect, refreshRate: refreshRate)
  }

  /// A loop with `simulator`, or without physics (nil: the source's offsets are recorded).
  init(
    source: consuming Source, simulator: ScrollSimulator?, geometry: ScrollGeometry,
    startOffset: Double, effect: CompiledEffect?, refreshRate: Int
  ) {
    self.simulator = simulator
    recordedGeometry = geometry
    file = source.name
    self.source = source
    self.refreshRate = refreshRate
    self.effect = effect
    outputs = effect?.outputs ?? []
    values = Array(repeating: 0, count: outputs.count)
    events = []
    events.reserveCapacity(8)
    state = ScrollState(offset: startOffset, velocity: 0, phase: .idle)
    sample = ScrollSample(
      time: 0, offset: startOffset, velocity: 0, phase: .idle, geometry: geometry)
  }

  /// - Throws: ``ScrollTrace/TraceError`` (line 0, field `refreshRate`) outside 1…1000.
  static func check(refreshRate: Int, file: String) throws(TraceError) {
    guard (1...1000).contains(refreshRate) else {
      throw TraceError(
        file: file, line: 0, field: "refreshRate",
        message: "\(refreshRate) Hz is out of range: expected 1…1000")
    }
  }

  /// The target time of frame `index`, seconds: `index / refreshRate`.
  @inlinable public func targetTime(ofFrame index: Int) -> Double {
    Double(index) / Double(refreshRate)
  }

  /// Computes frame `index` (greater than the last computed one; skipped indices are missed
  /// frames and are not computed) at its target time ``targetTime(ofFrame:)``.
  /// - Throws: ``ScrollTrace/TraceError`` naming the source, line and field of an input that
  ///   cannot be read or that the physics rejects.
  /// - Complexity: O(inputs due + outputs); no allocation in steady state.
  public mutating func computeFrame(_ index: Int) throws(TraceError) {
    try computeFrame(index, at: targetTime(ofFrame: index))
  }

  /// Computes frame `index` at `time` (seconds, non-decreasing from frame to frame): the target
  /// time a clock's ``FrameTick`` carries, which follows a ``FrameSchedule`` with rate changes.
  /// - Throws: ``ScrollTrace/TraceError`` naming the source, line and field of an input that
  ///   cannot be read or that the physics rejects.
  /// - Complexity: O(inputs due + outputs); no allocation in steady state.
  public mutating func computeFrame(_ index: Int, at time: Double) throws(TraceError) {
    precondition(index > frameIndex, "frames are computed in increasing order")
    frameIndex = index
    releaseVelocity = nil
    releaseTime = nil
    while let next = try peek(), next.input.time <= time {
      pending = nil
      try apply(next.input, line: next.line)
    }
    let state: ScrollState
    if let simulator {
      state = simulator.state(at: time)
    } else {
      state = recordedState(at: time)
    }
    self.state = state
    sample.time = time
    sample.offset = state.offset
    sample.velocity = state.velocity
    sample.phase = state.phase
    sample.geometry = geometry
    events.removeAll(keepingCapacity: true)
    effect?.evaluate(sample, into: &values, events: &events)
    isFinished = try peek() == nil && (state.phase == .idle || state.phase.isTouching)
  }

  /// The resampled recorded offset at `time`, between the last sample applied and the next one
  /// (read ahead), as the effect reads it: `y + contentInsetTop`, the distance from rest.
  private func recordedState(at time: Double) -> ScrollState {
    var next: OffsetSample?
    if let pending, case .recordedOffset(let y) = pending.input.kind {
      next = OffsetSample(time: pending.input.time, y: y)
    }
    let value = resampler.value(at: time, next: next)
    // Samples are `contentOffset.y`; effects read the distance from rest, which is
    // `contentOffset.y + contentInsetTop` (0 at rest whatever the inset).
    return ScrollState(
      offset: value.offset + recordedGeometry.contentInsetTop, velocity: value.velocity,
      phase: value.velocity == 0 ? .idle : .decelerating)
  }

  /// The next input to apply, reading it from the source when needed.
  private mutating func peek() throws(TraceError) -> (input: FrameInput, line: Int)? {
    if pending == nil, !isExhausted {
      pending = try source.next()
      isExhausted = pending == nil
    }
    return pending
  }

  /// Applies one input: a recorded offset to the resampler, anything else to the physics.
  private mutating func apply(_ input: FrameInput, line: Int) throws(TraceError) {
    if case .recordedOffset(let y) = input.kind {
      guard simulator == nil else {
        throw TraceError(
          file: file, line: line, field: "type",
          message: "an offset sample in an input trace; offset traces replay without the physics")
      }
      resampler.pass(OffsetSample(time: input.time, y: y))
      return
    }
    guard simulator != nil else {
      throw TraceError(
        file: file, line: line, field: "type",
        message: "a touch or control event in an offset trace; offset traces have only samples")
    }
    do {
      let release = try Self.apply(input, lastY: &lastY, to: &simulator!)
      if let release {
        releaseVelocity = release
        releaseTime = input.time
      }
    } catch {
      throw TraceError(
        file: file, line: line, field: Self.inputField(of: error), message: error.description)
    }
  }

  /// Applies a physics input to `simulator`; returns the release velocity of a lift, a cancel
  /// (0) or a synthetic release, points per second, else nil. `lastY` is the finger's last
  /// position applied.
  ///
  /// A wheel delta moves the offset by `dy` at once and rests there, kept in range, as a mouse
  /// wheel does. While the view is past an edge (a bounce), it moves the content by `dy` toward
  /// the range (never further out) and, if that is still past the edge, the bounce goes on from
  /// there with its velocity: the offset stays continuous.
  private static func apply(
    _ input: FrameInput, lastY: inout Double?, to simulator: inout ScrollSimulator
  ) throws(PhysicsError) -> Double? {
    let time = input.time
    switch input.kind {
    case .touchDown(let y):
      try simulator.touchDown(y: y, at: time)
      lastY = y
    case .touchMove(let y):
      try simulator.touchMove(y: y, at: time)
      lastY = y
    case .touchUp(let y):
      // A lift that reports a new position moved there first; an unchanged position adds no
      // velocity sample.
      if let y, y != lastY { try simulator.touchMove(y: y, at: time) }
      let velocity = try simulator.touchUp(at: time)
      if let y { lastY = y }
      return velocity
    case .touchCancel(let y):
      try simulator.touchCancel(at: time)
      if let y { lastY = y }
      return 0
    case .wheel(let deltaY):
      let current = simulator.state(at: time)
      let geometry = simulator.geometry
      let distance = { (offset: Double) in Swift.abs(offset - geometry.clamp(offset)) }
      var moved = current.offset + deltaY
      if distance(current.offset) > 0 && distance(moved) > distance(current.offset) {
        moved = current.offset
      }
      if distance(current.offset) > 0 && distance(moved) > 0 {
        try simulator.release(atOffset: moved, velocity: current.velocity, at: time)
      } else {
        try simulator.scrollTo(offset: geometry.clamp(moved), animated: false, at: time)
      }
    case .scrollTo(let offset, let animated):
      try simulator.scrollTo(offset: offset, animated: animated, at: time)
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
    case .recordedOffset:
      break
    }
    return nil
  }

  /// The input field (as traces name it) a physics rejection points at.
  private static func inputField(of error: PhysicsError) -> String {
    switch error {
    case .invalidParameter(let name, _, _):
      switch name {
      case "time": "t"
      case "offset": "y"
      case "viewportHeight", "contentHeight": "height"
      default: name
      }
    case .timeWentBackwards: "t"
    case .unexpectedTouch: "type"
    }
  }
}

extension FrameLoop: Copyable where Source: Copyable {}
extension FrameLoop: Sendable where Source: Sendable {}
