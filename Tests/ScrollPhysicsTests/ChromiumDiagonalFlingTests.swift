import Foundation
import ScrollSimCore
import Testing

@testable import ScrollPhysics

/// A 390 × 844 pt view over 4000 × 8000 pt of content, started in the middle so that the
/// flings below stay in range.
private let wide = ScrollGeometry(viewportHeight: 390, contentHeight: 4000)
private let tall = ScrollGeometry(viewportHeight: 844, contentHeight: 8000)
private let middle = ScrollVector(x: 1800, y: 3500)

/// Lifts after a constant-velocity drag of the finger (`finger`, points per second) sampled at
/// 120 Hz for 12 samples from t = 0; returns the release velocity and the lift time.
private func fling(_ sim: inout TwoAxisScrollSimulator, finger: ScrollVector) throws -> (
  velocity: ScrollVector, time: Double
) {
  let dt = 1.0 / 120
  try sim.touchDown(x: 200, y: 400, at: 0)
  for i in 1...12 {
    let t = Double(i) * dt
    try sim.touchMove(x: 200 + finger.x * t, y: 400 + finger.y * t, at: t)
  }
  let lift = 12 * dt
  return (try sim.touchUp(at: lift), lift)
}

/// Chromium's two-dimensional flings (`DiagonalFling.largerAxis`): one curve on the larger
/// component of the velocity, the other axis scaled, so the fling is straight and both axes
/// stop together. Sources: Chromium `ui/events/gestures/fling_curve.cc`,
/// `physics_based_fling_curve.cc` and their unit tests.
struct ChromiumDiagonalFlingTests {
  // MARK: The curves

  /// `fling_curve.cc`: `displacement_ratio_ = velocity / max(|vx|, |vy|)`, so a (3000, 5000)
  /// fling is Chromium's `FlingCurveTest.Basic` (0, 5000) curve on y (deltas 96 at 20 ms, 705
  /// more at 250 ms, 392 more at the end, ±1) and 3/5 of it on x, with one duration.
  @Test("fling_curve.cc: the smaller axis is the larger axis's curve times vx/vy")
  func touchscreenCurve() {
    let y = ChromiumFlingCurve(offset: 0, velocity: 5000, largerComponent: 5000)
    let x = ChromiumFlingCurve(offset: 0, velocity: 3000, largerComponent: 5000)
    #expect(y == ChromiumFlingCurve(offset: 0, velocity: 5000))
    #expect(x.duration == y.duration)
    let times: [Double] = [0.02, 0.25, 10]
    let expected: [Double] = [96, 96 + 705, 96 + 705 + 392]
    for (t, e) in zip(times, expected) {
      #expect(abs(y.offset(at: t) - e) <= 1)
      #expect(abs(x.offset(at: t) - 0.6 * e) <= 0.6)
      #expect(abs(x.offset(at: t) - 0.6 * y.offset(at: t)) < 1e-9)
      #expect(abs(x.velocity(at: t) - 0.6 * y.velocity(at: t)) < 1e-9)
    }
    // Its own one-axis curve (the per-axis model) is a different, shorter curve.
    #expect(ChromiumFlingCurve(offset: 0, velocity: 3000).duration < x.duration)
    // Above V(0) ≈ 20946 the larger axis is capped and both keep their ratio.
    let fast = ChromiumFlingCurve(offset: 0, velocity: -15000, largerComponent: 30000)
    let fastLead = ChromiumFlingCurve(offset: 0, velocity: 30000)
    #expect(abs(fast.offset(at: 0.5) + 0.5 * fastLead.offset(at: 0.5)) < 1e-9)
  }

