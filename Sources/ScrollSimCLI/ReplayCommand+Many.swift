import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollSimCore
import ScrollTrace

extension ReplayCommand {
  /// What one trace of a many-trace replay came to: a row of the summary table.
  struct TraceRow: Sendable {
    /// The trace's path.
    let path: String
    /// The physics profile's name, or `offset` for an offset trace (physics bypassed).
    let physics: String
    /// The run's statistics.
    let statistics: ReplayStatistics
    /// The outputs, for the JSON summary.
    let outputs: [EffectOutput]
    /// Warnings the trace gave (a partial last line skipped), printed in path order.
    let warnings: [InputError]
    /// The trace's whole frame file (`--out DIR`), closed under its temporary name: committed
    /// onto its path at the end, in path order, only when no trace before it failed (nil
    /// without `--out`, or when written in place).
    let frameTemporary: String?
  }

  /// What a trace's reader skipped (a cut recording's partial last line), collected by its
  /// `warn` handler for the summary (the reader itself is consumed by the frame loop).
  final class Skipped {
    var list: [InputError] = []
  }

  /// The settings every trace of a many-trace replay shares.
  struct ManySettings: Sendable {
    let effect: CompiledEffect
    /// Frames per second (`--hz`), the schedule's first rate.
    let hz: Int
    let schedule: FrameSchedule
    let profile: PhysicsProfile?
    let estimator: VelocityEstimator?
    let rate: Double?
    /// The folder for one frame file per trace (`--out DIR`), or nil.
    let outFolder: String?
  }

  /// Options of a one-trace replay that a many-trace replay cannot honour.
  static let oneTraceOnly: [OptionInfo] = [
    outputs.info, realtime.info, CommonOptions.maxHitchRatio.info, traceEvents.info,
    ci.junit.info, ci.annotations.info, TargetBehaviorOptions.y.info, TargetBehaviorOptions.x.info,
  ]

  /// Whether `arguments` ask for many traces: several positionals, a folder, a glob or a list
  /// file, or `--shard`. One trace file (or a pipe, or `-`) replays frame by frame as always.
  static func wantsMany(_ arguments: ArgumentList) -> Bool {
    arguments.positionals.count > 1 || arguments.isGiven(CommonOptions.shard.info)
      || (arguments.positionals.count == 1 && TraceSet.isSet(arguments.positionals[0]))
  }

