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
