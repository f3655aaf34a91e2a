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

  /// The header of the bundled real recording, at 120 Hz.
  static let header =
    #"{"device":{"name":"Android phone 1080\u00d72400 px (assumed)","refreshRate":120,"#
    + #""scale":2.625,"screenHeight":914.2857142857143,"screenWidth":411.42857142857144},"#
    + #""format":"scrollsim-trace","physics":"ios","scroll":{"contentHeight":8000,"#
    + #""contentInsetBottom":0,"contentInsetTop":0,"startOffset":0,"#
    + #""viewportHeight":914.2857142857143},"source":"dense benchmark trace","#
    + #""timeOrigin":0,"units":{"length":"pt","time":"s"},"version":1}"#

  /// A dense trace of about `target` bytes: gestures of 0.4 s, one touch report every 1/240 s
  /// (down, 96 moves along a half sine of 6 pt steps, up), alternating direction, the next
  /// finger down 1/240 s after each lift.
  static func denseTrace(bytes target: Int) -> [UInt8] {
    var text = header + "\n"
    var time = 0.0
    let step = 1.0 / 240
    var gesture = 0
    func line(_ type: String, _ y: Double) -> String {
      String(format: "{\"t\":%.6f,\"type\":\"%@\",\"x\":200,\"y\":%.3f}\n", time, type, y)
    }
    while text.utf8.count < target {
      var y = gesture % 2 == 0 ? 800.0 : 200.0
      let direction = gesture % 2 == 0 ? -1.0 : 1.0
      text += line("down", y)
      for index in 0..<96 {
        time += step
        y += direction * 6 * sin(Double.pi * Double(index) / 96)
        text += line("move", y)
      }
      time += step
      text += line("up", y)
      time += step
      gesture += 1
    }
    return Array(text.utf8)
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
