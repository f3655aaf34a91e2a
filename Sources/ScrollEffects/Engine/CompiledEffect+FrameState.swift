extension CompiledEffect {
  /// The owner of an effect's per-frame state (its ``FrameBuffers``), allocated once at
  /// compile time and freed with it.
  ///
  /// ``CompiledEffect`` holds it copy-on-write (``CompiledEffect/evaluate(_:into:events:)``
  /// copies it first when it is shared), so a frame costs one uniqueness check for all of its
  /// state. That is what makes it `@unchecked Sendable`: a shared instance is never written.
  final class FrameState: @unchecked Sendable {
    /// The buffers' record, in memory of its own: the frame calls its methods on
    /// `storage.pointee`, in place (a method called on a copy, such as `buffers`, takes the
    /// copy's address: a memcpy of the record per call). Its pointers never change.
    let storage: UnsafeMutablePointer<FrameBuffers>

    /// The buffers (a copy of the record; the pointers are shared).
    var buffers: FrameBuffers { storage.pointee }
    /// Per spec timeline, the slot it reads (equal timelines share one; the slots are
    /// grouped by kind).
    let timelineSlots: [Int]

    /// State for a freshly compiled effect: unresolved, no history. Equal timelines (same
    /// definition, same frame) share one slot, so each distinct progress is computed once.
    /// - Parameter folding: whether programs may run in a cheaper shape that gives the same
    ///   bits (see ``FrameProgram``); false only to test that claim.
    init(
      timelines: [Timeline], delayed: [Bool], axes: [SlotAxis]? = nil, views: [Int]? = nil,
      programs: [OutputProgram], stops: [KeyframeStop], folding: Bool = true
    ) {
      let axes = axes ?? Array(repeating: .y, count: timelines.count)
      let views = views ?? Array(repeating: SlotView.combined, count: timelines.count)
      var distinct: [(timeline: Timeline, delayed: Bool, axis: SlotAxis, view: Int)] = []
      var slotOf: [Int] = []
      for (((timeline, delayed), axis), view) in zip(zip(zip(timelines, delayed), axes), views) {
        if let k = distinct.firstIndex(where: {
          $0.delayed == delayed && $0.axis == axis && $0.view == view
            && Self.sameBits($0.timeline, timeline)
        }) {
          slotOf.append(k)
        } else {
          slotOf.append(distinct.count)
          distinct.append((timeline, delayed, axis, view))
        }
      }
      // Slots grouped by kind (range, distance, overscroll top and bottom, then motion), so
      // the per-frame update runs one loop per kind with no `switch` per slot.
      let kinds = distinct.map {
        TimelineSlot($0.timeline, delayed: $0.delayed, axis: $0.axis, view: $0.view).kind
      }
      let byKind = distinct.indices.sorted { (kinds[$0].rawValue, $0) < (kinds[$1].rawValue, $1) }
      var position = [Int](repeating: 0, count: distinct.count)
      for (p, k) in byKind.enumerated() { position[k] = p }
      slotOf = slotOf.map { position[$0] }
      distinct = byKind.map { distinct[$0] }
      let ends = { (kind: TimelineSlot.Kind) in kinds.count { $0.rawValue <= kind.rawValue } }
      var smoothers: [OutputSmoother] = []
      var frame: [FrameProgram] = []
      // Dependency levels: 0 reads a timeline, n + 1 reads an output of level n (a program's
      // source always comes before it: flags first, then outputs in declaration order).
      var outputLevel = [Int](repeating: 0, count: (programs.map(\.output).max() ?? -1) + 1)
      var levels: [Int] = []
      for program in programs {
        let input = program.readsOutput ? program.input : slotOf[program.input]
        frame.append(
          FrameProgram(
            program, input: input, stops: stops, smoother: smoothers.count, folding: folding))
        if let smoother = program.smoother { smoothers.append(smoother) }
        let level = program.readsOutput ? outputLevel[program.input] + 1 : 0
        outputLevel[program.output] = level
        levels.append(level)
      }
      // Within level 0's general programs, the piecewise ones first, by kind and segments.
      // Within level 0's affine lines, those whose output clamp changes no value (rank 1)
      // last. Each program's rank once, not per comparison.
      let rank = frame.map { p in
        p.shape == .affine && !p.readsOutput ? (Self.clampFree(p) ? 1 : 0) : PieceRun.rank(p)
      }
      let order = frame.indices.sorted {
        let a = (levels[$0], frame[$0].shape.rawValue, frame[$0].readsOutput ? 1 : 0)
        let b = (levels[$1], frame[$1].shape.rawValue, frame[$1].readsOutput ? 1 : 0)
        return (a.0, a.1, a.2, rank[$0], $0) < (b.0, b.1, b.2, rank[$1], $1)
      }
      let ordered = order.map { frame[$0] }
      // Segments index the array of their shape: the lines (affine, kinked), the copies, or
      // the generals, or the programs themselves (flags).
      var segments: [FrameBuffers.Segment] = []
      var lines: [LineProgram] = []
      var copies: [CopyProgram] = []
      var generalPrograms: [FrameProgram] = []
      var piecePrograms: [FrameProgram] = []
      let stopBuffer = Self.copy(stops)
      var level0 = FrameBuffers.Level0()
      var started: Set<UInt8> = []
      var outputCopiesStarted = false
      for (i, program) in ordered.enumerated() {
        let index: Int
        switch program.shape {
        case .affine, .kinked:
          index = lines.count
          lines.append(LineProgram(program))
        case .copy:
          index = copies.count
          copies.append(CopyProgram(program))
        case .general:
          index = generalPrograms.count
          generalPrograms.append(program)
          if program.piecewise { piecePrograms.append(program) }
        case .flag:
          index = i
        }
        if !program.readsOutput {
          // Level 0 (programs reading a slot come first, one contiguous run per shape).
          let first = started.insert(program.shape.rawValue).inserted
          let extend = { (r: Range<Int>) in (first ? index : r.lowerBound)..<(index + 1) }
          switch program.shape {
          case .flag: level0.flags = extend(level0.flags)
          case .affine:
            level0.affine = extend(level0.affine)
            if folding && rank[order[i]] == 1 {
              level0.affineFree =
                (level0.affineFree.isEmpty ? index : level0.affineFree.lowerBound)..<(index + 1)
            } else {
              level0.affineFree = (index + 1)..<(index + 1)
            }
          case .kinked: level0.kinked = extend(level0.kinked)
          case .copy: level0.copies = extend(level0.copies)
          case .general: level0.general = extend(level0.general)
          }
          continue
        }
        if program.shape == .copy && levels[order[i]] == 1 {
          // Level 1's copies run in one loop after level 0 (see `Level0.outputCopies`).
          level0.outputCopies =
            (outputCopiesStarted ? level0.outputCopies.lowerBound : index)..<(index + 1)
          outputCopiesStarted = true
          continue
        }
        if let last = segments.last, last.shape == program.shape,
          last.readsOutput == program.readsOutput
        {
          segments[segments.count - 1] = .init(
            shape: last.shape, readsOutput: last.readsOutput, start: last.start, end: index + 1)
        } else {
          segments.append(
            .init(
              shape: program.shape, readsOutput: program.readsOutput, start: index,
              end: index + 1))
        }
      }
      level0.generalRest =
        (level0.general.lowerBound + piecePrograms.count)..<level0.general.upperBound
      let termCount = folding ? Self.shareEasedTerms(stopBuffer, generalPrograms) : 0
      // The stops' per-frame form, with the terms just shared.
      let table = KeyframeStop.Segment.table(stopBuffer)
      let keyframes = Self.copy(table.segments)
      let beziers = Self.copy(table.beziers)
      // With the folds and enough smoothers, each distinct time constant (bits) a class of
      // its own, in order of first use; its factor is computed once per frame
      // (`FrameBuffers.prepareDecays`, ≈ 35 instructions; each smoother saves 5–10).
      var decayClasses: [OutputSmoother.Decay] = []
      if folding && smoothers.count >= Self.smoothersForDecayClasses {
        for s in smoothers.indices {
          let tau = smoothers[s].timeConstant
          let c =
            decayClasses.firstIndex { $0.timeConstant.bitPattern == tau.bitPattern }
            ?? decayClasses.count
          if c == decayClasses.count { decayClasses.append(.init(timeConstant: tau)) }
          smoothers[s].decayClass = Int32(c)
        }
      }
      let generals = generalPrograms.map {
        GeneralProgram(
          $0, keyframes: keyframes.baseAddress.unsafelyUnwrapped,
          beziers: beziers.baseAddress.unsafelyUnwrapped, reuses: folding)
      }
      // The pieces (the first of level 0's general programs), in runs of one key.
      var pieceWords: [UInt64] = []
      var pieceRuns: [PieceRun] = []
      for (i, program) in piecePrograms.enumerated() {
        let key = PieceRun.rank(program)
        let start = pieceWords.count
        PieceRecord.append(
          program, table: UnsafeBufferPointer(keyframes),
          mapped0: generals[level0.general.lowerBound + i].lastValue, to: &pieceWords)
        if let last = pieceRuns.last, last.key == key {
          pieceRuns[pieceRuns.count - 1] = PieceRun(
            key: key, start: last.start, end: pieceWords.count, count: last.count + 1)
        } else {
          pieceRuns.append(PieceRun(key: key, start: start, end: pieceWords.count, count: 1))
        }
      }
      let buffers = FrameBuffers(
        timelines: Self.copy(distinct.map(\.timeline)),
        slots: Self.copy(
          distinct.map {
            TimelineSlot($0.timeline, delayed: $0.delayed, axis: $0.axis, view: $0.view)
          }),
        programs: Self.copy(ordered), lines: Self.copy(lines), copies: Self.copy(copies),
        generals: Self.copy(generals), pieceWords: Self.copy(pieceWords),
        pieceRuns: Self.copy(pieceRuns), level0: level0,
        segments: Self.copy(segments),
        stops: stopBuffer, keyframes: keyframes, beziers: beziers,
        terms: Self.copy(repeatElement(KeyframeStop.Term(), count: termCount)),
        smoothers: Self.copy(smoothers), decayClasses: Self.copy(decayClasses),
        motion: Self.copy(
          distinct.enumerated().compactMap {
            MotionSlot(
              $0.element.timeline, slot: $0.offset, axis: $0.element.axis,
              view: $0.element.view, delayed: $0.element.delayed)
          }),
        history: Self.copy(CollectionOfOne(FrameBuffers.History())).baseAddress.unsafelyUnwrapped,
        readsOtherAxes: distinct.contains { $0.axis != .y || $0.view != SlotView.combined },
        slotEnds: .init(
          range: ends(.range), distance: ends(.distance), overscrollTop: ends(.overscrollTop),
          overscrollBottom: ends(.overscrollBottom)))
      // Without folding, every smoother computes its own decay factor.
      buffers.history.pointee.decay.reuses = folding
      timelineSlots = slotOf
      storage = .allocate(capacity: 1)
      storage.initialize(to: buffers)
      Self.checkInvariants(buffers)
    }

    /// A copy of `other`, history included.
    init(copying other: FrameState) {
      let b = other.buffers
      let buffers = FrameBuffers(
        timelines: Self.copy(b.timelines), slots: Self.copy(b.slots),
        programs: Self.copy(b.programs), lines: Self.copy(b.lines), copies: Self.copy(b.copies),
        generals: Self.copy(b.generals), pieceWords: Self.copy(b.pieceWords),
        pieceRuns: Self.copy(b.pieceRuns), level0: b.level0,
        segments: Self.copy(b.segments),
        stops: Self.copy(b.stops), keyframes: Self.copy(b.keyframes),
        beziers: Self.copy(b.beziers), terms: Self.copy(b.terms),
        smoothers: Self.copy(b.smoothers), decayClasses: Self.copy(b.decayClasses),
        motion: Self.copy(b.motion),
        history: Self.copy(CollectionOfOne(b.history.pointee)).baseAddress.unsafelyUnwrapped,
        readsOtherAxes: b.readsOtherAxes, slotEnds: b.slotEnds)
      timelineSlots = other.timelineSlots
      storage = .allocate(capacity: 1)
      storage.initialize(to: buffers)
      Self.checkInvariants(buffers)
    }

    /// Stops with every broken invariant of `buffers` (``FrameBuffers/invariantViolations()``)
    /// in a debug build; does nothing in a release build, where `assert` is not evaluated.
    static func checkInvariants(_ buffers: FrameBuffers) {
      assert(
        buffers.invariantViolations().isEmpty,
        "frame buffers: " + buffers.invariantViolations().joined(separator: "; "))
    }

    deinit {
      let buffers = storage.move()
      storage.deallocate()
      buffers.timelines.deinitialize().deallocate()
      buffers.slots.deinitialize().deallocate()
      buffers.programs.deinitialize().deallocate()
      buffers.lines.deinitialize().deallocate()
      buffers.copies.deinitialize().deallocate()
      buffers.generals.deinitialize().deallocate()
      buffers.pieceWords.deinitialize().deallocate()
      buffers.pieceRuns.deinitialize().deallocate()
      buffers.segments.deinitialize().deallocate()
      buffers.stops.deinitialize().deallocate()
      buffers.keyframes.deinitialize().deallocate()
      buffers.beziers.deinitialize().deallocate()
      buffers.terms.deinitialize().deallocate()
      buffers.smoothers.deinitialize().deallocate()
      buffers.decayClasses.deinitialize().deallocate()
      buffers.motion.deinitialize().deallocate()
      buffers.history.deinitialize(count: 1)
      buffers.history.deallocate()
    }

    /// The fewest smoothers for which the frame computes one decay factor per time constant
    /// (``FrameBuffers/decayClasses``): with fewer, the per-frame preparation costs more than
    /// the smoothers save, and each compares its elapsed time with the shared
    /// ``FrameBuffers/History/decay``.
    static let smoothersForDecayClasses = 8

    /// Whether the output clamp of the affine `program` (reading a slot) changes no value
    /// (``LineProgram/clampsNeeded(kinked:)``): the frame then leaves it out.
    static func clampFree(_ program: FrameProgram) -> Bool {
      let needed = LineProgram(program).clampsNeeded(kinked: false)
      return !needed.lower && !needed.upper
    }

    /// Gives each eased segment of the general `programs` whose term
    /// `ease((x − at) / (next.at − at))` another segment computes from the same operands a
    /// shared ``KeyframeStop/term`` in `stops`; returns the number of shared terms.
    ///
    /// `x` is the program's input (the same slot's progress, or the same output) clamped to
    /// its first and last stops, or not clamped: segments with the same input, clamp (and
    /// clamp bounds), ends and easing (bit for bit) compute the same bits, so the frame
    /// computes each such term once, on first use (a header's opacity, scale and blur on one
    /// set of keyframe positions share theirs). The Swift generator shares the same terms.
    static func shareEasedTerms(
      _ stops: UnsafeMutableBufferPointer<KeyframeStop>, _ programs: [FrameProgram]
    ) -> Int {
      var uses: [[UInt64]: [Int]] = [:]
      var keys: [[UInt64]] = []
      for program in programs where program.stopCount >= 2 {
        let (lo, hi) = (program.stopStart, program.stopStart + program.stopCount - 1)
        for k in lo..<hi where stops[k].kind.isEased {
          let (a, n) = (stops[k], stops[k + 1])
          // The easing: a cubic's control points' bits, or the steps' count and position.
          var easing: [UInt64]
          switch a.easing {
          case .linear: easing = [0]
          case .cubicBezier(let x1, let y1, let x2, let y2):
            easing = [1] + [x1, y1, x2, y2].map(\.bitPattern)
          case .steps(let count, let position):
            let place = Easing.StepPosition.allCases.firstIndex(of: position) ?? 0
            easing = [2, UInt64(bitPattern: Int64(count)), UInt64(place)]
          }
          let clamp =
            program.clamp ? [1, stops[lo].at.bitPattern, stops[hi].at.bitPattern] : [0, 0, 0]
          let key =
            [program.readsOutput ? 1 : 0, UInt64(program.input)] + clamp
            + [a.at.bitPattern, n.at.bitPattern] + easing
          if uses[key] == nil { keys.append(key) }
          uses[key, default: []].append(k)
        }
      }
      var count = 0
      // In order of first use (no dictionary order).
      for key in keys {
        guard let segments = uses[key], segments.count > 1 else { continue }
        for k in segments { stops[k].term = Int32(count) }
        count += 1
      }
      return count
    }

    /// Whether `a` and `b` are the same timeline with the same bits in every number (so they
    /// give the same bits of progress: `==` alone would share `origin: 0` with `origin: -0`,
    /// whose progress differs at an offset of −0).
    static func sameBits(_ a: Timeline, _ b: Timeline) -> Bool {
      guard a == b else { return false }
      switch (a, b) {
      case (.scroll(let s1, let e1), .scroll(let s2, let e2)):
        return s1.value.bitPattern == s2.value.bitPattern
          && e1.value.bitPattern == e2.value.bitPattern
      case (.distance(let o1), .distance(let o2)):
        return o1.bitPattern == o2.bitPattern
      case (.direction(let h1), .direction(let h2)):
        return h1.bitPattern == h2.bitPattern
      case (.quickReturn(let h1), .quickReturn(let h2)):
        return h1.bitPattern == h2.bitPattern
      case (.view(let v1), .view(let v2)):
        return bits(v1) == bits(v2)
      default:
        return true
      }
    }

    /// Every number of `view`, as bit patterns; an absent inset as 1 (`==` has already
    /// matched which insets are absent).
    private static func bits(_ view: ViewTimeline) -> [UInt64] {
      [
        view.subjectY, view.subjectHeight, view.rangeStart.percent, view.rangeStart.length,
        view.rangeEnd.percent, view.rangeEnd.length,
      ].map(\.bitPattern) + [view.insetStart, view.insetEnd].map { $0?.bitPattern ?? 1 }
    }

    /// A new buffer holding `elements` (at least one element's capacity, so that every
    /// buffer has a base address).
    private static func copy<C: Collection>(_ elements: C) -> UnsafeMutableBufferPointer<
      C.Element
    > {
      let buffer = UnsafeMutableBufferPointer<C.Element>.allocate(
        capacity: Swift.max(elements.count, 1))
      let written = buffer.initialize(fromContentsOf: elements)
      return UnsafeMutableBufferPointer(rebasing: buffer[..<written])
    }
  }
}
