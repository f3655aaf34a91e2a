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
  /// Scratch for the frame being evaluated: each timeline's progress (nil: inactive).
  private var progress: [Double?]
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
    progress = Array(repeating: nil, count: timelines.count)
  }

  /// Computes this frame's outputs from `sample` into `values` and appends the flags'
  /// crossings to `events` (reserve capacity to stay allocation-free).
  ///
  /// Each timeline's progress is computed once per frame, then each output maps it; `values`
  /// is written through one buffer (one uniqueness check per frame, not per output).
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
    progress.withUnsafeMutableBufferPointer { progress in
      for t in progress.indices {
        progress[t] = timelines[t].progress(at: delayed[t] ? previous : s, geometry: geometry)
      }
    }
    values.withUnsafeMutableBufferPointer { out in
      run(into: out, time: sample.time, events: &events)
    }
  }

  /// The per-frame loop over the programs, reading ``progress`` and writing through a buffer.
  @inline(__always)
  private mutating func run(
    into out: UnsafeMutableBufferPointer<Double>, time: Double, events: inout [EffectEvent]
  ) {
    for i in programs.indices {
      let output = programs[i].output
      switch programs[i].source {
      case .trigger(let t):
        guard var trigger = programs[i].trigger else { continue }
        if let p = progress[t] {
          let (first, second) = trigger.update(p)
          if let first { events.append(EffectEvent(output: output, kind: first)) }
          if let second { events.append(EffectEvent(output: output, kind: second)) }
          programs[i].trigger = trigger
        }
        out[output] = trigger.value
      case .timeline(let t):
        out[output] = map(i, progress[t], time: time)
      case .output(let o):
        out[output] = map(i, out[o], time: time)
      }
    }
  }

  /// Output `i`'s value for `progress` (nil: its timeline is inactive): keyframes, clamp,
  /// smoothing.
  @inline(__always)
  private mutating func map(_ i: Int, _ progress: Double?, time: Double) -> Double {
    guard let p = progress else { return programs[i].inactiveValue }
    let clamp = programs[i].clamp
    let lower = programs[i].lower
    let upper = programs[i].upper
    let count = programs[i].stopCount
    var value =
      count == 0
      ? p
      : KeyframeStop.evaluate(stops, from: programs[i].stopStart, count: count, at: p, clamp: clamp)
    if clamp { value = Swift.min(Swift.max(value, lower), upper) }
    if var smoother = programs[i].smoother {
      let range = clamp ? lower...upper : -Double.infinity...Double.infinity
      value = smoother.update(target: value, time: time, range: range)
      programs[i].smoother = smoother
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
