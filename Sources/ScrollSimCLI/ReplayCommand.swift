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
    help: """
      usage: scrollsim replay <trace.jsonl> [options]

      Replays a recorded input trace (touches, and in format v2 wheel deltas, programmatic
      scrolls, content and viewport changes; traces/FORMAT.md) through the scroll physics and an
      effect. For each frame at its target time (index / rate) it
      applies the touches due by then, evaluates the physics at that time and the effect from
      that same offset, and prints: frame, time (s), offset (pt from rest at the top, negative
      when pulled down), velocity (pt/s; while a finger is down, the release velocity a lift at
      that moment would fling with), phase, each effect output, threshold events. A
      one-paragraph summary follows (on standard error with --format csv, so standard output
      stays pure CSV). Same trace and options: byte-identical output.

      Release velocities (the velocity column while dragging, "Fling velocity at lift") are the
      offset's (content's) velocity, not the finger's: in the iOS profile the finger's velocity
      times the rubber band's slope when overscrolled (a lift far past an edge flings slowly);
      Flutter uses the finger's velocity as is (its overscroll friction applies to the drag
      deltas only); Android uses the finger's, absorbed by the stretch when a lift while
      stretched pushes further out. All are clamped to the profile's maximum fling speed and
      are 0 below its minimum.

      The trace header's "physics" names the profile (ios, android, flutter); --profile
      overrides it.

      options:
        --effect NAME[,NAME…]
                            effect preset(s) (default apple-music), or all of them:
                            \(EffectPreset.allCases.map(\.rawValue).joined(separator: ", ")).
                            Several (a list, or the option repeated) run together as one
                            group, one pass per frame; their outputs are named
                            effect/output (a single effect keeps its output names)
        --effects FILE[,FILE…]
                            effect spec file(s) (format: effects/README.md), preset names or
                            all, instead of --effect; a path that exists is one file even
                            with commas in it
        --hz N              frame rate in frames per second, 1…1000 (default 120)
        --profile NAME|FILE physics profile: ios, android, flutter or a JSON profile file
                            (profiles/README.md); default: the trace header's "physics"
        --estimator NAME    release-velocity estimator: ios (weighted) or lsq (least squares);
                            default: the profile's
        --rate RATE         deceleration rate: normal (0.998), fast (0.99) or a factor per
                            millisecond in (0, 0.9995]; default: the profile's
        --hz-changes LIST   ProMotion-style rate changes, FRAME:HZ pairs separated by commas
                            (e.g. 240:60,480:120: frame 240 is the first at 60 Hz)
        --format FORMAT     table (default), csv (summary on standard error), or json (the
                            summary as one JSON object, with the frame-pacing metrics of a
                            real-time run; no frame rows. Times are in seconds, offsets in
                            points, velocities in points/second; the pacing object's
                            durations and lateness in nanoseconds, its hitch ratio in ms/s)
        --outputs NAME[,NAME…]
                            show only these outputs (and their events) in the rows and the
                            summary; frame files (--output, --trace-events) keep every output
        --summary-only      print only the summary paragraph
        --realtime          run on a DispatchSourceTimer at the frame rate (wall-clock time)
                            instead of the virtual clock; missed frames are counted, not replayed.
                            Rows are buffered and written at the end (or on Ctrl-C, which stops
                            the run early); progress goes to stderr when it is a terminal. The
                            summary adds frame pacing: lateness p50/p90/p99/max, hitch time ratio
                            (ms/s, WWDC20 bands), JankStats janky frames, Chrome delayed frames
        --max-hitch-ratio X with --realtime: fail (exit 3) when the hitch time ratio exceeds X ms/s
                            (Apple's bands: good < 5, warning 5–10, critical ≥ 10)
        --output FILE       also write every frame to FILE: .jsonl (JSON Lines) or .csv, full
                            precision, for 'scrollsim diff' and 'scrollsim plot'
        --trace-events FILE also write Chrome trace-event JSON (opens in ui.perfetto.dev)

      An offset trace (format v2, "kind":"offset": contentOffset samples from a real app) skips
      the physics: its samples are resampled to the frame clock (linear interpolation, held
      after the end; traces/FORMAT.md) and fed to the effect. A partial last line left by a
      killed recording is skipped with a warning.

      exit status: 0 done, 3 pacing worse than --max-hitch-ratio, 64 bad command line, 65 bad
      trace data (file:line: field: message), 74 unreadable file, 130 interrupted (Ctrl-C).
      """,
    run: run)

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError) -> Int32 {
    let arguments = try ArgumentList(
      words, command: "replay",
      valued: [
        "effect", "effects", "hz", "profile", "estimator", "rate", "format", "hz-changes",
        "max-hitch-ratio", "output", "trace-events", "outputs",
      ],
      flags: ["summary-only", "realtime"])
    let path = try arguments.singlePositional("a trace file")
    let effect = try EffectSelection.compile(
      presets: arguments.values("effect"), files: arguments.values("effects"))
    let columns = try OutputColumns.parse(
      arguments.value("outputs"), names: effect.outputs.map(\.name), owner: "the effect")
    let hz = try arguments.value("hz", default: 120, expected: "an integer in 1…1000") { text in
      Int(text).flatMap { (1...1000).contains($0) ? $0 : nil }
    }
    let estimator = try arguments.value(
      "estimator", default: nil, expected: "ios or lsq", VelocityEstimator.init(rawValue:))
    let rate = try arguments.value(
      "rate", default: nil, expected: "normal, fast or a number in (0, 0.9995]"
    ) { text -> Double?? in
      switch text {
      case "normal": Deceleration.normalRate
      case "fast": Deceleration.fastRate
      default: Double(text).flatMap { $0 > 0 && $0 <= PhysicsProfile.slowestRate ? $0 : nil }
      }
    }
    // json prints only the summary, so the row style is irrelevant then.
    let json = arguments.value("format") == "json"
    let style = try arguments.value(
      "format", default: FrameFormatter.Style.table, expected: "table, csv or json"
    ) { json ? .csv : FrameFormatter.Style(rawValue: $0) }
    let summaryOnly = arguments.flag("summary-only") || json
    let realtime = arguments.flag("realtime")
    let schedule = try PacingOptions.schedule(hz: hz, changes: arguments.value("hz-changes"))
    let maxHitchRatio = try PacingOptions.maxHitchRatio(arguments, realtime: realtime)

    guard FileManager.default.fileExists(atPath: path) else {
      throw .io("\(path): no such file")
    }
    let sinks = try frameSinks(arguments, hz: hz, input: path)
    // Options that need the physics or a real-time clock; an offset trace has neither.
    let physicsOnly =
      ["profile", "estimator", "rate", "hz-changes", "max-hitch-ratio"]
      .filter { arguments.value($0) != nil }.map { "--\($0)" }
      + (realtime ? ["--realtime"] : []) + (json ? ["--format json"] : [])
    if let status = try replayOffsetTrace(
      path: path, effect: effect, hz: hz, style: style, columns: columns,
      summaryOnly: summaryOnly, sinks: sinks, refusing: physicsOnly, console: console)
    {
      return status
    }
    // Input traces stream from the file, so memory stays bounded whatever the trace's length.
    // A first streaming pass validates every line, so bad data stops the run before any frame
    // is printed (never partial output that looks complete).
    let inputs: TraceStreamInputs
    do {
      let validation = try TraceStreamReader(path: path, warn: { _ in })
      while try validation.next() != nil {}
      inputs = try TraceStreamInputs(
        path: path, warn: { console.error("scrollsim: warning: \($0)") })
    } catch {
      throw .data(error.description)
    }
    var profile: PhysicsProfile
    if let choice = arguments.value("profile") {
      profile = try SimulateCommand.loadProfile(choice)
    } else {
      do {
        profile = try inputs.header.physicsProfile(file: path)
      } catch {
        throw .data(error.description + " (or choose one with --profile)")
      }
    }
    if let estimator { profile.velocityEstimator = estimator }
    if let rate { profile.decelerationRate = rate }
    var loop: FrameLoop<TraceStreamInputs>
    do {
      loop = try FrameLoop(inputs: inputs, effect: effect, refreshRate: hz, profile: profile)
    } catch {
      throw .data(error.description)
    }
    let formatter = FrameFormatter(style: style, outputs: loop.outputs, columns: columns)
    var statistics = ReplayStatistics(outputCount: loop.outputs.count)
    let frameHeader = FrameFile.Header(
      effect: effect.name, refreshRate: hz, trace: path, outputs: loop.outputs.map(\.name))
    for sink in sinks { sink.begin(frameHeader) }
    if !summaryOnly { console.line(formatter.header()) }
    var failure: TraceError?
    var rows: [String] = []
    var pacing: FramePacing?
    let interrupt = realtime ? InterruptFlag.catchingInterrupt() : nil
    defer { interrupt?.release() }
    let progress = realtime ? ReplayProgress() : nil
    // Threshold events of the shown outputs (--outputs), for the summary.
    let shown = Set(columns)
    var shownEvents = 0
    func drive<Clock: FrameClock>(_ clock: inout Clock) {
      clock.run { tick in
        do throws(TraceError) {
          try loop.computeFrame(tick.index, at: tick.time)
        } catch {
          failure = error
          return false
        }
        statistics.record(loop, missedBefore: tick.missedBefore)
        for event in loop.events where shown.contains(event.output) { shownEvents += 1 }
        if !summaryOnly {
          // Real time: keep rows in memory so terminal or pipe writes never stall a frame.
          if realtime {
            rows.append(formatter.row(loop))
          } else {
            console.line(formatter.row(loop))
          }
        }
        if !sinks.isEmpty {
          let record = FrameRecord(loop)
          for sink in sinks { sink.write(record) }
        }
        progress?.update(
          time: tick.time, frames: statistics.frames, missed: statistics.missedFrames)
        return !loop.isFinished && !(interrupt?.isSet ?? false)
      }
    }
    if realtime {
      var clock = DispatchFrameClock(schedule: schedule)
      drive(&clock)
      progress?.finish()
      pacing = FramePacing(timings: clock.timings, schedule: schedule)
      for row in rows { console.line(row) }
    } else {
      var clock = VirtualFrameClock(schedule: schedule)
      drive(&clock)
    }
    for sink in sinks { try sink.close() }
    if let failure {
      throw .data(
        failure.description
          + (summaryOnly ? "" : " (replay stopped; the frames above are incomplete)"))
    }
    if json {
      console.line(
        ReplaySummaryJSON(
          file: path, effect: effect.name, schedule: schedule, profile: profile.name,
          statistics: statistics, outputs: loop.outputs, columns: columns,
          eventCount: shownEvents, pacing: pacing,
          interrupted: interrupt?.isSet ?? false
        ).text())
    } else {
      var summary = ReplaySummaryFormatter.paragraph(
        file: path, effect: effect.name, schedule: schedule, profile: profile.name,
        statistics: statistics,
        outputs: loop.outputs, columns: columns, eventCount: shownEvents, realtime: realtime)
      if let pacing { summary += " " + PacingSummaryFormatter.sentence(pacing) }
      printSummary(summary, style: style, summaryOnly: summaryOnly, console: console)
    }
    if interrupt?.isSet ?? false {
      console.error("scrollsim: interrupted after \(statistics.frames) frames")
      return 130
    }
    if let pacing, let maxHitchRatio, pacing.hitchTimeRatio > maxHitchRatio {
      console.error(
        "scrollsim: pacing check failed: hitch time ratio \(Number.fixed(pacing.hitchTimeRatio, 2)) ms/s "
          + "exceeds --max-hitch-ratio \(Number.text(maxHitchRatio)) ms/s")
      return 3
    }
    return 0
  }
}
