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
  struct GeneralProgram: SlotProgram {
    /// Where the input is, in bytes (see ``LineProgram/input``).
    let input: Int
    /// The output written.
    let output: Int
    /// The slot (a slot reader) for the inactive check.
    let slot: Int
    /// The keyframe stops, `stops[stopStart ..< stopStart + stopCount]` (none: the input).
    let stopStart: Int
    /// See ``stopStart``.
    let stopCount: Int
    /// Index of the output's smoother in ``FrameBuffers/smoothers``, or −1 for none.
    let smoother: Int
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

    /// The general program `program`; its first remembered input is +0, mapped through
    /// `stops` (with reuse off, `reuses` false, it is never read).
    init(_ program: FrameProgram, stops: UnsafeBufferPointer<KeyframeStop>, reuses: Bool) {
      input = FrameBuffers.inputOffset(program)
      output = program.output
      slot = program.input
      stopStart = program.stopStart
      stopCount = program.stopCount
      smoother = program.smoother
      clamp = program.clamp
      self.reuses = reuses
      lower = program.lower
      upper = program.upper
      inactiveValue = program.inactiveValue
      lastInput = (0.0).bitPattern
      lastValue = 0
      lastValue = mapped(0, stops, nonNaN: false)
    }

    /// The keyframe mapping of progress `p`, then the clamp (`nonNaN`: `p` is never NaN;
    /// `terms`: the frame's shared eased terms; see
    /// ``KeyframeStop/evaluate(_:from:count:at:clamp:nonNaN:terms:)``).
    @inline(__always)
    func mapped(
      _ p: Double, _ stops: UnsafeBufferPointer<KeyframeStop>, nonNaN: Bool,
      terms: (cache: UnsafeMutablePointer<KeyframeStop.Term>, frame: UInt64)? = nil
    ) -> Double {
      var value =
        stopCount == 0
        ? p
        : KeyframeStop.evaluate(
          stops, from: stopStart, count: stopCount, at: p, clamp: clamp, nonNaN: nonNaN,
          terms: terms)
      // With a clamped, non-NaN progress every segment's value is finite.
      if clamp {
        value = Swift.min(nonNaN ? maxNonNaN(value, lower) : Swift.max(value, lower), upper)
      }
      return value
    }
  }
}
