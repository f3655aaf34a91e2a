import BenchmarkSupport
import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollSimCLI
import ScrollTrace

/// `scrollsim-bench pacing`: a real-time replay on the Dispatch clock and its frame pacing.
enum PacingCommand {
  static func run(_ words: [String]) throws(CommandError) -> ExitStatus {
    typealias Options = BenchCommandLine.Pacing
    let options = try BenchCommandLine.parse(words, command: "pacing", options: Options.options)
    guard options.positionals.isEmpty else {
      throw .usage("'pacing' takes no arguments: \(options.positionals.joined(separator: " "))")
    }
    let seconds = try options.value(Options.seconds, default: 60)
    let hz = try options.value(Options.hz, default: 120)
    let schedule = try PacingOptions.schedule(hz: hz, changes: options.text(Options.hzChanges))
    let preset = try options.value(Options.effect, default: .appleMusic)
    let json = try options.value(Options.format, default: .table) == .json
    let bound = try options.value(Options.maxHitchRatio)

    let trace = SwipeTraceGenerator(seed: 1).trace(duration: seconds)
    guard
      var loop = try? FrameLoop(
        trace: trace, file: "generated", effect: CompiledPreset(preset), refreshRate: hz)
    else { throw .setUp("the generated trace cannot be replayed at \(hz) Hz") }
    var clock = DispatchFrameClock(schedule: schedule)
    let progress = Progress()
    var nextProgress = 0.0
    var statistics = ReplayStatistics(outputCount: loop.outputs.count)
    clock.run { tick in
      guard (try? loop.computeFrame(tick.index, at: tick.time)) != nil else { return false }
      statistics.record(loop, missedBefore: tick.missedBefore)
      if progress.enabled && tick.time >= nextProgress {
        nextProgress = tick.time + 1
        let text =
          "pacing: \(Int(tick.time)) s / \(Int(seconds)) s, \(statistics.missedFrames) missed"
        DispatchQueue.global(qos: .utility).async { progress.show(text) }
      }
      return tick.time < seconds
    }
    progress.clear()
    let pacing = FramePacing(timings: clock.timings, schedule: schedule)
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      print(String(decoding: (try? encoder.encode(pacing)) ?? Data(), as: UTF8.self))
    } else {
      print(text(pacing, seconds: seconds, schedule: schedule, effect: preset))
    }
    if let bound, pacing.hitchTimeRatio > bound {
      FileHandle.standardError.write(
        Data(
          "scrollsim-bench: hitch time ratio \(String(format: "%.2f", pacing.hitchTimeRatio)) ms/s exceeds \(bound) ms/s\n"
            .utf8))
      return .regression
    }
    return .success
  }

  private static func text(
    _ p: FramePacing, seconds: Double, schedule: FrameSchedule, effect: EffectPreset
  )
    -> String
  {
    let ms = { (ns: Double) in String(format: "%.3f ms", ns / 1e6) }
    let rates = schedule.segments.map { "\($0.refreshRate) Hz from frame \($0.firstFrame)" }
    return """
      real-time replay: generated trace, \(Int(seconds)) s, \(effect.rawValue), \(rates.joined(separator: ", "))
        frames computed     \(p.frames)
        missed frames       \(p.missedFrames)
        lateness            p50 \(ms(p.lateness.median)), p90 \(ms(p.lateness.p90)), p99 \(ms(p.lateness.p99)), max \(ms(p.lateness.max))
        hitch time ratio    \(String(format: "%.2f", p.hitchTimeRatio)) ms/s (\(p.hitchBand.rawValue)): \(p.hitchCount) hitches, \(ms(Double(p.hitchTime))) in \(String(format: "%.2f", Double(p.duration) / 1e9)) s
        janky (JankStats)   \(p.jankyFrames) frames over 2× their period
        delayed (Chrome)    \(p.delayedFrames) frames (\(String(format: "%.2f", p.delayedFramePercentage))%), \(p.missedVsyncs) missed vsyncs
      """
  }
}
