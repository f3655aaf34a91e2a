import ScrollPhysics

extension CompiledEffect {
  /// The buffers one evaluation reads and writes (owned by a ``FrameState``): the timelines
  /// and their slots, the frame programs (flags' triggers inline), the keyframe stops, the
  /// smoothers and the offset history.
  ///
  /// A plain struct of pointers, so a frame walks them with no bounds checks, no retain or
  /// release and no exclusivity checks (a class's `var` would cost one per access).
  struct FrameBuffers {
    /// The distinct timelines (equal ones share a slot); read only when the geometry changes.
    let timelines: UnsafeMutableBufferPointer<Timeline>
    /// Per distinct timeline: its resolved range and this frame's progress.
    let slots: UnsafeMutableBufferPointer<TimelineSlot>
    /// Per output: what the loop runs, ordered by ``segments``.
    let programs: UnsafeMutableBufferPointer<FrameProgram>
    /// The affine and kinked programs' lines, in evaluation order (read only).
    let lines: UnsafeMutableBufferPointer<LineProgram>
    /// The copy programs, in evaluation order (read only).
    let copies: UnsafeMutableBufferPointer<CopyProgram>
    /// The general programs, in evaluation order (each remembers its last input and value).
    let generals: UnsafeMutableBufferPointer<GeneralProgram>
    /// The level-0 general programs that run as ``PieceRecord``s, in evaluation order: the
    /// first of ``Level0/general``, one to one (read only; variable-size records).
    let pieceWords: UnsafeMutableBufferPointer<UInt64>
    /// The runs of ``pieceWords`` of one kind and one number of segments, in order.
    let pieceRuns: UnsafeMutableBufferPointer<PieceRun>
    /// The programs that read a timeline slot (dependency level 0, see ``Segment``), by shape:
    /// they run first, one plain loop per shape, with no segment to dispatch on.
    let level0: Level0
    /// Runs of programs of one shape that read outputs, in evaluation order (see ``Segment``),
    /// after ``level0``.
    let segments: UnsafeMutableBufferPointer<Segment>
    /// All outputs' keyframe stops as compiled (read only): what the folds and the Swift
    /// generator read; the frame reads ``keyframes``.
    let stops: UnsafeMutableBufferPointer<KeyframeStop>
    /// ``stops`` in their per-frame form, one to one (read only): 32 bytes a stop instead of
    /// 112, so that a thousand outputs' stops stay in the caches.
    let keyframes: UnsafeMutableBufferPointer<KeyframeStop.Segment>
    /// The cubic-bezier easings' control points ``keyframes`` index, one per distinct easing.
    let beziers: UnsafeMutableBufferPointer<KeyframeStop.Segment.Bezier>
    /// The eased terms several general programs share (``KeyframeStop/term``), each computed
    /// at most once per frame.
    let terms: UnsafeMutableBufferPointer<KeyframeStop.Term>
    /// The smoothed outputs' smoothers, by ``FrameProgram/smoother``.
    let smoothers: UnsafeMutableBufferPointer<OutputSmoother>
    /// The smoothers' distinct time constants and this frame's factor for each
    /// (``OutputSmoother/decayClass``; empty without the folds or with fewer than
    /// ``FrameState/smoothersForDecayClasses`` smoothers).
    let decayClasses: UnsafeMutableBufferPointer<OutputSmoother.Decay>
    /// The motion timelines' state (empty for a spec without velocity, direction or
    /// quick-return timelines).
    let motion: UnsafeMutableBufferPointer<MotionSlot>
    /// The offset history and the geometry the slots were resolved for.
    let history: UnsafeMutablePointer<History>
    /// Whether some timeline reads an axis other than the vertical top-to-bottom one (its
    /// ``MotionSlot`` reads it in the motion pass).
    let readsOtherAxes: Bool
    /// Where each kind's slots end: the slots are grouped by ``TimelineSlot/Kind``, in its
    /// order (range, distance, overscroll top, overscroll bottom, then motion).
    let slotEnds: SlotEnds

    /// One past the last slot of each kind (see ``slotEnds``).
    struct SlotEnds {
      /// One past the last ``TimelineSlot/Kind/range`` slot (they start at 0).
      let range: Int
      /// One past the last ``TimelineSlot/Kind/distance`` slot.
      let distance: Int
      /// One past the last ``TimelineSlot/Kind/overscrollTop`` slot.
      let overscrollTop: Int
      /// One past the last ``TimelineSlot/Kind/overscrollBottom`` slot (the motion slots follow).
      let overscrollBottom: Int
    }

    /// A run of consecutive programs with the same shape and the same kind of input, so the
    /// loop switches once per run instead of once per program.
    ///
    /// Programs are ordered by dependency level (0: reads a timeline; n + 1: reads an output of
    /// level n), then shape, then declaration order. Within a level no program reads another,
    /// so every program still reads its input after it is written; flags are all of level 0,
    /// in declaration order, so events come in the same order as before. Level 0 runs first,
    /// one plain loop per shape (``Level0``); the segments are the runs of the levels after it
    /// (every one of them reads an output).
    struct Segment {
      /// The programs' shape.
      let shape: FrameProgram.Shape
      /// Whether the programs read an output (else a timeline slot).
      let readsOutput: Bool
      /// The first program: an index into ``FrameBuffers/lines`` (affine, kinked),
      /// ``FrameBuffers/copies`` (copy), ``FrameBuffers/generals`` (general) or
      /// ``FrameBuffers/programs`` (flag).
      let start: Int
      /// One past the last program.
      let end: Int
    }

