import Foundation
import Testing

@testable import ScrollPhysics

/// The paging and view-aligned snap spring (``PhysicsProfile/snapResponse``).
struct ScrollMotionSnapTests {
  static let phone = ScrollGeometry(viewportHeight: 800, contentHeight: 3000)  // maxOffset 2200

  /// The time of the first idle sample at 1000 Hz after a release at `from` with `velocity`.
  func landing(
    _ profile: PhysicsProfile, from: Double, velocity: Double, behavior: ScrollTargetBehavior
  ) throws -> (time: Double, offset: Double, start: ScrollState) {
    var sim = try ScrollSimulator(
      geometry: Self.phone, profile: profile, screenScale: 3, startOffset: from)
    try sim.setTargetBehavior(behavior)
    try sim.release(atOffset: from, velocity: velocity, at: 0)
    for index in 0...10_000 {
      let t = Double(index) / 1000
      let state = sim.state(at: t)
      if state.phase == .idle { return (t, state.offset, sim.state(at: 0)) }
      #expect(state.phase == .decelerating)
    }
    Issue.record("no landing within 10 s")
    return (.infinity, .nan, sim.state(at: 0))
  }

  @Test(
    "a page snap takes 0.3–0.75 s, no longer for a harder fling, no cliff at any speed",
    arguments: PhysicsProfile.builtIn)
  func pageSnapDurationFallsWithVelocity(profile: PhysicsProfile) throws {
    // 0.7 s with the 0.3 s response; Flutter's `PageScrollPhysics` spring (ω √200) 0.72 s.
    var previous = Double.infinity
    for velocity in [150.0, 500, 780, 800, 1000, 2000, 4000, 8000] {
      let land = try landing(profile, from: 800, velocity: velocity, behavior: .paging)
      #expect(land.offset == 1600)
      #expect(land.time >= 0.3 && land.time <= 0.75, "v \(velocity): \(land.time) s")
      #expect(land.time <= previous + 0.002, "v \(velocity): \(land.time) s after \(previous)")
      // The snap starts with the release velocity: no jump.
      #expect(abs(land.start.velocity - velocity) < 1e-9)
      previous = land.time
    }
  }

  @Test(
    "a slow release past the middle of a page lands on the next one",
    arguments: PhysicsProfile.builtIn)
  func slowReleaseLands(profile: PhysicsProfile) throws {
    let land = try landing(profile, from: 1300, velocity: 500, behavior: .paging)
    #expect(land.offset == 1600)
    #expect(land.time <= 0.7)
  }

  /// A far item (2000 pt for a fling that would stop at 499 pt) is reached with a softer
  /// spring: no faster than about the maximum fling velocity (8000 pt/s; it was 15,400), landing
  /// exactly, within 2 s.
  @Test func aFarSnapStaysWithinTheMaximumFlingSpeed() throws {
    var sim = try ScrollSimulator(geometry: Self.phone, profile: .ios, screenScale: 3)
    try sim.setTargetBehavior(.viewAligned([0, 2000]))
    try sim.release(atOffset: 0, velocity: 1000, at: 0)
    let peak = (0...2000).map { abs(sim.state(at: Double($0) / 1000).velocity) }.max() ?? 0
    #expect(peak > 7000 && peak < 8100, "peak \(peak)")
    #expect(sim.state(at: 2) == ScrollState(offset: 2000, velocity: 0, phase: .idle))
  }

  @Test("a snap never overshoots its target", arguments: PhysicsProfile.builtIn)
  func noOvershoot(profile: PhysicsProfile) throws {
    for velocity in [100.0, 1000, 8000, -8000] {
      var sim = try ScrollSimulator(
        geometry: Self.phone, profile: profile, screenScale: 3, startOffset: 1500)
      try sim.setTargetBehavior(.viewAligned([0, 600, 1200, 1600, 2200]))
      try sim.release(atOffset: 1500, velocity: velocity, at: 0)
      let target = sim.state(at: 10).offset
      for index in 0...2000 {
        let offset = sim.state(at: Double(index) / 1000).offset
        #expect(velocity > 0 ? offset <= target : offset >= target, "v \(velocity)")
      }
    }
  }
}
