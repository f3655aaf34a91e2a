import ScrollEffects
import ScrollRuntime
import ScrollTrace

extension ReplayCommand {
  /// The sinks asked for with `--out` and `--trace-events`, for a run at `hz`.
  /// - Throws: a usage error when an output names the input trace `input` or both name one file.
  static func frameSinks(_ arguments: ArgumentList, hz: Int, input: String) throws(CommandError)
    -> [FrameSink]
  {
    try OutputPaths.check(
      input: input,
      outputs: [out, traceEvents].compactMap { option in
        arguments.text(option).map { (option: "--" + option.info.name, path: $0) }
      })
    var sinks: [FrameSink] = []
    if let path = arguments.text(out) { sinks.append(try .frames(path: path)) }
    if let path = arguments.text(traceEvents) {
      sinks.append(
        try FrameSink(path: path, kind: .chromeTrace(ChromeTraceWriter(refreshRate: hz))))
    }
    return sinks
  }

  /// What a run that stopped early adds to its error when frame rows were already printed.
  static let rowsIncomplete = " (replay stopped; the frames above are incomplete)"

  /// How a run's frame sinks ended.
  enum SinkEnding {
    /// Standard output could not be written: the sinks were discarded; exit with this status
    /// (``ScrollSimCommand/main(_:console:)`` prints the reason).
    case failed(ExitStatus)
    /// The sinks were finished (whole files in place), or, when interrupted, kept under their
    /// cut names: one clause per sink for the interruption message.
    case ended([String])
  }

  /// Ends `sinks` after a run: discards them when standard output or one of them failed (the
  /// failure is thrown, exit 74), keeps them as cut files when `interrupted`, else finishes them
  /// with their closing records.
  /// - Parameter rowsShown: whether frame rows went to standard output: the run stopped at the
  ///   sink's failure, so its error then says that those rows are incomplete.
  /// - Throws: ``CommandError/output(_:)`` for a sink that could not be written.
  static func endSinks(
    _ sinks: [FrameSink], interrupted: Bool, rowsShown: Bool, console: Console
  ) throws(CommandError) -> SinkEnding {
    if console.writeFailure != nil {
      for sink in sinks { sink.discard() }
      return .failed(.ioError)
    }
    if let failure = sinks.lazy.compactMap(\.failure).first {
      for sink in sinks { sink.discard() }
      if rowsShown, case .output(let text) = failure {
        throw .output(text + rowsIncomplete)
      }
      throw failure
    }
    if interrupted { return .ended(sinks.map { $0.stop() }) }
    for sink in sinks { try sink.finish() }
    return .ended([])
  }

  /// Replays `input` when it is an offset trace (streaming, bounded memory) and returns the exit
  /// status; returns `nil` for an input trace, which the physics replay handles.
  static func replayOffsetTrace(
    input: InputSource, effect: CompiledEffect, hz: Int, style: FrameFormatter.Style,
    columns: [Int],
    summaryOnly: Bool,
    sinks: [FrameSink], refusing physicsOnly: [String], interrupt: InterruptFlag,
    console: Console
  ) throws(CommandError) -> ExitStatus? {
    let path = input.name
    let inputs: TraceStreamInputs
    do {
      inputs = try TraceStreamInputs(
        input: input, warn: { console.diagnostic(.warning, $0) })
    } catch {
      for sink in sinks { sink.discard() }
      throw .input(error)
    }
    guard inputs.header.traceKind == .offset else { return nil }
    if !physicsOnly.isEmpty {
      throw .usage(
        "\(physicsOnly.joined(separator: ", ")) cannot apply to \(path): an offset trace skips "
          + "the physics and replays on the virtual clock (no profile, fling, frame pacing or "
          + "JSON physics summary; use --format table or csv)")
    }
    var loop: FrameLoop<TraceStreamInputs>
    do {
      loop = try FrameLoop(inputs: inputs, effect: effect, refreshRate: hz)
    } catch {
      throw .input(error)
    }
    let formatter = FrameFormatter(style: style, outputs: loop.outputs, columns: columns)
    if !summaryOnly { console.line(formatter.header()) }
    let header = FrameFile.Header(
      effect: effect.name, refreshRate: hz, trace: path, outputs: loop.outputs.map(\.name))
    for sink in sinks { sink.begin(header) }
    var minimum = Double.infinity
    var maximum = -Double.infinity
    var eventCount = 0
    let shown = Set(columns)
    var ranges = columns.map { _ in (min: Double.infinity, max: -Double.infinity) }
    repeat {
      do {
        try loop.computeFrame(loop.frameIndex + 1)
      } catch {
        for sink in sinks { sink.discard() }
        var error = error
        if !summaryOnly && loop.frameIndex >= 0 {
          error.message += Self.rowsIncomplete
        }
        throw .input(error)
      }
      minimum = min(minimum, loop.sample.offset)
      maximum = max(maximum, loop.sample.offset)
      for event in loop.events where shown.contains(event.output) { eventCount += 1 }
      let record = FrameRecord(loop)
      for (k, column) in columns.enumerated() {
        ranges[k].min = min(ranges[k].min, record.values[column])
        ranges[k].max = max(ranges[k].max, record.values[column])
      }
      if !summaryOnly { console.line(formatter.row(record)) }
      for sink in sinks { sink.write(record) }
    } while !loop.isFinished && !interrupt.isSet && console.writeFailure == nil
      && !sinks.contains { $0.failure != nil }
    let stopped: [String]
    switch try endSinks(
      sinks, interrupted: interrupt.isSet, rowsShown: !summaryOnly && loop.frameIndex >= 0,
      console: console)
    {
    case .failed(let status): return status
    case .ended(let clauses): stopped = clauses
    }
    let summary =
      "Replayed offset trace \(path) (\(loop.frameIndex + 1) frames at \(hz) Hz, "
      + "\(Number.fixed(Double(loop.frameIndex) / Double(hz), 3)) s) through \(effect.name), "
      + "physics bypassed: offset \(Number.fixed(minimum, 1))…\(Number.fixed(maximum, 1)) pt. "
      + "Outputs (min … max): "
      + zip(columns, ranges).map { column, range in
        "\(loop.outputs[column].name) \(Number.fixed(range.min, 4)) … \(Number.fixed(range.max, 4))"
      }.joined(separator: ", ") + ". "
      + CheckReportFormatter.plural(eventCount, "threshold event") + "."
    printSummary(summary, style: style, summaryOnly: summaryOnly, console: console)
    if interrupt.isSet {
      console.error(
        CommandInput.interruption(
          interrupt,
          what: "after frame \(loop.frameIndex) (t = "
            + "\(Number.fixed(Double(loop.frameIndex) / Double(hz), 3)) s), "
            + "\(CheckReportFormatter.plural(loop.frameIndex + 1, "frame")) replayed",
          outputs: stopped))
      return .interrupted
    }
    return .success
  }

  /// Prints a replay's summary paragraph: after a blank line below a table, on standard error
  /// below CSV rows (standard output stays pure CSV), alone when only the summary is asked for.
  static func printSummary(
    _ summary: String, style: FrameFormatter.Style, summaryOnly: Bool, console: Console
  ) {
    switch (style, summaryOnly) {
    case (.csv, false):
      console.error(summary)
    case (.table, false):
      console.line("")
      console.line(summary)
    default:
      console.line(summary)
    }
  }
}
