import ScrollEffects
import ScrollPhysics
import ScrollTrace

/// Replays an input trace frame by frame: for each frame at its target time it applies the
/// events due by then (touches, wheel deltas, programmatic scrolls, content and viewport
/// changes), evaluates the physics at that time and the effect from that same offset.
///
/// A trace can be held in memory (``init(trace:file:effect:refreshRate:profile:)``) or streamed
/// from its file in bounded memory (``init(reader:effect:refreshRate:profile:)``): the loop
/// reads one item ahead of the frame clock.
///
/// Frame `n` has target time `n / refreshRate` seconds, computed from the index (never
/// accumulated), so a run is a pure function of the trace and the settings: the same inputs
/// give bit-identical frames, and a real-time run that misses frames still computes every other
/// frame exactly as an offline run does.
public struct FrameLoop: Sendable {
  /// The header of the trace being replayed.
  public let header: TraceHeader
  /// Path of the trace, for error messages.
  public let file: String
  /// Frames per second, in 1…1000 (60 or 120 on phones).
  public let refreshRate: Int
  /// The scroll geometry now: the trace header's, as changed by content and viewport events.
  public var geometry: ScrollGeometry { simulator.geometry }
  /// The outputs the effect writes into ``values``, in order.
  public let outputs: [EffectOutput]

  private var simulator: ScrollSimulator
  private var effect: CompiledEffect
  private var source: TraceItemSource
  /// The next item to apply (read one ahead of the clock), or nil when the source is exhausted.
  private var pending: (item: TraceItem, line: Int)?
  private var isExhausted = false

  /// Index of the last computed frame; -1 before the first.
  public private(set) var frameIndex = -1
  /// The last computed frame's sample (time, offset, velocity, phase, geometry).
  public private(set) var sample: ScrollSample
  /// The last computed frame's effect outputs, one per ``outputs`` entry.
  public private(set) var values: [Double]
  /// Threshold crossings of the last computed frame (usually empty).
  public private(set) var events: [EffectEvent]
  /// The offset velocity chosen at the touch-up applied in the last frame, points per second,
  /// or nil when no touch lifted in that frame (a cancel releases with 0).
  public private(set) var releaseVelocity: Double?
  /// The trace time of that touch-up or cancel, seconds (not the frame's target time).
  public private(set) var releaseTime: Double?
  /// The finger's last position applied, points from the top of the screen.
  private var lastY: Double?
  /// Whether the last computed frame is the final one: every event applied and the view idle
  /// (or a finger still down at the end of the trace).
  public private(set) var isFinished = false

  /// Prepares a replay.
  /// - Parameters:
  ///   - trace: a validated trace (``TraceReader`` validates).
  ///   - file: the trace's path, used in errors.
  ///   - effect: the effect to evaluate every frame.
  ///   - refreshRate: frames per second, in 1…1000.
  ///   - profile: physics constants; the trace header names the profile, this supplies it.
  /// - Throws: ``InputError`` naming the header field when the geometry, start offset or
  ///   scale cannot be simulated, or `refreshRate` when it is out of range.
  public init(
    trace: Trace, file: String, effect: PresetEffect, refreshRate: Int,
    profile: PhysicsProfile = .ios
  ) throws(InputError) {
    try self.init(
      trace: trace, file: file, effect: effect.compiled, refreshRate: refreshRate, profile: profile)
  }

  /// Prepares a replay of a compiled effect (a spec file's or a preset's), as
  /// ``init(trace:file:effect:refreshRate:profile:)`` does for a preset.
  /// - Throws: what the preset initialiser throws.
  public init(
    trace: Trace, file: String, effect: CompiledEffect, refreshRate: Int,
    profile: PhysicsProfile = .ios
  ) throws(InputError) {
    try self.init(
      header: trace.header, source: TraceItemSource(trace), file: file, effect: effect,
      refreshRate: refreshRate, profile: profile)
  }

  /// Prepares a replay that streams the rest of `reader`'s file: memory stays bounded whatever
  /// the trace's length. A malformed line is reported when the frame that needs it is computed.
  /// - Throws: as ``init(trace:file:effect:refreshRate:profile:)``.
  public init(
    reader: TraceStreamReader, effect: CompiledEffect, refreshRate: Int,
    profile: PhysicsProfile = .ios
  ) throws(InputError) {
    try self.init(
      header: reader.header, source: TraceItemSource(reader), file: reader.file, effect: effect,
      refreshRate: refreshRate, profile: profile)
  }

  private init(
    header: TraceHeader, source: TraceItemSource, file: String, effect: CompiledEffect,
    refreshRate: Int, profile: PhysicsProfile
  ) throws(InputError) {
    guard (1...1000).contains(refreshRate) else {
      throw InputError(
        file: file, line: 0, field: "refreshRate",
        message: "\(refreshRate) Hz is out of range: expected 1…1000")
    }
    guard header.traceKind == .input else {
      throw InputError(
        file: file, line: 1, field: "kind",
        message: "an offset trace goes straight to the effects (OffsetFrameLoop), not the physics")
    }
    let scroll = header.scroll
    let geometry = ScrollGeometry(
      viewportHeight: scroll.viewportHeight, contentHeight: scroll.contentHeight,
      contentInsetTop: scroll.contentInsetTop, contentInsetBottom: scroll.contentInsetBottom)
    do {
      simulator = try ScrollSimulator(
        geometry: geometry, profile: profile, screenScale: header.device.scale,
        startOffset: scroll.startOffset)
    } catch {
      throw InputError(
        file: file, line: 1, field: Self.headerField(of: error), message: error.description)
    }
    self.header = header
    self.source = source
    self.file = file
    self.refreshRate = refreshRate
    self.effect = effect
    outputs = effect.outputs
    values = Array(repeating: 0, count: effect.outputs.count)
    events = []
    events.reserveCapacity(8)
    sample = ScrollSample(
      time: 0, offset: scroll.startOffset, velocity: 0, phase: .idle, geometry: geometry)
  }