  /// `physics_based_fling_curve_unittest.cc` `BasicFlingTestVelocityXAndY`: (2000, 4000) px/s,
  /// 96 ppi, viewport 1920 × 1080 (bounds 3× each): deltas x 19, 200, 535 and y 79, 803, 2141
  /// at 20 ms, 250 ms and the end (±1). Each axis has its own distance (`v²/(2a)`), both run
  /// the larger axis's duration and Bézier.
  @Test("physics_based_fling_curve_unittest.cc BasicFlingTestVelocityXAndY")
  func physicsCurve() {
    let y = ChromiumPhysicsFling(offset: 0, velocity: 4000, boundingDistance: 1080 * 3)
    let x = ChromiumPhysicsFling(
      offset: 0, velocity: 2000, boundingDistance: 1920 * 3, leading: y)
    #expect(x.duration == y.duration && x.p1 == y.p1)
    let xs = [19.0, 200, 535]
    let ys = [79.0, 803, 2141]
    var previous = (x: 0.0, y: 0.0)
    for (i, t) in [0.02, 0.25, y.duration].enumerated() {
      let now = (x: x.offset(at: t), y: y.offset(at: t))
      #expect(abs(now.x - previous.x - xs[i]) <= 1, "x delta \(i)")
      #expect(abs(now.y - previous.y - ys[i]) <= 1, "y delta \(i)")
      previous = now
    }
    // One progress for both axes: the ratio of the offsets is the ratio of the distances
    // ((vx/vy)² = 1/4 when neither is capped), at every time.
    #expect(abs(x.distance / y.distance - 0.25) < 1e-12)
    for t in [0.01, 0.3, 1.0, 1.7] {
      #expect(abs(x.offset(at: t) / y.offset(at: t) - 0.25) < 1e-12)
    }
  }

  // MARK: The simulator

