import Foundation
import Testing

@testable import ScrollPhysics

/// The web profiles a user can name (`chromium-physics`, `chromium-mac`, `framer`), driven
/// through the simulator and checked against their platforms' published values and closed
/// forms. (Their curves alone: PlatformCurveTests; the invariants every built-in profile keeps:
/// ScrollSimulatorInvariantTests, ScrollSimulatorWheelTests, AnimatedScrollRangeTests.)
struct WebProfileTests {
  @Test(
    "every web profile is built in, by name, and validates",
    arguments: ["chromium", "chromium-physics", "chromium-mac", "framer"])
  func namedAndValid(name: String) throws {
    let profile = try #require(PhysicsProfile.named(name))
    #expect(profile.name == name)
    try profile.validate()
  }

  /// Chromium `ui/events/gestures/physics_based_fling_curve_unittest.cc`: 5000 px/s in a
  /// 1920×1080 viewport (bound 3 × 1080): 98 px at 20 ms, 923 more at 250 ms, 2218 more by
  /// the end (±1 each), 2 s long; through the `chromium-physics` profile's release (CSS pixels as
  /// points, 96 per inch).
  @Test("chromium-physics replays physics_based_fling_curve_unittest.cc")
  func chromiumPhysicsRelease() throws {
    let geometry = ScrollGeometry(viewportHeight: 1080, contentHeight: 100_000)
    var sim = try ScrollSimulator(geometry: geometry, profile: .chromiumPhysics)
    try sim.release(atOffset: 0, velocity: 5000, at: 0)
    let a = sim.state(at: 0.02).offset
    let b = sim.state(at: 0.25).offset
    #expect(abs(a - 98) <= 1)
    #expect(abs(b - a - 923) <= 1)
    let rest = sim.state(at: 2.02)
    #expect(rest.phase == .idle)
    #expect(abs(rest.offset - b - 2218) <= 1)
    #expect(rest.offset <= 3 * 1080)
  }

  /// Chromium's elastic release (`ElasticOverscrollControllerExponential::
  /// StretchAmountForTimeDelta`, macOS constants): `(s0 + 0.31·v·t)·e^(−12.5·t)` from the
  /// overscroll `s0` and the release velocity `v`, ended, stretch set to 0, at the first instant
  /// it is below 1 px (`ElasticOverscrollController::Animate`).
  @Test(
    "chromium-mac's release follows (s0 + 0.31·v·t)·e^(−12.5t) and ends below 1 px",
    arguments: [(-100.0, 200.0), (-100.0, 0.0), (-40.0, -300.0), (60.0, -150.0)])
  func chromiumMacRelease(overscroll: Double, velocity: Double) throws {
    let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 2000)
    let edge = overscroll < 0 ? 0 : geometry.maxOffset
    var sim = try ScrollSimulator(geometry: geometry, profile: .chromiumMac, screenScale: 2)
    try sim.release(atOffset: edge + overscroll, velocity: velocity, at: 0)
    let amplitude = Double(Float(0.31))
    func stretch(_ t: Double) -> Double { (overscroll + amplitude * velocity * t) * exp(-12.5 * t) }
    // The first instant |stretch| < 1 px = 0.5 pt at scale 2, by a fine scan.
    var end = 0.0
    while abs(stretch(end)) >= 0.5 { end += 1e-5 }
    for t in stride(from: 0.0, to: end - 1e-3, by: 0.01) {
      let state = sim.state(at: t)
      #expect(abs(state.offset - edge - stretch(t)) < 1e-9, "t \(t)")
      #expect(state.phase == .bouncing)
    }
    guard case .moving(let motion) = sim.mode else {
      Issue.record("no motion after the release")
      return
    }
    #expect(abs(motion.endTime - end) < 1e-4)
    #expect(sim.state(at: end + 1e-3) == ScrollState(offset: edge, velocity: 0, phase: .idle))
    // Within about half a second: a slow release toward the content used to wait for the zero
    // crossing at s0/(0.31·|v|) (1.6 s for the first case; 40 s for a 5000 pt overscroll).
    #expect(end < 0.7)
  }

  /// Motion `inertia` through the `framer` profile: a release at `v` in range rests exactly at
  /// `origin + 0.8·v` and follows `target − 0.8·v·e^(−t/0.75)` (motion `inertia.ts`, a drag's
  /// `dragTransition` defaults; keyframe values as in `inertia.test.ts`, there with power 1 and
  /// 500 ms).
  @Test(
    "framer's momentum is Motion's inertia with a drag's defaults", arguments: [1000.0, -600.0])
  func framerRelease(velocity: Double) throws {
    let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 10_000)
    var sim = try ScrollSimulator(geometry: geometry, profile: .framer, startOffset: 3000)
    try sim.release(atOffset: 3000, velocity: velocity, at: 0)
    let target = 3000 + 0.8 * velocity
    for t in [0.05, 0.3, 1.0, 3.0] {
      #expect(abs(sim.state(at: t).offset - (target - 0.8 * velocity * exp(-t / 0.75))) < 1e-9)
    }
    // Done within restDelta 1: 0.75·ln(0.8·|v|/1) seconds, then exactly on the target.
    let done = 0.75 * log(0.8 * abs(velocity))
    #expect(sim.state(at: done + 1e-6) == ScrollState(offset: target, velocity: 0, phase: .idle))
    // No minimum fling speed: a 20 pt/s release still moves 16 pt.
    var slow = try ScrollSimulator(geometry: geometry, profile: .framer, startOffset: 3000)
    try slow.release(atOffset: 3000, velocity: 20, at: 0)
    #expect(slow.state(at: 10).offset == 3016)
  }
}

