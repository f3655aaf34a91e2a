import ScrollEffects
import ScrollRuntime
import ScrollTrace

extension ReplayCommand {
  /// The sinks asked for with `--output` and `--trace-events`, for a run at `hz`.
  /// - Throws: a usage error when an output names the input trace `input` or both name one file.
  static func frameSinks(_ arguments: ArgumentList, hz: Int, input: String) throws(CommandError)
    -> [FrameSink]
  {
    try OutputPaths.check(
      input: input,
      outputs: ["output", "trace-events"].compactMap { name in
        arguments.value(name).map { (option: "--" + name, path: $0) }
      })
    var sinks: [FrameSink] = []
    if let path = arguments.value("output") { sinks.append(try .frames(path: path)) }
    if let path = arguments.value("trace-events") {
      sinks.append(
        try FrameSink(path: path, kind: .chromeTrace(ChromeTraceWriter(refreshRate: hz))))
    }
    return sinks
  }

  /// Replays `path` when it is an offset trace (streaming, bounded memory) and returns the exit
  /// status; returns `nil` for an input trace, which the physics replay handles.
  static func replayOffsetTrace(
    path: String, effect: CompiledEffect, hz: Int, style: FrameFormatter.Style, columns: [Int],
    summaryOnly: Bool,
    sinks: [FrameSink], refusing physicsOnly: [String], console: Console
  ) throws(CommandError) -> Int32? {
    let inputs: TraceStreamInputs
    do {
      inputs = try TraceStreamInputs(
        path: path, warn: { console.error("scrollsim: warning: \($0)") })
    } catch {
      throw .data(error.description)
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
      throw .data(error.description)
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
        throw .data(error.description + " (replay stopped; the frames above are incomplete)")
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
    } while !loop.isFinished
    for sink in sinks { try sink.close() }
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
    return 0
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
