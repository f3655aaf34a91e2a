import ScrollPhysics

/// An ``EffectSpec`` compiled to flat records in buffers, evaluated every frame.
///
/// Evaluation walks the output programs in runs of one shape (flag, affine, copy, general),
/// ordered so that an output reading another output runs after it: no allocation, no
/// dictionary, string, existential or retain/release work; the cost is linear in the number of
/// outputs (plus the keyframe stops scanned). Names are resolved to indices at compile time.
/// The per-frame state is copy-on-write: a copy of an effect continues independently from the
/// same history. Several effects can be compiled as one (``EffectSpec/group(_:name:)``).
///
/// Per frame: the offset `s` is the sample's distance from rest (a NaN offset is replaced by
/// the last non-NaN one, 0 before any, so no output is ever NaN); each output reads its
/// timeline's unclamped progress, maps it through its keyframes, clamps it (unless the spec
/// says `clamp: false`) and smooths it (τ > 0). An inactive timeline (zero-length range on this
/// frame) writes the output's first-stop value and leaves flags unchanged. The motion
/// timelines (``Timeline/isMotion``) read the sample's velocity or follow the offset from frame
/// to frame (``ScrollDirectionTracker``, ``QuickReturnTracker``); a spec that has none does no
/// work for them beyond one switch per timeline.
///
/// The first frame after creation or ``reset()``: at rest at the top (offset 0) every flag takes
/// its state silently; at any other offset (a session restored mid-content) every flag starts
/// before its range, so that frame reports `enter`, or `enter` then `leave`, for each flag
/// whose range the offset has reached, in declaration order (``RangeTrigger/primeBeforeRange()``):
/// no flag ever reports an exit without an enter.
public struct CompiledEffect: Sendable {
  /// The spec's name.
  public let name: String
  /// The outputs, in the order ``evaluate(_:into:events:)`` writes them; a point, size or
  /// colour output appears as one scalar output per component.
  public let outputs: [EffectOutput]
  /// Per output: whether it remembers earlier frames *by design* (a flag with its hysteresis,
  /// a smoothed output, an output of a `direction` or `quick-return` timeline, or an output
  /// reading one of those). `scrollsim check` requires every
  /// other output to be a function of the current sample only.
  public let remembersHistory: [Bool]
  /// The spec this was compiled from.
  public let spec: EffectSpec

  /// The timelines, in spec order (for `ScrollCheck`).
  package let timelines: [Timeline]
  /// Per timeline, the physical axis it reads and where its progress starts.
  package let axes: [ScrollAxis.Physical]
  /// The spec's file (or name), for errors.
  package let file: String
  /// The programs as compiled (flags first), with their initial trigger and smoother; the
  /// per-frame copies with their state live in ``frame``. `ScrollCheck` reads them.
  package let programs: [OutputProgram]
  /// All per-frame state, copy-on-write (see ``FrameState``); read by the Swift generator
  /// (``swiftSource(typeName:)``).
  private(set) var frame: FrameState

  /// One output's program as compiled: where it reads, its keyframes, range, trigger and
  /// smoother. ``FrameProgram`` is its per-frame form.
  package struct OutputProgram: Sendable {
    /// What the program reads, by index.
    package enum Source: Sendable {
      /// A timeline's progress.
      case timeline(Int)
      /// An output written earlier in the frame.
      case output(Int)
      /// A flag's timeline (the program is the flag).
      case trigger(Int)
    }
    /// The output written.
    package let output: Int
    /// What it reads.
    package let source: Source
    let stopStart: Int
    let stopCount: Int
    let clamp: Bool
    let lower: Double
    let upper: Double
    let inactiveValue: Double
    /// The smoother, unprimed (nil: not smoothed).
    let smoother: OutputSmoother?
    /// The flag's trigger, unprimed (nil: not a flag).
    package let trigger: RangeTrigger?

    /// The timeline (or, with ``readsOutput``, the output) the program reads.
    var input: Int {
      switch source {
      case .timeline(let t), .trigger(let t): t
      case .output(let o): o
      }
    }

    /// Whether ``input`` is an output index rather than a timeline index.
    var readsOutput: Bool {
      if case .output = source { return true }
      return false
    }
  }

  /// Compiles `spec`.
  /// - Parameters:
  ///   - spec: the effect described as data.
  ///   - file: the spec's file path, used in errors (defaults to the spec's name).
  /// - Throws: ``/ScrollSimCore/InputError`` naming the JSON path for duplicate or empty names, an
  ///   unknown timeline or output reference, a reversed or empty range, non-finite numbers,
  ///   keyframes out of order or of the wrong width, a bad easing or a negative time constant.
  public init(_ spec: EffectSpec, file: String? = nil) throws(InputError) {
    var builder = EffectCompiler(spec: spec, file: file ?? spec.name)
    try builder.compile()
    name = spec.name
    self.spec = spec
    outputs = builder.outputs
    remembersHistory = builder.remembersHistory
    timelines = spec.timelines.map(\.timeline)
    programs = builder.programs
    self.file = file ?? spec.name
    axes = spec.timelines.map(\.physicalAxis)
    readsHorizontalAxis = axes.contains(where: \.isHorizontal)
    requiredViewCount = spec.timelines.map(\.scrollView.requiredViewCount).max() ?? 0
    frame = FrameState(
      timelines: timelines, delayed: spec.timelines.map(\.readsPreviousFrame),
      axes: axes.map(SlotAxis.init), views: spec.timelines.map { SlotView.code($0.scrollView) },
      programs: builder.programs, stops: builder.stops)
  }

  /// Whether some timeline reads the horizontal axis (``ScrollSample/horizontal``), which a
  /// run must then have (``validateAxes(hasHorizontal:)``).
  public let readsHorizontalAxis: Bool

