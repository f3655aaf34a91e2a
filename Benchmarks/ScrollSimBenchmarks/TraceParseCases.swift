import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollTrace

/// Trace parsing as replay does it: `TraceStreamReader` over the trace's bytes in memory, one
/// line at a time (line splitting, JSON, validation), reported per byte, in MB/s and, with
/// `--instructions`, in instructions per byte.
enum TraceParseCases {
  /// Every line of `text` through the streaming reader per iteration.
  static func stream(_ name: String, _ text: String) -> BenchmarkCase {
    let bytes = Array(text.utf8)
    return BenchmarkCase(
      name, unit: "byte", unitsPerIteration: Double(bytes.count), throughputUnit: "MB/s"
    ) {
      { n in
        for _ in 0..<n {
          var count = 0
          if let reader = try? TraceStreamReader(bytes: bytes, file: name, warn: { _ in }) {
            while (try? reader.next()) != nil { count += 1 }
          }
          blackHole(count)
        }
      }
    }
  }
}

/// `scrollsim replay TRACE --effect all --summary-only` end to end from the trace's bytes in
/// memory: line splitting, JSON, validation, the physics, the five presets as one group and the
/// replay statistics, per frame (frames/s). The trace is dense: a finger always down, two touch
/// reports per 120 Hz frame (issue 14's case; `dense.py` writes the same lines).
enum StreamReplayCases {
  /// The case's name.
  static let name = "replay-stream/dense"
  /// Size of the generated trace, bytes (about 20,000 lines, 10,000 frames).
  static let targetBytes = 1_000_000

  /// A dense trace of about `target` bytes (``/ScrollRuntime/DenseTraceGenerator``: whole
  /// gestures of 0.4 s, one touch report every 1/240 s).
  static func denseTrace(bytes target: Int) -> [UInt8] {
    Array(DenseTraceGenerator.make(bytes: target).text.utf8)
  }

  /// The frames of one replay of `bytes`, or nil when it cannot run.
  static func replay(_ bytes: [UInt8], effect: CompiledEffect) -> ReplayStatistics? {
    guard let inputs = try? TraceStreamInputs(bytes: bytes, file: name, warn: { _ in }),
      let loop = try? FrameLoop(inputs: inputs, effect: effect, refreshRate: 120)
    else { return nil }
    var run = Run(loop: loop)
    var clock = VirtualFrameClock(refreshRate: 120)
    Run.drive(&clock, &run)
    return run.failed ? nil : run.statistics
  }

  /// One replay's state, its frame body on `inout self` as in `scrollsim replay` (`ReplayRun`):
  /// no closure-captured variables in the frame loop.
  struct Run: ~Copyable {
    var loop: FrameLoop<TraceStreamInputs>
    var statistics: ReplayStatistics
    var failed = false

    init(loop: consuming FrameLoop<TraceStreamInputs>) {
      statistics = ReplayStatistics(outputCount: loop.outputs.count)
      self.loop = loop
    }

    static func drive(_ clock: inout VirtualFrameClock, _ run: inout Run) {
      clock.run { tick in run.frame(tick) }
    }

    mutating func frame(_ tick: FrameTick) -> Bool {
      do throws(InputError) {
        try loop.computeFrame(tick.index, at: tick.time)
      } catch {
        failed = true
        return false
      }
      statistics.record(loop, missedBefore: tick.missedBefore)
      return !loop.isFinished
    }
  }

  /// The case: one whole replay of the dense trace per iteration.
  static func dense() -> BenchmarkCase {
    let bytes = denseTrace(bytes: targetBytes)
    let effect = EffectCases.GroupedPresets().effect
    let frames = replay(bytes, effect: effect)?.frames ?? 0
    return BenchmarkCase(
      name, unit: "frame", unitsPerIteration: Double(max(1, frames)), throughputUnit: "frames/s"
    ) {
      guard frames > 0 else { return nil }
      return { n in
        for _ in 0..<n { blackHole(replay(bytes, effect: effect)?.lastTime ?? -1) }
      }
    }
  }
}