    /// Where `program`'s input is, in bytes: from the slots' base address to its slot's
    /// ``TimelineSlot/progress``, or (``FrameProgram/readsOutput``) from the outputs' base
    /// address to its output, so the loop reads it with one load.
    /// The slot whose progress is at byte offset `input` (``inputOffset(_:)`` of a slot
    /// reader).
    static func slot(ofInput input: Int) -> Int {
      (input - MemoryLayout<TimelineSlot>.offset(of: \.progress)!)
        / MemoryLayout<TimelineSlot>.stride
    }

    static func inputOffset(_ program: FrameProgram) -> Int {
      program.readsOutput
        ? program.input * MemoryLayout<Double>.stride
        : program.input * MemoryLayout<TimelineSlot>.stride
          + MemoryLayout<TimelineSlot>.offset(of: \.progress)!
    }

    /// The level-0 programs (those that read a slot) of each shape: indices into
    /// ``programs`` (flags), ``lines`` (affine, kinked), ``copies`` or ``generals``.
    struct Level0 {
      /// The flags, in declaration order.
      var flags = 0..<0
      /// The affine lines (all of them, the Swift generator's walk): first those whose
      /// output clamp may change a value, then ``affineFree``.
      var affine = 0..<0
      /// The last of ``affine``: the lines whose output clamp changes no value
      /// (``LineProgram/clampsNeeded(kinked:)``), which the frame leaves out.
      var affineFree = 0..<0
      /// The kinked lines.
      var kinked = 0..<0
      /// The copies.
      var copies = 0..<0
      /// The general programs (all of them, the Swift generator's walk).
      var general = 0..<0
      /// The general programs the frame runs as such: ``general`` without the pieces (its
      /// first programs, which run from ``FrameBuffers/pieceRuns``).
      var generalRest = 0..<0
      /// The copies of level 1 (each reads a level-0 output, such as a flag's), indices into
      /// ``FrameBuffers/copies``: one plain loop right after level 0 instead of a segment
      /// (the segments' dispatch cost more than such a copy).
      var outputCopies = 0..<0
    }

    /// What a frame remembers of the frames before it.
    struct History {
      /// The geometry fields the slots were resolved for, as bit patterns (see ``resolved``).
      var geometryBits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
      /// Whether the slots were resolved at all.
      var resolved = false
      /// Whether every slot is active for that geometry (then no program checks its slot).
      var allActive = true
      /// The last non-NaN offset (0 before any), points.
      var lastOffset = 0.0
      /// The previous frame's offset, for timelines that read it, points.
      var previousOffset = 0.0
      /// Whether a frame has been evaluated since creation or ``reset()``.
      var hasPrevious = false
      /// This frame's offset and the previous frame's (``previousOffset`` before it is
      /// overwritten), points: a slot reads the one at its ``TimelineSlot/offsetIndex``.
      var offsets: (Double, Double) = (0, 0)
      /// The smoothers' last decay factor (see ``OutputSmoother/Decay``).
      var decay = OutputSmoother.Decay()
      /// The last frame's time, seconds (+∞ before any), for ``FrameBuffers/decayClasses``.
      var time = Double.infinity
      /// This frame's ``OutputSmoother/FrameDecays/previous``.
      var decaysPrevious = OutputSmoother.FrameDecays.none
      /// The number of frames evaluated (the first is 1): a shared eased term computed on this
      /// frame carries it (see ``FrameBuffers/terms``).
      var frame: UInt64 = 0
    }

    /// Forgets the history: flags re-prime silently, smoothing restarts, the last offset is 0.
    func reset() {
      for i in programs.indices {
        programs[i].trigger.reset()
        programs[i].updateStay()
      }
      for i in smoothers.indices { smoothers[i].reset() }
      for m in motion.indices { motion[m].reset() }
      history.pointee.lastOffset = 0
      history.pointee.previousOffset = 0
      history.pointee.hasPrevious = false
      history.pointee.time = .infinity
    }

    /// One frame: the slots' progress from `sample`, then every program into `out`; the flags'
    /// crossings are appended to `events`.
    /// - Precondition: `out.count` is the effect's output count.
    @inline(__always)
    func evaluate(
      _ sample: ScrollSample, into out: UnsafeMutableBufferPointer<Double>,
      events: inout [EffectEvent]
    ) {
      withUnsafePointer(to: self) { b in
        let checked = Self.prepare(b, sample)
        Self.run(b, time: sample.time, into: out, events: &events, checked: checked)
      }
    }

    /// The part of a frame that reads the sample: the offset history, the slots' ranges (when
    /// the geometry changed) and progress. Returns whether ``run(_:time:into:events:checked:)``
    /// must check each program's slot (some range is inactive).
    ///
    /// The frame's functions are static on a pointer to the buffers' record `b`, reading its
    /// fields in place: a method that is not inlined takes `self` by address, and the caller
    /// copied the whole record (a memcpy per frame) to have one.
    @inline(__always)
    static func prepare(_ b: UnsafePointer<FrameBuffers>, _ sample: borrowing ScrollSample)
      -> Bool
    {
      let history = b.pointee.history
      let slots = b.pointee.slots
      let timelines = b.pointee.timelines
      let motion = b.pointee.motion
      let s = sample.offset.isNaN ? history.pointee.lastOffset : sample.offset
      history.pointee.lastOffset = s
      history.pointee.frame &+= 1
      // The first frame at a restored offset (not rest at the top): every flag starts before
      // its range, so this frame reports the crossings up to it (see `CompiledEffect`).
      if !history.pointee.hasPrevious
        && (s != 0 || (b.pointee.readsOtherAxes && isAwayFromStart(motion, sample)))
      {
        primeFlagsBeforeTheirRanges(b.pointee.programs)
      }
      let previous = history.pointee.hasPrevious ? history.pointee.previousOffset : s
      history.pointee.previousOffset = s
      history.pointee.hasPrevious = true
      let g = sample.geometry
      let bits = (
        g.viewportHeight.bitPattern, g.contentHeight.bitPattern, g.contentInsetTop.bitPattern,
        g.contentInsetBottom.bitPattern
      )
      if !history.pointee.resolved || bits != history.pointee.geometryBits {
        history.pointee.resolved = true
        history.pointee.geometryBits = bits
        for t in slots.indices { slots[t].resolve(timelines[t], geometry: g) }
        history.pointee.allActive = slots.allSatisfy(\.active)
        for m in motion.indices where motion[m].isDirect { motion[m].rebase() }
      }
      updateSlots(b, s, previous: previous)
      if !motion.isEmpty { updateMotion(b, s, sample: sample) }
      return !history.pointee.allActive
    }

