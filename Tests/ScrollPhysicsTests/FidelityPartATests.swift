import Foundation
import Testing

@testable import ScrollPhysics

/// Deceleration helpers for `targetContentOffset` (closed forms of physics.md item 3).
struct DecelerationTargetingTests {
  @Test(
    "the velocity that rests a fling at a chosen distance, inverse of restOffset",
    arguments: [(-800.0, 0.998), (-1.5, 0.998), (120.0, 0.99), (2400.0, 0.998)])
  func velocityToTravel(distance: Double, rate: Double) {
    let v0 = Deceleration.velocity(toTravel: distance, rate: rate)
    let fling = Deceleration(offset: 37, velocity: v0, rate: rate)
    #expect(abs(fling.restOffset - (37 + distance)) <= 1e-9 * max(1, abs(distance)))
    #expect((v0 > 0) == (distance > 0))
  }

  @Test("physics.md worked value: 1000 pt/s at .normal rests 499.4998 pt away")
  func workedValueInverse() {
    #expect(abs(Deceleration.velocity(toTravel: 499.4998, rate: 0.998) - 1000) < 1e-3)
  }

  @Test("the rest point rounded to the pixel grid, velocity re-derived", arguments: [1.0, 2, 3])
  func pixelAligned(scale: Double) {
    for v in [333.3, -1234.5, 7999.0, 151.0] {
      let fling = Deceleration(offset: 10.1, velocity: v)
      let aligned = fling.pixelAligned(screenScale: scale)
      let pixels = aligned.restOffset * scale
      #expect(abs(pixels - pixels.rounded()) < 1e-6)
      #expect(abs(aligned.restOffset - fling.restOffset) <= 0.5 / scale + 1e-9)
      #expect(aligned.startOffset == fling.startOffset)
      #expect(abs(aligned.k - fling.k) < 1e-9)
      // The velocity changes by at most |k|/(2·scale).
      #expect(abs(aligned.startVelocity - v) <= abs(fling.k) / (2 * scale) + 1e-9)
    }
  }

  @Test(
    "time until the speed falls below a value or the offset is within a distance of rest",
    arguments: [1000.0, -3000, 250])
  func timesToThresholds(v0: Double) {
    let fling = Deceleration(offset: 0, velocity: v0)
    let speedTime = fling.duration(untilSpeed: 20)
    #expect(abs(abs(fling.velocity(at: speedTime)) - 20) < 1e-9)
    let within = fling.duration(untilWithin: 0.5 / 3)
    #expect(abs(abs(fling.restOffset - fling.offset(at: within)) - 0.5 / 3) < 1e-9)
    // Remaining distance is |v|/|k|: the two thresholds coincide when distance = speed/|k|.
    #expect(abs(fling.duration(untilWithin: 20 / abs(fling.k)) - speedTime) < 1e-9)
    #expect(fling.duration(untilWithin: 1e6) == 0)
  }
}

/// SwiftUI and Compose springs.
struct SpringParametersTests {
  /// Flutter `packages/flutter/test/physics/spring_simulation_test.dart`
  /// ("SpringDescription.withDurationAndBounce"): (0.5 s, 0.3) → k 157.91, c 17.59;
  /// (0.5 s, −0.3) → k 157.91, c 35.90; each ±0.01.
  @Test(
    "Flutter's published withDurationAndBounce values",
    arguments: [(0.3, 157.91, 17.59), (-0.3, 157.91, 35.90)])
  func flutterPublished(bounce: Double, stiffness: Double, damping: Double) {
    let spring = SpringParameters(duration: 0.5, bounce: bounce)
    #expect(spring.mass == 1)
    #expect(abs(spring.stiffness - stiffness) < 0.01)
    #expect(abs(spring.damping - damping) < 0.01)
  }

  /// Same file, "get duration and bounce based on mass and stiffness": (1, 157.91, 17.59) →
  /// 500 ms (rounded to whole ms as Flutter does) and bounce 0.3 ± 0.001.
  @Test("Flutter's published duration and bounce from mass, stiffness and damping")
  func flutterPublishedInverse() {
    let spring = SpringParameters(mass: 1, stiffness: 157.91, damping: 17.59)
    #expect((spring.duration * 1000).rounded() == 500)
    #expect(abs(spring.bounce - 0.3) < 0.001)
  }

