import Foundation
import Testing

@testable import ScrollPhysics

struct CriticallyDampedSpringTests {
  @Test("closed form solves x'' + 2ωx' + ω²x = 0", arguments: [(-80.0, 0.0), (0.0, -3000.0), (40.0, -900.0)])
  func solvesTheEquation(x0: Double, v0: Double) {
    let spring = CriticallyDampedSpring(displacement: x0, velocity: v0)
    #expect(spring.omega == 10)
    #expect(spring.displacement(at: 0) == x0)
    #expect(spring.velocity(at: 0) == v0)
    let h = 1e-4
    for t in [0.01, 0.1, 0.35, 0.8] {
      let x = spring.displacement(at: t)
      let v = (spring.displacement(at: t + h) - spring.displacement(at: t - h)) / (2 * h)
      let a = (spring.displacement(at: t + h) - 2 * x + spring.displacement(at: t - h)) / (h * h)
      #expect(abs(v - spring.velocity(at: t)) < 1e-3 * max(1, abs(v0) / 1000))
      #expect(abs(a + 20 * v + 100 * x) < 1e-2 * max(1, abs(v0) / 100))
    }
  }

  @Test func fromRestReturnsWithoutCrossing() {
    let spring = CriticallyDampedSpring(displacement: -100, velocity: 0)
    #expect(spring.zeroCrossingTime == nil)
    for step in 0...200 {
      let x = spring.displacement(at: Double(step) * 0.01)
      #expect(x <= 0 && x >= -100)
    }
  }

  @Test func crossesOnceWhenThrownTowardTheEdge() throws {
    let spring = CriticallyDampedSpring(displacement: 50, velocity: -2000)
    let t = try #require(spring.zeroCrossingTime)
    #expect(abs(spring.displacement(at: t)) < 1e-9)
    #expect(abs(t - 50.0 / 1500) < 1e-12)
  }

  @Test func settleTimeMeetsBothTolerancesForGood() {
    let spring = CriticallyDampedSpring(displacement: 0, velocity: -5000)
    let settle = spring.settleTime(positionTolerance: 0.5 / 3, velocityTolerance: 20.0 / 3)
    #expect(settle > 0.5 && settle < 2)
    for step in 0...1000 {
      let t = settle + Double(step) * 0.002
      #expect(abs(spring.displacement(at: t)) <= 0.5 / 3 + 1e-12)
      #expect(abs(spring.velocity(at: t)) <= 20.0 / 3 + 1e-12)
    }
    let earlier = settle - 1e-3
    let unsettled =
      abs(spring.displacement(at: earlier)) > 0.5 / 3 || abs(spring.velocity(at: earlier)) > 20.0 / 3
    #expect(unsettled)
  }
}
