import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollTrace
import Testing

@testable import ScrollCheck

/// The checker runs the frame loop `scrollsim replay` runs: a content change goes through
/// `setGeometry` (the motion goes on), every gesture runs its whole duration, and a run the
/// physics rejects is an error.
@Suite struct CheckFrameLoopTests {
  static let device = CheckDevice.standard[0]  // small-phone: 667 pt, inset 64, content 4000

  /// A flick forward, then the list grows to 6000 pt mid-fling.
  static let flingThenGrow: CheckGesture = {
    var gesture = CheckGesture(name: "fling-then-grow", duration: 3)
    _ = gesture.stroke(from: 560, to: 320, speed: 3000, hold: 0, at: 0.1)
    gesture.contentChange = (0.5, 6000)
    return gesture
  }()

  /// The records of frames 0 to `last` of a loop.
  static func records<Source: FrameInputSource>(_ loop: inout FrameLoop<Source>, through last: Int)
    throws -> [FrameRecord]
  {
    var records: [FrameRecord] = []
    while loop.frameIndex < last {
      try loop.computeFrame(loop.frameIndex + 1)
      records.append(FrameRecord(loop))
    }
    return records
  }

  /// The same touches and content change written as a version-2 input trace.
  static func trace(of gesture: CheckGesture, on device: CheckDevice) -> Trace {
    var events: [TraceEvent] = []
    var y = 0.0
    for (time, touch) in gesture.touches {
      switch touch {
      case .down(let at):
        y = at
        events.append(TraceEvent(time: time, kind: .down, x: 100, y: y))
      case .move(let at):
        y = at
        events.append(TraceEvent(time: time, kind: .move, x: 100, y: y))
      case .up: events.append(TraceEvent(time: time, kind: .up, x: 100, y: y))
      }
    }
    var controls: [TraceControl] = []
    if let change = gesture.contentChange {
      let index = events.firstIndex { $0.time > change.time } ?? events.count
      controls.append(
        TraceControl(time: change.time, kind: .contentHeight(change.height), eventIndex: index))
    }
    let geometry = device.geometry
    let header = TraceHeader(
      device: .init(
        screenWidth: 375, screenHeight: geometry.viewportHeight, scale: device.screenScale,
        refreshRate: 120),
      scroll: .init(
        viewportHeight: geometry.viewportHeight, contentHeight: geometry.contentHeight,
        contentInsetTop: geometry.contentInsetTop,
        contentInsetBottom: geometry.contentInsetBottom),
      kind: .input)
    return Trace(header: header, events: events, controls: controls)
  }

  /// A content change mid-fling keeps the fling's velocity and phase (the old checker rebuilt
  /// the simulator there: idle, velocity 0), and the checker's frames are bit for bit those of a
  /// replay of the same inputs.
  @Test func aContentChangeKeepsTheMotionAsInAReplay() throws {
    let effect = CompiledPreset(.appleMusic).compiled
    let checker = EffectChecker(effect: effect, devices: [Self.device])
    var loop = try checker.loop(Self.flingThenGrow, on: Self.device)
    let checked = try Self.records(&loop, through: 360)
    var replay = try FrameLoop(
      trace: Self.trace(of: Self.flingThenGrow, on: Self.device), file: "fling-then-grow",
      effect: effect, refreshRate: 120)
    let replayed = try Self.records(&replay, through: 360)
    #expect(checked == replayed)
    #expect(checked.map(\.offset.bitPattern) == replayed.map(\.offset.bitPattern))

    var probe = try checker.loop(Self.flingThenGrow, on: Self.device)
    var before = ScrollState(offset: 0, velocity: 0, phase: .idle)
    for index in 0...61 {
      try probe.computeFrame(index)
      if index == 59 { before = probe.state }
    }
    // Frame 60 is the change (t = 0.5 s); frame 61 is after it.
    #expect(before.phase == .decelerating && before.velocity > 1000)
    #expect(probe.state.phase == .decelerating)
    #expect(probe.state.velocity > 1000 && probe.state.velocity < before.velocity)
    #expect(probe.geometry.contentHeight == 6000)
  }

  /// The content-shrinks gesture runs its whole 3 s: the view bounces back from beyond the new
  /// range after the shrink (0.5 s) and rests at 0; every gesture computes every frame of its
  /// duration.
  @Test func theContentShrinksGestureRunsItsFullLength() throws {
    let effect = CompiledPreset(.titleCard).compiled
    let checker = EffectChecker(
      effect: effect, devices: [Self.device], gestureNames: ["content-shrinks"])
    let report = try checker.run()
    #expect(report.runs == 1)
    #expect(report.frames == 3 * 120 + 1)

    let gestures = CheckGesture.standard(viewportHeight: Self.device.geometry.viewportHeight)
    let shrink = try #require(gestures.first { $0.name == "content-shrinks" })
    var loop = try checker.loop(shrink, on: Self.device)
    var phases: [ScrollPhase] = []
    for index in 0...360 {
      try loop.computeFrame(index)
      if phases.last != loop.state.phase { phases.append(loop.state.phase) }
    }
    #expect(phases.first == .idle && phases.count > 2)
    #expect(loop.state.phase == .idle && loop.state.offset == 0)

    let all = try EffectChecker(effect: effect, devices: [Self.device]).run()
    let expected = gestures.map { Int($0.duration * 120) + 1 }.reduce(0, +)
    #expect(all.frames == expected)
  }

  /// A device the physics cannot simulate (screen scale 0) is an error naming the run, not a
  /// run counted with no findings.
  @Test func aRejectedRunIsAnError() {
    var device = Self.device
    device.name = "no-pixels"
    device.screenScale = 0
    let checker = EffectChecker(effect: CompiledPreset(.titleCard).compiled, devices: [device])
    #expect {
      _ = try checker.run()
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.file == "slow-drag on no-pixels" && error.field == "screenScale"
    }
  }
}
