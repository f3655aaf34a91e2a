extension CompiledEffect {
  /// A per-shape program record that reads a timeline slot: what the inactive check needs.
  protocol SlotProgram {
    /// The slot read (for the inactive check).
    var slot: Int { get }
    /// The output written.
    var output: Int { get }
    /// The value written while the slot is inactive.
    var inactiveValue: Double { get }
  }

  /// A slot reader's record with 32-bit indices (``GeneralProgram``, ``PiecewiseProgram``):
  /// its input's byte offset and its output as `Int32`, the slot derived from the offset
  /// (read only by the inactive check).
  protocol CompactProgram: SlotProgram {
    /// Where the input is, in bytes (see ``LineProgram/input``).
    var inputOffset: Int32 { get }
    /// The output written.
    var outputIndex: Int32 { get }
  }

  /// An affine or kinked ``FrameProgram`` as the per-frame loop reads it: only the constants of
  /// its line, no trigger, so that a program costs its arithmetic and little
  /// else (the loop walks a dense array of these per shape, see ``FrameBuffers/lines``).
  struct LineProgram: SlotProgram {
    /// Where the input is, in bytes: from the slots' base address to the slot's
    /// ``TimelineSlot/progress`` (a slot reader), or from the outputs' base address (an output
    /// reader); see ``FrameBuffers/inputOffset(_:)``.
    let input: Int
    /// The output written.
    let output: Int
    /// See ``FrameProgram/from``.
    let from: Double
    /// See ``FrameProgram/to``.
    let to: Double
    /// See ``FrameProgram/anchorAt``.
    let anchorAt: Double
    /// See ``FrameProgram/anchorValue``.
    let anchorValue: Double
    /// See ``FrameProgram/slope``.
    let slope: Double
    /// See ``FrameProgram/lower``.
    let lower: Double
    /// See ``FrameProgram/upper``.
    let upper: Double
    /// Kinked shape: see ``FrameProgram/kink``.
    let kink: Double
    /// Kinked shape: see ``FrameProgram/slopeBelow``.
    let slopeBelow: Double
    /// See ``FrameProgram/inactiveValue``.
    let inactiveValue: Double
    /// The slot (a slot reader) for the inactive check.
    let slot: Int

    /// The line of `program` (affine or kinked).
    init(_ program: FrameProgram) {
      input = FrameBuffers.inputOffset(program)
      output = program.output
      from = program.from
      to = program.to
      anchorAt = program.anchorAt
      anchorValue = program.anchorValue
      slope = program.slope
      lower = program.lower
      upper = program.upper
      kink = program.kink
      slopeBelow = program.slopeBelow
      inactiveValue = program.inactiveValue
      slot = program.input
    }
  }

  /// A copy ``FrameProgram`` as the per-frame loop reads it (see ``LineProgram``).
  struct CopyProgram: SlotProgram {
    /// Where the input is, in bytes (see ``LineProgram/input``).
    let input: Int
    /// The output written.
    let output: Int
    /// The slot (a slot reader) for the inactive check.
    let slot: Int
    /// See ``FrameProgram/clamp``.
    let clamp: Bool
    /// See ``FrameProgram/lower`` (−∞ for an unclamped slot reader).
    let lower: Double
    /// See ``FrameProgram/upper`` (+∞ for an unclamped slot reader).
    let upper: Double
    /// See ``FrameProgram/inactiveValue``.
    let inactiveValue: Double

    /// The copy of `program`.
    init(_ program: FrameProgram) {
      input = FrameBuffers.inputOffset(program)
      output = program.output
      slot = program.input
      clamp = program.clamp
      // A slot's progress is never NaN, and for such a `p`, `min(max(p, −∞), +∞)` is `p`
      // (same bits, ±∞ and −0 included): an unclamped copy of a slot is the clamped one with
      // these bounds, so that loop checks no flag.
      let open = !program.clamp && !program.readsOutput
      lower = open ? -.infinity : program.lower
      upper = open ? .infinity : program.upper
      inactiveValue = program.inactiveValue
    }
  }

  /// A general ``FrameProgram`` whose every segment is linear (or, clamped, flat with a
  /// value other than −0) and that reads a slot, with two stops or more
  /// (``FrameProgram/piecewise``): the keyframe search and the linear segment's expression,
  /// then the smoother if it has one, without the general shape's other cases and checks
  /// (count, kind, easing, memo).
  ///
  /// The same bits as the general shape: the same clamps and search on the same operands,
  /// the linear segment's expression (``KeyframeStop/Segment/line(_:at:)``), which a flat
  /// segment's value survives at a clamped (finite) progress when it is not −0. Unclamped
  /// programs have no flat segment (an infinite progress would make it NaN).
  struct PiecewiseProgram: CompactProgram {
    /// Where the input is, in bytes (see ``LineProgram/input``).
    let inputOffset: Int32
    /// The output written.
    let outputIndex: Int32
    /// The first and the last stop, indices into ``FrameBuffers/keyframes``.
    let first: Int32
    /// See ``first``.
    let last: Int32
    /// Index of the output's smoother in ``FrameBuffers/smoothers``, or −1 for none.
    let smoother: Int32
    /// The first and last stops' progress (the progress clamp; unused unclamped).
    let from: Double
    /// See ``from``.
    let to: Double
    /// The output's declared range (unused unclamped).
    let lower: Double
    /// See ``lower``.
    let upper: Double
    /// The value written while the slot is inactive.
    let inactiveValue: Double

    /// The piecewise form of `program` (``FrameProgram/piecewise``), its stops in `stops`.
    init(_ program: FrameProgram, stops: [KeyframeStop]) {
      inputOffset = Int32(FrameBuffers.inputOffset(program))
      outputIndex = Int32(program.output)
      first = Int32(program.stopStart)
      last = Int32(program.stopStart + program.stopCount - 1)
      smoother = Int32(program.smoother)
      from = stops[program.stopStart].at
      to = stops[program.stopStart + program.stopCount - 1].at
      lower = program.lower
      upper = program.upper
      inactiveValue = program.inactiveValue
    }
  }
}

extension CompiledEffect.CompactProgram {
  /// See ``inputOffset``.
  var input: Int { Int(inputOffset) }
  /// See ``outputIndex``.
  var output: Int { Int(outputIndex) }
  /// The slot read (see ``CompiledEffect/FrameBuffers/slot(ofInput:)``).
  var slot: Int { CompiledEffect.FrameBuffers.slot(ofInput: input) }
}