    /// The part of a frame that writes the outputs: every program, after
    /// ``prepare(_:_:)`` (which returned `checked`), at the sample's time `time` (seconds).
    @inline(__always)
    static func run(
      _ b: UnsafePointer<FrameBuffers>, time: Double, into out: UnsafeMutableBufferPointer<Double>,
      events: inout [EffectEvent], checked: Bool
    ) {
      if !b.pointee.decayClasses.isEmpty { prepareDecays(b, time) }
      // One loop per case, so the common one (every range non-empty) checks no slot.
      if checked {
        run(b, time, into: out, events: &events, Checked.self)
      } else {
        run(b, time, into: out, events: &events, Unchecked.self)
      }
    }

    /// This frame's decay factor for each of the smoothers' time constants
    /// (``decayClasses``), when its time `time` follows the last frame's.
    @inline(__always)
    private static func prepareDecays(_ b: UnsafePointer<FrameBuffers>, _ time: Double) {
      let history = b.pointee.history
      let classes = b.pointee.decayClasses
      let previous = history.pointee.time
      let ready = time > previous
      if ready {
        let elapsed = time - previous
        for c in classes.indices {
          _ = classes[c].factor(
            elapsed: elapsed, timeConstant: classes[c].timeConstant, reuses: true)
        }
      }
      history.pointee.decaysPrevious = ready ? previous.bitPattern : OutputSmoother.FrameDecays.none
      history.pointee.time = time
    }

    /// This frame's factors for a smoother updated on the last frame (see
    /// ``prepareDecays(_:_:)``).
    @inline(__always)
    private static func frameDecays(_ b: UnsafePointer<FrameBuffers>)
      -> OutputSmoother.FrameDecays
    {
      .init(
        previous: b.pointee.history.pointee.decaysPrevious,
        factors: b.pointee.decayClasses.baseAddress)
    }

    /// Every non-motion slot's progress, one loop per kind (see ``slotEnds``): at `previous`
    /// for a slot that reads the previous frame's offset, else at `s`.
    @inline(__always)
    private static func updateSlots(
      _ b: UnsafePointer<FrameBuffers>, _ s: Double, previous: Double
    ) {
      let history = b.pointee.history
      history.pointee.offsets = (s, previous)
      // The two offsets as two Doubles in a row, indexed by each slot's `offsetIndex` (no
      // branch per slot).
      withUnsafePointer(to: &history.pointee.offsets) { offsets in
        let at = UnsafeRawPointer(offsets).assumingMemoryBound(to: Double.self)
        if history.pointee.allActive {
          updateSlots(b, at, allActive: true)
        } else {
          updateSlots(b, at, allActive: false)
        }
      }
    }

    /// ``updateSlots(_:previous:)`` reading the offsets `at`; with `allActive` (a constant
    /// in each copy) no range slot checks whether it is active.
    @inline(__always)
    private static func updateSlots(
      _ b: UnsafePointer<FrameBuffers>, _ at: UnsafePointer<Double>, allActive: Bool
    ) {
      let base = b.pointee.slots.baseAddress.unsafelyUnwrapped
      let ends = b.pointee.slotEnds
      var t = 0
      while t < ends.range {
        base[t].update(at: at[base[t].offsetIndex], as: .range, allActive: allActive)
        t &+= 1
      }
      while t < ends.distance {
        base[t].update(at: at[base[t].offsetIndex], as: .distance)
        t &+= 1
      }
      while t < ends.overscrollTop {
        base[t].update(at: at[base[t].offsetIndex], as: .overscrollTop)
        t &+= 1
      }
      while t < ends.overscrollBottom {
        base[t].update(at: at[base[t].offsetIndex], as: .overscrollBottom)
        t &+= 1
      }
    }

    /// The motion timelines' progress (``updateSlots(_:previous:)`` leaves their slots alone).
    /// A slot on another axis reads that axis from the sample (``MotionSlot/updateAxis(_:slot:)``).
    private static func updateMotion(
      _ b: UnsafePointer<FrameBuffers>, _ s: Double, sample: ScrollSample
    ) {
      let (motion, slots, history) = (b.pointee.motion, b.pointee.slots, b.pointee.history)
      let maxOffset = sample.geometry.maxOffset
      var activityChanged = false
      for m in motion.indices {
        if motion[m].isDirect {
          slots[motion[m].slot].progress = motion[m].progress(
            at: s, velocity: sample.velocity, maxOffset: maxOffset)
        } else if motion[m].updateAxis(sample, slot: &slots[motion[m].slot]) {
          activityChanged = true
        }
      }
      if activityChanged { history.pointee.allActive = slots.allSatisfy(\.active) }
    }

