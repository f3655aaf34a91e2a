import Foundation
import ScrollEffects
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// The per-touch rows of ``ReplayStatistics`` (the table of a session's summary), against the
/// real 33-touch session and the frames themselves: one row per `up`/`cancel` of the trace, each
/// the lift's own time and velocity, peaks that are the frames' own within the touch's span and
/// add up to the whole run's, rest as the first idle frame after the lift.
struct ReplayStatisticsGestureTests {
  static let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("traces/swipe-shield/session.jsonl").path

  @Test func sessionRowsMatchTheTraceAndTheFrames() throws {
    let trace = try Trace.load(path: Self.session)
    var loop = try FrameLoop(
      trace: trace, file: Self.session, effect: CompiledPreset(.appleMusic), refreshRate: 120)
    var statistics = ReplayStatistics(outputCount: loop.outputs.count)
    var frames: [(time: Double, offset: Double, phase: String, over: Double)] = []
    var index = 0
    repeat {
      try loop.computeFrame(index)
      statistics.record(loop)
      frames.append(
        (
          loop.sample.time, loop.sample.offset, loop.sample.phase.rawValue,
          loop.geometry.overscroll(at: loop.sample.offset)
        ))
      index += 1
    } while !loop.isFinished
    let lifts = trace.events.filter { $0.kind == .up || $0.kind == .cancel }
    let rows = statistics.gestures
    #expect(lifts.count == 33 && rows.count == 33)
    #expect(rows.map(\.number) == Array(1...33))
    #expect(rows.map(\.liftTime) == lifts.map(\.time))
    #expect(rows.map(\.releaseVelocity) == statistics.releases.map(\.velocity))
    #expect(rows.map(\.peakTopOverscroll).max() == statistics.peakTopOverscroll)
    #expect(rows.map(\.peakBottomOverscroll).max() == statistics.peakBottomOverscroll)
    #expect(rows.last?.timeToRest == statistics.timeToRest)
    for (k, row) in rows.enumerated() {
      let down = try #require(row.downTime)
      #expect(down <= row.liftTime)
      // The span: from this touch's first finger frame to the next touch's.
      let end = k + 1 < rows.count ? rows[k + 1].downTime! : .infinity
      let span = frames.filter { $0.time >= down && $0.time < end }
      #expect(row.peakTopOverscroll == span.map { max(0, 0 - $0.over) }.max())
      #expect(row.peakBottomOverscroll == span.map { max(0, $0.over) }.max())
      let rest = span.first { $0.time > row.liftTime && $0.phase == "idle" }
      #expect(row.timeToRest == rest.map { $0.time - row.liftTime })
      #expect(row.restOffset == rest?.offset)
      // The first finger frame of the span: tracking or dragging.
      #expect(["tracking", "dragging"].contains(span.first?.phase ?? ""))
    }
  }
}
