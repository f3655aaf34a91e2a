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
      /// One line, clamped, not smoothed (two stops with a linear segment, or more that fold
      /// into one line exactly):
      /// `min(max(anchorValue + slope · (min(max(p, from), to) − anchorAt), lower), upper)`.
      case affine
      /// Two lines through one anchor (see ``KeyframeStop/Line``), clamped, not smoothed: as
      /// ``affine`` with the slope `x ≥ kink ? slope : slopeBelow`.
      case kinked
      /// No keyframes (or an affine map that is the identity), not smoothed: the input itself,
      /// clamped to `lower … upper` if ``clamp``.
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
    /// Kinked shape: where the slope changes, and the slope below that progress.
    let kink: Double
    /// See ``kink``.
    let slopeBelow: Double
    /// Flag shape: the trigger and its state (a never-used, unprimed one for other shapes).
    var trigger: RangeTrigger
    /// Flag shape: the progress interval `stayLow … stayHigh` in which ``trigger`` would neither
    /// change nor report anything (see ``updateStay()``); empty while unprimed, and always
    /// when not ``folding``, so that every frame runs the trigger.
    private(set) var stayLow = Double.infinity
    /// See ``stayLow``.
    private(set) var stayHigh = -Double.infinity
    /// Flag shape: the trigger's ``RangeTrigger/value`` inside ``stayLow`` … ``stayHigh``
    /// (kept by ``updateStay()``, so that the frame writes it with one load).
    private(set) var stayValue = 0.0
    /// Whether the flag may skip its trigger inside ``stayLow`` … ``stayHigh``.
    let folding: Bool
    /// With folding, a general program that runs as a ``PieceRecord``: it reads a slot,
    /// has two stops or more, and every segment is linear, cubic-bezier or (clamped only)
    /// flat with a value other than −0 (see ``isPiecewise(_:stops:)``).
    let piecewise: Bool
    /// Whether the ``PieceRecord`` has a cubic-bezier segment (its eased form).
    let eased: Bool

    /// The per-frame form of `program`, reading slot (or output) `input` and `stops` (for the
    /// affine constants); a smoothed program refers to smoother number `smoother`.
    ///
    /// With `folding`, a clamped keyframe mapping that is one line (or two through one anchor,
    /// the kinked shape) (``KeyframeStop/line(_:from:count:lower:upper:progressIsNeverNaN:)``:
    /// collinear segments, flat ends the output clamp absorbs) runs as the affine shape, and an
    /// affine shape that is the identity on `0 … upper` (anchored at 0, slope 1, from the
    /// bounds) as the copy shape; both give the same bits as the general shape (tested against
    /// `folding: false`).
    init(
      _ program: OutputProgram, input: Int, stops: [KeyframeStop], smoother: Int,
      folding: Bool = true
    ) {
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
      self.folding = folding
      var line: KeyframeStop.Line?
      if program.trigger == nil, program.smoother == nil, program.clamp, program.stopCount >= 2 {
        let first = stops[program.stopStart]
        if program.stopCount == 2, first.kind == .linear {
          line = .init(
            from: first.at, to: stops[program.stopStart + 1].at, anchorAt: first.anchorAt,
            anchorValue: first.anchorValue, slope: first.slope)
        } else if folding {
          // Timeline progress is never NaN (see `TimelineSlot.update(at:)`); outputs may be.
          line = KeyframeStop.line(
            stops, from: program.stopStart, count: program.stopCount, lower: program.lower,
            upper: program.upper, progressIsNeverNaN: !program.readsOutput)
        }
      }
      if program.trigger != nil {
        shape = .flag
      } else if program.smoother != nil {
        shape = .general
      } else if program.stopCount == 0 {
        shape = .copy
      } else if let line {
        shape =
          line.isKinked
          ? .kinked
          : (folding && Self.isIdentity(line, lower: lower, upper: upper) ? .copy : .affine)
      } else {
        shape = .general
      }
      piecewise = folding && shape == .general && Self.isPiecewise(program, stops: stops)
      eased =
        piecewise
        && stops[program.stopStart..<(program.stopStart + program.stopCount - 1)].contains {
          $0.kind == .cubic
        }
      let affine = shape == .affine || shape == .kinked ? line : nil
      from = affine?.from ?? 0
      to = affine?.to ?? 0
      anchorAt = affine?.anchorAt ?? 0
      anchorValue = affine?.anchorValue ?? 0
      slope = affine?.slope ?? 0
      kink = affine?.kink ?? 0
      slopeBelow = affine?.slopeBelow ?? 0
    }

    /// Sets ``stayLow`` … ``stayHigh`` to the trigger's ``RangeTrigger/steadyInterval`` (empty
    /// without ``folding``, so that every frame runs the trigger).
    mutating func updateStay() {
      (stayLow, stayHigh) = folding ? trigger.steadyInterval : (.infinity, -.infinity)
      stayValue = trigger.value
    }

    /// Whether `program` can run as a ``PieceRecord`` with the general shape's bits: it
    /// reads a slot (whose progress is never NaN), has no trigger and two stops or more, and
    /// each segment is linear, cubic-bezier (computed as the general shape does), or flat in
    /// a clamped mapping (the progress is then finite) with a value other than −0 (see
    /// ``KeyframeStop/Segment/line(_:at:)``). A smoother runs after it as after the general
    /// shape, a clamped one's counting on the value being in range
    /// (``OutputSmoother/Promises/targetInRange``), so its range must not be empty.
    static func isPiecewise(_ program: OutputProgram, stops: [KeyframeStop]) -> Bool {
      guard !program.readsOutput, program.trigger == nil, program.stopCount >= 2,
        program.smoother == nil || !program.clamp || program.lower < program.upper
      else { return false }
      let segments = program.stopStart..<(program.stopStart + program.stopCount - 1)
      return segments.allSatisfy { k in
        switch stops[k].kind {
        case .linear, .cubic: true
        case .flat: program.clamp && stops[k].value.bitPattern != (-0.0).bitPattern
        case .jump, .eased: false
        }
      }
    }

    /// Whether the clamped affine map `line` followed by the clamp to `lower … upper` is the copy
    /// shape's `min(max(p, lower), upper)`, bit for bit: anchored at (+0, +0) with slope 1, from
    /// +0 = `lower` to `to` = `upper`. Then `x = min(max(p, +0), to)` is never −0, so
    /// `+0 + 1 · (x − +0)` is `x` itself (NaN stays NaN), already inside the range.
    static func isIdentity(_ line: KeyframeStop.Line, lower: Double, upper: Double) -> Bool {
      let zero = (0.0).bitPattern
      return line.slope == 1 && line.anchorAt.bitPattern == zero
        && line.anchorValue.bitPattern == zero && line.from.bitPattern == zero
        && lower.bitPattern == zero && line.to.bitPattern == upper.bitPattern
    }
  }
}