  /// Checks that a run can feed every axis the effect reads: call it once before a run, with
  /// whether its samples carry ``ScrollSample/horizontal`` (a scroll view that scrolls in both
  /// axes). The frame loop calls it when the run's geometry is known, and the
  /// ``ScrollEffect`` conformance checks each sample (a sample without the axis an effect
  /// reads throws there); ``evaluate(_:into:events:)`` itself checks nothing, and leaves a
  /// horizontal timeline's progress as it was on a sample without the axis.
  /// - Parameter hasHorizontal: whether the run's samples have a horizontal axis.
  /// - Throws: ``/ScrollSimCore/InputError`` of kind ``/ScrollSimCore/InputError/Kind/unsupported``
  ///   naming the spec file, the JSON path of the first horizontal timeline's `axis`
  ///   (`$.timelines[i].axis`, field `axis`) and the run's missing axis, when the effect reads
  ///   the horizontal axis and the run has none, with the line and column of that key in a
  ///   parsed spec file (0 for a spec built in code).
  public func validateAxes(hasHorizontal: Bool) throws(InputError) {
    guard !hasHorizontal, let t = axes.firstIndex(where: \.isHorizontal) else { return }
    let timeline = spec.timelines[t]
    let named =
      timeline.axis == .x || timeline.axis == .y
      ? timeline.axis.rawValue
      : "\(timeline.axis.rawValue) in \(timeline.writingMode.rawValue)"
    throw InputError(
      .unsupported, file: file, line: timeline.axisPlace.line, column: timeline.axisPlace.column,
      path: "$.timelines[\(t)].axis", field: "axis",
      message: "timeline '\(timeline.name)' reads the horizontal axis (\(named)), and this run "
        + "scrolls only vertically (its samples have no horizontal axis): run it on a scroll "
        + "view that scrolls in both axes, or read the vertical axis (axis y, or block in "
        + "horizontal-tb)")
  }

  /// The number of scroll views a run's samples must carry in ``ScrollSample/views`` for every
  /// ``ChainView`` the timelines name: 0 when every timeline reads the combined offset.
  public let requiredViewCount: Int

  /// Checks that a run can feed every scroll view the effect's timelines name: call it once
  /// before a run with the number of views its samples carry (0 for a run of one scroll view,
  /// the headers and the list for a nested chain). The frame loop calls it; the
  /// ``ScrollEffect`` conformance checks each sample.
  /// - Parameter count: the views in the run's ``ScrollSample/views`` (0 when nil).
  /// - Throws: ``/ScrollSimCore/InputError`` of kind ``/ScrollSimCore/InputError/Kind/unsupported``
  ///   naming the spec file, the first timeline whose view the run lacks
  ///   (`$.timelines[i].scrollView`, field `scrollView`, with its line and column in a parsed
  ///   spec file) and the views the run has.
  public func validateViews(count: Int) throws(InputError) {
    guard count < requiredViewCount,
      let t = spec.timelines.firstIndex(where: { $0.scrollView.requiredViewCount > count })
    else { return }
    let timeline = spec.timelines[t]
    let has =
      count == 0
      ? "this run is one scroll view (no nested chain): run it on a chain, or drop the key "
        + "to read the combined offset"
      : "this run's chain has \(count) view\(count == 1 ? "" : "s") (0 … \(count - 1): "
        + "\(count - 1) header\(count == 2 ? "" : "s") and the list)"
    throw InputError(
      .unsupported, file: file, line: timeline.viewPlace.line, column: timeline.viewPlace.column,
      path: "$.timelines[\(t)].scrollView", field: "scrollView",
      message: "timeline '\(timeline.name)' reads scroll view "
        + "'\(timeline.scrollView.specText)', and \(has)")
  }

  /// Computes this frame's outputs from `sample` into `values` and appends the flags'
  /// crossings to `events` (reserve capacity to stay allocation-free).
  ///
  /// Each timeline's progress is computed once per frame (its range is resolved again only
  /// when the geometry changes), then each output maps it. All the state lives in one
  /// copy-on-write object, so a frame costs one uniqueness check for it and one for `values`.
  /// - Parameters:
  ///   - sample: this frame.
  ///   - values: receives one value per output, all overwritten; resized to `outputs.count`
  ///     when it has another size (that frame allocates).
  ///   - events: appended to only on a crossing.
  /// - Complexity: O(timelines + outputs + keyframe stops), no allocation (after a copy of
  ///   the effect, its first evaluation copies the state once).
  public mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
    if values.count != outputs.count { values = Array(repeating: 0, count: outputs.count) }
    if !isKnownUniquelyReferenced(&frame) { frame = FrameState(copying: frame) }
    // The buffers are plain pointers: the frame retains nothing. The sample is read in place
    // before the outputs' loop, which needs only its time.
    // The record in place (see `FrameState.storage`).
    let buffers = UnsafePointer(frame.storage)
    let checked = FrameBuffers.prepare(buffers, sample)
    let time = sample.time
    values.withUnsafeMutableBufferPointer { out in
      FrameBuffers.run(buffers, time: time, into: out, events: &events, checked: checked)
    }
  }

  /// The index of the output named `name` in ``outputs``, or nil.
  /// - Complexity: O(outputs).
  public func outputIndex(named name: String) -> Int? {
    outputs.index(named: name)
  }

  /// Forgets the history: flags re-prime silently, smoothing restarts, the last offset is 0.
  /// From then on the effect evaluates exactly as a fresh copy of the compiled effect would.
  public mutating func reset() {
    if !isKnownUniquelyReferenced(&frame) { frame = FrameState(copying: frame) }
    frame.storage.pointee.reset()
  }
}
