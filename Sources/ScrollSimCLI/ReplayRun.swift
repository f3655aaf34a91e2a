import ScrollRuntime
import ScrollSimCore
import ScrollTrace

/// The per-frame state of one `scrollsim replay` of an input trace: the frame loop, the run's
/// statistics, where the rows go, and why the run stopped. A many-trace replay runs each trace
/// through it too (no rows, no console: the statistics and the frame file only), so a frame
/// has one body whatever the command.
///
/// The frame body is a method on `inout self` (``frame(_:)``), driven through an `inout`
/// parameter (``drive(_:_:)``): nothing the body reads or writes is a variable captured by a
/// closure, whose every access Swift checks at run time (7 such checks per frame, ≈ 560
/// instructions of a dense replay's ≈ 9,900, before this type).
struct ReplayRun: ~Copyable {
  var loop: FrameLoop<TraceStreamInputs>
  var statistics: ReplayStatistics
  /// The input error that stopped the run, or nil.
  var failure: InputError?
  /// A real-time run's rows, kept in memory so that terminal or pipe writes never stall a
  /// frame; written after the run.
  var rows: [String] = []
  /// Threshold events of the shown outputs (`--outputs`), for the summary.
  var shownEvents = 0
  /// The table's header comes with the first row: a trace whose first events are bad prints
  /// nothing but the error.
  var headerPending: Bool
  /// The rows' formatter; nil when no row is written (`--summary-only`, many traces).
  let formatter: FrameFormatter?
  /// The outputs shown (`--outputs`).
  let shown: Set<Int>
  let summaryOnly: Bool
  let realtime: Bool
  /// Whether frames write rows to ``console`` as they go (neither summary only nor real time).
  let writesConsole: Bool
  let sinks: [FrameSink]
  let progress: ReplayProgress?
  let interrupt: InterruptFlag
  /// Where rows go, or nil when none are written (a many-trace replay's runs).
  let console: Console?

  /// A run of `loop` whose rows `formatter` writes to `console` (nil, nil: no rows), whose
  /// frames go to `sinks`, and which stops at the next frame once `interrupt` is set.
  init(
    loop: consuming FrameLoop<TraceStreamInputs>, formatter: FrameFormatter?, shown: Set<Int>,
    realtime: Bool, sinks: [FrameSink], progress: ReplayProgress?, interrupt: InterruptFlag,
    console: Console?
  ) {
    statistics = ReplayStatistics(outputCount: loop.outputs.count)
    self.loop = loop
    summaryOnly = formatter == nil || console == nil
    headerPending = !summaryOnly
    self.formatter = formatter
    self.shown = shown
    self.realtime = realtime
    writesConsole = !summaryOnly && !realtime
    self.sinks = sinks
    self.progress = progress
    self.interrupt = interrupt
    self.console = console
  }

  /// Runs `run`'s frames on `clock` until the trace ends, an input is bad, the run is
  /// interrupted or an output fails.
  static func drive<Clock: FrameClock>(_ clock: inout Clock, _ run: inout ReplayRun) {
    clock.run { tick in run.frame(tick) }
  }

  /// Computes, records and writes the frame of `tick`; returns whether the run goes on.
  mutating func frame(_ tick: FrameTick) -> Bool {
    do throws(InputError) {
      try loop.computeFrame(tick.index, at: tick.time)
    } catch {
      failure = error
      return false
    }
    statistics.record(loop, missedBefore: tick.missedBefore)
    // Almost every frame has no event: skip the set lookups then.
    if !loop.events.isEmpty {
      for event in loop.events where shown.contains(event.output) { shownEvents += 1 }
    }
    if !summaryOnly { writeRow() }
    if !sinks.isEmpty {
      let record = FrameRecord(loop)
      for sink in sinks { sink.write(record) }
    }
    progress?.update(time: tick.time, frames: statistics.frames, missed: statistics.missedFrames)
    // Standard output fails only when a row was written to it (not with `--summary-only`, nor
    // in real time, whose rows wait in memory): the check (≈ 76 instructions) only then.
    return !loop.isFinished && !interrupt.isSet
      && (!writesConsole || console?.writeFailure == nil) && !sinks.contains { $0.failure != nil }
  }

  /// Writes the frame's row (after the table's header on the first one); only when
  /// ``formatter`` and ``console`` are set.
  mutating func writeRow() {
    guard let formatter, let console else { return }
    // Real time: keep rows in memory so terminal or pipe writes never stall a frame.
    if headerPending {
      headerPending = false
      if realtime {
        rows.append(formatter.header())
      } else {
        console.line(formatter.header())
      }
    }
    if realtime {
      rows.append(formatter.row(loop))
    } else {
      console.line(formatter.row(loop))
    }
  }
}
