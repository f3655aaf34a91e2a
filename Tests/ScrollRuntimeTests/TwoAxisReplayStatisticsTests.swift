import Foundation
import ScrollPhysics
import ScrollSimCore
import ScrollSimTestSupport
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// A two-axis run's replay summary puts a trackpad session's rest after the system's momentum,
/// as a flat run's does: the rest is where the frames stop moving, not the idle frames between
/// the session's `ended` and the first momentum delta.
@Suite struct TwoAxisReplayStatisticsTests {
  /// A frame's time, the scroll view's phase and the horizontal offset (two-axis runs).
  struct Frame {
    var time: Double
    var phase: ScrollPhase
    var x: Double?
  }

  /// The statistics of `trace` and the frames' times and phases.
  static func replay(_ trace: Trace, file: String) throws -> (
    ReplayStatistics, [Frame]
  ) {
    var loop = try FrameLoop(trace: trace, file: file, effect: nil, refreshRate: 120)
    var statistics = ReplayStatistics(outputCount: loop.outputs.count)
    var frames: [Frame] = []
    var index = 0
    repeat {
      try loop.computeFrame(index)
      statistics.record(loop)
      let sample = loop.core.sample
      frames.append(Frame(time: sample.time, phase: sample.phase, x: sample.horizontal?.offset))
      index += 1
    } while !loop.isFinished
    return (statistics, frames)
  }

  /// traces/examples/trackpad-session.jsonl (two sessions, each `ended` then momentum), with a
  /// horizontal axis (`viewportWidth` 393, `contentWidth` `contentWidth`, version 4) and each
  /// wheel delta's `dx` = `dxPerDy` × `dy`.
  static func trackpadSession(contentWidth: Double, dxPerDy: Double) throws -> Trace {
    var trace = try Trace.load(path: Repository.path("traces/examples/trackpad-session.jsonl"))
    trace.header.version = 4
    trace.header.scroll.horizontal = TraceHeader.Horizontal(
      viewportWidth: 393, contentWidth: contentWidth, startOffset: 300)
    trace.controls = trace.controls.map { control in
      guard case .wheel(let dx, let dy, let phase) = control.kind else { return control }
      var moved = control
      moved.kind = .wheel(deltaX: dx + dxPerDy * dy, deltaY: dy, phase: phase)
      return moved
    }
    return trace
  }

  /// The time of the first frame from which every later frame is idle.
  static func lastRest(_ frames: [Frame]) -> Double? {
    guard let moving = frames.lastIndex(where: { $0.phase != .idle }),
      moving + 1 < frames.count
    else { return nil }
    return frames[moving + 1].time
  }

  /// With no horizontal delta the vertical axis is the flat run's: the same rests, after the
  /// momentum (the frame at 313/120 s for the second session); with a horizontal delta (both
  /// axes scroll, 0.5 pt across per pt down) the last rest is the first frame of the idle run
  /// that ends the replay.
  @Test(arguments: [0.0, 0.5])
  func trackpadRestFollowsTheMomentum(dxPerDy: Double) throws {
    let file = "trackpad-session-2d.jsonl"
    let flat = try Self.replay(
      try Trace.load(path: Repository.path("traces/examples/trackpad-session.jsonl")),
      file: "trackpad-session.jsonl")
    let (twoAxis, frames) = try Self.replay(
      try Self.trackpadSession(contentWidth: 3000, dxPerDy: dxPerDy), file: file)
    #expect(twoAxis.gestures.count == 2)
    #expect(twoAxis.gestures.allSatisfy { $0.isTrackpad })
    let lastLift = try #require(twoAxis.gestures.last?.liftTime)
    let rest = try #require(Self.lastRest(frames))
    #expect(rest > lastLift + 0.1)  // The momentum runs ≈ 1 s after the lift.
    let timeToRest = try #require(twoAxis.timeToRest)
    #expect(abs(timeToRest - (rest - lastLift)) < 1e-9)
    #expect(twoAxis.gestures[1].timeToRest == timeToRest)
    if dxPerDy == 0 {
      for (t, f) in zip(twoAxis.gestures, flat.0.gestures) {
        #expect(t.liftTime == f.liftTime)
        #expect(t.timeToRest == f.timeToRest)
        #expect(t.restOffset != nil && t.restOffset == f.restOffset)
      }
      #expect(abs(timeToRest - (313.0 / 120 - 1.678)) < 1e-9)
      #expect(twoAxis.timeToRest == flat.0.timeToRest)
    } else {
      // The rest's horizontal offset is the resting frame's, after the momentum moved x too.
      let x = try #require(twoAxis.gestures[1].restOffsetX)
      #expect(x == frames.first { $0.time == rest }?.x)
      let atLift = try #require(frames.first { $0.time >= lastLift }?.x)
      #expect(x > atLift + 10)
    }
  }
}
