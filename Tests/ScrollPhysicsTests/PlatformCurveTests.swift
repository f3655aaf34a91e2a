import Foundation
import Testing

@testable import ScrollPhysics

/// Published test values of the platforms' own curves (each case names its file), plus
/// closed-form identities.
struct PlatformCurveTests {
  // MARK: Flutter FrictionSimulation

  struct FrictionCase: Sendable, CustomTestStringConvertible {
    let velocity: Double
    let constantDeceleration: Double
    let samples: [(t: Double, x: Double)]
    let finalX: Double
    var testDescription: String { "v \(velocity), c \(constantDeceleration)" }
  }

  /// Flutter `packages/flutter/test/physics/friction_simulation_test.dart` (±1 as Flutter checks).
  static let frictionCases: [FrictionCase] = [
    FrictionCase(
      velocity: 100, constantDeceleration: 0,
      samples: [(0.1, 110), (0.5, 131), (2.0, 149)], finalX: 149),
    FrictionCase(
      velocity: -100, constantDeceleration: 0,
      samples: [(0.1, 91), (0.5, 68), (2.0, 51)], finalX: 50),
    FrictionCase(
      velocity: -100, constantDeceleration: 100,
      samples: [(0.1, 91), (0.5, 80), (2.0, 80)], finalX: 80),
  ]

