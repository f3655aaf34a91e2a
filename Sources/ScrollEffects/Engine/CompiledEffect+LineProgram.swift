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

}

extension CompiledEffect.LineProgram {
  /// Whether the output clamp of this line (its `max` to the lower bound, its `min` to the
  /// upper) can change a value, for a progress that is never NaN: the line's value is
  /// monotonic in `x` on each slope's part of `from … to` (see
  /// ``KeyframeStop/line(_:from:count:lower:upper:progressIsNeverNaN:)``), so the values at
  /// the parts' ends, computed with the frame's own operations, bound all the others. The
  /// `max` is a no-op when none lies below the bound (one equal to it has its bits, and no
  /// value is −0 unless the anchor value is); the `min` when none lies above. The Swift
  /// generator leaves out the clamps this says are no-ops, and so does the engine's loop of
  /// level 0's affine lines (``CompiledEffect/FrameBuffers/Level0/affineFree``).
  func clampsNeeded(kinked: Bool) -> (lower: Bool, upper: Bool) {
    func y(_ x: Double, _ m: Double) -> Double { lineValue(anchorValue, m, at: x, from: anchorAt) }
    guard from <= to, from.isFinite, to.isFinite else { return (true, true) }
    var ends: [Double] = []
    if kinked {
      if from < kink {
        ends += [y(from, slopeBelow), y(Swift.min(kink.nextDown, to), slopeBelow)]
      }
      if kink <= to { ends += [y(Swift.max(kink, from), slope), y(to, slope)] }
    } else {
      ends = [y(from, slope), y(to, slope)]
    }
    guard ends.allSatisfy(\.isFinite), let lo = ends.min(), let hi = ends.max() else {
      return (true, true)
    }
    let negativeZero = (-0.0).bitPattern
    let lowerHolds =
      anchorValue.bitPattern != negativeZero
      && (lo > lower || lo.bitPattern == lower.bitPattern)
    return (!lowerHolds, !(hi <= upper))
  }
}

extension CompiledEffect {
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

  /// A general ``FrameProgram`` whose every segment is linear, cubic-bezier or (clamped
  /// only) flat with a value other than −0, and that reads a slot, with two stops or more
  /// (``FrameProgram/piecewise``), in its per-frame form: a record of 64-bit words in
  /// ``FrameBuffers/pieceWords``. The frame clamps the progress; unless it has the bits of
  /// the last one (then the last value is reused), picks the segment by counting the inner
  /// stops at or below it (no loop for one to three segments, no branch) and evaluates it,
  /// then the output clamp; then the smoother if it has one: none of the general shape's
  /// other cases and checks (count, kind dispatch, steps).
  ///
  /// The same bits as the general shape: the same clamps on the same operands; the stops'
  /// progress strictly increases (no segment is a jump), so the count of inner stops at or
  /// below the (never NaN) progress is the segment the search picks; a line is
  /// ``KeyframeStop/Segment/line(_:at:)`` on the same operands (a flat segment is anchored
  /// at its stop with slope +0, which its value survives at a finite progress when it is not
  /// −0; so unclamped programs have no flat segment, an infinite progress would make it
  /// NaN); a cubic-bezier segment is `value + (next.value − value) · ease((x − at) /
  /// (next.at − at))` with the two differences of constants computed at compile time (the
  /// same bits), its term shared as ``KeyframeStop/term`` says.
  ///
  /// The header: 0: the input's byte offset (low 32 bits) and the output (high); 1: the
  /// smoother (low, −1 for none) and the number of segments `S` (high); 2, 3: the progress
  /// clamp (first and last stops' `at`); 4, 5: the output's range; 6: the inactive value;
  /// 7, 8: the last clamped progress's bits and the value it mapped to (a memo: a frame at
  /// rest, or a progress held beyond either end of the stops, maps nothing; the first is +0
  /// with the general shape's value at progress +0, which a clamped progress of +0 maps to
  /// too; unclamped lines do not use it, their progress moves on almost every frame). Then the `S − 1` inner stops' `at`, then the segments, in one of two forms. Lines
  /// (every segment linear or flat): per segment its anchor's `at`, the anchor's value and
  /// the slope (`4·S + 8` words). Eased (a cubic-bezier segment or more): five words per
  /// segment, a line's three and two unused, or a cubic-bezier's `at`, value,
  /// `next.value − value`, `next.at − at`, and its control points' index in
  /// ``FrameBuffers/beziers`` (low 32 bits; `UInt32.max` for a line) with its term (high; −1
  /// for none) (`6·S + 8` words).
  enum PieceRecord {
    /// Byte offset of the smoother's index (`Int32`).
    static let smoother = 8
    /// Byte offset of the number of segments `S` (`Int32`).
    static let segmentCount = 12
    /// Byte offset of the progress clamp's lower end (the first stop's `at`).
    static let from = 16
    /// Byte offset of the progress clamp's upper end (the last stop's `at`).
    static let to = 24
    /// Byte offset of the output range's lower bound.
    static let lower = 32
    /// Byte offset of the output range's upper bound.
    static let upper = 40
    /// Byte offset of the value written while the slot is inactive.
    static let inactiveValue = 48
    /// Byte offset of the memo's clamped progress (its bits).
    static let lastInput = 56
    /// Byte offset of the memo's mapped value.
    static let lastValue = 64
    /// A line's marker in the eased form's index word.
    static let lineMarker = UInt32.max

