extension CompiledEffect.FrameBuffers {
  /// What is wrong with these buffers, one sentence per broken invariant; empty when they hold.
  ///
  /// The frame reads its inputs through byte offsets and indices with no bounds checks
  /// (``run(_:time:into:events:checked:)``), so a compiler mistake here would read or write
  /// the wrong memory rather than fail. This walks the programs in the frame's own order and
  /// checks, without running anything:
  /// - every range of ``level0``, every ``Segment`` and every ``PieceRun`` lies inside the
  ///   buffer it indexes, and together they run each record of ``lines``, ``copies``,
  ///   ``generals`` and each flag of ``programs`` exactly once;
  /// - every input is a slot's ``TimelineSlot/progress`` (a whole slot's offset, inside
  ///   ``slots``) or an output that an earlier program has written;
  /// - every output is written exactly once (one program per output);
  /// - each general program's stops lie inside ``keyframes`` and its smoother inside
  ///   ``smoothers``; the slot kinds' ends (``slotEnds``) are in order.
  ///
  /// ``FrameState`` asserts it after building or copying the buffers: checked in debug builds
  /// (`swift build`, `swift test`, so in CI), not evaluated in release builds (`assert`).
  /// - Complexity: O(programs + slots), no per-frame cost.
  func invariantViolations() -> [String] {
    let outputCount = programs.count
    var problems: [String] = []
    var written = [Int](repeating: 0, count: outputCount)
    var runs = (
      lines: [Int](repeating: 0, count: lines.count),
      copies: [Int](repeating: 0, count: copies.count),
      generals: [Int](repeating: 0, count: generals.count),
      flags: [Int](repeating: 0, count: programs.count)
    )

    /// Whether `range` lies in `0 ..< count`, saying so when not.
    func inside(_ range: Range<Int>, _ count: Int, _ what: String) -> Bool {
      if range.lowerBound >= 0 && range.upperBound <= count { return true }
      problems.append("\(what) \(range) is outside 0..<\(count)")
      return false
    }
    /// Checks that the byte offset `input` is a slot's progress (or, `readsOutput`, an output
    /// already written).
    func read(_ input: Int, readsOutput: Bool, by what: String) {
      if readsOutput {
        let output = input / MemoryLayout<Double>.stride
        guard input % MemoryLayout<Double>.stride == 0, output >= 0, output < outputCount else {
          problems.append("\(what) reads byte \(input), not one of the \(outputCount) outputs")
          return
        }
        if written[output] == 0 {
          problems.append("\(what) reads output \(output) before any program writes it")
        }
      } else {
        let slot = Self.slot(ofInput: input)
        let progress = MemoryLayout<CompiledEffect.TimelineSlot>.offset(of: \.progress)!
        guard slot >= 0, slot < slots.count,
          input == slot * MemoryLayout<CompiledEffect.TimelineSlot>.stride + progress
        else {
          problems.append("\(what) reads byte \(input), not a progress of the \(slots.count) slots")
          return
        }
      }
    }
    /// Records that `what` writes `output`.
    func write(_ output: Int, by what: String) {
      guard output >= 0, output < outputCount else {
        problems.append("\(what) writes output \(output) of \(outputCount)")
        return
      }
      written[output] += 1
    }
    /// Runs the records `range` of one shape (as the frame does), reading slots or outputs.
    func walk(_ shape: CompiledEffect.FrameProgram.Shape, _ range: Range<Int>, readsOutput: Bool) {
      /// The record named `what` reads `input` and writes `output`.
      func run(_ what: String, input: Int, output: Int) {
        read(input, readsOutput: readsOutput, by: what)
        write(output, by: what)
      }
      switch shape {
      case .affine, .kinked:
        guard inside(range, lines.count, "\(shape) lines") else { return }
        for i in range {
          run("line \(i)", input: lines[i].input, output: lines[i].output)
          runs.lines[i] += 1
        }
      case .copy:
        guard inside(range, copies.count, "copies") else { return }
        for i in range {
          run("copy \(i)", input: copies[i].input, output: copies[i].output)
          runs.copies[i] += 1
        }
      case .general:
        guard inside(range, generals.count, "general programs") else { return }
        for i in range {
          let program = generals[i]
          run("general program \(i)", input: program.input, output: program.output)
          runs.generals[i] += 1
          let stops = Int(program.stopStart)..<Int(program.stopStart + program.stopCount)
          _ = inside(stops, keyframes.count, "general program \(i)'s stops")
          if program.smoother >= Int32(smoothers.count) {
            problems.append(
              "general program \(i) has smoother \(program.smoother) of \(smoothers.count)")
          }
        }
      case .flag:
        guard inside(range, programs.count, "flags") else { return }
        for i in range {
          let program = programs[i]
          guard program.shape == .flag else {
            problems.append("program \(i) runs as a flag but is \(program.shape)")
            continue
          }
          run("flag \(i)", input: Self.inputOffset(program), output: program.output)
          runs.flags[i] += 1
        }
      }
    }

    // Level 0, in the frame's order: every input a slot.
    walk(.flag, level0.flags, readsOutput: false)
    if !(level0.affineFree.isEmpty
      || (level0.affineFree.lowerBound >= level0.affine.lowerBound
        && level0.affineFree.upperBound == level0.affine.upperBound))
    {
      problems.append("level0.affineFree \(level0.affineFree) is not the end of \(level0.affine)")
    }
    walk(.affine, level0.affine, readsOutput: false)
    walk(.kinked, level0.kinked, readsOutput: false)
    walk(.copy, level0.copies, readsOutput: false)
    walk(.general, level0.general, readsOutput: false)
    // The general programs' first ones run as piece records, the rest as themselves.
    if level0.generalRest.upperBound != level0.general.upperBound
      || level0.generalRest.lowerBound < level0.general.lowerBound
    {
      problems.append(
        "level0.generalRest \(level0.generalRest) is not the end of \(level0.general)")
    }
    var word = 0
    var pieces = 0
    for run in pieceRuns {
      if run.start != word || run.end < run.start || run.count <= 0 {
        problems.append("piece run \(run.start)..<\(run.end) does not follow word \(word)")
      }
      word = run.end
      pieces += run.count
    }
    if word != pieceWords.count {
      problems.append("the piece runs end at word \(word) of \(pieceWords.count)")
    }
    if pieces != level0.generalRest.lowerBound - level0.general.lowerBound {
      problems.append(
        "the piece runs hold \(pieces) records for "
          + "\(level0.generalRest.lowerBound - level0.general.lowerBound) piecewise programs")
    }
    // Level 1's copies, then the segments: every input an output written before.
    walk(.copy, level0.outputCopies, readsOutput: true)
    for segment in segments {
      walk(segment.shape, segment.start..<segment.end, readsOutput: segment.readsOutput)
    }

    for (output, count) in written.enumerated() where count != 1 {
      problems.append("output \(output) is written \(count) times a frame")
    }
    for (name, counts) in [
      ("line", runs.lines), ("copy", runs.copies), ("general program", runs.generals),
    ] {
      for (i, count) in counts.enumerated() where count != 1 {
        problems.append("\(name) \(i) runs \(count) times a frame")
      }
    }
    for (i, count) in runs.flags.enumerated() where count != (programs[i].shape == .flag ? 1 : 0) {
      problems.append("flag \(i) runs \(count) times a frame")
    }
    let ends = [
      slotEnds.range, slotEnds.distance, slotEnds.overscrollTop, slotEnds.overscrollBottom,
    ]
    if ends != ends.sorted() || ends.first! < 0 || ends.last! > slots.count {
      problems.append("the slot kinds end at \(ends), not in order within \(slots.count) slots")
    }
    return problems
  }
}