  /// `scrollsim replay DIR|GLOB|LIST|TRACE…`: every trace through the physics and the effect
  /// on up to `--jobs` threads, then one summary table in path order (the same bytes at any
  /// `--jobs`); `--out DIR` writes each trace's frames to `DIR/NAME.frames.jsonl`.
  /// - Throws: a usage error for an option that applies to one trace only, a bad `--jobs`,
  ///   `--shard` or `--out`; the input error of the first trace (in path order) that cannot be
  ///   read or is rejected (the other traces' frame files are whole).
  static func replayMany(_ arguments: ArgumentList, console: Console) throws(CommandError)
    -> ExitStatus
  {
    for option in oneTraceOnly where arguments.isGiven(option) {
      throw .usage(
        "--\(option.name) applies to one trace; with many traces replay prints one summary "
          + "row per trace")
    }
    let effect = try EffectSelection.compile(
      presets: arguments.values(Self.effect), files: arguments.values(effects))
    let hz = try arguments.value(CommonOptions.hz, default: 120)
    let format = try arguments.value(Self.format, default: .table)
    let jobs = try arguments.value(
      CommonOptions.jobs, default: ProcessInfo.processInfo.activeProcessorCount)
    let shard = try arguments.value(CommonOptions.shard)
    let settings = ManySettings(
      effect: effect, hz: hz,
      schedule: try PacingOptions.schedule(
        hz: hz, changes: arguments.text(CommonOptions.hzChanges)),
      profile: try arguments.value(Self.profile)?.load(),
      estimator: try arguments.value(CommonOptions.estimator),
      rate: try arguments.value(CommonOptions.rate)?.value,
      outFolder: arguments.text(out))
    var paths: [String]
    do {
      paths = try TraceSet.paths(arguments.positionals)
    } catch {
      throw .input(error)
    }
    let total = paths.count
    if let shard { paths = TraceSet.shard(paths, index: shard.index, count: shard.count) }
    let frameFiles = try frameFileNames(paths, folder: settings.outFolder)
    let traces = paths
    let interrupt = InterruptFlag.catchingInterrupts()
    defer { interrupt.release() }
    let progress = TraceProgress("replay", total: paths.count, console: console)
    let stopped: @Sendable () -> Bool = { interrupt.isSet }
    let results = ConcurrentRuns.map(
      count: paths.count, jobs: jobs, shouldStop: stopped, finished: progress.update
    ) { (index: Int) throws(CommandError) -> TraceRow? in
      try replayOne(
        traces[index], settings: settings, frameFile: frameFiles[index], interrupt: interrupt)
    }
    progress.finish()
    // The frame files of the traces before the first failure (in path order) are put in place,
    // the others removed: what --out leaves never depends on the scheduling.
    let failed = results.firstIndex {
      if case .failure = $0 { return true }
      return false
    }
    var commitError: CommandError?
    for (index, result) in results.enumerated() {
      guard case .success(let row?) = result, let temporary = row.frameTemporary,
        let file = frameFiles[index]
      else { continue }
      if index < (failed ?? results.count), commitError == nil {
        do {
          try OutputFile.commit(temporary, to: file)
        } catch {
          commitError = error
        }
      } else {
        unlink(temporary)
      }
    }
    if let failed, case .failure(let error) = results[failed] {
      throw written(error, at: failed, results: results, frameFiles: frameFiles)
    }
    if let commitError { throw commitError }
    var rows: [TraceRow] = []
    for case .success(let row?) in results { rows.append(row) }
    for row in rows {
      for warning in row.warnings { console.diagnostic(.warning, warning) }
    }
    printTable(
      rows, settings: settings, format: format,
      scope: scope(
        ran: rows.count, of: paths.count, interruptedBy: interrupt.isSet ? interrupt.reason : nil,
        shard: shard.map { "\($0.text) of \(total)" }),
      console: console)
    if console.writeFailure != nil { return .ioError }
    if interrupt.isSet {
      console.error(
        CommandInput.interruption(
          interrupt,
          what: "after \(CheckReportFormatter.plural(rows.count, "trace")) of \(paths.count); "
            + "the table lists those (a trace cut short has no row and no frame file)"))
      return .interrupted
    }
    return .success
  }

  /// `error`, the rejection of trace `failed` (the first in path order), saying which frame
  /// files `--out DIR` put in place: those of the traces before it in path order, which all ran
  /// to their end, so that a user can tell them from files of an earlier run. The files of the
  /// traces after it are never put in place, even when another thread finished one meanwhile,
  /// so the files left are the same at any `--jobs`. `error` as is without `--out`.
  static func written(
    _ error: CommandError, at failed: Int, results: [Result<TraceRow?, CommandError>?],
    frameFiles: [String?]
  ) -> CommandError {
    guard case .input(var input) = error, frameFiles.contains(where: { $0 != nil }) else {
      return error
    }
    let files = results.indices.prefix(failed).compactMap { index -> String? in
      guard case .success(_?) = results[index] else { return nil }
      return frameFiles[index]
    }
    let shown = files.prefix(10).joined(separator: ", ")
    input.message +=
      files.isEmpty
      ? "; --out wrote no frame file"
      : "; --out wrote \(CheckReportFormatter.plural(files.count, "frame file")) of "
        + "\(frameFiles.count) before it stopped: \(shown)"
        + (files.count > 10 ? ", … and \(files.count - 10) more" : "")
        + " (those of the traces before it in path order; the others were not written)"
    return .input(input)
  }

