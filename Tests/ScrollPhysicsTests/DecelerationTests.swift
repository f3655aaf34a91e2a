import Foundation
import Testing

@testable import ScrollPhysics

struct DecelerationTests {
  let fling = Deceleration(offset: 0, velocity: 1000, rate: Deceleration.normalRate)

  @Test("physics.md worked values for v0 = 1000 pt/s at .normal")
  func workedValues() {
    #expect(abs(fling.offset(at: 0.1) - 90.6259) < 5e-5)
    #expect(abs(fling.offset(at: 1) - 432.0351) < 5e-5)
    #expect(abs(fling.restOffset - 499.4998) < 5e-5)
    #expect(abs(Deceleration.projectedDistance(velocity: 1000) - 499.0) < 1e-9)
  }

  @Test func velocityKeepsTheRateEveryMillisecond() {
    for ms in [1, 10, 250, 1000] {
      let ratio = fling.velocity(at: Double(ms) / 1000) / 1000
      #expect(abs(ratio - pow(0.998, Double(ms))) < 1e-12)
    }
    let fast = Deceleration(offset: 0, velocity: 1000, rate: Deceleration.fastRate)
    #expect(abs(fast.velocity(at: 0.001) - 990) < 1e-9)
  }

  @Test func velocityIsTheDerivativeOfOffset() {
    let h = 1e-6
    for t in [0.0, 0.05, 0.3, 1.7] {
      let numeric = (fling.offset(at: t + h) - fling.offset(at: t - h)) / (2 * h)
      #expect(abs(numeric - fling.velocity(at: t)) < 1e-4)
    }
  }

  @Test func analyticEdgeCrossing() throws {
    let edge = 300.0
    let t = try #require(fling.time(toReach: edge))
    #expect(abs(fling.offset(at: t) - edge) < 1e-9)
    #expect(abs(fling.velocity(atOffset: edge) - fling.velocity(at: t)) < 1e-9)
    #expect(fling.time(toReach: 600) == nil)
    #expect(fling.time(toReach: -10) == nil)
  }

  @Test func durationReachesTheStopSpeed() {
    let t = fling.duration(untilSpeed: 20.0 / 3)
    #expect(abs(fling.velocity(at: t) - 20.0 / 3) < 1e-9)
    #expect(fling.duration(untilSpeed: 2000) == 0)
  }
}
