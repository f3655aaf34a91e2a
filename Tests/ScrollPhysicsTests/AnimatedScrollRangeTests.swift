import Foundation
import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import ScrollPhysics

/// An animated `scrollTo` started from a moving state lands exactly on its target and never
/// leaves `0 ... maxOffset` (nor goes further out than it starts when it starts overscrolled), in
/// every profile. Until this was fixed the Android and Chromium profiles (and the others) let the
/// critically damped animation spring carry a fast view past an edge (found by the wheel
/// invariant, ScrollSimulatorWheelTests).
struct AnimatedScrollRangeTests {
  /// Every profile a user can name, the web profiles included.
  static let profiles = PhysicsProfile.builtIn

  static let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 5000)  // max 4200

  /// The animation's states every 1/240 s from `start` until it rests (at most 30 s).
  static func path(_ sim: inout ScrollSimulator, from start: Double) -> [ScrollState] {
    var states: [ScrollState] = []
    var t = start
    while t < start + 30 {
      sim.advance(to: t)
      let state = sim.state(at: t)
      states.append(state)
      if state.phase == .idle { break }
      t += 1.0 / 240
    }
    return states
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var release: Double
    var velocity: Double
    var at: Double
    var target: Double
    var testDescription: String { "release \(release) v \(velocity), scrollTo \(target) at \(at)" }
  }

  /// A fling 4000 pt/s toward the bottom edge, 0.02 s later animated to that edge: at ~3800
  /// pt/s, 120 pt from it, the 0.5 s spring (ω 12.6 rad/s, ω·d ≈ 1500 pt/s) passed it by ≈ 60 pt.
  /// A fling away from the target close to the opposite edge: the spring kept going past it.
  static let cases = [
    Case(release: 4000, velocity: 4000, at: 0.02, target: 4200),
    Case(release: 200, velocity: -4000, at: 0.02, target: 0),
    Case(release: 4150, velocity: 3000, at: 0.005, target: 3900),
    Case(release: 50, velocity: -3000, at: 0.005, target: 300),
  ]

  @Test(
    "an animated scroll from a fast fling lands on its target inside the range",
    arguments: profiles, cases)
  func fastFlingRetargeted(profile: PhysicsProfile, c: Case) throws {
    var sim = try ScrollSimulator(geometry: Self.geometry, profile: profile, startOffset: c.release)
    try sim.release(atOffset: c.release, velocity: c.velocity, at: 0)
    let before = sim.state(at: c.at)
    try #require(abs(before.velocity) > 1000, "the view must still be moving fast")
    try sim.scrollTo(offset: c.target, animated: true, at: c.at)
    // The velocity is carried into the animation (a stiffer spring keeps it in range).
    #expect(abs(sim.state(at: c.at).velocity - before.velocity) < 1e-9)
    let states = Self.path(&sim, from: c.at)
    for state in states {
      #expect(
        state.offset >= 0 && state.offset <= Self.geometry.maxOffset,
        "\(profile.name): \(state) out of range")
    }
    #expect(states.last?.phase == .idle && states.last?.offset == c.target, "\(profile.name)")
  }

  /// The bug as the profiles' default spring shows it: the same states laid out with the 0.5 s
  /// critically damped spring pass the edge (so the cases above do test the fix).
  @Test("the unstiffened spring leaves the range in each case", arguments: cases)
  func theDefaultSpringOvershoots(c: Case) throws {
    var sim = try ScrollSimulator(
      geometry: Self.geometry, profile: .android, startOffset: c.release)
    try sim.release(atOffset: c.release, velocity: c.velocity, at: 0)
    let before = sim.state(at: c.at)
    let spring = SpringParameters(duration: PhysicsProfile.android.animationResponse)
      .spring(displacement: before.offset - c.target, velocity: before.velocity)
    let out = stride(from: 0.0, through: 2, by: 1.0 / 240).contains { t in
      let offset = c.target + spring.displacement(at: t)
      return offset < 0 || offset > Self.geometry.maxOffset
    }
    #expect(out)
  }

  @Test("the stiffening is the smallest that keeps the extremum on the bound")
  func rangeKeepingScaleIsTight() {
    // From 120 pt above the target at 3800 pt/s toward it, ω0 = 4π: the extremum of the
    // stiffened spring is the target itself (no overshoot, c2 ≥ 0), with ω just above v/d.
    let omega0 = 4 * Double.pi
    let scale = ScrollMotion.rangeKeepingScale(
      displacement: -120, reach: 3800 / omega0, lower: -4200, upper: 0)
    let omega = omega0 / scale
    #expect(abs(omega - 3800 / 120) / omega < 1e-5)
    #expect(omega >= 3800 / 120)
    // Away from the target with room r: the closed-form extremum (d + u)·e^(−u/(u+d)) lands
    // on the bound.
    let s2 = ScrollMotion.rangeKeepingScale(
      displacement: 265, reach: 2950 / omega0, lower: -3900, upper: 300)
    let u = s2 * 2950 / omega0
    let extremum = (265 + u) * exp(-u / (u + 265))
    #expect(extremum <= 300 && extremum > 300 - 1e-3)
    // Already in range: untouched.
    #expect(
      ScrollMotion.rangeKeepingScale(displacement: 1000, reach: -10, lower: 0, upper: 1000) == 1)
  }

  @Test(
    "animated scrolls from 600 generated moving states stay in range and land exactly",
    arguments: profiles)
  func generatedStates(profile: PhysicsProfile) throws {
    var random = SplitMix64(seed: 13)
    var tested = 0
    for seed in 0..<600 {
      let geometry = ScrollSimulatorInvariantTests.randomGeometry(&random)
      let maxOffset = geometry.maxOffset
      let start = random.uniform(0...1) * maxOffset
      var sim = try ScrollSimulator(geometry: geometry, profile: profile, startOffset: start)
      // A fling, or a release overscrolled (bouncing profiles), then an animated scroll while
      // it moves.
      let pull = random.unit() < 0.3 ? random.uniform(-0.3...0.3) * geometry.viewportHeight : 0
      let releaseOffset = pull < 0 ? pull : (pull > 0 ? maxOffset + pull : start)
      try sim.release(
        atOffset: releaseOffset, velocity: random.uniform(-8000...8000), at: 0)
      let at = random.uniform(0...1.2)
      let choice = random.unit()
      let target =
        choice < 0.3 ? 0 : choice < 0.6 ? maxOffset : random.uniform(-100...(maxOffset + 100))
      let before = sim.state(at: at)
      try sim.scrollTo(offset: target, animated: true, at: at)
      let states = Self.path(&sim, from: at)
      let lower = min(before.offset, 0) - 1e-9
      let upper = max(before.offset, maxOffset) + 1e-9
      for state in states {
        #expect(
          state.offset >= lower && state.offset <= upper,
          "seed \(seed): \(state) outside \(lower)...\(upper) from \(before)")
      }
      #expect(
        states.last?.phase == .idle && states.last?.offset == geometry.clamp(target),
        """
        seed \(seed): \(String(describing: states.last)) target \(geometry.clamp(target)) \
        from \(before) max \(maxOffset) after \(states.count) states
        """)
      if abs(before.velocity) > 0 { tested += 1 }
    }
    #expect(tested > 200)
  }
}