/// `flutter-fast`: Flutter's `BouncingScrollPhysics(decelerationRate: .fast)`.
struct FlutterFastProfileTests {
  @Test("flutter-fast carries Flutter's .fast constants")
  func constants() throws {
    let fast = try #require(PhysicsProfile.named("flutter-fast"))
    #expect(fast == .flutterFast)
    #expect(fast.scrollDecelerationRate == .fast && fast.rubberBandCoefficient == 0.26)
    #expect(fast.springMass == 0.3 && fast.springStiffness == 75 && fast.springDampingRatio == 1.3)
    #expect(fast.maximumFlingVelocity == 8000 * 8)
    #expect(FlutterOverscroll.Rate.fast.constantDeceleration == 1400)
    #expect(PhysicsProfile.flutter.scrollDecelerationRate == .normal)
  }

  /// The fling is `FrictionSimulation(0.135, x, v, constantDeceleration: 1400)`
  /// (`BouncingScrollPhysics.createBallisticSimulation`, `friction_simulation.dart`):
  /// `x(t) = x0 + v·(0.135^t − 1)/ln 0.135 − 700·t²` up to the instant the velocity reaches 0,
  /// then it holds. With `.normal` (no constant term) the same release travels
  /// `v/|ln 0.135|` in the limit.
  @Test(
    "a flutter-fast fling is Flutter's FrictionSimulation with 1400 pt/s²",
    arguments: [
      800.0, 3000.0, -2500.0,
    ])
  func fling(velocity: Double) throws {
    let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 20_000)
    var sim = try ScrollSimulator(geometry: geometry, profile: .flutterFast, startOffset: 8000)
    try sim.release(atOffset: 8000, velocity: velocity, at: 0)
    let k = log(0.135)
    func x(_ t: Double) -> Double {
      8000 + velocity * (exp(k * t) - 1) / k - (velocity < 0 ? -700 : 700) * t * t
    }
    func dx(_ t: Double) -> Double { velocity * exp(k * t) - (velocity < 0 ? -1400 : 1400) * t }
    for t in [0.05, 0.2, 0.4] where dx(t) * (velocity < 0 ? -1 : 1) > 20 {
      #expect(abs(sim.state(at: t).offset - x(t)) < 1e-9)
      #expect(abs(sim.state(at: t).velocity - dx(t)) < 1e-9)
    }
    // It stops where |dx| falls below the stop speed (20 px/s at scale 3), short of finalX by at
    // most the distance covered at that speed.
    var end = 0.0
    while abs(dx(end)) > 20.0 / 3 { end += 1e-5 }
    let rest = sim.state(at: end + 1e-3)
    #expect(rest.phase == .idle)
    #expect(abs(rest.offset - x(end)) < 1e-3)
    // Sooner and shorter than the same release with `.normal`'s friction alone.
    var normal = try ScrollSimulator(geometry: geometry, profile: .flutter, startOffset: 8000)
    try normal.release(atOffset: 8000, velocity: velocity, at: 0)
    #expect(abs(normal.state(at: 30).offset - 8000) > abs(rest.offset - 8000))
  }

  /// `applyPhysicsToUserOffset`: with `.fast`, a drag easing an overscroll back toward the
  /// content moves 1:1; pulling further out is resisted by 0.26·(1 − f)².
  @Test("flutter-fast eases out of an overscroll 1:1 and resists with 0.26")
  func drag() throws {
    let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 5000)
    var fast = try ScrollSimulator(geometry: geometry, profile: .flutterFast)
    var normal = try ScrollSimulator(geometry: geometry, profile: .flutter)
    for i in 0...12 {  // a pull down from the top, past Flutter's 18 pt slop
      try fast.touchMove(y: 100 + Double(i) * 10, at: Double(i) / 120, down: i == 0)
      try normal.touchMove(y: 100 + Double(i) * 10, at: Double(i) / 120, down: i == 0)
    }
    let pulledFast = fast.state(at: 0.1).offset
    let pulledNormal = normal.state(at: 0.1).offset
    #expect(pulledFast < 0 && pulledNormal < pulledFast)  // 0.26 resists more than 0.52
    // 10 pt back up: the overscroll shrinks by exactly 10 with .fast, by less with .normal.
    try fast.touchMove(y: 210, at: 0.11, down: false)
    try normal.touchMove(y: 210, at: 0.11, down: false)
    #expect(abs(fast.state(at: 0.11).offset - (pulledFast + 10)) < 1e-9)
    #expect(normal.state(at: 0.11).offset - pulledNormal < 10)
  }
}

