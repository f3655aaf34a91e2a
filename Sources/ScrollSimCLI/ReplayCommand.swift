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
        --effects FILE      an effect spec file instead of a preset (format: effects/README.md)
        --hz N              frame rate in frames per second, 1…1000 (default 120)
        --estimator NAME    release-velocity estimator: ios (weighted, default) or lsq (least squares)
        --rate RATE         deceleration rate: normal (0.998, default), fast (0.99) or a number in (0, 1)
        --format FORMAT     table (default) or csv
        --summary-only      print only the summary paragraph
        --realtime          run on a DispatchSourceTimer at the frame rate (wall-clock time)
                            instead of the virtual clock; missed frames are counted, not replayed

      exit status: 0 done, 64 bad command line, 65 bad trace data (file:line: field: message),
      74 unreadable file.
      """,
    run: run)

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError) -> Int32 {
    let arguments = try ArgumentList(
      words, command: "replay", valued: ["effect", "effects", "hz", "estimator", "rate", "format"],
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

    let effect = try arguments.value("effects").map(CheckCommand.load) ?? PresetEffect(preset).compiled
    guard FileManager.default.fileExists(atPath: path) else {
      throw .io("\(path): no such file")
    }
    let trace: Trace
    do {
      trace = try TraceReader.read(path: path)
    } catch {
      throw .data(error.description)
    }
    var loop: FrameLoop
    do {
      loop = try FrameLoop(trace: trace, file: path, effect: effect, refreshRate: hz, profile: profile)
    } catch {
      throw .data(error.description)
    }
    let formatter = FrameFormatter(style: style, outputs: loop.outputs)
    var statistics = ReplayStatistics(outputCount: loop.outputs.count)
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
    if let failure { throw .data(failure.description + " (replay stopped; the frames above are incomplete)") }
    if !summaryOnly { console.line("") }
    console.line(
      ReplaySummaryFormatter.paragraph(
        file: path, effect: effect.name, refreshRate: hz, profile: trace.header.physics, statistics: statistics,
        outputs: loop.outputs, realtime: realtime))
    return 0
  }
}
