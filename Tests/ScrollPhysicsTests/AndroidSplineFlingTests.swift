import Foundation
import Testing

@testable import ScrollPhysics

/// Android `OverScroller` spline fling (AOSP frameworks/base core/java/android/widget/
/// OverScroller.java) and Flutter's `ClampingScrollSimulation`, which documents that it travels
/// the same total distance (packages/flutter/lib/src/widgets/scroll_simulation.dart).
struct AndroidSplineFlingTests {
  @Test("published constants: ln(0.78)/ln(0.9) and the physical coefficient")
  func constants() {
    #expect(abs(AndroidSplineFling.decelerationExponent - 2.3582018154259448) < 1e-15)
    #expect(abs(AndroidSplineFling.physicalCoefficient - 51890.2) < 0.1)
  }

  @Test func splineTableRunsFromZeroToOneMonotonically() {
    let table = AndroidSplineFling.splinePosition
    #expect(table.count == 101)
    #expect(abs(table[0]) < 1e-4 && table[100] == 1)
    for i in 1...100 { #expect(table[i] > table[i - 1]) }
  }

  @Test("distance and duration: getSplineFlingDistance / getSplineFlingDuration")
  func distanceAndDuration() {
    let fling = AndroidSplineFling(offset: 0, velocity: 1000)
    let c = 0.015 * AndroidSplineFling.physicalCoefficient
    let d = AndroidSplineFling.decelerationExponent
    let l = log(0.35 * 1000 / c)
    #expect(abs(fling.distance - c * exp(d / (d - 1) * l)) < 1e-9)
    #expect(abs(fling.duration - exp(l / (d - 1))) < 1e-12)
    // Hand-evaluated: friction·C = 778.353, duration 0.555182 s, distance 194.3136 pt.
    #expect(abs(fling.duration - 0.555182) < 1e-6)
    #expect(abs(fling.distance - 194.3136) < 1e-4)
    #expect(fling.offset(at: fling.duration) == fling.restOffset)
    #expect(AndroidSplineFling(offset: 0, velocity: -1000).distance == -fling.distance)
  }

  @Test("Flutter's ClampingScrollSimulation travels Android's spline distance")
  func clampingMatchesAndroidDistance() {
    for v in [182.114534, 614.2093, 1982.785934, 2866.91537, -4000] {
      let android = AndroidSplineFling(offset: 0, velocity: v)
      let flutter = ClampingFling(offset: 0, velocity: v)
      #expect(abs(android.distance - flutter.distance) < 1e-9 * abs(android.distance))
    }
  }

  @Test(
    "Flutter test: ClampingScrollSimulation has stable initial conditions",
    arguments: [
      (51.0, 2866.91537), (584.0, 2617.294734), (345.0, 1982.785934), (0.0, 1831.366634),
      (-156.2, 1541.57665), (4.0, 1139.250439), (4534.0, 1073.553798), (75.0, 614.2093),
      (5469.0, 182.114534),
    ])
  func clampingInitialConditions(position: Double, velocity: Double) {
    let fling = ClampingFling(offset: position, velocity: velocity)
    #expect(abs(fling.offset(at: 0) - position) < 1e-9)
    #expect(abs(fling.velocity(at: 0) - velocity) < 1e-9)
    // "velocity eventually reaches zero": dx(10) == 0.
    #expect(fling.velocity(at: 10) == 0)
  }

  @Test func clampingVelocityIsTheDerivative() throws {
    let fling = ClampingFling(offset: 0, velocity: 2500)
    let h = 1e-6
    for t in [0.05, 0.3, 0.9] where t < fling.duration {
      let numeric = (fling.offset(at: t + h) - fling.offset(at: t - h)) / (2 * h)
      #expect(abs(numeric - fling.velocity(at: t)) < 1e-3)
    }
    let half = fling.startOffset + fling.distance / 2
    let t = try #require(fling.time(toReach: half))
    #expect(abs(fling.offset(at: t) - half) < 1e-9)
  }

  @Test func splineTimeToReachInvertsTheOffset() throws {
    let fling = AndroidSplineFling(offset: 100, velocity: -3000)
    for fraction in [0.1, 0.5, 0.93, 1.0] {
      let target = 100 + fling.distance * fraction
      let t = try #require(fling.time(toReach: target))
      #expect(abs(fling.offset(at: t) - target) < 1e-6)
    }
    #expect(fling.time(toReach: 101) == nil)
  }
}