extension ScrollSimulator {
  fileprivate mutating func touchMove(y: Double, at time: Double, down: Bool) throws {
    if down { try touchDown(y: y, at: time) } else { try touchMove(y: y, at: time) }
  }
}

/// The paging and snapping spring per profile (``PhysicsProfile/snapResponse``, ω = 2π/response).
struct SnapSpringProfileTests {
  @Test("each profile's snap spring has its platform's natural frequency")
  func naturalFrequencies() {
    // Compose `spring(stiffness = Spring.StiffnessMediumLow)`: √400 = 20 rad/s, ζ 1.
    let compose = SpringParameters.compose(
      dampingRatio: 1, stiffness: ComposeSpring.stiffnessMediumLow)
    #expect(
      abs(2 * Double.pi / PhysicsProfile.android.snapResponse - compose.naturalFrequency) < 1e-12)
    // Flutter `PageScrollPhysics` with the default spring (mass 0.5, stiffness 100).
    #expect(abs(2 * Double.pi / PhysicsProfile.flutter.snapResponse - 200.0.squareRoot()) < 1e-12)
    #expect(
      abs(2 * Double.pi / PhysicsProfile.flutterFast.snapResponse - 250.0.squareRoot()) < 1e-9)
    #expect(PhysicsProfile.ios.snapResponse == 0.3)
  }

  @Test("a page snap in the android profile is Compose's critically damped 400 spring")
  func androidPageSnap() throws {
    let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 8000)
    var sim = try ScrollSimulator(geometry: geometry, profile: .android, startOffset: 700)
    try sim.setTargetBehavior(.paging)
    try sim.release(atOffset: 700, velocity: 0, at: 0)
    // From rest 100 pt short of page 800: x(t) = 800 − 100·(1 + 20t)·e^(−20t).
    for t in [0.02, 0.1, 0.2] {
      #expect(abs(sim.state(at: t).offset - (800 - 100 * (1 + 20 * t) * exp(-20 * t))) < 1e-9)
    }
  }
}