    /// Whether a timeline on another axis starts away from that axis's start (see
    /// ``MotionSlot/isAwayFromStart(_:)``).
    private static func isAwayFromStart(
      _ motion: UnsafeMutableBufferPointer<MotionSlot>, _ sample: ScrollSample
    ) -> Bool {
      motion.contains { !$0.isDirect && $0.isAwayFromStart(sample) }
    }

    /// Primes every flag as off before its range (``RangeTrigger/primeBeforeRange()``): the
    /// first frame of a session that starts away from rest.
    private static func primeFlagsBeforeTheirRanges(
      _ programs: UnsafeMutableBufferPointer<FrameProgram>
    ) {
      for i in programs.indices where programs[i].shape == .flag {
        programs[i].trigger.primeBeforeRange()
        programs[i].updateStay()
      }
    }

    /// Whether ``run(_:into:events:_:)`` checks each program's slot: a type, not a `Bool`
    /// argument, so that each case is a specialised copy with the test folded away (with a
    /// `Bool` the optimiser kept one copy testing it for every program).
    private protocol SlotCheck { static var checked: Bool { get } }
    /// Some slot is inactive: check each program's.
    private enum Checked: SlotCheck { static var checked: Bool { true } }
    /// Every slot is active.
    private enum Unchecked: SlotCheck { static var checked: Bool { false } }

    /// Every program, segment by segment, into `out`; with `Check.checked`, a program whose slot
    /// is inactive writes its inactive value instead (see ``active(_:_:_:)``).
    private static func run<Check: SlotCheck>(
      _ b: UnsafePointer<FrameBuffers>, _ time: Double,
      into out: UnsafeMutableBufferPointer<Double>, events: inout [EffectEvent], _: Check.Type
    ) {
      let checked = Check.checked
      let slots = UnsafeBufferPointer(b.pointee.slots)
      let smoothers = b.pointee.smoothers
      let base = b.pointee.programs.baseAddress.unsafelyUnwrapped
      let lines = b.pointee.lines.baseAddress.unsafelyUnwrapped
      let copies = b.pointee.copies.baseAddress.unsafelyUnwrapped
      let outBase = out.baseAddress.unsafelyUnwrapped
      // Inputs by byte offset (`inputOffset(_:)`): a slot's progress, or an output.
      let slotBytes = UnsafeRawPointer(slots.baseAddress.unsafelyUnwrapped)
      let outBytes = UnsafeRawPointer(outBase)
      // Level 0: every input is a slot's progress, never NaN. Each range is read where its
      // loop starts, through the pointer (a copy of the whole `Level0` cost more).
      // A `for` loop, not `each` as below: with `events` captured, `each` cost 0.65
      // instructions more per flag.
      for i in b.pointee.level0.flags where !checked || Self.active(base + i, slots, out) {
        Self.flag(base + i, slots, out, &events)
      }
      let affine = b.pointee.level0.affine
      let free = b.pointee.level0.affineFree.lowerBound
      each(affine.lowerBound, free) { i in
        if !checked || Self.active(lines[i], slots, outBase) {
          let p = slotBytes.load(fromByteOffset: lines[i].input, as: Double.self)
          Self.line(lines + i, p, outBase, kinked: false, nonNaN: true)
        }
      }
      each(free, affine.upperBound) { i in
        if !checked || Self.active(lines[i], slots, outBase) {
          let p = slotBytes.load(fromByteOffset: lines[i].input, as: Double.self)
          Self.line(lines + i, p, outBase, kinked: false, nonNaN: true, clamps: false)
        }
      }
      each(b.pointee.level0.kinked) { i in
        if !checked || Self.active(lines[i], slots, outBase) {
          let p = slotBytes.load(fromByteOffset: lines[i].input, as: Double.self)
          Self.line(lines + i, p, outBase, kinked: true, nonNaN: true)
        }
      }
      // An unclamped copy of a slot has the bounds ±∞ (see `CopyProgram`): no `clamp` test.
      each(b.pointee.level0.copies) { i in
        if !checked || Self.active(copies[i], slots, outBase) {
          let p = slotBytes.load(fromByteOffset: copies[i].input, as: Double.self)
          outBase[copies[i].output] = Swift.min(maxNonNaN(p, copies[i].lower), copies[i].upper)
        }
      }
      // The bases are loaded only where there are such programs (a frame's fixed cost).
      if !b.pointee.level0.general.isEmpty {
        for run in b.pointee.pieceRuns { runPieces(b, run, time, outBase, Check.self) }
      }
      if !b.pointee.level0.generalRest.isEmpty {
        runGenerals(b, b.pointee.level0.generalRest, time, outBase, Check.self)
      }
      // Level 1's copies: every level-0 output is written by now. (One test where there are
      // none: an empty range's loop set-up costs more.)
      let outputCopies = b.pointee.level0.outputCopies
      if outputCopies.lowerBound != outputCopies.upperBound {
        var i = outputCopies.lowerBound
        repeat {
          let p = outBytes.load(fromByteOffset: copies[i].input, as: Double.self)
          Self.copy(copies + i, p, outBase, nonNaN: false)
          i &+= 1
        } while i != outputCopies.upperBound
      }
      for segment in b.pointee.segments {
        let range = segment.start..<segment.end
        switch (segment.shape, segment.readsOutput) {
        case (.flag, _):
          for i in range where !checked || Self.active(base + i, slots, out) {
            Self.flag(base + i, slots, out, &events)
          }
        // A slot's progress is never NaN (`TimelineSlot.update(at:as:)`); an output may be.
        case (.affine, false):
          for i in range where !checked || Self.active(lines[i], slots, outBase) {
            let p = slotBytes.load(fromByteOffset: lines[i].input, as: Double.self)
            Self.line(lines + i, p, outBase, kinked: false, nonNaN: true)
          }
        case (.affine, true):
          for i in range {
            let p = outBytes.load(fromByteOffset: lines[i].input, as: Double.self)
            Self.line(lines + i, p, outBase, kinked: false, nonNaN: false)
          }
        case (.kinked, false):
          for i in range where !checked || Self.active(lines[i], slots, outBase) {
            let p = slotBytes.load(fromByteOffset: lines[i].input, as: Double.self)
            Self.line(lines + i, p, outBase, kinked: true, nonNaN: true)
          }
        case (.kinked, true):
          for i in range {
            let p = outBytes.load(fromByteOffset: lines[i].input, as: Double.self)
            Self.line(lines + i, p, outBase, kinked: true, nonNaN: false)
          }
        case (.copy, false):
          for i in range where !checked || Self.active(copies[i], slots, outBase) {
            let p = slotBytes.load(fromByteOffset: copies[i].input, as: Double.self)
            Self.copy(copies + i, p, outBase, nonNaN: true)
          }
        case (.copy, true):
          for i in range {
            let p = outBytes.load(fromByteOffset: copies[i].input, as: Double.self)
            Self.copy(copies + i, p, outBase, nonNaN: false)
          }
        case (.general, false):
          let generals = b.pointee.generals.baseAddress.unsafelyUnwrapped
          let tables = Self.tables(b)
          for i in range where !checked || Self.active(generals[i], slots, outBase) {
            let p = slotBytes.load(fromByteOffset: generals[i].input, as: Double.self)
            Self.general(b, generals + i, p, tables, smoothers, time, outBase, nonNaN: true)
          }
        case (.general, true):
          let generals = b.pointee.generals.baseAddress.unsafelyUnwrapped
          let tables = Self.tables(b)
          for i in range {
            let p = outBytes.load(fromByteOffset: generals[i].input, as: Double.self)
            Self.general(b, generals + i, p, tables, smoothers, time, outBase, nonNaN: false)
          }
        }
      }
    }

