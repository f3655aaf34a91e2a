extension CompiledEffect {
  /// One output's program as the per-frame loop runs it: a flat record whose ``shape`` was
  /// decided once at compile time from its ``OutputProgram``, with the constants that shape
  /// needs copied in, the flag's trigger stored inline (not optional) and a smoothed output's
  /// ``OutputSmoother`` kept aside in the frame state (by index).
  ///
  /// Every shape performs exactly the operations of the general path on the same operands, so
  /// the outputs have the same bits whichever shape runs.
  struct FrameProgram: Sendable {
    /// How the loop evaluates the program.
    enum Shape: UInt8, Sendable {
      /// A flag: ``trigger`` fed with the timeline's progress.
      case flag
      /// Two stops, a linear segment, clamped, not smoothed:
      /// `min(max(anchorValue + slope · (min(max(p, from), to) − anchorAt), lower), upper)`.
      case affine
      /// No keyframes, not smoothed: the input itself, clamped to `lower … upper` if ``clamp``.
      case copy
      /// Anything else: keyframe search, easing, optional clamp and smoothing.
      case general
    }

    /// The evaluation shape.
    let shape: Shape
    /// Whether ``input`` is an output index rather than a timeline index.
    let readsOutput: Bool
    /// Whether the value is clamped to `lower … upper`.
    let clamp: Bool
    /// The output written.
    let output: Int
    /// The timeline (or, with ``readsOutput``, the output) read.
    let input: Int
    /// General shape: the keyframe stops, `stops[stopStart ..< stopStart + stopCount]`.
    let stopStart: Int
    /// See ``stopStart``.
    let stopCount: Int
    /// General shape: index of the output's smoother in the frame state, or −1 for none.
    let smoother: Int
    /// The output's declared range.
    let lower: Double
    /// See ``lower``.
    let upper: Double
    /// The value written while the timeline is inactive (zero-length range).
    let inactiveValue: Double
    /// Affine shape: the first and last stops' progress, and the segment's anchor and slope.
    let from: Double
    /// See ``from``.
    let to: Double
    /// See ``from``.
    let anchorAt: Double
    /// See ``from``.
    let anchorValue: Double
    /// See ``from``.
    let slope: Double
    /// Flag shape: the trigger and its state (a never-used, unprimed one for other shapes).
    var trigger: RangeTrigger

    /// The per-frame form of `program`, reading slot (or output) `input` and `stops` (for the
    /// affine constants); a smoothed program refers to smoother number `smoother`.
    init(_ program: OutputProgram, input: Int, stops: [KeyframeStop], smoother: Int) {
      readsOutput = program.readsOutput
      clamp = program.clamp
      output = program.output
      self.input = input
      stopStart = program.stopStart
      stopCount = program.stopCount
      self.smoother = program.smoother == nil ? -1 : smoother
      lower = program.lower
      upper = program.upper
      inactiveValue = program.inactiveValue
      trigger = program.trigger ?? RangeTrigger(start: 0)
      let first = stops.indices.contains(program.stopStart) ? stops[program.stopStart] : nil
      if program.trigger != nil {
        shape = .flag
      } else if program.smoother != nil {
        shape = .general
      } else if program.stopCount == 0 {
        shape = .copy
      } else if program.stopCount == 2, program.clamp, let first, first.kind == .linear {
        shape = .affine
      } else {
        shape = .general
      }
      if shape == .affine, let first {
        from = first.at
        to = stops[program.stopStart + 1].at
        anchorAt = first.anchorAt
        anchorValue = first.anchorValue
        slope = first.slope
      } else {
        (from, to, anchorAt, anchorValue, slope) = (0, 0, 0, 0, 0)
      }
    }
  }
}
