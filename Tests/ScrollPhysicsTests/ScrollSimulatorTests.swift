import Foundation
import Testing

@testable import ScrollPhysics

struct ScrollSimulatorTests {
  static let phone = ScrollGeometry(viewportHeight: 800, contentHeight: 3000)

  func simulator(start: Double = 0, _ geometry: ScrollGeometry = phone) throws -> ScrollSimulator {
    try ScrollSimulator(geometry: geometry, profile: .ios, screenScale: 3, startOffset: start)
  }

  @Test func dragFollowsTheFingerOneToOneInRange() throws {
    var sim = try simulator(start: 500)
    try sim.touchDown(y: 600, at: 0)
    #expect(sim.state(at: 0).phase == .tracking)
    try sim.touchMove(y: 450, at: 0.1)
    #expect(
      sim.state(at: 0.1)
        == ScrollState(offset: 650, velocity: sim.state(at: 0.1).velocity, phase: .dragging))
    try sim.touchMove(y: 700, at: 0.2)
    #expect(sim.state(at: 0.2).offset == 400)
  }

  @Test("rubber band applies to the total overdrag, not per event (physics.md item 1)")
  func rubberBandIsPathIndependent() throws {
    var coarse = try simulator()
    try coarse.touchDown(y: 100, at: 0)
    try coarse.touchMove(y: 200, at: 0.1)
    var fine = try simulator()
    try drag(&fine, fromY: 100, toY: 200, duration: 0.1)
    let expected = -RubberBand(coefficient: 0.55, dimension: 800).overscroll(forDrag: 100)
    #expect(abs(expected + 51.461988) < 1e-6)
    #expect(coarse.state(at: 0.1).offset == expected)
    #expect(abs(fine.state(at: 0.1).offset - expected) < 1e-9)
  }

  @Test func releaseBelowTheFlingThresholdStopsAtOnce() throws {
    var sim = try simulator(start: 1000)
    try drag(&sim, fromY: 400, toY: 395, duration: 0.1)  // 50 pt/s
    let v = try sim.touchUp(at: 0.1)
    #expect(v == 0)
    #expect(sim.state(at: 0.1) == ScrollState(offset: 1005, velocity: 0, phase: .idle))
    #expect(sim.lastReleaseVelocity == 0)
  }

  @Test func flingDeceleratesInClosedForm() throws {
    var sim = try simulator(start: 0)
    try drag(&sim, fromY: 500, toY: 400, duration: 0.1)  // finger up at 1000 pt/s
    let v = try sim.touchUp(at: 0.1)
    #expect(abs(v - 1000) < 1e-6)
    let reference = Deceleration(offset: 100, velocity: v)
    for t in [0.2, 0.6, 1.1] {
      let state = sim.state(at: 0.1 + t)
      #expect(state.phase == .decelerating)
      #expect(abs(state.offset - reference.offset(at: t)) < 1e-9)
    }
    let rest = sim.state(at: 10)
    #expect(rest.phase == .idle && rest.velocity == 0)
    #expect(abs(rest.offset - reference.restOffset) <= 20.0 / 3 / 2.002 + 1e-9)
  }

  @Test func flingIntoTheTopEdgeBouncesAndLandsExactlyOnIt() throws {
    var sim = try simulator(start: 100)
    try drag(&sim, fromY: 300, toY: 380, duration: 0.04)  // 2000 pt/s toward the top
    try sim.touchUp(at: 0.04)
    var minimum = Double.infinity
    var sawBounce = false
    for i in 0...600 {
      let state = sim.state(at: 0.04 + Double(i) / 120)
      minimum = min(minimum, state.offset)
      sawBounce = sawBounce || state.phase == .bouncing
    }
    #expect(sawBounce)
    #expect(minimum < -10)
    #expect(sim.state(at: 10) == ScrollState(offset: 0, velocity: 0, phase: .idle))
  }

  @Test func releaseWhileOverscrolledReturnsToTheEdge() throws {
    var sim = try simulator()
    try drag(&sim, fromY: 100, toY: 300, duration: 0.5)
    try sim.touchMove(y: 300, at: 0.6)  // still: no fling
    let overscroll = sim.state(at: 0.6).offset
    #expect(overscroll < -50)
    try sim.touchUp(at: 0.65)
    let later = sim.state(at: 0.75)
    #expect(later.phase == .bouncing && later.offset > overscroll && later.offset < 0)
    #expect(sim.state(at: 5) == ScrollState(offset: 0, velocity: 0, phase: .idle))
  }

  @Test("a fling toward the content from an overscrolled position neither reverses nor stops dead")
  func flingTowardTheContentWhileOverscrolled() throws {
    var sim = try simulator()
    try drag(&sim, fromY: 100, toY: 300, duration: 0.3)
    for i in 1...6 { try sim.touchMove(y: 300 - 25 * Double(i), at: 0.3 + Double(i) / 120) }
    let releaseTime = 0.3 + 6.0 / 120
    #expect(sim.state(at: releaseTime).offset < 0)
    let v = try sim.touchUp(at: releaseTime)
    #expect(v > 1000)
    var previous = sim.state(at: releaseTime).offset
    var end = releaseTime
    for i in 1...1200 {
      let t = releaseTime + Double(i) / 240
      let state = sim.state(at: t)
      #expect(state.offset >= previous, "reversed at t = \(t)")
      #expect(state.velocity >= 0)
      previous = state.offset
      if state.phase == .idle {
        end = t
        break
      }
    }
    #expect(previous > 500)
    #expect(end > releaseTime + 1)
  }

  @Test func aTouchCatchesAFlingWithoutAJumpAndHoldsIt() throws {
    var sim = try simulator(start: 0)
    try drag(&sim, fromY: 600, toY: 400, duration: 0.1)
    try sim.touchUp(at: 0.1)
    let moving = sim.state(at: 0.4)
    #expect(moving.phase == .decelerating)
    try sim.touchDown(y: 500, at: 0.4)
    let caught = sim.state(at: 0.4)
    #expect(caught.offset == moving.offset && caught.phase == .tracking && caught.velocity == 0)
    #expect(sim.state(at: 1.4).offset == moving.offset)
    try sim.touchUp(at: 1.5)
    #expect(sim.state(at: 1.5) == ScrollState(offset: moving.offset, velocity: 0, phase: .idle))
  }

  @Test func aTouchCatchesABounceWhereItIs() throws {
    var sim = try simulator()
    try drag(&sim, fromY: 100, toY: 400, duration: 0.3)
    try sim.touchMove(y: 400, at: 0.4)
    try sim.touchUp(at: 0.45)
    let bouncing = sim.state(at: 0.5)
    #expect(bouncing.phase == .bouncing)
    try sim.touchDown(y: 400, at: 0.5)
    #expect(abs(sim.state(at: 0.5).offset - bouncing.offset) < 1e-9)
    try sim.touchMove(y: 401, at: 0.51)
    let after = sim.state(at: 0.51).offset
    #expect(after < bouncing.offset && after > bouncing.offset - 1)
  }
}
