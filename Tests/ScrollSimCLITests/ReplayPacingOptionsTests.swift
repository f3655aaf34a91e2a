import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// The pacing options of `scrollsim replay` and the pacing sentence and JSON summary.
struct ReplayPacingOptionsTests {
  /// `scrollsim words…` in process (``scrollsim(_:)``): the status and standard error.
  static func run(_ words: [String]) -> (status: Int32, errors: String) {
    let result = scrollsim(words)
    return (result.status, result.err)
  }

  @Test func maxHitchRatioNeedsRealtime() {
    let (status, errors) = Self.run(["replay", "absent.jsonl", "--max-hitch-ratio", "5"])
    #expect(status == 64)
    #expect(errors.contains("--max-hitch-ratio needs --realtime"))
  }

  @Test(arguments: ["-1", "nan", "inf", "five"])
  func maxHitchRatioMustBeANumberOfMsPerSecond(value: String) {
    let (status, errors) = Self.run([
      "replay", "absent.jsonl", "--realtime", "--max-hitch-ratio", value,
    ])
    #expect(status == 64)
    #expect(errors.contains("--max-hitch-ratio \(value): expected a number of ms/s ≥ 0"))
  }

  @Test func badRateChangesAreUsageErrors() {
    let (status, errors) = Self.run(["replay", "absent.jsonl", "--hz-changes", "240:60,100:120"])
    #expect(status == 64)
    #expect(
      errors.contains(
        "--hz-changes 240:60,100:120: rate change at frame 100 must come after frame 240"))
  }

  @Test func jsonFormatIsAcceptedAndAMissingFileIsAnIOError() {
    let (status, errors) = Self.run(["replay", "absent.jsonl", "--format", "json"])
    #expect(status == 74)
    #expect(errors.contains("absent.jsonl: no such file"))
  }

  @Test func pacingSentenceReportsEveryMetricWithUnits() {
    // 100 Hz; frame 10 ends 25 ms late-ish (see FramePacingTests): 20 ms of hitch in 1 s.
    let schedule = FrameSchedule(refreshRate: 100)
    let timings = (Array(0...10) + Array(13..<100)).map { index in
      let deadline = schedule.deadline(ofFrame: index)
      return FrameTiming(
        index: index, deadline: deadline, start: deadline + 1_000_000,
        end: deadline + (index == 10 ? 25_000_000 : 2_000_000))
    }
    let sentence = PacingSummaryFormatter.sentence(
      FramePacing(timings: timings, schedule: schedule))
    #expect(
      sentence
        == "Pacing: lateness p50 1.000 ms, p90 1.000 ms, p99 1.000 ms, max 1.000 ms; "
        + "hitch time ratio 20.00 ms/s (critical; 1 hitch, 20.000 ms in total); "
        + "1 janky frame (JankStats, over 2× the period); "
        + "1 delayed frame (Chrome, 1.02%, 2 missed vsyncs).")
  }

  @Test func jsonSummaryCarriesThePacingAndTheSchedule() throws {
    let trace = SwipeTraceGenerator(seed: 4).trace(duration: 3)
    var loop = try FrameLoop(
      trace: trace, file: "g", effect: CompiledPreset(.titleCard), refreshRate: 120)
    var statistics = ReplayStatistics(outputCount: loop.outputs.count)
    for index in 0..<240 {
      try loop.computeFrame(index)
      statistics.record(loop)
    }
    let schedule = FrameSchedule(refreshRate: 120)
    let timings = (0..<240).map { index in
      let deadline = schedule.deadline(ofFrame: index)
      return FrameTiming(index: index, deadline: deadline, start: deadline, end: deadline + 1000)
    }
    let text = ReplaySummaryJSON(
      file: "g", effect: "title-card", schedule: schedule, profile: "ios", statistics: statistics,
      outputs: loop.outputs, pacing: FramePacing(timings: timings, schedule: schedule),
      interrupted: false
    ).text()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["frames"] as? Int == 240)
    #expect(object["realtime"] as? Bool == true)
    let pacing = try #require(object["pacing"] as? [String: Any])
    #expect(pacing["hitchTimeRatio"] as? Double == 0)
    #expect(pacing["hitchBand"] as? String == "good")
    #expect(pacing["missedFrames"] as? Int == 0)
    let outputs = try #require(object["outputs"] as? [[String: Any]])
    #expect(outputs.count == loop.outputs.count)
  }
}