  /// A 1500 × 2500 pt/s diagonal release: straight and stopping at once on both axes in the
  /// `chromium` and `chromium-physics` profiles; the per-axis rule (the profile with
  /// `diagonalFling` perAxis) bends the touchscreen curve.
  @Test(
    "chromium profiles: a diagonal fling keeps its direction and both axes stop together",
    arguments: [PhysicsProfile.chromium, .chromiumPhysics])
  func straightFling(profile: PhysicsProfile) throws {
    #expect(profile.diagonalFling == .largerAxis)
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile, startOffset: middle)
    let (v, lift) = try fling(&sim, finger: ScrollVector(x: -1500, y: -2500))
    #expect(abs(v.x - 1500) < 0.01 && abs(v.y - 2500) < 0.01)
    let origin = sim.state(at: lift).offset
    let endX = sim.horizontal.activeMotionEnd
    let endY = sim.vertical.activeMotionEnd
    #expect(endX.isFinite && endX == endY)
    let rest = sim.restingOffset
    let ratio = (rest.x - origin.x) / (rest.y - origin.y)
    // Direction: chromium's is the velocity's (0.6); chromium-physics' the distances' (0.36).
    let expected = profile.flingModel == .chromium ? v.x / v.y : (v.x * v.x) / (v.y * v.y)
    #expect(abs(ratio - expected) < 1e-9)
    var t = lift + 0.004
    while t < endX {
      let state = sim.state(at: t)
      #expect(state.phase == .decelerating)
      let moved = ScrollVector(x: state.offset.x - origin.x, y: state.offset.y - origin.y)
      #expect(abs(moved.x / moved.y - ratio) < 1e-9, "offset at \(t)")
      #expect(abs(state.velocity.x / state.velocity.y - ratio) < 1e-9, "velocity at \(t)")
      t += 1.0 / 60
    }
    #expect(sim.state(at: endX).velocity == .zero)
    #expect(sim.state(at: endX).phase == .idle)
    // The larger axis is exactly the one-axis fling of its velocity.
    var one = try ScrollSimulator(geometry: tall, profile: profile, startOffset: origin.y)
    try one.release(atOffset: origin.y, velocity: v.y, at: lift)
    for dt in [0.05, 0.3, 0.8, 5.0] {
      #expect(sim.state(at: lift + dt).vertical == one.state(at: lift + dt))
    }
  }

  /// The deviation this replaces, kept as an option: one curve per axis bends a diagonal
  /// fling of Chromium's touchscreen curve (its linear term makes a slower fling end sooner in
  /// proportion): x stops first and the direction turns toward y.
  @Test func perAxisChromiumBends() throws {
    var profile = PhysicsProfile.chromium
    profile.diagonalFling = .perAxis
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile, startOffset: middle)
    let (_, lift) = try fling(&sim, finger: ScrollVector(x: -1500, y: -2500))
    let origin = sim.state(at: lift).offset
    let rest = sim.restingOffset
    let ratio = (rest.x - origin.x) / (rest.y - origin.y)
    #expect(ratio < 0.56)
    #expect(sim.horizontal.activeMotionEnd < sim.vertical.activeMotionEnd - 0.1)
  }

  /// One axis reaches its edge mid-fling: Chromium scrolls both axes' deltas until the curve
  /// ends; the edge axis's share is overscroll (clamped: nothing moves) and the fling stops only
  /// when a delta scrolls nothing (`StopFlingingIfNecessary`). So x stops at its edge while y
  /// goes on along the same curve, unchanged, and the view's deceleration ends once, with y.
  @Test(
    "an axis at its edge stops; the other goes on along the curve",
    arguments: [
      PhysicsProfile.chromium, .chromiumPhysics,
    ])
  func edgeMidFling(profile: PhysicsProfile) throws {
    // The drag itself moves x by 150 pt: the fling starts 100 pt from the right edge.
    let nearRight = ScrollVector(x: wide.maxOffset - 250, y: 3500)
    var edge = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile, startOffset: nearRight)
    var free = try TwoAxisScrollSimulator(
      horizontal: ScrollGeometry(viewportHeight: 390, contentHeight: 40000), vertical: tall,
      profile: profile, startOffset: nearRight)
    let (v, lift) = try fling(&edge, finger: ScrollVector(x: -1500, y: -2500))
    _ = try fling(&free, finger: ScrollVector(x: -1500, y: -2500))
    #expect(abs(v.x - 1500) < 0.01)
    let xEnd = edge.horizontal.activeMotionEnd
    let yEnd = edge.vertical.activeMotionEnd
    #expect(xEnd < yEnd && yEnd == free.vertical.activeMotionEnd)
    #expect(edge.state(at: xEnd).horizontal.offset == wide.maxOffset)
    // Until x reaches its edge, the path is the unbounded one; y is the same all along.
    for dt in stride(from: 0.0, through: yEnd - lift + 0.1, by: 1.0 / 60) {
      let t = lift + dt
      #expect(edge.state(at: t).vertical == free.state(at: t).vertical)
      if t < xEnd {
        #expect(edge.state(at: t).horizontal == free.state(at: t).horizontal)
      } else {
        #expect(edge.state(at: t).horizontal.offset == wide.maxOffset)
        #expect(edge.state(at: t).horizontal.velocity == 0)
      }
    }
    edge.advance(to: yEnd + 1)
    let ends = edge.scrollViewEvents.filter {
      if case .didEndDecelerating = $0.kind { return true }
      return false
    }
    #expect(ends.map(\.time) == [yEnd])
  }

  /// A one-axis fling in a two-axis view is untouched: no lead, the one-axis curve.
  @Test(arguments: [PhysicsProfile.chromium, .chromiumPhysics])
  func straightDownIsOneAxis(profile: PhysicsProfile) throws {
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile, startOffset: middle)
    let (v, lift) = try fling(&sim, finger: ScrollVector(x: 0, y: -2500))
    #expect(abs(v.x) < 1e-9)  // least squares over a still x: rounding only
    let origin = sim.state(at: lift).offset
    var one = try ScrollSimulator(geometry: tall, profile: profile, startOffset: origin.y)
    try one.release(atOffset: origin.y, velocity: v.y, at: lift)
    for dt in [0.05, 0.3, 0.8, 5.0] {
      #expect(sim.state(at: lift + dt).vertical == one.state(at: lift + dt))
      #expect(abs(sim.state(at: lift + dt).horizontal.offset - origin.x) < 1e-9)
    }
  }

  // MARK: The profile field

  @Test func profileFieldReadAndChecked() throws {
    let read = try PhysicsProfile.parse(
      Data(#"{"base": "chromium", "diagonalFling": "perAxis"}"#.utf8), file: "p.json")
    #expect(read.diagonalFling == .perAxis)
    let bad: [(String, String)] = [
      (#"{"diagonalFling": "diagonal"}"#, "$.diagonalFling"),
      (#"{"diagonalFling": "largerAxis"}"#, "$.diagonalFling"),
      (#"{"base": "chromium", "flingModel": "exponential"}"#, "$.flingModel"),
    ]
    for (json, path) in bad {
      do {
        _ = try PhysicsProfile.parse(Data(json.utf8), file: "p.json")
        Issue.record("accepted \(json)")
      } catch {
        #expect(error.path == path, "\(json)")
        #expect(error.file == "p.json")
      }
    }
    var profile = PhysicsProfile.ios
    profile.diagonalFling = .largerAxis
    #expect(throws: PhysicsError.self) { try profile.validate() }
    do {
      try profile.validate()
    } catch {
      guard case .invalidParameter(let name, _, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(name == "diagonalFling")
    }
  }
}

/// `chromium-mac` (Chromium's `ElasticOverscrollControllerExponential`, macOS constants): a
/// momentum scroll (trackpad momentum-phase deltas) that reaches an edge stretches past it and
/// springs back. `ObserveScrollUpdate` keeps the scroll velocity of the events
/// (`UpdateVelocity`: the whole delta over the time since the previous event), stretches by the
/// unused delta over `kRubberbandStiffness` (20), and at the first stretch in momentum enters
/// `kStateMomentumAnimated` with that velocity: `stretch(t) = (s0 + 0.31·v·t)·e^(−12.5·t)`
/// (`StretchAmountForTimeDelta`), ending below 1 px; later momentum deltas are ignored.
struct ChromiumMacMomentumEdgeTests {
  @Test("a momentum scroll into the bottom edge rubber-bands with the momentum's velocity")
  func momentumRubberBand() throws {
    let geometry = ScrollGeometry(viewportHeight: 844, contentHeight: 2000)  // max 1156
    var sim = try ScrollSimulator(geometry: geometry, profile: .chromiumMac, startOffset: 1000)
    let dt = 1.0 / 60
    try sim.wheel(deltaY: 20, phase: .began, at: 0)
    try sim.wheel(deltaY: 20, phase: .changed, at: dt)
    try sim.wheel(deltaY: 0, phase: .ended, at: 2 * dt)
    // 2000 pt/s of momentum: 33.3 pt a frame from 1040; the 4th delta crosses 1156.
    var t = 3 * dt
    var offset = 1040.0
    let delta = 2000 * dt
    try sim.wheel(deltaY: delta, phase: .momentumBegan, at: t)
    offset += delta
    while offset + delta <= geometry.maxOffset {
      t += dt
      try sim.wheel(deltaY: delta, phase: .momentumChanged, at: t)
      offset += delta
    }
    t += dt
    try sim.wheel(deltaY: delta, phase: .momentumChanged, at: t)
    let excess = offset + delta - geometry.maxOffset
    let s0 = excess / 20
    let crossing = t
    func stretch(_ u: Double) -> Double { (s0 + 0.31 * 2000 * u) * exp(-12.5 * u) }
    for u in [0.0, 0.02, 0.08, 0.2, 0.4] {
      let state = sim.state(at: crossing + u)
      #expect(abs(state.offset - geometry.maxOffset - stretch(u)) < 1e-6, "at +\(u) s")
    }
    // The peak, at u = 0.08 − s0/(0.31·2000): about 18 pt past the edge, not a dead stop.
    #expect(sim.state(at: crossing + 0.08 - s0 / 620).offset - geometry.maxOffset > 17)
    // The rest of the momentum is ignored; the view lands on the edge.
    try sim.wheel(deltaY: delta, phase: .momentumChanged, at: crossing + dt)
    #expect(abs(sim.state(at: crossing + 0.08).offset - geometry.maxOffset - stretch(0.08)) < 1e-6)
    sim.advance(to: crossing + 5)
    #expect(sim.state(at: crossing + 5).offset == geometry.maxOffset)
    #expect(sim.state(at: crossing + 5).phase == .idle)
  }
}
