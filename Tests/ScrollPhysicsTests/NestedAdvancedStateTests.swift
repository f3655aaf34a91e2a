import Foundation
import ScrollSimCore
import Testing

@testable import ScrollPhysics

/// A frame loop's per-frame read of a chain, ``NestedScrollSimulator/advancedState(at:)``, is
/// ``NestedScrollSimulator/advance(to:)`` then ``NestedScrollSimulator/state(at:)`` (the state
/// computed once): the same state and the same callbacks at every frame of a drag, a fling
/// across the header's edge, a snap and a pull past the top, under every rule.
struct NestedAdvancedStateTests {
  static let cases: [(NestedScrollRule, NestedHeaderSnap?, Bool)] = [
    (.flutter, nil, false), (.compose, .compose, false), (.coordinatorLayout, .appBarLayout, false),
    (.flutter, .flutterFloating, true), (.uikit, nil, false),
  ]

  @Test(arguments: cases)
  func advancedStateIsAdvanceThenState(
    rule: NestedScrollRule, snap: NestedHeaderSnap?, floats: Bool
  )
    throws
  {
    let chain = NestedScrollEventTests.chain(rule: rule, snap: snap, floats: floats)
    var sim = try NestedScrollSimulator(chain: chain, profile: .ios)
    var frame = 0
    var compared = 0
    var moved = 0
    /// Frames up to `time` (exclusive), each read both ways.
    func frames(upTo time: Double) {
      while Double(frame) / 120 < time {
        let t = Double(frame) / 120
        var reference = sim
        reference.advance(to: t)
        let expected = reference.state(at: t)
        let state = sim.advancedState(at: t)
        #expect(state == expected, "frame \(frame)")
        #expect(sim.scrollViewEvents == reference.scrollViewEvents, "frame \(frame)")
        if state.combined.phase != .idle { moved += 1 }
        sim.removeScrollViewEvents()
        compared += 1
        frame += 1
      }
    }
    // A flick up from the list (collapses the header, the fling runs on), then a pull down past
    // the top that springs back, then a slow drag that leaves the header part-way (a snap).
    var time = 0.0
    func drag(from y: Double, by step: Double, moves: Int, dt: Double) throws {
      frames(upTo: time)
      try sim.touchDown(y: y, at: time)
      for i in 1...moves {
        time += dt
        frames(upTo: time)
        try sim.touchMove(y: y + step * Double(i), at: time)
      }
      time += dt
      frames(upTo: time)
      _ = try sim.touchUp(at: time)
    }
    try drag(from: 600, by: -30, moves: 8, dt: 0.008)
    time += 2.5
    try drag(from: 200, by: 40, moves: 16, dt: 0.016)
    time += 2.5
    try drag(from: 400, by: -4, moves: 20, dt: 0.05)
    time += 2
    frames(upTo: time)
    // A frame time before the last input's: the state, no callbacks.
    let earlier = time - 3
    var reference = sim
    reference.advance(to: earlier)
    #expect(sim.advancedState(at: earlier) == reference.state(at: earlier))
    #expect(compared > 1000 && moved > 100)
  }
}
