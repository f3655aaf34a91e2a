import ScrollPhysics

/// An ``EffectSpec`` compiled to flat arrays of plain structs, evaluated every frame.
///
/// Evaluation is one loop over the output programs (flags first, then the other outputs in
/// declaration order) with a `switch` on small enums: no allocation, no dictionary, string or
/// existential work; the cost is linear in the number of outputs (plus the keyframe stops
/// scanned). Names are resolved to indices at compile time.
///
/// Per frame: the offset `s` is the sample's distance from rest (a NaN offset is replaced by
/// the last non-NaN one, 0 before any, so no output is ever NaN); each output reads its
/// timeline's unclamped progress, maps it through its keyframes, clamps it (unless the spec
/// says `clamp: false`) and smooths it (τ > 0). An inactive timeline (zero-length range on this
/// frame) writes the output's first-stop value and leaves flags unchanged.
public struct CompiledEffect: Sendable {
  /// The spec's name.
  public let name: String
  /// The outputs, in the order ``evaluate(_:into:events:)`` writes them; a point, size or
  /// colour output appears as one scalar output per component.
  public let outputs: [EffectOutput]
  /// Per output: whether it remembers earlier frames *by design* (a flag with its hysteresis,
  /// a smoothed output, or an output reading one of those). `scrollsim check` requires every
  /// other output to be a function of the current sample only.
  public let remembersHistory: [Bool]
  /// The spec this was compiled from.
  public let spec: EffectSpec

  let timelines: [Timeline]
  let delayed: [Bool]
  let stops: [KeyframeStop]
  var programs: [OutputProgram]
  /// Per timeline: its range resolved for ``resolvedGeometry`` and this frame's progress.
  private var slots: [TimelineSlot]
  /// The geometry the slots were last resolved for (nil: never).
  private var resolvedGeometry: ScrollGeometry?
  private var lastOffset = 0.0
  private var previousOffset = 0.0
  private var hasPrevious = false

  /// One output's program.
  struct OutputProgram: Sendable {
    enum Source: Sendable {
      case timeline(Int)
      case output(Int)
      case trigger(Int)
    }
    /// How the per-frame loop evaluates a program, decided once at compile time.
    enum Shape: Sendable {
      /// A flag: its ``trigger`` fed with the timeline's progress.
      case flag
      /// Two stops, a linear segment, clamped, not smoothed:
      /// `min(max(anchorValue + slope · (min(max(p, from), to) − anchorAt), lower), upper)`,
      /// the same operations as the general path (so the same bits).
      case affine
      /// Anything else: keyframe search, easing, optional clamp and smoothing.
      case general
    }
    let output: Int
    let source: Source
    let stopStart: Int
    let stopCount: Int
    let clamp: Bool
    let lower: Double
    let upper: Double
    let inactiveValue: Double
    var smoother: OutputSmoother?
    var trigger: RangeTrigger?
    /// The evaluation shape (set by ``specialise(_:)``).
    var shape = Shape.general
    /// The timeline (or, with ``readsOutput``, the output) the program reads.
    var input = 0
    /// Whether ``input`` is an output index rather than a timeline index.
    var readsOutput = false
    /// Affine shape: the first and last stops' progress, and the segment's anchor and slope.
    var from = 0.0
    /// See ``from``.
    var to = 0.0
    /// See ``from``.
    var anchorAt = 0.0
    /// See ``from``.
    var anchorValue = 0.0
    /// See ``from``.
    var slope = 0.0

    /// Decides the shape and copies the affine shape's constants out of `stops`.
    mutating func specialise(_ stops: [KeyframeStop]) {
      switch source {
      case .trigger(let t):
        shape = .flag
        input = t
        return
      case .timeline(let t): input = t
      case .output(let o):
        input = o
        readsOutput = true
      }
      guard stopCount == 2, clamp, smoother == nil, stops[stopStart].kind == .linear else {
        shape = .general
        return
      }
      let a = stops[stopStart]
      shape = .affine
      from = a.at
      to = stops[stopStart + 1].at
      anchorAt = a.anchorAt
      anchorValue = a.anchorValue
      slope = a.slope
    }
  }

  /// Compiles `spec`.
  /// - Parameter file: the spec's file path, used in errors (defaults to the spec's name).
  /// - Throws: ``EffectSpecError`` naming the JSON path for duplicate or empty names, an
  ///   unknown timeline or output reference, a reversed or empty range, non-finite numbers,
  ///   keyframes out of order or of the wrong width, a bad easing or a negative time constant.
  public init(_ spec: EffectSpec, file: String? = nil) throws(EffectSpecError) {
    var builder = EffectCompiler(spec: spec, file: file ?? spec.name)
    try builder.compile()
    name = spec.name
    self.spec = spec
    outputs = builder.outputs
    remembersHistory = builder.remembersHistory
    timelines = spec.timelines.map(\.timeline)
    delayed = spec.timelines.map(\.readsPreviousFrame)
    stops = builder.stops
    programs = builder.programs
    for i in programs.indices { programs[i].specialise(builder.stops) }
    slots = zip(spec.timelines, delayed).map { TimelineSlot($0.timeline, delayed: $1) }
  }

