import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollTrace

/// `scrollsim-bench pacing`: a real-time replay on the Dispatch clock and its frame pacing.
enum PacingCommand {
  static let help = """
    usage: scrollsim-bench pacing [options]

    Replays the generated swipe trace (seed 1) in real time on the DispatchSourceTimer clock,
    computing every frame through the iOS physics and an effect preset, and reports the frame
    pacing: frames, missed frames, lateness p50/p90/p99/max, hitch time ratio (ms/s, WWDC20
    bands), JankStats janky frames (over 2× the period), Chrome delayed frames.

    options:
      --seconds S           run length in seconds of trace time (default 60)
      --hz N                refresh rate, 1…1000 (default 120)
      --hz-changes LIST     rate changes as FRAME:HZ pairs, e.g. 600:60,1200:120
      --effect NAME         effect preset (default apple-music)
      --format FORMAT       table (default) or json
      --max-hitch-ratio X   exit 3 when the hitch time ratio exceeds X ms/s

    exit status: 0 ok, 3 hitch ratio above --max-hitch-ratio, 64 bad command line.
    """

  static func run(_ words: [String]) throws(BenchError) -> Int32 {
    let options = try BenchOptions(
      words, valued: ["seconds", "hz", "hz-changes", "effect", "format", "max-hitch-ratio"],
      flags: [])
    let seconds = try options.value(
      "seconds", default: 60.0, expected: "a number of seconds in (0, 3600]"
    ) {
      Double($0).flatMap { $0 > 0 && $0 <= 3600 ? $0 : nil }
    }
    let hz = try options.value("hz", default: 120, expected: "an integer in 1…1000") {
      Int($0).flatMap { (1...1000).contains($0) ? $0 : nil }
    }
    let schedule: FrameSchedule
    do {
      schedule = try FrameSchedule(refreshRate: hz, changes: options.value("hz-changes") ?? "")
    } catch {
      if options.value("hz-changes") == nil {
        schedule = FrameSchedule(refreshRate: hz)
      } else {
        throw .usage("--hz-changes \(options.value("hz-changes") ?? ""): \(error.description)")
      }
    }
    let preset = try options.value(
      "effect", default: EffectPreset.appleMusic,
      expected: EffectPreset.allCases.map(\.rawValue).joined(separator: ", "),
      EffectPreset.init(rawValue:))
    let json = try options.value("format", default: false, expected: "table or json") {
      $0 == "json" ? true : $0 == "table" ? false : nil
    }
    let bound: Double? =
      options.value("max-hitch-ratio") == nil
      ? nil
      : try options.value("max-hitch-ratio", default: 0, expected: "a number of ms/s ≥ 0") {
        Double($0).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
      }

    let trace = SwipeTraceGenerator(seed: 1).trace(duration: seconds)
    guard
      var loop = try? FrameLoop(
        trace: trace, file: "generated", effect: PresetEffect(preset), refreshRate: hz)
    else { throw .usage("the generated trace cannot be replayed at \(hz) Hz") }
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
      return 3
    }
    return 0
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
