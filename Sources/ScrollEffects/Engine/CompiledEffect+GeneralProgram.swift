extension CompiledEffect {
  /// A general ``FrameProgram`` (keyframe search, easing, optional clamp and smoothing) as the
  /// per-frame loop reads it: only the fields that shape uses, no trigger (see
  /// ``FrameBuffers/generals``), and the last input it mapped with the value it mapped it to.
  ///
  /// The keyframe mapping and the clamp are a pure function of the input (the stops never
  /// change), so an input with the same bits as the last one maps to the same bits: the loop
  /// then reuses ``lastValue`` instead of searching and easing again (a timeline held at one
  /// end of its range, or a frame at rest). Smoothing, which depends on the frame's time, runs
  /// every frame after it.
  ///
  /// 64 bytes, one cache line: indices as `Int32` (``EffectCompiler`` refuses a spec whose
  /// timelines, outputs or stops would not fit, ``EffectCompiler/maximumStops``), the slot
  /// derived from ``input`` (read only by the inactive check).
  struct GeneralProgram: SlotProgram {
    /// Where the input is, in bytes (see ``LineProgram/input``).
    let inputOffset: Int32
    /// The output written.
    let outputIndex: Int32
    /// The keyframe stops' per-frame form, `keyframes[stopStart ..< stopStart + stopCount]`
    /// (none: the input; see ``FrameBuffers/keyframes``).
    let stopStart: Int32
    /// See ``stopStart``.
    let stopCount: Int32
    /// Index of the output's smoother in ``FrameBuffers/smoothers``, or −1 for none.
    let smoother: Int32
    /// Whether the value is clamped to `lower … upper`.
    let clamp: Bool
    /// Whether ``lastInput`` may be reused (false: every frame maps its input, to test that
    /// both give the same bits).
    let reuses: Bool
    /// The output's declared range.
    let lower: Double
    /// See ``lower``.
    let upper: Double
    /// The value written while the slot is inactive.
    let inactiveValue: Double
    /// The bits of the last input mapped (at first +0, mapped at compile time).
    var lastInput: UInt64
    /// The mapped (and clamped) value of ``lastInput``, before smoothing.
    var lastValue: Double

    /// See ``inputOffset``.
    var input: Int { Int(inputOffset) }
    /// See ``outputIndex``.
    var output: Int { Int(outputIndex) }
    /// The slot read (see ``FrameBuffers/slot(ofInput:)``), for the inactive check.
    var slot: Int { FrameBuffers.slot(ofInput: input) }

    /// The general program `program`; its first remembered input is +0, mapped through
    /// `keyframes` and `beziers` (with reuse off, `reuses` false, it is never read).
    /// - Precondition: its input offset, output and stops fit `Int32` (the compiler's limits,
    ///   ``EffectCompiler/maximumTimelines``).
    init(
      _ program: FrameProgram, keyframes: UnsafePointer<KeyframeStop.Segment>,
      beziers: UnsafePointer<KeyframeStop.Segment.Bezier>, reuses: Bool
    ) {
      inputOffset = Int32(FrameBuffers.inputOffset(program))
      outputIndex = Int32(program.output)
      stopStart = Int32(program.stopStart)
      stopCount = Int32(program.stopCount)
      smoother = Int32(program.smoother)
      clamp = program.clamp
      self.reuses = reuses
      lower = program.lower
      upper = program.upper
      inactiveValue = program.inactiveValue
      lastInput = (0.0).bitPattern
      lastValue = 0
      // With the frame's own operations: a slot reader's clamps take a NaN value to the
      // bound (`maxNonNaN`), an output reader's keep it.
      lastValue = mapped(0, keyframes, beziers, nonNaN: !program.readsOutput)
    }

    /// The keyframe mapping of progress `p`, then the clamp (`nonNaN`: `p` is never NaN;
    /// `terms`: the frame's shared eased terms; see
    /// ``KeyframeStop/evaluate(_:_:from:count:at:clamp:nonNaN:terms:)``).
    @inline(__always)
    func mapped(
      _ p: Double, _ keyframes: UnsafePointer<KeyframeStop.Segment>,
      _ beziers: UnsafePointer<KeyframeStop.Segment.Bezier>, nonNaN: Bool,
      terms: (cache: UnsafeMutablePointer<KeyframeStop.Term>, frame: UInt64)? = nil
    ) -> Double {
      var value =
        stopCount == 0
        ? p
        : KeyframeStop.evaluate(
          keyframes, beziers, from: Int(stopStart), count: Int(stopCount), at: p, clamp: clamp,
          nonNaN: nonNaN, terms: terms)
      // With a clamped, non-NaN progress every segment's value is finite.
      if clamp {
        value = Swift.min(nonNaN ? maxNonNaN(value, lower) : Swift.max(value, lower), upper)
      }
      return value
    }
  }
}