  @Test(
    "SwiftUI presets (Apple: smooth 0.5 s/0, snappy 0.5 s/0.15, bouncy 0.5 s/0.3) round-trip",
    arguments: [
      (SpringParameters.smooth, 0.0), (SpringParameters.snappy, 0.15),
      (SpringParameters.bouncy, 0.3),
    ])
  func presets(spring: SpringParameters, bounce: Double) {
    #expect(abs(spring.duration - 0.5) < 1e-12)
    #expect(abs(spring.bounce - bounce) < 1e-12)
    #expect(abs(spring.stiffness - pow(2 * Double.pi / 0.5, 2)) < 1e-9)
    #expect(abs(spring.dampingRatio - (1 - bounce)) < 1e-12)
  }

  @Test("duration/bounce ↔ physical round-trips both ways", arguments: [-0.6, -0.2, 0, 0.25, 0.7])
  func roundTrip(bounce: Double) {
    for duration in [0.2, 0.5, 1.3] {
      let spring = SpringParameters(duration: duration, bounce: bounce)
      #expect(abs(spring.duration - duration) < 1e-12)
      #expect(abs(spring.bounce - bounce) < 1e-12)
      let again = SpringParameters(
        mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
      #expect(again == spring)
    }
  }

  /// androidx `compose/animation/animation-core/.../AnimationSpec.kt` (`object Spring`).
  @Test(
    "Compose constants and spring(dampingRatio, stiffness)",
    arguments: [
      (ComposeSpring.dampingRatioHighBouncy, 0.2), (ComposeSpring.dampingRatioMediumBouncy, 0.5),
      (ComposeSpring.dampingRatioLowBouncy, 0.75), (ComposeSpring.dampingRatioNoBouncy, 1.0),
    ])
  func compose(ratio: Double, published: Double) {
    #expect(ratio == published)
    for stiffness in [
      ComposeSpring.stiffnessHigh, ComposeSpring.stiffnessMedium,
      ComposeSpring.stiffnessMediumLow, ComposeSpring.stiffnessLow,
      ComposeSpring.stiffnessVeryLow,
    ] {
      let spring = SpringParameters.compose(dampingRatio: ratio, stiffness: stiffness)
      #expect(abs(spring.dampingRatio - ratio) < 1e-12)
      #expect(abs(spring.naturalFrequency - stiffness.squareRoot()) < 1e-12)
      // Its duration/bounce form: 2π/√k and 1 − ζ.
      #expect(abs(spring.duration - 2 * Double.pi / stiffness.squareRoot()) < 1e-12)
      #expect(abs(spring.bounce - (1 - ratio)) < 1e-12)
    }
    #expect(
      [50.0, 200, 400, 1500, 10_000] == [
        ComposeSpring.stiffnessVeryLow, ComposeSpring.stiffnessLow,
        ComposeSpring.stiffnessMediumLow, ComposeSpring.stiffnessMedium,
        ComposeSpring.stiffnessHigh,
      ])
  }

  @Test(
    "evaluation solves m·x'' + c·x' + k·x = 0 from the given state",
    arguments: [0.0, 0.15, 0.3, -0.4])
  func evaluation(bounce: Double) {
    let parameters = SpringParameters(duration: 0.4, bounce: bounce)
    let motion = parameters.spring(displacement: -120, velocity: 900)
    #expect(abs(motion.displacement(at: 0) + 120) < 1e-9)
    #expect(abs(motion.velocity(at: 0) - 900) < 1e-9)
    let h = 1e-5
    for t in [0.01, 0.1, 0.33] {
      let a = (motion.velocity(at: t + h) - motion.velocity(at: t - h)) / (2 * h)
      let residual =
        parameters.mass * a + parameters.damping * motion.velocity(at: t)
        + parameters.stiffness * motion.displacement(at: t)
      #expect(abs(residual) < 1e-3 * parameters.stiffness)
    }
    let settle = motion.settleTime(positionTolerance: 0.5, velocityTolerance: 5)
    #expect(abs(motion.displacement(at: settle)) <= 0.5 + 1e-9)
  }
}

