import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollSimTestSupport
import ScrollTrace
import Testing

@testable import ScrollSimCLI

/// `simulate` and `replay` run one frame loop: a simulated drag and the replay of a trace with
/// the same touches print the same frames.
struct SimulateReplayTests {
  /// `simulate drag` with `arguments` and a replay of its touches as a trace through
  /// ``FrameLoop``: the CSV rows and the replayed frames, formatted as `simulate` prints them.
  @Test(arguments: [("ios", 300.0), ("android", -250.0), ("flutter", 600.0)])
  func aSimulatedDragIsItsReplay(profile: String, distance: Double) throws {
    let result = scrollsim([
      "simulate", "drag", "--distance", "\(distance)", "--profile", profile, "--from", "400",
    ])
    #expect(result.status == 0)
    let simulated = result.out.split(separator: "\n").dropFirst().map(String.init)
    #expect(simulated.count == 361)  // 3 s at 120 Hz, frames 0…360

    // The same touches, written as a trace (a lift reports the finger's last position).
    let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 3000)
    let inputs = SimulateCommand.schedule(
      .drag, from: 400, velocity: 1000, distance: distance, dragTime: 0.1, touchHz: 120,
      overscroll: -100, to: 1000, geometry: geometry)
    var events: [TraceEvent] = []
    var y = 0.0
    for input in inputs {
      switch input.kind {
      case .touchDown(_, let at):
        y = at
        events.append(TraceEvent(time: input.time, kind: .down, x: 0, y: y))
      case .touchMove(_, let at):
        y = at
        events.append(TraceEvent(time: input.time, kind: .move, x: 0, y: y))
      case .touchUp: events.append(TraceEvent(time: input.time, kind: .up, x: 0, y: y))
      default: Issue.record("a drag has only touches")
      }
    }
    let header = TraceHeader(
      device: .init(screenWidth: 400, screenHeight: 800, scale: 3, refreshRate: 120),
      scroll: .init(viewportHeight: 800, contentHeight: 3000, startOffset: 400),
      physics: profile)
    var loop = try FrameLoop(
      trace: Trace(header: header, events: events), file: "drag.jsonl",
      effect: CompiledPreset(.titleCard), refreshRate: 120)
    var replayed: [String] = []
    for index in 0...360 {
      try loop.computeFrame(index)
      replayed.append(SimulateCommand.row(time: loop.sample.time, loop.state))
    }
    #expect(replayed == simulated)
  }
}