  @Test("Flutter friction_simulation_test.dart", arguments: frictionCases)
  func flutterFriction(_ c: FrictionCase) {
    let sim = FrictionSimulation(
      drag: 0.135, position: 100, velocity: c.velocity, constantDeceleration: c.constantDeceleration
    )
    #expect(sim.x(0) == 100)
    #expect(abs(sim.dx(0) - c.velocity) < 1e-12)
    for (t, x) in c.samples { #expect(abs(sim.x(t) - x) <= 1, "x(\(t)) = \(sim.x(t))") }
    #expect(abs(sim.finalX - c.finalX) <= 1)
    #expect(sim.timeAtX(100) == 0)
    for t in [0.1, 0.2, 0.3] { #expect(abs(sim.timeAtX(sim.x(t)) - t) < 1e-9) }
    let beyond = c.velocity > 0 ? [-1.0, 200] : [101.0, 40]
    for x in beyond { #expect(sim.timeAtX(x) == .infinity) }
  }

  @Test("constant deceleration: dx(finalTime) = 0 and x holds at finalX afterwards")
  func frictionFinalTime() {
    let sim = FrictionSimulation(
      drag: 0.135, position: 0, velocity: 2000, constantDeceleration: 1400)
    #expect(abs(sim.dx(sim.finalTime)) < 1e-9)
    #expect(sim.x(sim.finalTime + 5) == sim.finalX)
    #expect(sim.dx(sim.finalTime + 0.01) == 0)
    #expect(sim.isDone(at: sim.finalTime + 0.01, velocityTolerance: 1e-3))
    #expect(!sim.isDone(at: 0, velocityTolerance: 1e-3))
    // c = 0 is the plain exponential (Deceleration with drag per second).
    let plain = FrictionSimulation(drag: 0.135, position: 3, velocity: 700)
    let decel = Deceleration(offset: 3, velocity: 700, dragPerSecond: 0.135)
    #expect(plain.x(0.7) == decel.offset(at: 0.7))
    #expect(plain.finalX == decel.restOffset)
  }

  @Test("frictionFactor 0.52·(1 − f)² and the .fast rule (easing is 1:1)")
  func flutterFrictionFactor() {
    #expect(FlutterOverscroll.frictionFactor(overscrollFraction: 0) == 0.52)
    #expect(abs(FlutterOverscroll.frictionFactor(overscrollFraction: 0.125) - 0.398125) < 1e-15)
    #expect(FlutterOverscroll.Rate.fast.coefficient == 0.26)
    let easing = FlutterOverscroll.offsetChange(
      delta: 10, offset: -100, maxOffset: 2000, viewport: 800, coefficient: 0.26,
      easesFreely: true)
    #expect(easing == 10)
    let tension = FlutterOverscroll.offsetChange(
      delta: -10, offset: -100, maxOffset: 2000, viewport: 800, coefficient: 0.26,
      easesFreely: true)
    #expect(abs(tension + 10 * 0.26 * pow(1 - 100.0 / 800, 2)) < 1e-12)
  }

  @Test("SpringSimulation.isDone at an instant (nearZero is strict) beside settleTime")
  func springIsDone() {
    let spring = DampedSpring(
      displacement: 100, velocity: 0, stiffness: 100, mass: 0.5, dampingRatio: 1.1)
    let settle = spring.settleTime(positionTolerance: 1e-3, velocityTolerance: 1e-3)
    #expect(spring.isDone(at: settle + 1e-6, distanceTolerance: 1e-3, velocityTolerance: 1e-3))
    #expect(!spring.isDone(at: 0, distanceTolerance: 1e-3, velocityTolerance: 1e-3))
    let still = DampedSpring(displacement: 0, velocity: 0)
    #expect(still.isDone(at: 0, distanceTolerance: 1e-3, velocityTolerance: 1e-3))
    // Underdamped: done at an instant where both are small is possible before settleTime's bound.
    let bouncy = DampedSpring(displacement: 10, velocity: 0, stiffness: 100, dampingRatio: 0.1)
    let bound = bouncy.settleTime(positionTolerance: 0.5, velocityTolerance: 50)
    #expect(bouncy.isDone(at: bound, distanceTolerance: 0.5, velocityTolerance: 50))
  }

  // MARK: Chromium

  /// Chromium `ui/events/gestures/fling_curve_unittest.cc` (FlingCurveTest.Basic): v = 5000,
  /// deltas 96 at 20 ms, 705 more at 250 ms, 392 more at the end (±1).
  @Test("Chromium fling_curve_unittest.cc")
  func chromiumFling() {
    let curve = ChromiumFlingCurve(offset: 0, velocity: 5000)
    let a = curve.offset(at: 0.02)
    let b = curve.offset(at: 0.25)
    let c = curve.offset(at: 10)
    #expect(abs(a - 96) <= 1)
    #expect(abs(b - a - 705) <= 1)
    #expect(abs(c - b - 392) <= 1)
    #expect(curve.offset(at: 20) == c)
    #expect(curve.velocity(at: 10) == 0)
    #expect(abs(curve.velocity(at: 0) - 5000) < 1e-9)
    // Closed form: V is the derivative of P.
    let h = 1e-6
    let numeric = (curve.offset(at: 0.3 + h) - curve.offset(at: 0.3 - h)) / (2 * h)
    #expect(abs(numeric - curve.velocity(at: 0.3)) < 1e-3)
    #expect(abs(curve.time(toReach: b)! - 0.25) < 1e-9)
    // Negative flings mirror.
    #expect(ChromiumFlingCurve(offset: 0, velocity: -5000).offset(at: 0.25) == -b)
  }

  struct PhysicsCase: Sendable, CustomTestStringConvertible {
    let velocity: Double
    let bound: Double
    let deltas: [Double]
    var testDescription: String { "v \(velocity), bound \(bound)" }
  }

  /// Chromium `ui/events/gestures/physics_based_fling_curve_unittest.cc`: ppi 96, viewport
  /// 1920×1080 (bounds ×3), deltas at 20 ms, 250 ms and the end (±1).
  static let physicsCases: [PhysicsCase] = [
    PhysicsCase(velocity: 5000, bound: 1080 * 3, deltas: [98, 923, 2218]),
    PhysicsCase(velocity: 5000, bound: 1920 * 3, deltas: [99, 1054, 3571]),
  ]

  @Test("Chromium physics_based_fling_curve_unittest.cc", arguments: physicsCases)
  func chromiumPhysics(_ c: PhysicsCase) {
    let curve = ChromiumPhysicsFling(
      offset: 0, velocity: c.velocity, pixelsPerInch: 96, boundingDistance: c.bound)
    let a = curve.offset(at: 0.02)
    let b = curve.offset(at: 0.25)
    let end = curve.offset(at: curve.duration)
    #expect(curve.offset(at: -0.02) == 0)
    #expect(abs(a - c.deltas[0]) <= 1)
    #expect(abs(b - a - c.deltas[1]) <= 1)
    #expect(abs(end - b - c.deltas[2]) <= 1)
    #expect(curve.duration == 2)
    #expect(abs(curve.time(toReach: b)! - 0.25) < 1e-9)
  }

  @Test("Chromium control points: slope < 1 raises p1.y, slope > 1 moves p1.x")
  func chromiumControlPoints() {
    let gentle = ChromiumPhysicsFling(offset: 0, velocity: 5000, boundingDistance: 1920 * 3)
    #expect(gentle.p1.x == 0.2)
    #expect(abs(gentle.p1.y - 0.43) <= 0.01)
    let hard = ChromiumPhysicsFling(offset: 0, velocity: 15000, boundingDistance: 1920 * 3)
    #expect(abs(hard.p1.x - 0.19) <= 0.01)
    #expect(hard.p1.y == 1)
    // The start slope equals the release velocity (the Bézier is fitted to it).
    #expect(abs(gentle.velocity(at: 0) - 5000) < 1e-6)
  }

  // MARK: Motion inertia

  /// framer/motion `packages/framer-motion/src/animation/generators/__tests__/inertia.test.ts`:
  /// from 100, velocity 200, power 1, timeConstant 500 ms, restDelta 0.5; keyframes every 10 ms,
  /// done at 3 s (2.31 s with `modifyTarget: target / 2`).
  @Test("motion inertia.test.ts keyframes")
  func motionInertia() {
    let inertia = MotionInertia(
      origin: 100, velocity: 200, power: 1, timeConstant: 0.5, restDelta: 0.5)
    #expect(abs(inertia.offset(at: 0.01) - 103.96026533864895) < 1e-9)
    #expect(abs(inertia.offset(at: 0.02) - 107.84211216953537) < 1e-9)
    #expect(abs(inertia.offset(at: 2.99) - 299.4942347415541) < 1e-9)
    #expect(inertia.offset(at: 3.0) == 300)
    #expect(inertia.duration > 2.99 && inertia.duration <= 3.0)
    let halved = MotionInertia(
      origin: 100, velocity: 200, power: 1, timeConstant: 0.5, restDelta: 0.5,
      modifyTarget: { $0 / 2 })
    #expect(abs(halved.offset(at: 0.01) - 100.99006633466223) < 1e-9)
    #expect(halved.target == 150)
    #expect(halved.duration > 2.30 && halved.duration <= 2.31)
    #expect(MotionInertia(origin: 0, velocity: 0).duration == 0)
  }

  // MARK: Android EdgeEffect

  @Test("EdgeEffect dampStretchVector: 0.016·d + 0.016·(1 − e^(−d·e/0.33))")
  func dampStretchVector() {
    #expect(EdgeEffectRecede.dampStretchVector(0) == 0)
    let one = 0.016 + 0.016 * (1 - exp(-M_E / 0.33))
    #expect(abs(EdgeEffectRecede.dampStretchVector(1) - one) < 1e-6)
    #expect(EdgeEffectRecede.dampStretchVector(-0.5) == -EdgeEffectRecede.dampStretchVector(0.5))
  }

  @Test(
    "EdgeEffect recede: spring, then 200 px/s linear take-over within 8 px", arguments: [1.0, 3.0])
  func edgeEffectRecede(scale: Double) {
    let recede = EdgeEffectRecede(distance: 200, velocity: 0, height: 800, screenScale: scale)
    let takeOver = try! #require(recede.takeOverTime)
    let x = recede.distance(at: takeOver)
    #expect(x > 0 && x < 8 / scale + 1e-9)
    #expect(abs(recede.velocity(at: takeOver + 1e-6)) == 200 / scale)
    #expect(abs(recede.duration - takeOver - x / (200 / scale)) < 1e-12)
    #expect(recede.distance(at: recede.duration) == 0)
    // Before the take-over the motion is EdgeEffect's spring, ω 24.657, ζ 0.98.
    let spring = DampedSpring(
      displacement: 200, velocity: 0, stiffness: 24.657 * 24.657, dampingRatio: 0.98)
    #expect(recede.distance(at: 0.05) == spring.displacement(at: 0.05))
    // A fling absorbed at 8000·13 pt/s is capped at one height, then recedes from there.
    let absorb = EdgeEffectRecede(distance: 0, velocity: 104_000, height: 800, screenScale: scale)
    #expect(absorb.springs.count == 2)
    #expect(abs(absorb.distance(at: absorb.springStarts[1]) - 800) < 1e-6)
    #expect(absorb.duration.isFinite && absorb.duration < 5)
  }
}