/// Flutter's iOS drag-start threshold (scroll_activity.dart, `_adjustForScrollStartThreshold`).
struct DragMotionThresholdTests {
  /// Steps (points) and what moves, read off `_adjustForScrollStartThreshold` in
  /// `packages/flutter/lib/src/widgets/scroll_activity.dart` with threshold 3.5
  /// (`BouncingScrollPhysics.dragStartDistanceMotionThreshold`): nothing until the running sum
  /// passes 3.5, then min(3.5/3, |step|), then everything; a crossing step over 24 passes whole.
  static let ease = 3.5 / 3
  static let ruleCases: [([Double], [Double])] = [
    ([1, 1, 1, 1, 1, 1], [0, 0, 0, 1, 1, 1]),
    ([2, 2, 2], [0, ease, 2]),
    ([-3, -0.4, -0.2], [0, 0, -0.2]),
    ([30, 5], [30, 5]),
    ([3, 20], [0, ease]),
    ([0.5, -4.5, -2], [0, -ease, -2]),
  ]

  @Test("Flutter's iOS threshold rule", arguments: ruleCases)
  func rule(steps: [Double], moved: [Double]) {
    var threshold = DragMotionThreshold(distance: 3.5, startingAt: 0)
    for (i, step) in steps.enumerated() {
      let got = threshold.apply(step, at: Double(i + 1) / 120)
      #expect(abs(got - moved[i]) < 1e-12, "step \(i)")
    }
  }

  @Test("re-armed only by a still event more than 50 ms after the last move")
  func rearm() {
    var threshold = DragMotionThreshold(distance: 3.5, startingAt: 0)
    _ = threshold.apply(10, at: 0.01)
    #expect(threshold.apply(2, at: 0.02) == 2)
    #expect(threshold.apply(0, at: 0.07) == 0)  // 50 ms exactly: not yet
    #expect(threshold.apply(2, at: 0.071) == 2)
    #expect(threshold.apply(0, at: 0.1215) == 0)  // 50.5 ms still: re-armed
    #expect(threshold.apply(2, at: 0.13) == 0)
    #expect(abs(threshold.apply(2, at: 0.14) - 3.5 / 3) < 1e-12)
  }

  @Test("in the simulator: the part held back is dropped, the crossing eases in")
  func inSimulator() throws {
    var profile = PhysicsProfile.ios
    profile.dragMotionThreshold = 3.5
    var sim = try ScrollSimulator(
      geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 3000), profile: profile,
      startOffset: 500)
    try sim.touchDown(y: 400, at: 0)
    for (i, y) in [398.0, 396, 394, 392].enumerated() {
      try sim.touchMove(y: y, at: Double(i + 1) / 120)
    }
    // 2 held, the 2nd step crosses (moves 7/6 of its 2), then 2 and 2: 500 + 7/6 + 4.
    #expect(abs(sim.state(at: 4.0 / 120).offset - (500 + 3.5 / 3 + 4)) < 1e-9)
    var plain = try ScrollSimulator(
      geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 3000), startOffset: 500)
    try plain.touchDown(y: 400, at: 0)
    try plain.touchMove(y: 394, at: 0.05)
    #expect(plain.state(at: 0.05).offset == 506)  // iOS default: off, 1:1
  }
}

