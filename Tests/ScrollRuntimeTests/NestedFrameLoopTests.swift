import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import ScrollRuntime

/// Nested chains in the one frame loop: ``FrameCore`` runs ``NestedScrollSimulator``, and each
/// frame's sample carries the combined view and every view.
@Suite struct NestedFrameLoopTests {
  static let chain = NestedScrollChain(
    viewportHeight: 800,
    headers: [NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100)],
    contentHeight: 5000, rule: .compose, handover: .unified)

  /// An effect that reads the header view and the list view from the frame's own sample.
  static let viewsEffect = ClosureEffect(
    name: "views",
    outputs: [
      EffectOutput(name: "header", range: -1e6...1e6, unit: .points),
      EffectOutput(name: "list", range: -1e6...1e6, unit: .points),
    ]
  ) { sample, frame in
    guard let views = sample.views else { throw Problem.noViews }
    frame["header"] = views[0].offset
    frame["list"] = views[1].offset
  }

  enum Problem: Error { case noViews }

  static let flick: [FrameInput] = {
    var inputs = [FrameInput(time: 0, kind: .touchDown(x: 200, y: 600))]
    for step in 1...6 {
      inputs.append(
        FrameInput(time: Double(step) / 120, kind: .touchMove(x: 200, y: 600 - 25 * Double(step))))
    }
    inputs.append(FrameInput(time: 6.0 / 120 + 0.001, kind: .touchUp(x: nil, y: nil)))
    return inputs
  }()

  /// Every frame of the loop equals the simulator fed the same inputs directly, at the frame's
  /// time: the combined state, each view's offset, and what the effect read.
  @Test(arguments: [NestedFlingHandover.unified, .separateDecays, .stopAtEdge])
  func framesAreTheSimulatorsStates(handover: NestedFlingHandover) throws {
    var chain = Self.chain
    chain.handover = handover
    var loop = try FrameLoop(
      source: FrameInputList(Self.flick, name: "chain"), chain: chain, profile: .android,
      effect: Self.viewsEffect, refreshRate: 120)
    #expect(loop.isNested)
    #expect(loop.geometry == chain.combinedGeometry)
    var sim = try NestedScrollSimulator(chain: chain, profile: .android)
    try sim.touchDown(y: 600, at: 0)
    for step in 1...6 { try sim.touchMove(y: 600 - 25 * Double(step), at: Double(step) / 120) }
    _ = try sim.touchUp(at: 6.0 / 120 + 0.001)
    var listMoved = false
    for n in 8..<200 {
      try loop.computeFrame(n)
      let time = Double(n) / 120
      let expected = sim.state(at: time)
      #expect(loop.state.offset == expected.combined.offset)
      #expect(loop.nestedState == expected)
      #expect(loop.values == [expected.views[0].offset, expected.list.offset])
      #expect(loop.sample.views?.map(\.offset) == expected.views.map(\.offset))
      if expected.list.offset > 0 { listMoved = true }
    }
    // The unified fling crosses into the list; stopping at the edge never does.
    #expect(listMoved == (handover != .stopAtEdge))
  }

  /// A content change is refused naming its line; a timeline naming a third view fails before
  /// the first frame.
  @Test func badInputs() throws {
    var loop = try FrameLoop(
      source: FrameInputList([FrameInput(time: 0, kind: .contentHeight(100))], name: "chain"),
      chain: Self.chain, effect: nil, refreshRate: 60)
    #expect(throws: InputError.self) { try loop.computeFrame(0) }
    let spec = try EffectSpec.parse(
      """
      {"version": 1, "name": "s", "timelines": [{"name": "v", "type": "distance",
       "scrollView": 2}], "outputs": [{"name": "p", "range": [0, 1], "timeline": "v"}]}
      """, file: "s.json")
    #expect(throws: InputError.self) {
      _ = try FrameLoop(
        source: FrameInputList([], name: "chain"), chain: Self.chain,
        effect: try CompiledEffect(spec, file: "s.json"), refreshRate: 60)
    }
  }
}
