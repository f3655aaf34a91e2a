import Testing

@testable import ScrollPhysics

struct ScrollSimulatorInputTests {
  @Test(arguments: [
    (ScrollGeometry(viewportHeight: 0, contentHeight: 100), "viewportHeight"),
    (ScrollGeometry(viewportHeight: -5, contentHeight: 100), "viewportHeight"),
    (ScrollGeometry(viewportHeight: .nan, contentHeight: 100), "viewportHeight"),
    (ScrollGeometry(viewportHeight: 800, contentHeight: .infinity), "contentHeight"),
    (ScrollGeometry(viewportHeight: 800, contentHeight: 1e12), "contentHeight"),
    (
      ScrollGeometry(viewportHeight: 800, contentHeight: 100, contentInsetTop: -1),
      "contentInsetTop"
    ),
  ])
  func badGeometryIsRejected(geometry: ScrollGeometry, field: String) {
    #expect {
      _ = try ScrollSimulator(geometry: geometry)
    } throws: { error in
      guard case .invalidParameter(let name, _, _) = error as? PhysicsError else { return false }
      return name == field
    }
  }

  /// Content that stops scrolling mid-drag (it shrinks to fit, in a profile that does not
  /// bounce then): the moves after it move nothing and keep the velocity of the last move that
  /// scrolled, whatever the finger's new samples say.
  @Test func aDragOverContentThatStopsScrollingKeepsItsLastVelocity() throws {
    var profile = PhysicsProfile.ios
    profile.bouncesWhenContentFits = false
    var simulator = try ScrollSimulator(
      geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 3000), profile: profile,
      startOffset: 1000)
    try simulator.touchDown(y: 600, at: 0)
    var y = 600.0
    for i in 1...8 {
      y -= 10 * Double(i)
      try simulator.touchMove(y: y, at: Double(i) / 120)
    }
    let before = simulator.state(at: 8.0 / 120)
    #expect(before.phase == .dragging)
    #expect(before.velocity > 1000)
    try simulator.setGeometry(
      ScrollGeometry(viewportHeight: 800, contentHeight: 600), at: 8.0 / 120)
    try simulator.touchMove(y: y - 200, at: 9.0 / 120)
    let after = simulator.state(at: 9.0 / 120)
    #expect(after.phase == .dragging)
    #expect(after.velocity == before.velocity)
  }

  @Test func startOffsetMustBeInRange() {
    let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 1000)
    #expect(throws: PhysicsError.self) {
      _ = try ScrollSimulator(geometry: geometry, startOffset: 201)
    }
    #expect(throws: PhysicsError.self) {
      _ = try ScrollSimulator(geometry: geometry, startOffset: .nan)
    }
  }

  @Test func badTouchesAreRejectedAndLeaveTheStateIntact() throws {
    var sim = try ScrollSimulator(
      geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 3000))
    #expect(throws: PhysicsError.unexpectedTouch(kind: "move", time: 0)) {
      try sim.touchMove(y: 1, at: 0)
    }
    try sim.touchDown(y: 500, at: 1)
    #expect(throws: PhysicsError.timeWentBackwards(time: 0.5, previous: 1)) {
      try sim.touchMove(y: 1, at: 0.5)
    }
    #expect(throws: PhysicsError.self) { try sim.touchMove(y: .nan, at: 1.1) }
    #expect(throws: PhysicsError.self) { try sim.touchMove(y: 400, at: .infinity) }
    #expect(throws: PhysicsError.unexpectedTouch(kind: "down", time: 1.2)) {
      try sim.touchDown(y: 1, at: 1.2)
    }
    try sim.touchMove(y: 400, at: 1.2)
    #expect(sim.state(at: 1.2).offset == 100)
  }

  @Test func contentShorterThanTheViewportBouncesBackToZero() throws {
    var sim = try ScrollSimulator(geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 300))
    try sim.touchDown(y: 600, at: 0)
    try sim.touchMove(y: 400, at: 0.05)
    #expect(sim.state(at: 0.05).offset > 0)
    try sim.touchUp(at: 0.05)
    #expect(sim.state(at: 10) == ScrollState(offset: 0, velocity: 0, phase: .idle))
  }
}