    /// The header's length in words.
    static let header = 9
    /// A segment's length in words.
    @inline(__always)
    static func segmentWords(eased: Bool) -> Int { eased ? 5 : 3 }
    /// The record's length in words for `segments` segments.
    @inline(__always)
    static func words(segments: Int, eased: Bool) -> Int {
      header + segments - 1 + segmentWords(eased: eased) * segments
    }
    /// Where the inner stops' `at` start, in bytes.
    static let inner = 8 * header
    /// Where the segments start, in bytes.
    @inline(__always)
    static func lines(segments: Int) -> Int { 8 * (header + segments - 1) }

    /// Appends the record of `program` (``FrameProgram/piecewise``) to `words`, from the
    /// stops' per-frame form `table` (``KeyframeStop/Segment/table(_:)``, terms shared);
    /// `mapped0` is the general shape's mapped value at progress +0 (the first memo, as
    /// ``GeneralProgram``'s).
    /// - Precondition: its input offset, output and smoother fit `Int32` (the compiler's
    ///   limits, ``EffectCompiler/maximumTimelines``).
    static func append(
      _ program: FrameProgram, table: UnsafeBufferPointer<KeyframeStop.Segment>,
      mapped0: Double, to words: inout [UInt64]
    ) {
      let first = program.stopStart
      let count = program.stopCount - 1
      let eased = program.eased
      let pair = { (low: Int, high: Int) in
        UInt64(UInt32(bitPattern: Int32(low))) | UInt64(UInt32(bitPattern: Int32(high))) << 32
      }
      words.append(pair(FrameBuffers.inputOffset(program), program.output))
      words.append(pair(program.smoother, count))
      words += [
        table[first].at, table[first + count].at, program.lower, program.upper,
        program.inactiveValue,
      ].map(\.bitPattern)
      words += [(0.0).bitPattern, mapped0.bitPattern]
      words += table[(first + 1)..<(first + count)].map(\.at.bitPattern)
      for k in first..<(first + count) {
        let a = table[k]
        let next = table[k + 1]
        if a.kind == .cubic {
          words += [a.at, a.value, next.value - a.value, next.at - a.at].map(\.bitPattern)
          words.append(UInt64(UInt32(truncatingIfNeeded: a.word)) | pair(0, Int(a.term)))
          continue
        }
        // A line (`KeyframeStop.Segment.line(_:at:)`); a flat segment: its own stop, slope +0.
        let anchor = a.kind == .linear ? table[k + Int(a.flags & 1)] : a
        let slope = a.kind == .linear ? a.slope : 0
        words += [anchor.at, anchor.value, slope].map(\.bitPattern)
        if eased { words += [0, UInt64(lineMarker)] }
      }
    }
  }

  /// A run of ``PieceRecord``s of one form, one kind and one number of segments (see
  /// ``FrameBuffers/pieceRuns``): the frame runs each in a loop specialised for all three.
  struct PieceRun: Equatable {
    /// The records' ``rank(_:)``: eased or not (``eased``), clamped or not, smoothed or not
    /// (``kind``), and their number of segments (1, 2, 3, or 4 for four or more).
    let key: Int
    /// The first record's first word in ``FrameBuffers/pieceWords``.
    let start: Int
    /// One past the last record's last word.
    let end: Int
    /// The number of records.
    let count: Int
    /// Whether the records are of the eased form.
    let eased: Bool
    /// 0: clamped, 1: unclamped, 2: clamped and smoothed, 3: unclamped and smoothed.
    let kind: Int
    /// The number of segments of each record, 1 … 3; 4: four or more (each record's own).
    let segments: Int

    /// The run of `count` records of ``rank(_:)`` `key` in words `start ..< end`.
    init(key: Int, start: Int, end: Int, count: Int) {
      (self.key, self.start, self.end, self.count) = (key, start, end, count)
      // Each part stored, so that a frame's dispatch reads them (no divisions).
      eased = key >= 16
      kind = key / 4 % 4
      segments = key % 4 + 1
    }

    /// The sort key of `program` among level 0's general programs: ``key`` for a piecewise
    /// one, 32 for the others (which run after the pieces).
    static func rank(_ program: FrameProgram) -> Int {
      guard program.piecewise else { return 32 }
      let kind = (program.smoother >= 0 ? 2 : 0) + (program.clamp ? 0 : 1)
      return (program.eased ? 16 : 0) + kind * 4 + Swift.min(program.stopCount - 1, 4) - 1
    }
  }
}