  /// Per trace, the frame file `--out DIR` writes (`DIR/NAME.frames.jsonl`), or nil without it.
  /// - Throws: an output error (exit 74, as a one-trace `--out` into a missing folder) when
  ///   `folder` does not exist; a usage error when it is not a folder or two traces share a
  ///   file name.
  static func frameFileNames(_ paths: [String], folder: String?) throws(CommandError)
    -> [String?]
  {
    guard let folder else { return paths.map { _ in nil } }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
      throw .output(
        "--out \(folder): no such folder (with many traces --out names an existing folder; "
          + "one frame file per trace is written in it, NAME\(TraceSet.frameFileSuffix))")
    }
    guard isFolder.boolValue else {
      throw .usage(
        "--out \(folder): with many traces, expected an existing folder (one frame file per "
          + "trace is written in it, NAME.frames.jsonl)")
    }
    var seen: [String: String] = [:]
    var names: [String] = []
    for path in paths {
      var name = String(path.split(separator: "/").last ?? Substring(path))
      if name.hasSuffix(".jsonl") { name.removeLast(".jsonl".count) }
      let file =
        (folder.hasSuffix("/") ? folder : folder + "/") + name + TraceSet.frameFileSuffix
      if let other = seen[file] {
        throw .usage(
          "--out \(folder): \(other) and \(path) would both write \(file); replay them "
            + "separately or rename one")
      }
      seen[file] = path
      names.append(file)
    }
    return names
  }

  /// Replays one trace of many on the virtual clock (``ReplayRun``'s frame, without rows): the
  /// header's physics unless overridden, its frames to `frameFile` when given: whole, closed
  /// under a temporary name (``TraceRow/frameTemporary``) for the caller to put in place, or
  /// not at all. Returns nil when `interrupt` stopped it before its end.
  /// - Throws: the trace's input error (file and line), or a frame file's write error.
  static func replayOne(
    _ path: String, settings: ManySettings, frameFile: String?, interrupt: InterruptFlag
  ) throws(CommandError) -> TraceRow? {
    let warnings = Skipped()
    var loop: FrameLoop<TraceStreamInputs>
    let physics: String
    do {
      let inputs = try TraceStreamInputs(path: path) { warnings.list.append($0) }
      if inputs.header.traceKind == .offset {
        physics = "offset"
        loop = try FrameLoop(
          inputs: inputs, effect: settings.effect, refreshRate: settings.hz)
      } else {
        let profile = try physicsProfile(
          for: inputs.header, file: path, chosen: settings.profile,
          estimator: settings.estimator, rate: settings.rate)
        physics = profile.name
        loop = try FrameLoop(
          inputs: inputs, effect: settings.effect, refreshRate: settings.hz,
          profile: profile)
      }
    } catch {
      var error = error
      if error.file != path {
        // The effect's error (an axis this trace lacks) names the spec: say which trace.
        error.message += " (replaying \(path))"
      }
      throw .input(error)
    }
    let sink = try frameFile.map { (file: String) throws(CommandError) in
      try FrameSink.frames(path: file)
    }
    sink?.begin(
      FrameFile.Header(
        effect: settings.effect.name, refreshRate: settings.hz, trace: path,
        outputs: loop.outputs.map(\.name), isTwoAxis: loop.isTwoAxis, views: loop.viewNames))
    var run = ReplayRun(
      loop: loop, formatter: nil, shown: [], realtime: false, sinks: sink.map { [$0] } ?? [],
      progress: nil, interrupt: interrupt, console: nil)
    var clock = VirtualFrameClock(schedule: settings.schedule)
    ReplayRun.drive(&clock, &run)
    if let failure = run.failure {
      sink?.discard()
      throw .input(failure)
    }
    if let error = sink?.failure {
      sink?.discard()
      throw error
    }
    guard run.loop.isFinished else {
      sink?.discard()
      return nil
    }
    let temporary = try sink?.closeForLaterCommit()
    return TraceRow(
      path: path, physics: physics, statistics: run.statistics, outputs: run.loop.outputs,
      warnings: warnings.list, frameTemporary: temporary)
  }

  /// The `fastest_lift_pt_s` cell of a row, points per second, or nil before any lift: the
  /// fastest lift as the one-trace summary names it (``ReplaySummaryFormatter``), the signed
  /// release velocity of the fastest lift (the first of equal speeds), or on a two-axis trace its
  /// speed over both axes, `√(vx² + vy²)`, no sign.
  static func fastestLift(_ s: ReplayStatistics) -> Double? {
    guard s.releaseCount > 0 else { return nil }
    return s.horizontal.map(\.fastestReleaseSpeed) ?? s.fastestRelease?.velocity
  }

  /// The scope of a many-trace summary: `N traces`, or `K of N traces (interrupted: WHY)` when
  /// an interruption left `ran` of the `count` traces replayed or checked; then the shard.
  static func scope(
    ran: Int, of count: Int, interruptedBy reason: String?, shard: String?
  ) -> String {
    let traces =
      reason.map { "\(ran) of \(CheckReportFormatter.plural(count, "trace")) (interrupted: \($0))" }
      ?? CheckReportFormatter.plural(count, "trace")
    return traces + (shard.map { " (shard \($0))" } ?? "")
  }

  /// The summary of many traces: a table (one row per trace, then a total), CSV (rows only,
  /// the total on standard error) or JSON Lines (one `--format json` summary per trace, each
  /// on one line).
  static func printTable(
    _ rows: [TraceRow], settings: ManySettings, format: ReplayFormat, scope: String,
    console: Console
  ) {
    if format == .json {
      for row in rows {
        console.line(
          ReplaySummaryJSON(
            file: row.path, effect: settings.effect.name, schedule: settings.schedule,
            profile: row.physics, statistics: row.statistics, outputs: row.outputs,
            pacing: nil, interrupted: false, warnings: row.warnings
          ).text(oneLine: true))
      }
      return
    }
    let titles = [
      "trace", "physics", "frames", "time_s", "lifts", "fastest_lift_pt_s", "top_overscroll_pt",
      "bottom_overscroll_pt", "rest_s", "events",
    ]
    let cells: [[String]] = rows.map { row in
      let s = row.statistics
      return [
        row.path, row.physics, String(s.frames), Number.fixed(s.lastTime, 3),
        String(s.releaseCount), fastestLift(s).map { Number.fixed($0, 1) } ?? "-",
        Number.fixed(s.peakTopOverscroll, 2), Number.fixed(s.peakBottomOverscroll, 2),
        s.timeToRest.map { Number.fixed($0, 3) } ?? "-", String(s.eventCount),
      ]
    }
    let frames = rows.reduce(0) { $0 + $1.statistics.frames }
    let time = rows.reduce(0.0) { $0 + $1.statistics.lastTime }
    let lifts = rows.reduce(0) { $0 + $1.statistics.releaseCount }
    let events = rows.reduce(0) { $0 + $1.statistics.eventCount }
    let plural = CheckReportFormatter.plural
    let total =
      "Replayed \(scope) through \(settings.effect.name) at "
      + "\(ReplaySummaryFormatter.rates(settings.schedule)) (virtual clock): "
      + "\(plural(frames, "frame")) over \(Number.fixed(time, 3)) s, \(plural(lifts, "lift")), "
      + "\(plural(events, "threshold event"))."
    if format == .csv {
      console.line(titles.joined(separator: ","))
      for cell in cells { console.line(CSVField.row(cell)) }
      console.error(total)
      return
    }
    let widths = titles.indices.map { column in
      cells.reduce(titles[column].count) { Swift.max($0, $1[column].count) }
    }
    func line(_ texts: [String]) -> String {
      texts.indices.map { column in
        let pad = String(repeating: " ", count: widths[column] - texts[column].count)
        // The trace and physics columns read left to right; numbers align right.
        return column < 2 ? texts[column] + pad : pad + texts[column]
      }.joined(separator: "  ")
    }
    console.line(line(titles))
    for cell in cells { console.line(line(cell)) }
    console.line("")
    console.line(total)
  }
}