    /// `body` for each index of `range` in order: a `while` loop, without the checks of a
    /// `for` loop over a range read from memory (that its bounds are ordered, on each loop of
    /// a frame's fixed cost).
    @inline(__always)
    private static func each(_ range: Range<Int>, _ body: (Int) -> Void) {
      each(range.lowerBound, range.upperBound, body)
    }

    /// `body` for each index from `start` up to `end` (none when `end` ≤ `start`).
    @inline(__always)
    private static func each(_ start: Int, _ end: Int, _ body: (Int) -> Void) {
      var i = start
      while i < end {
        body(i)
        i &+= 1
      }
    }

    /// Whether `program`'s timeline slot is active; if not (a zero-length range), writes the
    /// program's inactive value (a flag keeps its state) and returns false.
    @inline(__always)
    private static func active(
      _ program: UnsafeMutablePointer<FrameProgram>, _ slots: UnsafeBufferPointer<TimelineSlot>,
      _ out: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
      if slots[program.pointee.input].active { return true }
      out[program.pointee.output] =
        program.pointee.shape == .flag
        ? program.pointee.trigger.value : program.pointee.inactiveValue
      return false
    }

    /// Whether a line's or a copy's slot is active; if not, writes its inactive value and
    /// returns false.
    @inline(__always)
    private static func active<Program: SlotProgram>(
      _ program: Program, _ slots: UnsafeBufferPointer<TimelineSlot>,
      _ out: UnsafeMutablePointer<Double>
    ) -> Bool {
      if slots[program.slot].active { return true }
      out[program.output] = program.inactiveValue
      return false
    }

    /// A flag (its slot active): its trigger fed with the slot's progress, its crossings appended to `events`.
    @inline(__always)
    private static func flag(
      _ program: UnsafeMutablePointer<FrameProgram>, _ slots: UnsafeBufferPointer<TimelineSlot>,
      _ out: UnsafeMutableBufferPointer<Double>, _ events: inout [EffectEvent]
    ) {
      let output = program.pointee.output
      let p = slots[program.pointee.input].progress
      // Most frames: inside the interval where the trigger keeps its state silently.
      if !(p < program.pointee.stayLow) && !(p > program.pointee.stayHigh) {
        out[output] = program.pointee.stayValue
        return
      }
      let (first, second) = program.pointee.trigger.update(p)
      program.pointee.updateStay()
      if let first { events.append(EffectEvent(output: output, kind: first)) }
      if let second { events.append(EffectEvent(output: output, kind: second)) }
      out[output] = program.pointee.trigger.value
    }

    /// The affine (or, with `kinked`, the kinked) shape at progress `p`. With `nonNaN` (`p` is
    /// never NaN, so neither is the line's value) the clamps' `max` is ``maxNonNaN(_:_:)``, the
    /// same bits in one instruction.
    @inline(__always)
    private static func line(
      _ program: UnsafePointer<LineProgram>, _ p: Double, _ out: UnsafeMutablePointer<Double>,
      kinked: Bool, nonNaN: Bool, clamps: Bool = true
    ) {
      let from = program.pointee.from
      let x = Swift.min(nonNaN ? maxNonNaN(p, from) : Swift.max(p, from), program.pointee.to)
      let slope =
        kinked && !(x >= program.pointee.kink) ? program.pointee.slopeBelow : program.pointee.slope
      let value = lineValue(
        program.pointee.anchorValue, slope, at: x, from: program.pointee.anchorAt)
      let lower = program.pointee.lower
      // Without `clamps` (a level-0 line whose clamp changes no value): the same bits.
      out[program.pointee.output] =
        clamps
        ? Swift.min(
          nonNaN ? maxNonNaN(value, lower) : Swift.max(value, lower), program.pointee.upper)
        : value
    }