/// A finger lifted overscrolled toward the content carries momentum into it (physics.md item 5).
struct OverscrollReleaseTests {
  static let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 3000)  // max 2200

  /// Distance into the content and the state at the crossing, for a release `overscroll`
  /// points past the top (negative) or bottom (positive) edge with `speed` toward the content.
  func release(overscroll: Double, speed: Double) throws -> (entry: Double, sim: ScrollSimulator) {
    var sim = try ScrollSimulator(geometry: Self.geometry, profile: .ios, screenScale: 3)
    let edge = overscroll < 0 ? 0.0 : Self.geometry.maxOffset
    let velocity = overscroll < 0 ? speed : -speed
    try sim.release(atOffset: edge + overscroll, velocity: velocity, at: 0)
    let rest = sim.state(at: 60)
    #expect(rest.phase == .idle)
    return (abs(rest.offset - edge), sim)
  }

  @Test(
    "slow, medium and fast releases from both edges enter the content, further when faster",
    arguments: [-120.0, -40, 40, 120])
  func entersTheContent(overscroll: Double) throws {
    var previous = 0.0
    for speed in [120.0, 300, 800, 2000, 5000] {
      let (entry, _) = try release(overscroll: overscroll, speed: speed)
      #expect(entry > previous, "speed \(speed)")
      previous = entry
    }
  }

  @Test(
    "offset and velocity are continuous at release and at the edge crossing",
    arguments: [-80.0, 80])
  func continuity(overscroll: Double) throws {
    for speed in [150.0, 1000, 4000] {
      let (_, sim) = try release(overscroll: overscroll, speed: speed)
      let start = sim.state(at: 0)
      let edge = overscroll < 0 ? 0.0 : Self.geometry.maxOffset
      #expect(abs(start.offset - (edge + overscroll)) < 1e-9)
      #expect(abs(abs(start.velocity) - speed) < 1e-9)
      guard case .moving(let motion) = sim.mode else {
        Issue.record("not moving")
        return
      }
      #expect(motion.segments.count >= 2)
      let crossing = motion.startTimes[1]
      let before = motion.state(at: crossing - 1e-9)
      let after = motion.state(at: crossing + 1e-9)
      #expect(abs(before.offset - edge) < 1e-5)
      #expect(abs(after.offset - edge) < 1e-5)
      #expect(abs(before.velocity - after.velocity) < 1e-3 * max(1, abs(after.velocity)))
      #expect((after.velocity > 0) == (overscroll < 0))
      // Never reverses: the offset moves one way from release to rest.
      var last = start.offset
      for step in 1...600 {
        let now = sim.state(at: Double(step) / 120).offset
        #expect(overscroll < 0 ? now >= last - 1e-9 : now <= last + 1e-9)
        last = now
      }
    }
  }

  @Test("a release with no velocity is the plain bounce; a re-layout keeps the bounce spring")
  func zeroVelocityAndRelayout() throws {
    let (entry, _) = try release(overscroll: -60, speed: 0)
    #expect(entry == 0)
    let relayout = ScrollMotion(
      releaseAt: -60, velocity: 300, time: 0, geometry: Self.geometry, profile: .ios,
      screenScale: 3)
    #expect(relayout.finalOffset == 0)
  }
}

/// Restartable flings and the Android table's start.
struct RestartableFlingTests {
  @Test("the Android spline starts exactly at its start offset", arguments: [50.0, -700, 8000])
  func splineStartsAtStart(velocity: Double) {
    let fling = AndroidSplineFling(offset: 123.25, velocity: velocity)
    #expect(fling.offset(at: 0) == 123.25)
    #expect(AndroidSplineFling.splinePosition[0] == 0)
    #expect(AndroidSplineFling.splinePosition[100] == 1)
  }

  /// Flutter `packages/flutter/lib/src/widgets/scroll_simulation.dart`
  /// (`ClampingScrollSimulation`): ballistic, so a simulation rebuilt from (x(t), dx(t)) follows
  /// the same path; closed form: T' = T − t and D' = D·(1 − t/T)^R.
  @Test(
    "the Android profile's fling rebuilt from its own state follows the same path",
    arguments: [300.0, -2500, 7900])
  func androidRestart(velocity: Double) {
    let profile = PhysicsProfile.android
    let fling = profile.flingCurve(offset: 0, velocity: velocity)
    for t in [0.05, 0.3, 0.9] {
      let rebuilt = profile.flingCurve(offset: fling.offset(at: t), velocity: fling.velocity(at: t))
      for dt in [0.0, 0.1, 0.5, 2, 10] {
        let a = fling.offset(at: t + dt)
        let b = rebuilt.offset(at: dt)
        #expect(abs(a - b) <= 1e-9 * max(1, abs(a)), "t \(t) dt \(dt)")
      }
    }
    // Same total distance as OverScroller's table for the same velocity.
    let table = AndroidSplineFling(offset: 0, velocity: velocity)
    #expect(abs(fling.offset(at: .infinity) - table.restOffset) <= 1e-9 * abs(table.restOffset))
  }
}
