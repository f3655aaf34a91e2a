import Foundation
import ScrollEffects
import ScrollSimTestSupport
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// The touch table's times are the trace's own input times at any frame rate, also when a lift
/// and the next finger-down fall in one frame (trial finding: at 120 Hz the dense trace showed
/// gesture 2 `down_s` "–" and gesture 4 a `down_s` after its own lift).
struct ReplayStatisticsSameFrameTests {
  static func statistics(_ text: String, hz: Int) throws -> ReplayStatistics {
    let trace = try Trace.parse(text, file: "dense.jsonl")
    var loop = try FrameLoop(
      trace: trace, file: "dense.jsonl", effect: CompiledPreset(.appleMusic), refreshRate: hz)
    return try loop.replayStatisticsToEnd()
  }

  @Test(arguments: [120, 60, 240, 1000])
  func downAndLiftTimesAreTheTracesOwn(hz: Int) throws {
    let trace = DenseTrace.make(gestures: 13)
    // The trial's trace: ups at 0.404167 and 1.629167, downs at 0.408333 and 1.225000.
    #expect(trace.ups[0] == 0.404167 && trace.ups[3] == 1.629167)
    #expect(trace.downs[1] == 0.408333 && trace.downs[3] == 1.225)
    let s = try Self.statistics(trace.text, hz: hz)
    #expect(s.releaseCount == 13)
    #expect(s.gestures.map(\.number) == Array(1...13))
    #expect(s.gestures.map(\.liftTime) == trace.ups)
    #expect(s.gestures.map(\.downTime) == trace.downs)
    #expect(s.gestures.allSatisfy { $0.downTime! < $0.liftTime })
  }
}
