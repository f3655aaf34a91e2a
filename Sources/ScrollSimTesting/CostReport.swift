import Dispatch
import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollSimCore

/// The per-frame cost of an effect over a replayed trace, with the physics alone measured in
/// the same run as the reference (package-benchmark's "dynamic comparison"). Numbers to read,
/// print or attach; never to assert in a unit test (wall time on a shared machine is noise).
public struct CostReport: Sendable {
  /// The effect's name.
  public var effect: String
  /// The trace replayed.
  public var trace: String
  /// Frames per second.
  public var refreshRate: Int
  /// Frames per replay.
  public var frames: Int
  /// Replays of each kind, interleaved (physics alone, then with the effect, repeated).
  public var repetitions: Int
  /// Nanoseconds per frame of the frame loop with the physics alone.
  public var physics: PercentileSummary
  /// Nanoseconds per frame of the frame loop with the physics and the effect.
  public var physicsAndEffect: PercentileSummary
  /// Nanoseconds per call of the effect's `evaluate` alone, over the run's samples.
  public var effectOnly: PercentileSummary
  /// Allocations per frame: nil, as they are not measured in process (ScrollSim does not
  /// interpose malloc in a test process; `scrollsim-bench` does).
  public var mallocCountTotal: Double?
  /// Instructions per frame: nil, as they are not measured in process (`scrollsim-bench
  /// --instructions` counts them with callgrind where valgrind exists).
  public var instructions: Double?
  /// Why a metric is missing, and how it was measured.
  public var notes: [String]

  /// The report as JSON with package-benchmark's metric names: `wallClock` (p50, p90, p99, in
  /// nanoseconds per frame), `mallocCountTotal` and `instructions` (per frame; null when not
  /// measured), per measured subject (`physics`, `physicsAndEffect`, `effectOnly`), keys sorted.
  public var json: String {
    func metrics(_ s: PercentileSummary, with counts: Bool) -> String {
      let wall =
        #"{"p50":\#(JSONWriter.number(s.median)),"p90":\#(JSONWriter.number(s.p90)),"#
        + #""p99":\#(JSONWriter.number(s.p99))}"#
      guard counts else { return #"{"wallClock":\#(wall)}"# }
      return #"{"instructions":\#(instructions.map(JSONWriter.number) ?? "null"),"#
        + #""mallocCountTotal":\#(mallocCountTotal.map(JSONWriter.number) ?? "null"),"#
        + #""wallClock":\#(wall)}"#
    }
    return #"{"effect":\#(JSONWriter.string(effect)),"#
      + #""effectOnly":\#(metrics(effectOnly, with: true)),"frames":\#(frames),"#
      + #""notes":[\#(notes.map(JSONWriter.string).joined(separator: ","))],"#
      + #""physics":\#(metrics(physics, with: false)),"#
      + #""physicsAndEffect":\#(metrics(physicsAndEffect, with: false)),"#
      + #""refreshRate":\#(refreshRate),"repetitions":\#(repetitions),"#
      + #""trace":\#(JSONWriter.string(trace)),"unit":"ns/frame"}"#
  }

  /// A text table: p50 and p90 per subject, and the ratio of the loop with the effect to the
  /// physics alone.
  public var table: String {
    func row(_ name: String, _ s: PercentileSummary) -> String {
      name.padding(toLength: 20, withPad: " ", startingAt: 0) + " p50 "
        + NumberText.fixed(s.median, 0) + " ns, p90 " + NumberText.fixed(s.p90, 0) + " ns"
    }
    let ratio = physics.median > 0 ? physicsAndEffect.median / physics.median : .nan
    return "Cost of \(effect) over \(trace) at \(refreshRate) Hz (\(frames) frames × "
      + "\(repetitions)):\n" + row("physics", physics) + "\n"
      + row("physics + effect", physicsAndEffect) + "\n" + row("effect alone", effectOnly)
      + "\nphysics + effect / physics: \(NumberText.fixed(ratio, 2))×\n"
      + notes.joined(separator: "\n")
  }
}

/// Measures `effect`'s cost per frame over `trace` (see ``CostReport``). Reports numbers only:
/// it never fails a test.
/// - Parameters:
///   - effect: the effect, from its current state (each replay starts from a copy).
///   - trace: the trace; default `swipe-shield/gesture-02` (a 3.2 s fling).
///   - refreshRate: frames per second, 1…1000; nil: the scope's, default 120.
///   - repetitions: replays of each kind, ≥ 1.
/// - Returns: the report.
/// - Throws: ``/ScrollSimCore/InputError``: the trace's problems, or the effect's error.
/// - Complexity: `2 × repetitions` replays of the trace.
public func costReport(
  of effect: some ScrollEffect, trace: ReplayTrace = .bundled("swipe-shield/gesture-02"),
  refreshRate: Int? = nil, repetitions: Int = 5
) throws(InputError) -> CostReport {
  let rate = ScrollSimTestingConfiguration.refreshRate(refreshRate)
  let loaded = try trace.load()
  let run = try ScrollRun(of: effect, trace: trace, refreshRate: rate)
  let count = run.frames.count
  var physics: [Double] = []
  var both: [Double] = []
  var alone: [Double] = []
  for _ in 0..<max(1, repetitions) {
    for withEffect in [false, true] {
      var loop = try FrameLoop(
        trace: loaded, file: trace.name, effect: withEffect ? effect : nil, refreshRate: rate)
      for index in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        try loop.computeFrame(index)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        if withEffect { both.append(elapsed) } else { physics.append(elapsed) }
      }
    }
    var copy = effect
    var frame = EffectFrame(outputs: effect.outputs)
    for (index, recorded) in run.frames.enumerated() {
      let start = DispatchTime.now().uptimeNanoseconds
      try copy.evaluateChecked(recorded.sample, into: &frame, frameIndex: index)
      alone.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
  }
  let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].contains {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  return CostReport(
    effect: effect.name, trace: trace.name, refreshRate: rate, frames: count,
    repetitions: max(1, repetitions), physics: PercentileSummary(physics),
    physicsAndEffect: PercentileSummary(both), effectOnly: PercentileSummary(alone),
    mallocCountTotal: nil, instructions: nil,
    notes: [
      "wallClock: DispatchTime around each frame, this process, this machine: compare within "
        + "one report, never across machines",
      "mallocCountTotal: not measured in a test process (no malloc interposition); "
        + "scrollsim-bench measures allocations per frame",
      valgrind
        ? "instructions: not measured in process; run scrollsim-bench --instructions (callgrind)"
        : "instructions: skipped, valgrind is not installed (scrollsim-bench --instructions "
          + "needs it)",
    ])
}