    /// Level 0's general programs `range` (not empty), at time `time`: a function of its own
    /// (see ``runPieces(_:_:_:_:_:_:)``).
    @inline(never)
    private static func runGenerals<Check: SlotCheck>(
      _ b: UnsafePointer<FrameBuffers>, _ range: Range<Int>, _ time: Double,
      _ out: UnsafeMutablePointer<Double>, _: Check.Type
    ) {
      let slots = UnsafeBufferPointer(b.pointee.slots)
      let slotBytes = UnsafeRawPointer(slots.baseAddress.unsafelyUnwrapped)
      let generals = b.pointee.generals.baseAddress.unsafelyUnwrapped
      let smoothers = b.pointee.smoothers
      let tables = Self.tables(b)
      var i = range.lowerBound
      repeat {
        if !Check.checked || Self.active(generals[i], slots, out) {
          let p = slotBytes.load(fromByteOffset: generals[i].input, as: Double.self)
          Self.general(b, generals + i, p, tables, smoothers, time, out, nonNaN: true)
        }
        i &+= 1
      } while i != range.upperBound
    }

    /// What a run of ``PieceRecord``s is, as a type (each kind a specialised copy of
    /// ``runPieces(_:_:_:_:_:_:_:)``, as ``SlotCheck``).
    private protocol PieceKind {
      /// Whether the mapping and the value are clamped.
      static var clamp: Bool { get }
      /// Whether each program has a smoother.
      static var smoothed: Bool { get }
    }
    /// ``PieceRun/kind`` 0.
    private enum Clamped: PieceKind {
      static var clamp: Bool { true }
      static var smoothed: Bool { false }
    }
    /// ``PieceRun/kind`` 1.
    private enum Open: PieceKind {
      static var clamp: Bool { false }
      static var smoothed: Bool { false }
    }
    /// ``PieceRun/kind`` 2.
    private enum SmoothedClamped: PieceKind {
      static var clamp: Bool { true }
      static var smoothed: Bool { true }
    }
    /// ``PieceRun/kind`` 3.
    private enum SmoothedOpen: PieceKind {
      static var clamp: Bool { false }
      static var smoothed: Bool { true }
    }

    /// A run's number of segments as a type (``PieceRun/segments``): 1, 2 or 3, each loop
    /// with its segment choice unrolled; 0: each record's own (four or more).
    private protocol SegmentCount { static var segments: Int { get } }
    /// One segment.
    private enum OneSegment: SegmentCount { static var segments: Int { 1 } }
    /// Two segments.
    private enum TwoSegments: SegmentCount { static var segments: Int { 2 } }
    /// Three segments.
    private enum ThreeSegments: SegmentCount { static var segments: Int { 3 } }
    /// Each record's own.
    private enum AnySegments: SegmentCount { static var segments: Int { 0 } }

    /// A run's form as a type (``PieceRun/eased``).
    private protocol PieceForm { static var eased: Bool { get } }
    /// Lines only.
    private enum LinesForm: PieceForm { static var eased: Bool { false } }
    /// Some cubic-bezier segment.
    private enum EasedForm: PieceForm { static var eased: Bool { true } }

    /// The run `run` (not empty) in the loop specialised for its form, kind and number of
    /// segments.
    @inline(__always)
    private static func runPieces<Check: SlotCheck>(
      _ b: UnsafePointer<FrameBuffers>, _ run: PieceRun, _ time: Double,
      _ out: UnsafeMutablePointer<Double>, _ check: Check.Type
    ) {
      if run.eased {
        runPieces(b, run, time, out, check, EasedForm.self)
      } else {
        runPieces(b, run, time, out, check, LinesForm.self)
      }
    }

    /// See ``runPieces(_:_:_:_:_:)``.
    @inline(__always)
    private static func runPieces<Check: SlotCheck, Form: PieceForm>(
      _ b: UnsafePointer<FrameBuffers>, _ run: PieceRun, _ time: Double,
      _ out: UnsafeMutablePointer<Double>, _ check: Check.Type, _ form: Form.Type
    ) {
      switch run.kind {
      case 0: runPieces(b, run, time, out, check, form, Clamped.self)
      case 1: runPieces(b, run, time, out, check, form, Open.self)
      case 2: runPieces(b, run, time, out, check, form, SmoothedClamped.self)
      default: runPieces(b, run, time, out, check, form, SmoothedOpen.self)
      }
    }

    /// See ``runPieces(_:_:_:_:_:)``.
    @inline(__always)
    private static func runPieces<Check: SlotCheck, Form: PieceForm, Kind: PieceKind>(
      _ b: UnsafePointer<FrameBuffers>, _ run: PieceRun, _ time: Double,
      _ out: UnsafeMutablePointer<Double>, _ check: Check.Type, _ form: Form.Type,
      _ kind: Kind.Type
    ) {
      switch run.segments {
      case 1: runPieces(b, run, time, out, check, form, kind, OneSegment.self)
      case 2: runPieces(b, run, time, out, check, form, kind, TwoSegments.self)
      case 3: runPieces(b, run, time, out, check, form, kind, ThreeSegments.self)
      default: runPieces(b, run, time, out, check, form, kind, AnySegments.self)
      }
    }

