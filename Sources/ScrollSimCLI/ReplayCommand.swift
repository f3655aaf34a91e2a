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

      Replays a recorded trace (ScrollSim trace format v1, traces/FORMAT.md) through the iOS
      scroll physics and an effect preset. For each frame at its target time (index / rate) it
      applies the touches due by then, evaluates the physics at that time and the effect from
      that same offset, and prints: frame, time (s), offset (pt from rest at the top, negative
      when pulled down), velocity (pt/s), phase, each effect output, threshold events. A
      one-paragraph summary follows. Same trace and options: byte-identical output.

      options:
        --effect NAME       effect preset (default apple-music): \(EffectPreset.allCases.map(\.rawValue).joined(separator: ", "))
        --hz N              frame rate in frames per second, 1…1000 (default 120)
        --estimator NAME    release-velocity estimator: ios (weighted, default) or lsq (least squares)
        --rate RATE         deceleration rate: normal (0.998, default), fast (0.99) or a number in (0, 1)
        --format FORMAT     table (default) or csv
        --summary-only      print only the summary paragraph
        --realtime          run on a DispatchSourceTimer at the frame rate (wall-clock time)
                            instead of the virtual clock; missed frames are counted, not replayed
        --output FILE       also write every frame to FILE: .jsonl (JSON Lines) or .csv, full
                            precision, for 'scrollsim diff' and 'scrollsim plot'
        --trace-events FILE also write Chrome trace-event JSON (opens in ui.perfetto.dev)

      An offset trace (format v2, "kind":"offset": contentOffset samples from a real app) skips
      the physics: its samples are resampled to the frame clock (linear interpolation, held
      after the end; traces/FORMAT.md) and fed to the effect. A partial last line left by a
      killed recording is skipped with a warning.

      exit status: 0 done, 64 bad command line, 65 bad trace data (file:line: field: message),
      74 unreadable file.
      """,
    run: run)

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError) -> Int32 {
    let arguments = try ArgumentList(
      words, command: "replay", valued: ["effect", "hz", "estimator", "rate", "format", "output", "trace-events"],
      flags: ["summary-only", "realtime"])
    let path = try arguments.singlePositional("a trace file")
    let preset = try arguments.value(
      "effect", default: EffectPreset.appleMusic,
      expected: EffectPreset.allCases.map(\.rawValue).joined(separator: ", "), EffectPreset.init(rawValue:))
    let hz = try arguments.value("hz", default: 120, expected: "an integer in 1…1000") { text in
      Int(text).flatMap { (1...1000).contains($0) ? $0 : nil }
    }
    var profile = PhysicsProfile.ios
    profile.velocityEstimator = try arguments.value(
      "estimator", default: .iosWeighted, expected: "ios or lsq", VelocityEstimator.init(rawValue:))
    profile.decelerationRate = try arguments.value(
      "rate", default: Deceleration.normalRate, expected: "normal, fast or a number in (0, 1)"
    ) { text in
      switch text {
      case "normal": Deceleration.normalRate
      case "fast": Deceleration.fastRate
      default: Double(text).flatMap { $0 > 0 && $0 < 1 ? $0 : nil }
      }
    }
    let style = try arguments.value(
      "format", default: FrameFormatter.Style.table, expected: "table or csv", FrameFormatter.Style.init(rawValue:))
    let summaryOnly = arguments.flag("summary-only")
    let realtime = arguments.flag("realtime")

    guard FileManager.default.fileExists(atPath: path) else {
      throw .io("\(path): no such file")
    }
    let sinks = try frameSinks(arguments, hz: hz)
    if let status = try replayOffsetTrace(
      path: path, preset: preset, hz: hz, style: style, summaryOnly: summaryOnly, sinks: sinks,
      console: console)
    {
      return status
    }
    let trace: Trace
    do {
      trace = try TraceReader.read(path: path, recovering: { console.error("scrollsim: warning: \($0)") })
    } catch {
      throw .data(error.description)
    }
    try rejectControls(trace, file: path)
    var loop: FrameLoop
    do {
      loop = try FrameLoop(trace: trace, file: path, effect: PresetEffect(preset), refreshRate: hz, profile: profile)
    } catch {
      throw .data(error.description)
    }
    let formatter = FrameFormatter(style: style, outputs: loop.outputs)
    var statistics = ReplayStatistics(outputCount: loop.outputs.count)
    let frameHeader = FrameFile.Header(
      effect: preset.rawValue, refreshRate: hz, trace: path, outputs: loop.outputs.map(\.name))
    sinks.forEach { $0.begin(frameHeader) }
    if !summaryOnly { console.line(formatter.header()) }
    var failure: TraceError?
    func drive<Clock: FrameClock>(_ clock: inout Clock) {
      clock.run { tick in
        do throws(TraceError) {
          try loop.computeFrame(tick.index)
        } catch {
          failure = error
          return false
        }
        statistics.record(loop, missedBefore: tick.missedBefore)
        if !summaryOnly { console.line(formatter.row(loop)) }
        if !sinks.isEmpty { sinks.forEach { $0.write(FrameRecord(loop)) } }
        return !loop.isFinished
      }
    }
    if realtime {
      var clock = DispatchFrameClock(refreshRate: hz)
      drive(&clock)
    } else {
      var clock = VirtualFrameClock(refreshRate: hz)
      drive(&clock)
    }
    for sink in sinks { try sink.close() }
    if let failure { throw .data(failure.description + " (replay stopped; the frames above are incomplete)") }
    if !summaryOnly { console.line("") }
    console.line(
      ReplaySummaryFormatter.paragraph(
        file: path, effect: preset, refreshRate: hz, profile: trace.header.physics, statistics: statistics,
        outputs: loop.outputs, realtime: realtime))
    return 0
  }
}
