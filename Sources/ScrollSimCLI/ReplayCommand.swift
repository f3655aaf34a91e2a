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
      when pulled down), velocity (pt/s; while a finger is down, the release velocity a lift at
      that moment would fling with), phase, each effect output, threshold events. A
      one-paragraph summary follows (on standard error with --format csv, so standard output
      stays pure CSV). Same trace and options: byte-identical output.

      The trace header's "physics" names the profile (ios, android, flutter); --profile
      overrides it.

      options:
        --effect NAME       effect preset (default apple-music): \(EffectPreset.allCases.map(\.rawValue).joined(separator: ", "))
        --hz N              frame rate in frames per second, 1…1000 (default 120)
        --profile NAME|FILE physics profile: ios, android, flutter or a JSON profile file
                            (profiles/README.md); default: the trace header's "physics"
        --estimator NAME    release-velocity estimator: ios (weighted) or lsq (least squares);
                            default: the profile's
        --rate RATE         deceleration rate: normal (0.998), fast (0.99) or a factor per
                            millisecond in (0, 1); default: the profile's
        --format FORMAT     table (default) or csv (summary on standard error)
        --summary-only      print only the summary paragraph
        --realtime          run on a DispatchSourceTimer at the frame rate (wall-clock time)
                            instead of the virtual clock; missed frames are counted, not replayed

      exit status: 0 done, 64 bad command line, 65 bad trace data (file:line: field: message),
      74 unreadable file.
      """,
    run: run)

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError) -> Int32 {
    let arguments = try ArgumentList(
      words, command: "replay", valued: ["effect", "hz", "profile", "estimator", "rate", "format"],
      flags: ["summary-only", "realtime"])
    let path = try arguments.singlePositional("a trace file")
    let preset = try arguments.value(
      "effect", default: EffectPreset.appleMusic,
      expected: EffectPreset.allCases.map(\.rawValue).joined(separator: ", "), EffectPreset.init(rawValue:))
    let hz = try arguments.value("hz", default: 120, expected: "an integer in 1…1000") { text in
      Int(text).flatMap { (1...1000).contains($0) ? $0 : nil }
    }
    let estimator = try arguments.value(
      "estimator", default: nil, expected: "ios or lsq", VelocityEstimator.init(rawValue:))
    let rate = try arguments.value(
      "rate", default: nil, expected: "normal, fast or a number in (0, 1)"
    ) { text -> Double?? in
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
    let trace: Trace
    do {
      trace = try TraceReader.read(path: path)
    } catch {
      throw .data(error.description)
    }
    var profile: PhysicsProfile
    if let choice = arguments.value("profile") {
      profile = try SimulateCommand.loadProfile(choice)
    } else if let named = PhysicsProfile.named(trace.header.physics) {
      profile = named
    } else {
      let names = PhysicsProfile.builtIn.map(\.name).joined(separator: ", ")
      throw .data(
        "\(path):1: physics: unknown profile \"\(trace.header.physics)\"; expected \(names) "
          + "(or choose one with --profile)")
    }
    if let estimator { profile.velocityEstimator = estimator }
    if let rate { profile.decelerationRate = rate }
    var loop: FrameLoop
    do {
      loop = try FrameLoop(trace: trace, file: path, effect: PresetEffect(preset), refreshRate: hz, profile: profile)
    } catch {
      throw .data(error.description)
    }
    let formatter = FrameFormatter(style: style, outputs: loop.outputs)
    var statistics = ReplayStatistics(outputCount: loop.outputs.count)
    if !summaryOnly { console.line(formatter.header()) }
    // In real time every frame is written as it is computed, so it shows up live.
    console.isUnbuffered = realtime
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
    if let failure {
      throw .data(failure.description + (summaryOnly ? "" : " (replay stopped; the frames above are incomplete)"))
    }
    let summary = ReplaySummaryFormatter.paragraph(
      file: path, effect: preset, refreshRate: hz, profile: profile.name, statistics: statistics,
      outputs: loop.outputs, realtime: realtime)
    switch (style, summaryOnly) {
    case (.csv, false):
      // Standard output stays pure CSV; the summary goes to standard error.
      console.error(summary)
    case (.table, false):
      console.line("")
      console.line(summary)
    case (_, true):
      console.line(summary)
    }
    return 0
  }
}