  /// The target time of frame `index`, seconds: `index / refreshRate`.
  @inlinable public func targetTime(ofFrame index: Int) -> Double {
    Double(index) / Double(refreshRate)
  }

  /// Computes frame `index` (greater than the last computed one; skipped indices are missed
  /// frames and are not computed) at its target time ``targetTime(ofFrame:)``.
  /// - Throws: ``InputError`` naming the trace line and field of an event the physics rejects.
  /// - Complexity: O(events due + outputs); no allocation in steady state.
  public mutating func computeFrame(_ index: Int) throws(InputError) {
    try computeFrame(index, at: targetTime(ofFrame: index))
  }

  /// Computes frame `index` at `time` (seconds, non-decreasing from frame to frame): the target
  /// time a clock's ``FrameTick`` carries, which follows a ``FrameSchedule`` with rate changes.
  /// - Throws: ``InputError`` naming the trace line and field of an event the physics rejects.
  /// - Complexity: O(events due + outputs); no allocation in steady state.
  public mutating func computeFrame(_ index: Int, at time: Double) throws(InputError) {
    precondition(index > frameIndex, "frames are computed in increasing order")
    frameIndex = index
    releaseVelocity = nil
    releaseTime = nil
    while let next = try peek(), next.item.time <= time {
      pending = nil
      try apply(next.item, line: next.line)
    }
    let state = simulator.state(at: time)
    sample.time = time
    sample.offset = state.offset
    sample.velocity = state.velocity
    sample.phase = state.phase
    sample.geometry = simulator.geometry
    events.removeAll(keepingCapacity: true)
    effect.evaluate(sample, into: &values, events: &events)
    isFinished = try peek() == nil && (state.phase == .idle || state.phase.isTouching)
  }

  /// The next item to apply, reading it from the source when needed.
  private mutating func peek() throws(InputError) -> (item: TraceItem, line: Int)? {
    if pending == nil, !isExhausted {
      pending = try source.next()
      isExhausted = pending == nil
    }
    return pending
  }

  private mutating func apply(_ item: TraceItem, line: Int) throws(InputError) {
    switch item {
    case .touch(let event): try apply(event, line: line)
    case .control(let control): try apply(control, line: line)
    case .offset:
      throw InputError(
        file: file, line: line, field: "type",
        message: "an offset sample in an input trace; offset traces replay without the physics")
    }
  }

  /// Applies a wheel delta, a programmatic scroll, or a content or viewport change.
  ///
  /// A wheel delta moves the offset by `dy` at once and rests there, kept in range, as a mouse
  /// wheel does. While the view is past an edge (a bounce), it moves the content by `dy` toward
  /// the range (never further out) and, if that is still past the edge, the bounce goes on from
  /// there with its velocity: the offset stays continuous.
  private mutating func apply(_ control: TraceControl, line: Int) throws(InputError) {
    do {
      switch control.kind {
      case .wheel(let deltaY):
        let current = simulator.state(at: control.time)
        let geometry = simulator.geometry
        let distance = { (offset: Double) in Swift.abs(offset - geometry.clamp(offset)) }
        var moved = current.offset + deltaY
        if distance(current.offset) > 0 && distance(moved) > distance(current.offset) {
          moved = current.offset
        }
        if distance(current.offset) > 0 && distance(moved) > 0 {
          try simulator.release(atOffset: moved, velocity: current.velocity, at: control.time)
        } else {
          let target = geometry.clamp(moved)
          try simulator.scrollTo(offset: target, animated: false, at: control.time)
        }
      case .scrollTo(let offset, let animated):
        try simulator.scrollTo(offset: offset, animated: animated, at: control.time)
      case .contentHeight(let height):
        var geometry = simulator.geometry
        geometry.contentHeight = height
        try simulator.setGeometry(geometry, at: control.time)
      case .viewportHeight(let height):
        var geometry = simulator.geometry
        geometry.viewportHeight = height
        try simulator.setGeometry(geometry, at: control.time)
      }
    } catch {
      throw InputError(
        file: file, line: line, field: Self.eventField(of: error), message: error.description)
    }
  }

  private mutating func apply(_ event: TraceEvent, line: Int) throws(InputError) {
    do {
      switch event.kind {
      case .down: try simulator.touchDown(y: event.y, at: event.time)
      case .move: try simulator.touchMove(y: event.y, at: event.time)
      case .up:
        // A lift that reports a new position moved there first (getevent can put the last
        // position in the lift's report); an unchanged position adds no velocity sample.
        if event.y != lastY { try simulator.touchMove(y: event.y, at: event.time) }
        releaseVelocity = try simulator.touchUp(at: event.time)
        releaseTime = event.time
      case .cancel:
        try simulator.touchCancel(at: event.time)
        releaseVelocity = 0
        releaseTime = event.time
      }
      lastY = event.y
    } catch {
      throw InputError(
        file: file, line: line, field: Self.eventField(of: error), message: error.description)
    }
  }

  /// The trace field a physics rejection of an event points at.
  private static func eventField(of error: PhysicsError) -> String {
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

  private static func headerField(of error: PhysicsError) -> String {
    guard case .invalidParameter(let name, _, _) = error else { return "" }
    return name == "screenScale" ? "device.scale" : "scroll.\(name)"
  }
}