    /// The ``PieceRecord``s of `run` (not empty), all of form `Form` and kind `Kind` with
    /// `Count` segments, at time `time`: a function of its own, so that the loop keeps its
    /// pointers in registers (inside ``run(_:_:into:events:_:)`` they were reloaded from the
    /// stack for every program).
    @inline(never)
    private static func runPieces<
      Check: SlotCheck, Form: PieceForm, Kind: PieceKind, Count: SegmentCount
    >(
      _ b: UnsafePointer<FrameBuffers>, _ run: PieceRun, _ time: Double,
      _ out: UnsafeMutablePointer<Double>, _: Check.Type, _: Form.Type, _: Kind.Type,
      _: Count.Type
    ) {
      let slots = UnsafeBufferPointer(b.pointee.slots)
      let slotBytes = UnsafeRawPointer(slots.baseAddress.unsafelyUnwrapped)
      let words = UnsafeMutableRawPointer(b.pointee.pieceWords.baseAddress.unsafelyUnwrapped)
      let tables = Form.eased ? Self.tables(b) : nil
      let smoothers = b.pointee.smoothers.baseAddress.unsafelyUnwrapped
      let decay = Self.decay(b)
      let decays = Kind.smoothed ? Self.frameDecays(b) : .init()
      typealias R = PieceRecord
      let eased = Form.eased
      var r = words + 8 &* run.start
      let end = words + 8 &* run.end
      repeat {
        let head = r.load(as: UInt64.self)
        let input = Int(Int32(truncatingIfNeeded: head))
        let output = Int(Int32(truncatingIfNeeded: head >> 32))
        let n =
          Count.segments > 0
          ? Count.segments : Int(r.load(fromByteOffset: R.segmentCount, as: Int32.self))
        if !Check.checked || slots[FrameBuffers.slot(ofInput: input)].active {
          let p = slotBytes.load(fromByteOffset: input, as: Double.self)
          var x = p
          if Kind.clamp {
            x = Swift.min(
              maxNonNaN(p, r.load(fromByteOffset: R.from, as: Double.self)),
              r.load(fromByteOffset: R.to, as: Double.self))
          }
          var value: Double
          // The memo (not for unclamped lines: their progress moves on almost every frame,
          // and a line costs less than the test).
          let memo = Kind.clamp || eased
          if memo && x.bitPattern == r.load(fromByteOffset: R.lastInput, as: UInt64.self) {
            // The same clamped progress, the same mapped bits (a progress held beyond
            // either end of the stops too).
            value = r.load(fromByteOffset: R.lastValue, as: Double.self)
          } else {
            value = Self.piece(r, x, n, tables, Form.self, Kind.self)
            if memo {
              r.storeBytes(of: x.bitPattern, toByteOffset: R.lastInput, as: UInt64.self)
              r.storeBytes(of: value, toByteOffset: R.lastValue, as: Double.self)
            }
          }
          if Kind.smoothed {
            // Pieces exist only with the folds.
            value = Self.smoothed(
              smoothers + Int(r.load(fromByteOffset: R.smoother, as: Int32.self)), value,
              clamp: Kind.clamp, folded: true, nonNaN: true, inRange: true,
              lower: r.load(fromByteOffset: R.lower, as: Double.self),
              upper: r.load(fromByteOffset: R.upper, as: Double.self), time: time,
              decay: decay, frame: decays)
          }
          out[output] = value
        } else {
          out[output] = r.load(fromByteOffset: R.inactiveValue, as: Double.self)
        }
        r += 8 &* R.words(segments: n, eased: eased)
      } while r != end
    }

    /// The mapped (and, `Kind.clamp`, clamped) value of the ``PieceRecord`` at `r`, with
    /// `n` segments, at progress `x` (never NaN; with `Kind.clamp` already clamped to the
    /// first and last stops), before smoothing; `tables` for a cubic-bezier segment (the
    /// eased form).
    @inline(__always)
    private static func piece<Form: PieceForm, Kind: PieceKind>(
      _ r: UnsafeMutableRawPointer, _ x: Double, _ n: Int, _ tables: GeneralTables?,
      _: Form.Type, _: Kind.Type
    ) -> Double {
      typealias R = PieceRecord
      let eased = Form.eased
      // The segment: the inner stops at or below `x` (their `at` strictly increases).
      let inner = R.inner
      var i = 0
      var k = 0
      while k < n &- 1 {
        i &+= r.load(fromByteOffset: inner &+ 8 &* k, as: Double.self) <= x ? 1 : 0
        k &+= 1
      }
      let a = r + (R.lines(segments: n) &+ 8 &* R.segmentWords(eased: eased) &* i)
      var value: Double
      let index = eased ? a.load(fromByteOffset: 32, as: UInt64.self) : 0
      if !eased || UInt32(truncatingIfNeeded: index) == R.lineMarker {
        // `KeyframeStop.Segment.line(_:at:)`.
        value = lineValue(
          a.load(fromByteOffset: 8, as: Double.self), a.load(fromByteOffset: 16, as: Double.self),
          at: x, from: a.load(as: Double.self))
      } else {
        // `KeyframeStop.evaluate`'s cubic segment, `next.value − value` and `next.at − at`
        // computed at compile time.
        let tables = tables.unsafelyUnwrapped
        let eased = KeyframeStop.cubicTerm(
          x, at: a.load(as: Double.self), length: a.load(fromByteOffset: 24, as: Double.self),
          tables.beziers + Int(UInt32(truncatingIfNeeded: index)),
          term: Int(Int32(truncatingIfNeeded: index >> 32)), terms: tables.terms)
        value =
          a.load(fromByteOffset: 8, as: Double.self) + a.load(fromByteOffset: 16, as: Double.self)
          * eased
      }
      if Kind.clamp {
        value = Swift.min(
          maxNonNaN(value, r.load(fromByteOffset: R.lower, as: Double.self)),
          r.load(fromByteOffset: R.upper, as: Double.self))
      }
      return value
    }

