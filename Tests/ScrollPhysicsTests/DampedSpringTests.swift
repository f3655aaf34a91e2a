import Foundation
import Testing

@testable import ScrollPhysics

struct DampedSpringTests {
  /// (mass, stiffness, ζ): iOS bounce, Flutter bounce, Android stretch.
  static let springs: [(Double, Double, Double)] = [
    (1, 100, 1), (0.5, 100, 1.1), (1, 24.657 * 24.657, 0.98),
  ]

  @Test("closed form solves m·x'' + c·x' + k·x = 0", arguments: springs)
  func solvesTheEquation(mass: Double, stiffness: Double, ratio: Double) {
    let damping = ratio * 2 * (mass * stiffness).squareRoot()
    for (x0, v0) in [(-80.0, 0.0), (0.0, -3000.0), (40.0, -900.0)] {
      let spring = DampedSpring(
        displacement: x0, velocity: v0, stiffness: stiffness, mass: mass, dampingRatio: ratio)
      #expect(abs(spring.displacement(at: 0) - x0) < 1e-9)
      #expect(abs(spring.velocity(at: 0) - v0) < 1e-9)
      let h = 1e-5
      for t in [0.01, 0.1, 0.35, 0.8] {
        let x = spring.displacement(at: t)
        let v = (spring.displacement(at: t + h) - spring.displacement(at: t - h)) / (2 * h)
        let a = (spring.velocity(at: t + h) - spring.velocity(at: t - h)) / (2 * h)
        #expect(abs(v - spring.velocity(at: t)) < 1e-4 * max(1, abs(v0) / 100))
        #expect(abs(mass * a + damping * v + stiffness * x) < 1e-2 * max(1, abs(v0) / 10))
      }
    }
  }

  @Test func kindFollowsTheDampingRatio() {
    #expect(DampedSpring(displacement: 1, velocity: 0).kind == .critical)
    #expect(
      DampedSpring(displacement: 1, velocity: 0, mass: 0.5, dampingRatio: 1.1).kind == .overdamped)
    #expect(DampedSpring(displacement: 1, velocity: 0, dampingRatio: 0.98).kind == .underdamped)
  }

  @Test("Flutter's overdamped scroll spring: r1, r2 of withDampingRatio(0.5, 100, 1.1)")
  func flutterRoots() {
    // c = 1.1·2·√50 = 15.556349; r = (−c ± √(c² − 200)) / 1.
    let spring = DampedSpring(
      displacement: 10, velocity: 0, stiffness: 100, mass: 0.5, dampingRatio: 1.1)
    let c = 1.1 * 2 * 50.0.squareRoot()
    #expect(abs(spring.r1 - (-c - (c * c - 200).squareRoot())) < 1e-12)
    #expect(abs(spring.r2 - (-c + (c * c - 200).squareRoot())) < 1e-12)
    #expect(abs(spring.r1 + 22.037090) < 1e-6 && abs(spring.r2 + 9.075608) < 1e-6)
  }

  @Test func criticalSpringFromRestReturnsWithoutCrossing() {
    let spring = DampedSpring(displacement: -100, velocity: 0)
    #expect(spring.zeroCrossingTime == nil)
    for step in 0...200 {
      let x = spring.displacement(at: Double(step) * 0.01)
      #expect(x <= 0 && x >= -100)
    }
  }

  @Test(arguments: springs)
  func crossesWhereTheDisplacementIsZero(mass: Double, stiffness: Double, ratio: Double) throws {
    let spring = DampedSpring(
      displacement: 50, velocity: -4000, stiffness: stiffness, mass: mass, dampingRatio: ratio)
    let t = try #require(spring.zeroCrossingTime)
    #expect(abs(spring.displacement(at: t)) < 1e-9)
    // No earlier crossing.
    for step in 1..<100 { #expect(spring.displacement(at: t * Double(step) / 100) > 0) }
  }

  @Test func criticalCrossingTimeIsClosedForm() throws {
    let spring = DampedSpring(displacement: 50, velocity: -2000)
    #expect(abs(try #require(spring.zeroCrossingTime) - 50.0 / 1500) < 1e-12)
  }

  @Test("settle time meets both tolerances for good", arguments: springs)
  func settleTimeHoldsForGood(mass: Double, stiffness: Double, ratio: Double) {
    for (x0, v0) in [(0.0, -5000.0), (-120.0, 0.0), (30.0, 900.0)] {
      let spring = DampedSpring(
        displacement: x0, velocity: v0, stiffness: stiffness, mass: mass, dampingRatio: ratio)
      let settle = spring.settleTime(positionTolerance: 0.5 / 3, velocityTolerance: 20.0 / 3)
      #expect(settle > 0 && settle < 5)
      for step in 0...1000 {
        let t = settle + Double(step) * 0.002
        #expect(abs(spring.displacement(at: t)) <= 0.5 / 3 + 1e-12)
        #expect(abs(spring.velocity(at: t)) <= 20.0 / 3 + 1e-12)
      }
      if ratio >= 1 {
        let earlier = settle - 1e-3
        let unsettled =
          abs(spring.displacement(at: earlier)) > 0.5 / 3
          || abs(spring.velocity(at: earlier)) > 20.0 / 3
        #expect(unsettled)
      }
    }
  }
}