  /// Computes this frame's outputs from `sample` into `values` and appends the flags'
  /// crossings to `events` (reserve capacity to stay allocation-free).
  ///
  /// Each timeline's progress is computed once per frame (its range is resolved again only
  /// when the geometry changes), then each output maps it; the timelines, the programs and
  /// `values` are each walked through one buffer (one uniqueness check each per frame).
  /// - Precondition: `values.count == outputs.count`.
  /// - Complexity: O(timelines + outputs + keyframe stops), no allocation.
  public mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
    precondition(values.count == outputs.count, "values must have outputs.count elements")
    let s = sample.offset.isNaN ? lastOffset : sample.offset
    lastOffset = s
    let previous = hasPrevious ? previousOffset : s
    previousOffset = s
    hasPrevious = true
    let geometry = sample.geometry
    if resolvedGeometry.map({ Self.sameBits($0, geometry) }) != true {
      resolvedGeometry = geometry
      for t in slots.indices { slots[t].resolve(timelines[t], geometry: geometry) }
    }
    // Locals, so that the closures below capture no part of `self` (no copy of it).
    let stops = self.stops
    let time = sample.time
    var slots: [TimelineSlot] = []
    swap(&slots, &self.slots)
    var programs: [OutputProgram] = []
    swap(&programs, &self.programs)
    slots.withUnsafeMutableBufferPointer { slots in
      for t in slots.indices { slots[t].update(at: slots[t].delayed ? previous : s) }
      programs.withUnsafeMutableBufferPointer { programs in
        stops.withUnsafeBufferPointer { stops in
          values.withUnsafeMutableBufferPointer { out in
            Self.run(
              programs, slots: UnsafeBufferPointer(slots), stops: stops, into: out,
              time: time, events: &events)
          }
        }
      }
    }
    swap(&slots, &self.slots)
    swap(&programs, &self.programs)
  }

  /// The per-frame loop over the programs, reading the slots' progress and writing `out`.
  @inline(__always)
  private static func run(
    _ programs: UnsafeMutableBufferPointer<OutputProgram>,
    slots: UnsafeBufferPointer<TimelineSlot>, stops: UnsafeBufferPointer<KeyframeStop>,
    into out: UnsafeMutableBufferPointer<Double>, time: Double, events: inout [EffectEvent]
  ) {
    for i in programs.indices {
      let output = programs[i].output
      let input = programs[i].input
      switch programs[i].shape {
      case .flag:
        // A flag program always has a trigger (EffectCompiler); none: leave the output.
        if slots[input].active,
          case (let first, let second)? = programs[i].trigger?.update(slots[input].progress)
        {
          if let first { events.append(EffectEvent(output: output, kind: first)) }
          if let second { events.append(EffectEvent(output: output, kind: second)) }
        }
        guard let value = programs[i].trigger?.value else { continue }
        out[output] = value
      case .affine:
        let p: Double
        if programs[i].readsOutput {
          p = out[input]
        } else {
          guard slots[input].active else {
            out[output] = programs[i].inactiveValue
            continue
          }
          p = slots[input].progress
        }
        let x = Swift.min(Swift.max(p, programs[i].from), programs[i].to)
        let value = programs[i].anchorValue + programs[i].slope * (x - programs[i].anchorAt)
        out[output] = Swift.min(Swift.max(value, programs[i].lower), programs[i].upper)
      case .general:
        if programs[i].readsOutput {
          out[output] = map(&programs[i], out[input], stops: stops, time: time)
        } else if slots[input].active {
          out[output] = map(&programs[i], slots[input].progress, stops: stops, time: time)
        } else {
          out[output] = programs[i].inactiveValue
        }
      }
    }
  }

  /// `program`'s value for progress `p`: keyframes, clamp, smoothing.
  @inline(__always)
  private static func map(
    _ program: inout OutputProgram, _ p: Double, stops: UnsafeBufferPointer<KeyframeStop>,
    time: Double
  ) -> Double {
    let clamp = program.clamp
    let lower = program.lower
    let upper = program.upper
    let count = program.stopCount
    var value =
      count == 0
      ? p
      : KeyframeStop.evaluate(stops, from: program.stopStart, count: count, at: p, clamp: clamp)
    if clamp { value = Swift.min(Swift.max(value, lower), upper) }
    if program.smoother != nil {
      let range = clamp ? lower...upper : -Double.infinity...Double.infinity
      value = program.smoother?.update(target: value, time: time, range: range) ?? value
    }
    return value
  }

  /// Forgets the history: flags re-prime silently, smoothing restarts, the last offset is 0.
  public mutating func reset() {
    for i in programs.indices {
      programs[i].trigger?.reset()
      programs[i].smoother?.reset()
    }
    lastOffset = 0
    previousOffset = 0
    hasPrevious = false
  }
}