    /// `value` through `smoother` at time `time`, in the output's range (`lower … upper` when
    /// `clamp`, else unbounded), with the effect's shared decay factor `decay`
    /// (``History/decay``). With `folded` (the folds are on) the smoother counts on what the
    /// engine knows (``OutputSmoother/Promises``): τ > 0, the decay factor reusable, and for a
    /// clamped output finite bounds, with `nonNaN` (the program reads a slot, whose progress
    /// is never NaN) a number `value`, and with `inRange` a `value` already clamped into
    /// `lower < upper`, and `frame`'s factors (``prepareDecays(_:_:)``); without, it runs
    /// its every check, which the folding tests compare.
    @inline(__always)
    private static func smoothed(
      _ smoother: UnsafeMutablePointer<OutputSmoother>, _ value: Double, clamp: Bool,
      folded: Bool, nonNaN: Bool, inRange: Bool, lower: Double, upper: Double, time: Double,
      decay: UnsafeMutablePointer<OutputSmoother.Decay>, frame: OutputSmoother.FrameDecays
    ) -> Double {
      let finite = clamp && folded
      return smoother.pointee.update(
        target: value, time: time, lower: clamp ? lower : -.infinity,
        upper: clamp ? upper : .infinity, decay: &decay.pointee,
        promises: .init(
          finiteRange: finite, targetIsNumber: finite && nonNaN,
          targetInRange: finite && inRange, positiveTimeConstant: folded, folded: folded,
          frameDecays: folded),
        frame: frame)
    }

    /// The effect's shared decay factor (``History/decay``).
    @inline(__always)
    private static func decay(_ b: UnsafePointer<FrameBuffers>) -> UnsafeMutablePointer<
      OutputSmoother.Decay
    > {
      UnsafeMutableRawPointer(b.pointee.history).advanced(
        by: MemoryLayout<History>.offset(of: \.decay)!
      ).assumingMemoryBound(to: OutputSmoother.Decay.self)
    }

    /// The copy shape at progress `p` (`nonNaN` as for ``line(_:_:_:kinked:nonNaN:)``).
    @inline(__always)
    private static func copy(
      _ program: UnsafePointer<CopyProgram>, _ p: Double, _ out: UnsafeMutablePointer<Double>,
      nonNaN: Bool
    ) {
      let lower = program.pointee.lower
      out[program.pointee.output] =
        program.pointee.clamp
        ? Swift.min(nonNaN ? maxNonNaN(p, lower) : Swift.max(p, lower), program.pointee.upper)
        : p
    }

    /// What the general programs read besides their own records: the stops' per-frame form,
    /// the control points, the shared eased terms and this frame's number.
    struct GeneralTables {
      /// See ``FrameBuffers/keyframes``.
      let keyframes: UnsafePointer<KeyframeStop.Segment>
      /// See ``FrameBuffers/beziers``.
      let beziers: UnsafePointer<KeyframeStop.Segment.Bezier>
      /// See ``FrameBuffers/terms`` and ``History/frame``.
      let terms: (cache: UnsafeMutablePointer<KeyframeStop.Term>, frame: UInt64)
    }

    /// The general programs' tables (loaded only where there are general programs: a
    /// frame's fixed cost).
    @inline(__always)
    private static func tables(_ b: UnsafePointer<FrameBuffers>) -> GeneralTables {
      GeneralTables(
        keyframes: UnsafePointer(b.pointee.keyframes.baseAddress.unsafelyUnwrapped),
        beziers: UnsafePointer(b.pointee.beziers.baseAddress.unsafelyUnwrapped),
        terms: (b.pointee.terms.baseAddress.unsafelyUnwrapped, b.pointee.history.pointee.frame))
    }

    /// The general shape at progress `p` into its output: keyframes and clamp (or, for an
    /// input with the bits of the last one, the value it mapped to), then smoothing with the
    /// effect's shared decay factor (``History/decay``) (`nonNaN`: `p` is never NaN; `tables`:
    /// the stops, control points and shared eased terms; see
    /// ``KeyframeStop/evaluate(_:_:from:count:at:clamp:nonNaN:terms:)``).
    @inline(__always)
    private static func general(
      _ b: UnsafePointer<FrameBuffers>, _ program: UnsafeMutablePointer<GeneralProgram>,
      _ p: Double, _ tables: GeneralTables,
      _ smoothers: UnsafeMutableBufferPointer<OutputSmoother>, _ time: Double,
      _ out: UnsafeMutablePointer<Double>, nonNaN: Bool
    ) {
      var value: Double
      if program.pointee.reuses && p.bitPattern == program.pointee.lastInput {
        value = program.pointee.lastValue
      } else {
        value = program.pointee.mapped(
          p, tables.keyframes, tables.beziers, nonNaN: nonNaN, terms: tables.terms)
        program.pointee.lastInput = p.bitPattern
        program.pointee.lastValue = value
      }
      let smoother = Int(program.pointee.smoother)
      if smoother >= 0 {
        // `reuses` is on exactly with the folds.
        value = Self.smoothed(
          smoothers.baseAddress.unsafelyUnwrapped + smoother, value,
          clamp: program.pointee.clamp, folded: program.pointee.reuses, nonNaN: nonNaN,
          inRange: false,
          lower: program.pointee.lower, upper: program.pointee.upper, time: time,
          decay: Self.decay(b), frame: Self.frameDecays(b))
      }
      out[program.pointee.output] = value
    }
  }
}
