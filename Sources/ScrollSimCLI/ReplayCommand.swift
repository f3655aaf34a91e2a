import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollTrace

/// `scrollsim replay`: replays a trace through the physics and an effect, frame by frame.
enum ReplayCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "replay",
    summary: "replay a trace through the physics and an effect, frame by frame",
    options: options,
    help: """
      usage: scrollsim replay <trace.jsonl> [options]
             scrollsim replay <DIR | GLOB | LIST | trace.jsonl…> [--jobs N] [--shard I/N] [options]

      Replays a recorded input trace (touches, and in format v2 wheel deltas, programmatic
      scrolls, status-bar taps (scrollToTop), content and viewport changes; in v3 trackpad
      phases, which rubber-band past an edge and spring back when the session ends;
      traces/FORMAT.md, example traces/examples/trackpad-session.jsonl) through the scroll
      physics and an effect. For each frame at its target time (index / rate) it
      applies the touches due by then, evaluates the physics at that time and the effect from
      that same offset, and prints: frame, time (s), offset (pt from rest at the top, negative
      when pulled down), velocity (pt/s; while a finger is down, the release velocity a lift at
      that moment would fling with), phase, each effect output, threshold events, then the
      scroll view's own events at their exact times (UIScrollViewDelegate callbacks such as
      scrollViewWillEndDragging(velocity:…;target:…)@t and
      scrollViewDidEndDecelerating(finished:true)@t, SwiftUI onScrollPhaseChange, jump markers;
      CSV column scroll_view; docs/delegate-events.md). A
      one-paragraph summary follows (on standard error with --format csv, so standard output
      stays pure CSV); a session of several touches adds a table of them, one row each:
      finger-down and lift times (s, the trace's own input times at any --hz, even when a
      lift and the next finger-down fall in one frame), release velocity (pt/s),
      peak overscroll at the top and bottom during the touch and the motion after it (pt), time
      from the lift to rest (s; "caught" when the next touch stopped the content first) and the
      offset at rest (pt). A trackpad session counts as a touch: its began is the finger-down,
      its ended (or cancelled) the release ("Release velocity at the end of the trackpad
      session"), and its rest comes after the system's momentum. A release that cannot move the
      content (at an edge moving past it in a clamping profile, or content that does not
      scroll) is told as "no fling:" with the reason. Same trace and options: byte-identical
      output.

      Release velocities (the velocity column while dragging, "Fling velocity at lift") are the
      offset's (content's) velocity, not the finger's: in the iOS profile the finger's velocity
      times the rubber band's slope when overscrolled (a lift far past an edge flings slowly);
      Flutter uses the finger's velocity as is (its overscroll friction applies to the drag
      deltas only); Android uses the finger's, absorbed by the stretch when a lift while
      stretched pushes further out. All are clamped to the profile's maximum fling speed and
      are 0 below its minimum.

      The trace header's "physics" names the profile (ios, android, flutter, flutter-fast,
      chromium, chromium-physics, chromium-mac, framer); --profile overrides it.

      Two axes: a trace whose header declares the horizontal axis (format v4:
      scroll.viewportWidth and scroll.contentWidth; example traces/examples/photo-pan.jsonl)
      scrolls in both. Touches' x drive it (a finger moving left scrolls right), as do wheel
      dx, scrollTo x and content or viewport width lines; the rows add offset_x_pt (pt from
      rest at the left) and velocity_x_pt_s after the vertical ones (CSV: at the end), the
      summary a sentence on the horizontal axis (--format json: an object "horizontal" with
      minimumOffset, maximumOffset, lastOffset in pt and fastestRelease in pt/s), and --out
      writes frame-file version 3 (x, vx). The scroll view's events carry both axes after the
      one-axis numbers (UIKit's CGPoint velocity and target, SwiftUI's CGVector velocity):
      scrollViewWillEndDragging(velocity:…;target:…;velocityX:…;velocityY:…;targetX:…;targetY:…),
      onScrollPhaseChange(…;velocityX:…;velocityY:…), jump(…;fromX:…;fromY:…;toX:…;toY:…). A
      dx, x or width line in a trace without a horizontal axis is bad input (exit 65). Paging
      and snapping: the header's scroll.targetBehaviorX and scroll.targetBehavior (format v4;
      example traces/examples/photo-pager.jsonl), or --target-x and --target-y (below).

      Nested scroll views: a trace whose header declares "nested" (format v4: collapsible
      headers above the list, a rule and a fling handover; example
      traces/examples/nested-header.jsonl with effects/examples/nested-header.json) replays
      the chain; the rows show the combined offset, then each view's contentOffset and
      velocity, outer to inner (header_offset_pt, header_velocity_pt_s, …, list_offset_pt,
      list_velocity_pt_s; header1, header2, … for further headers; CSV: at the end), --out
      writes frame-file version 4 ("views": each view's offset and velocity, which diff
      compares as views.header.offset, …), --trace-events adds their counters, each view's
      delegate callbacks are in the events (CSV scroll_view, frame files' scrollView), the
      view first: scrollViewDidScroll(view:header;offset:230)@t,
      scrollViewWillEndDragging(view:list;velocity:…;target:…)@t (docs/nested-scroll.md,
      "Delegate callbacks of a chain"; diff compares them), the summary a sentence on the
      views (each one's contentOffset min … max and at the end, pt; --format json: an array
      "views" of objects with name, minimumOffset, maximumOffset, lastOffset), and a spec's
      timelines read one view with "scrollView": "header", "list" or an index. An unknown rule, handover or snap
      name, a chain that cannot exist, a content or viewport line, or a spec naming a view
      the run lacks is bad input (exit 65).

      options:
      \(HelpText.options(options))

      An offset trace (format v2, "kind":"offset": contentOffset samples from a real app) skips
      the physics: its samples are resampled to the frame clock (linear interpolation, held
      after the end; traces/FORMAT.md) and fed to the effect. A partial last line left by a
      killed recording is skipped with a warning (--format json: "warnings").

      The trace may be a pipe or process substitution (read once, into memory); '-' reads
      standard input. --out and --trace-events are written to a temporary file beside them
      and renamed into place when the run ends; a frame file ends with a closing record
      (traces/FORMAT.md). SIGINT (Ctrl-C) and SIGTERM stop the run at a frame boundary: the
      rows so far and the summary are printed (it opens "Interrupted by SIGINT (Ctrl-C) at
      t = … s: a partial replay"; --format json: "interrupted": true), a line on standard error
      says where it stopped, and what the outputs held is kept as NAME.cut.EXT (the files
      named by the options are left as they were). Each trace line is parsed once, when the replay reaches
      it: a bad line stops the run there, after the rows before it, with the error (exit 65;
      "the frames above are incomplete") and no summary; --out files are then not written.

      Many traces (a folder: its *.jsonl files but *.frames.jsonl; a quoted glob; a list file,
      not *.jsonl: one path per line, relative to the list's folder, LF or CRLF, # comments; or several
      paths; a file named twice, as x.jsonl and ./x.jsonl, runs once) replay on --jobs threads,
      each with its header's physics, and print one summary table, a row per trace in path
      order (the same bytes at any --jobs; csv: rows only, RFC 4180 quoting, the total on
      standard error; json: JSON Lines, one compact summary object per line). A row's lifts
      are all the trace's lifts; fastest_lift_pt_s is the fastest lift as the one-trace summary
      names it: its signed release velocity (the first of equal speeds), or on a two-axis trace
      its speed over both axes, √(vx² + vy²), no sign. An interrupted run lists the traces
      replayed and its total says so: "Replayed 9 of 10 traces (interrupted: SIGINT
      (Ctrl-C)) …" (check --traces likewise: "over 9 of 10 traces (interrupted: …)").
      --shard I/N replays a stable share, for a CI matrix (an empty shard runs nothing and
      exits 0). --out DIR (an existing folder, else exit 74) writes each trace's frames to
      DIR/NAME.frames.jsonl; --outputs, --realtime, --max-hitch-ratio and --trace-events apply
      to one trace only. Nothing to run (an empty folder or list, a glob matching nothing) is
      exit 74. A trace that cannot be read or is rejected stops the run with its file and line
      (exit 74 or 65), saying which frame files --out wrote before it stopped. A progress line
      goes to standard error when it is a terminal.

      \(HelpText.exitStatuses([.success, .regression, .usage, .dataError, .ioError, .interrupted]))
      """,
    run: run)

  static let effect = Option<String>(
    "effect", "NAME[,NAME…]", repeatable: true,
    help: "effect preset(s) (default apple-music), or all of them: "
      + EffectPreset.allCases.map(\.rawValue).joined(separator: ", ")
      + ". Several (a list, or the option repeated) run together as one group, one pass per "
      + "frame; their outputs are named effect/output (a single effect keeps its output names)")
  static let effects = Option<String>(
    "effects", "FILE[,FILE…]", repeatable: true,
    help: "effect spec file(s) (format: effects/README.md), preset names or all, instead of "
      + "--effect; a path that exists is one file even with commas in it")
  static let profile = CommonOptions.profile.help(
    "physics profile: ios, android, flutter, flutter-fast, chromium, chromium-physics, "
      + "chromium-mac, "
      + "framer or a "
      + "JSON profile file (profiles/README.md); "
      + "default: the trace header's \"physics\"")
  static let format = Option<ReplayFormat>(
    "format", "FORMAT",
    help: "table (default), csv (summary on standard error), or json (the summary as one JSON "
      + "object, with the frame-pacing metrics of a real-time run; no frame rows. Times are in "
      + "seconds, offsets in points, velocities in points/second; the pacing object's durations "
      + "and lateness in nanoseconds, its hitch ratio in ms/s)")
  static let outputs = Option<String>(
    "outputs", "NAME[,NAME…]",
    help: "show only these outputs (and their events) in the rows and the summary; frame files "
      + "(--out, --trace-events) keep every output")
  static let summaryOnly = Flag(
    "summary-only", help: "print only the summary (the paragraph, and a session's table of touches)"
  )
  static let realtime = Flag(
    "realtime",
    help: "run on a DispatchSourceTimer at the frame rate (wall-clock time) instead of the "
      + "virtual clock; missed frames are counted, not replayed. Rows are buffered and written "
      + "at the end (or on Ctrl-C, which stops the run early); progress goes to stderr when it "
      + "is a terminal. The summary adds frame pacing: lateness p50/p90/p99/max, hitch time "
      + "ratio (ms/s, WWDC20 bands), JankStats janky frames, Chrome delayed frames")
  static let out = CommonOptions.out.help(
    "also write every frame to FILE: .jsonl (JSON Lines) or .csv, full precision, for "
      + "'scrollsim diff' and 'scrollsim plot'")
  static let traceEvents = Option<String>(
    "trace-events", "FILE",
    help: "also write Chrome trace-event JSON (opens in ui.perfetto.dev)")

  /// Every option of `replay`, in help order.
  static let options: [OptionInfo] = [
    effect.info, effects.info, CommonOptions.hz.info, profile.info, CommonOptions.estimator.info,
    CommonOptions.rate.info, CommonOptions.hzChanges.info, format.info, outputs.info,
    summaryOnly.info, realtime.info, CommonOptions.maxHitchRatio.info, out.info, traceEvents.info,
    CommonOptions.jobs.info, CommonOptions.shard.info, ci.junit.info, ci.annotations.info,
    TargetBehaviorOptions.y.info, TargetBehaviorOptions.x.info,
  ]

  /// `--junit` and `--annotations` of a real-time replay's pacing check (its JSON is
  /// `--format json`).
  static let ci = (
    junit: CIOutputs.junit.help(
      "with --max-hitch-ratio: also write the pacing check as JUnit XML (one testcase: the "
        + "trace; a failure when the hitch time ratio exceeds the bound)"),
    annotations: CIOutputs.annotations
  )

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(words, command: "replay", options: options, console: console)
    if wantsMany(arguments) { return try replayMany(arguments, console: console) }
    let path = try arguments.singlePositional("a trace file")
    // One trace runs as one job; a bad --jobs is still a usage error, as with many.
    _ = try arguments.value(CommonOptions.jobs)
    let effect = try EffectSelection.compile(
      presets: arguments.values(Self.effect), files: arguments.values(effects))
    let columns = try OutputColumns.parse(
      arguments.text(outputs), names: effect.outputs.map(\.name), owner: "the effect")
    let hz = try arguments.value(CommonOptions.hz, default: 120)
    let estimator = try arguments.value(CommonOptions.estimator)
    let rate = try arguments.value(CommonOptions.rate)?.value
    let profileChoice = try arguments.value(Self.profile)
    let format = try arguments.value(Self.format, default: .table)
    // json prints only the summary, so the row style is irrelevant then.
    let json = format == .json
    let style: FrameFormatter.Style = format == .table ? .table : .csv
    let summaryOnly = arguments.flag(Self.summaryOnly) || json
    let realtime = arguments.flag(Self.realtime)
    let schedule = try PacingOptions.schedule(
      hz: hz, changes: arguments.text(CommonOptions.hzChanges))
    let maxHitchRatio = try PacingOptions.maxHitchRatio(arguments, realtime: realtime)
    let ci = try CIOutputs(arguments, withJSON: false)
    if ci.isRequested && maxHitchRatio == nil {
      throw .usage(
        "--junit and --annotations report the pacing check: give --realtime --max-hitch-ratio X")
    }
    try OutputPaths.check(input: path, outputs: ci.paths)
    try ci.checkWritable()

    // Opened once: a pipe or process substitution is read here, a FIFO waits for its writer.
    let input = try CommandInput.open(path, console: console)
    // SIGINT and SIGTERM stop the run at a frame boundary (virtual clock and real time alike);
    // caught from here on, before any output.
    let interrupt = InterruptFlag.catchingInterrupts()
    defer { interrupt.release() }
    let sinks = try frameSinks(arguments, hz: hz, input: path)
    // Options that need the physics or a real-time clock; an offset trace has neither.
    let physicsOnly =
      [
        Self.profile.info, CommonOptions.estimator.info, CommonOptions.rate.info,
        CommonOptions.hzChanges.info, CommonOptions.maxHitchRatio.info, Self.realtime.info,
        TargetBehaviorOptions.y.info, TargetBehaviorOptions.x.info,
      ]
      .filter(arguments.isGiven).map { "--" + $0.name } + (json ? ["--format json"] : [])
    if let status = try replayOffsetTrace(
      input: input, effect: effect, hz: hz, style: style, columns: columns,
      summaryOnly: summaryOnly, sinks: sinks, refusing: physicsOnly, interrupt: interrupt,
      console: console)
    {
      return status
    }
    // Input traces stream from the file, so memory stays bounded whatever the trace's length,
    // and each line is parsed once, as the frame loop reaches it. A bad line stops the run
    // there: the rows printed so far are followed by the error, which says the frames above
    // are incomplete (exit 65), and every --out file is discarded (never a partial result
    // presented as whole).
    let inputs: TraceStreamInputs
    let skipped = Skipped()
    do {
      inputs = try TraceStreamInputs(
        input: input,
        warn: {
          skipped.list.append($0)
          console.diagnostic(.warning, $0)
        })
    } catch {
      for sink in sinks { sink.discard() }
      throw .input(error)
    }
    let chosen = try profileChoice?.load()
    let profile: PhysicsProfile
    do {
      profile = try Self.physicsProfile(
        for: inputs.header, file: path, chosen: chosen, estimator: estimator, rate: rate)
    } catch {
      throw .input(error)
    }
    let targets = try TargetBehaviorOptions.resolve(arguments, header: inputs.header, path: path)
    let loop: FrameLoop<TraceStreamInputs>
    do {
      loop = try FrameLoop(
        inputs: inputs, effect: effect, refreshRate: hz, profile: profile,
        targetBehavior: targets.vertical, targetBehaviorX: targets.horizontal)
    } catch {
      throw .input(error)
    }
    let formatter = FrameFormatter(
      style: style, outputs: loop.outputs, columns: columns, isTwoAxis: loop.isTwoAxis,
      views: loop.viewNames)
    let frameHeader = FrameFile.Header(
      effect: effect.name, refreshRate: hz, trace: path, outputs: loop.outputs.map(\.name),
      isTwoAxis: loop.isTwoAxis, views: loop.viewNames)
    for sink in sinks { sink.begin(frameHeader) }
    var run = ReplayRun(
      loop: loop, formatter: summaryOnly ? nil : formatter, shown: Set(columns),
      realtime: realtime, sinks: sinks, progress: realtime ? ReplayProgress() : nil,
      interrupt: interrupt, console: console)
    var pacing: FramePacing?
    if realtime {
      // Says the run started (a long run's only sign of life when standard error is not a
      // terminal: rows are written at the end) and how to stop it.
      console.error(
        "scrollsim: real-time replay started at \(hz) Hz; SIGINT (Ctrl-C) or SIGTERM stops it "
          + "at the next frame")
      var clock = DispatchFrameClock(schedule: schedule)
      ReplayRun.drive(&clock, &run)
      run.progress?.finish()
      pacing = FramePacing(timings: clock.timings, schedule: schedule)
      for row in run.rows { console.line(row) }
    } else {
      var clock = VirtualFrameClock(schedule: schedule)
      ReplayRun.drive(&clock, &run)
    }
    let statistics = run.statistics
    let shownEvents = run.shownEvents
    if var failure = run.failure {
      for sink in sinks { sink.discard() }
      if !summaryOnly && statistics.frames > 0 {
        failure.message += Self.rowsIncomplete
      }
      throw .input(failure)
    }
    let stopped: [String]
    switch try endSinks(
      sinks, interrupted: interrupt.isSet, rowsShown: !summaryOnly && statistics.frames > 0,
      console: console)
    {
    case .failed(let status): return status
    case .ended(let clauses): stopped = clauses
    }
    if json {
      console.line(
        ReplaySummaryJSON(
          file: path, effect: effect.name, schedule: schedule, profile: profile.name,
          statistics: statistics, outputs: run.loop.outputs, columns: columns,
          eventCount: shownEvents, pacing: pacing,
          interrupted: interrupt.isSet, warnings: skipped.list
        ).text())
    } else {
      var summary = ReplaySummaryFormatter.paragraph(
        file: path, effect: effect.name, schedule: schedule, profile: profile.name,
        statistics: statistics,
        outputs: run.loop.outputs, columns: columns, eventCount: shownEvents, realtime: realtime)
      if let pacing { summary += " " + PacingSummaryFormatter.sentence(pacing) }
      if interrupt.isSet {
        summary = ReplaySummaryFormatter.interrupted(interrupt.reason, at: statistics) + summary
      }
      if let table = ReplaySummaryFormatter.gestureTable(statistics) {
        summary += "\n\n" + table
      }
      printSummary(summary, style: style, summaryOnly: summaryOnly, console: console)
    }
    if interrupt.isSet {
      // The last frame computed (the run stops after a whole frame).
      let at =
        run.loop.frameIndex < 0
        ? nil
        : "after frame \(run.loop.frameIndex) (t = \(Number.fixed(run.loop.sample.time, 3)) s)"
      console.error(
        CommandInput.interruption(
          interrupt,
          what: (at ?? "before the first frame")
            + ", \(CheckReportFormatter.plural(statistics.frames, "frame")) replayed",
          outputs: stopped))
      return .interrupted
    }
    if let pacing, let maxHitchRatio, ci.isRequested {
      let (report, annotations) = pacingResults(
        trace: path, effect: effect.name, pacing: pacing, bound: maxHitchRatio,
        duration: statistics.lastTime)
      try ci.emit(report, annotations: annotations, print: console.line)
    }
    if let pacing, let maxHitchRatio, pacing.hitchTimeRatio > maxHitchRatio {
      console.error(
        "scrollsim: pacing check failed: hitch time ratio \(Number.fixed(pacing.hitchTimeRatio, 2)) ms/s "
          + "exceeds --max-hitch-ratio \(Number.text(maxHitchRatio)) ms/s")
      return .regression
    }
    return .success
  }

  /// The CI results of a real-time replay's pacing check: one test case (the trace), failed
  /// when the hitch time ratio exceeds `bound` (ms/s), with the pacing sentence as details; one
  /// annotation on the trace file then.
  static func pacingResults(
    trace: String, effect: String, pacing: FramePacing, bound: Double, duration: Double
  ) -> (TestReport, [Annotation]) {
    var item = TestReport.Case(
      name: trace, className: "scrollsim.replay.pacing." + effect, time: duration)
    var annotations: [Annotation] = []
    if pacing.hitchTimeRatio > bound {
      let message =
        "hitch time ratio \(Number.fixed(pacing.hitchTimeRatio, 2)) ms/s exceeds "
        + "--max-hitch-ratio \(Number.text(bound)) ms/s"
      item.failures = [
        TestReport.Failure(
          message: message, type: "hitch-ratio", details: PacingSummaryFormatter.sentence(pacing))
      ]
      annotations.append(
        Annotation(
          .error, file: trace, line: nil, title: "scrollsim replay: pacing",
          message: message + ". " + PacingSummaryFormatter.sentence(pacing)))
    } else {
      item.output = PacingSummaryFormatter.sentence(pacing)
    }
    return (TestReport(name: "scrollsim replay --realtime \(trace)", cases: [item]), annotations)
  }

  /// The physics of one trace's replay: `chosen` (`--profile`) or the profile the header names,
  /// with `--estimator` and `--rate` applied on top.
  /// - Throws: ``/ScrollSimCore/InputError`` at the header's line for an unknown profile name.
  static func physicsProfile(
    for header: TraceHeader, file: String, chosen: PhysicsProfile?,
    estimator: VelocityEstimator?, rate: Double?
  ) throws(InputError) -> PhysicsProfile {
    var profile: PhysicsProfile
    if let chosen {
      profile = chosen
    } else {
      profile = try header.physicsProfile(file: file)
    }
    if let estimator { profile.velocityEstimator = estimator }
    if let rate { profile.decelerationRate = rate }
    return profile
  }
}
