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

/// Flutter `FrictionSimulation` test values (packages/flutter/test/physics/
/// friction_simulation_test.dart), through ``Deceleration/init(offset:velocity:dragPerSecond:)``.
struct FlutterFrictionTests {
  @Test func positiveVelocity() throws {
    let friction = Deceleration(offset: 100, velocity: 100, dragPerSecond: 0.135)
    #expect(abs(friction.offset(at: 0) - 100) < 1e-9)
    #expect(abs(friction.velocity(at: 0) - 100) < 1e-9)
    #expect(abs(friction.offset(at: 0.1) - 110) <= 1)
    #expect(abs(friction.offset(at: 0.5) - 131) <= 1)
    #expect(abs(friction.offset(at: 2) - 149) <= 1)
    #expect(abs(friction.restOffset - 149) <= 1)
    #expect(friction.time(toReach: 100) == 0)
    for t in [0.1, 0.5, 2.0] {
      #expect(abs(try #require(friction.time(toReach: friction.offset(at: t))) - t) < 1e-9)
    }
    #expect(friction.time(toReach: -1) == nil)
    #expect(friction.time(toReach: 200) == nil)
  }

  @Test func negativeVelocity() {
    let friction = Deceleration(offset: 100, velocity: -100, dragPerSecond: 0.135)
    #expect(abs(friction.offset(at: 0.1) - 91) <= 1)
    #expect(abs(friction.offset(at: 0.5) - 68) <= 1)
    #expect(abs(friction.offset(at: 2) - 51) <= 1)
    #expect(abs(friction.restOffset - 50) <= 1)
    #expect(friction.time(toReach: 101) == nil)
    #expect(friction.time(toReach: 40) == nil)
  }

  @Test("0.135 per second is UIKit's .normal within 0.03 %")
  func matchesUIKit() {
    let flutter = Deceleration(offset: 0, velocity: 1000, dragPerSecond: 0.135)
    let uikit = Deceleration(offset: 0, velocity: 1000)
    #expect(abs(flutter.restOffset - uikit.restOffset) / uikit.restOffset < 3e-4)
  }

  @Test func retargetedMomentumRestsExactlyOnTarget() throws {
    let snap = try #require(Deceleration(offset: 100, velocity: 1500, restingAt: 800))
    #expect(abs(snap.restOffset - 800) < 1e-9)
    #expect(Deceleration(offset: 100, velocity: -1500, restingAt: 800) == nil)
  }
}
