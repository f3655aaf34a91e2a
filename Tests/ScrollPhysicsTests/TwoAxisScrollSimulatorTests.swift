import Foundation
import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import ScrollPhysics

/// A 390 × 844 pt view over 4000 × 8000 pt of content (maxOffset 3610 × 7156), started in the
/// middle so that flings up to 3000 pt/s in any direction (1497 pt) stay in range.
private let wide = ScrollGeometry(viewportHeight: 390, contentHeight: 4000)
private let tall = ScrollGeometry(viewportHeight: 844, contentHeight: 8000)
private let middle = ScrollVector(x: 1800, y: 3500)

/// Drags the finger from `start` at a constant `finger` velocity (points per second) for
/// `steps` samples 1/120 s apart, then lifts; returns the release velocity.
@discardableResult
private func fling(
  _ sim: inout TwoAxisScrollSimulator, from start: ScrollVector = ScrollVector(x: 200, y: 400),
  finger: ScrollVector, steps: Int = 12, at t0: Double = 0
) throws -> ScrollVector {
  let dt = 1.0 / 120
  try sim.touchDown(x: start.x, y: start.y, at: t0)
  for i in 1...steps {
    let t = Double(i) * dt
    try sim.touchMove(x: start.x + finger.x * t, y: start.y + finger.y * t, at: t0 + t)
  }
  return try sim.touchUp(at: t0 + Double(steps) * dt)
}

struct TwoAxisFlingTests {
  /// iOS: one deceleration rate for both axes, so the velocity's direction is constant and the
  /// path a straight line (within the half pixel each axis's pixel-aligned rest moves it) until
  /// the first axis stops. Physics.md item 3 (`v0·0.998^(1000·t)` per axis).
  @Test("iOS: a diagonal fling travels in a straight line", arguments: 0..<40)
  func iosFlingIsStraight(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var sim = try TwoAxisScrollSimulator(horizontal: wide, vertical: tall, startOffset: middle)
    let angle = random.uniform(0...(2 * Double.pi))
    let speed = random.uniform(400...3000)
    let finger = ScrollVector(x: speed * cos(angle), y: speed * sin(angle))
    let steps = 6 + Int(random.next() % 10)
    let release = try fling(&sim, finger: finger, steps: steps)
    #expect(abs(release.magnitude - speed) < 1e-6 * speed)
    let releaseTime = Double(steps) / 120
    let ratio = release.y / release.x
    var t = releaseTime + 0.05
    let end = min(sim.horizontal.activeMotionEnd, sim.vertical.activeMotionEnd)
    let origin = sim.state(at: releaseTime).offset
    while t < end {
      let state = sim.state(at: t)
      let v = state.velocity
      if abs(v.x) > 1 && abs(v.y) > 1 {
        // The velocity's direction: the release's (each axis's pixel alignment moves it by at
        // most k/(2·scale) pt/s).
        let k = 1000 * log(0.998)
        #expect(abs(v.y / v.x - ratio) <= abs(ratio) * 0.01 + abs(k) / 6 / max(abs(v.x), 1))
      }
      // The path: within half a pixel of the release line.
      let d = ScrollVector(x: state.offset.x - origin.x, y: state.offset.y - origin.y)
      let across = abs(d.x * release.y - d.y * release.x) / release.magnitude
      #expect(across <= 0.5 / 3 + 1e-9)
      t += 0.05
    }
  }

  /// Android: each axis runs its own `OverScroller` spline (`SplineOverScroller` per axis), so a
  /// diagonal fling curves: each axis travels the one-axis distance of its own velocity
  /// (194.3136 pt for 1000 pt/s, the hand-evaluated value of AndroidSplineFlingTests) and the
  /// slower axis stops first.
  @Test func androidDiagonalFlingCurves() throws {
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: .android, startOffset: middle)
    let release = try fling(&sim, finger: ScrollVector(x: -1000, y: -3000), steps: 12)
    // Least squares over a straight drag: the finger's velocity to 1e-5.
    #expect(abs(release.x - 1000) < 0.01 && abs(release.y - 3000) < 0.01)
    let releaseTime = 12.0 / 120
    let origin = sim.state(at: releaseTime).offset
    let rest = sim.restingOffset
    #expect(abs(rest.x - origin.x - 194.3136) < 0.01)
    let x = ClampingFling(offset: 0, velocity: release.x)
    let y = ClampingFling(offset: 0, velocity: release.y)
    #expect(abs(rest.y - origin.y - y.distance) < 0.5)
    // Each axis is the one-axis curve of its own velocity.
    for dt in [0.05, 0.2, 0.4] {
      let state = sim.state(at: releaseTime + dt)
      #expect(abs(state.offset.x - origin.x - x.offset(at: dt)) < 1e-6)
      #expect(abs(state.offset.y - origin.y - y.offset(at: dt)) < 1e-6)
    }
    // It curves: the direction of travel turns (x stops before y).
    let early = sim.state(at: releaseTime + 0.05).velocity
    let late = sim.state(at: releaseTime + 0.4).velocity
    #expect(abs(early.y / early.x - late.y / late.x) > 0.1)
    #expect(x.duration < y.duration)
  }

  /// Per-axis rubber band (physics.md item 1): a diagonal pull past the left edge bands x
  /// against the viewport's *width* (`f(x, d) = x·d·0.55/(d + 0.55·x)`, d = 390) while y
  /// follows 1:1; after the lift x bounces back to exactly 0 and y rests where it was.
  @Test func rubberBandAndBounceArePerAxis() throws {
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, startOffset: ScrollVector(x: 0, y: 3500),
      directionalLock: .free)
    try sim.touchDown(x: 100, y: 400, at: 0)
    try sim.touchMove(x: 150, y: 350, at: 0.1)
    try sim.touchMove(x: 220, y: 280, at: 0.2)
    let pulled = sim.state(at: 0.35).offset
    #expect(abs(pulled.x + RubberBand(dimension: 390).overscroll(forDrag: 120)) < 1e-9)
    #expect(pulled.y == 3500 + 120)
    try sim.touchUp(at: 0.35)  // 150 ms still: no fling
    #expect(sim.lastReleaseVelocity == .zero)
    let end = sim.horizontal.activeMotionEnd
    #expect(end.isFinite && sim.vertical.activeMotionEnd == .infinity)
    #expect(sim.state(at: end).offset == ScrollVector(x: 0, y: 3620))
    #expect(sim.state(at: 0.4).phase == .bouncing)
  }

  /// UIKit's `alwaysBounceVertical`/`alwaysBounceHorizontal` default false: a photo pager
  /// (5 × 393 pt wide, content height = viewport height 852) does not move vertically under a
  /// vertical drag, whatever the iOS profile's one-axis `bouncesWhenContentFits` (true); with
  /// the flag set, y rubber-bands against the viewport height, `f(x, d) = x·d·0.55/(d + 0.55·x)`
  /// for the 200 pt drag (physics.md item 1).
  @Test(arguments: [false, true]) func contentThatFitsBouncesOnlyWhenAsked(_ always: Bool) throws {
    #expect(PhysicsProfile.ios.bouncesWhenContentFits)
    var pager = try TwoAxisScrollSimulator(
      horizontal: ScrollGeometry(viewportHeight: 393, contentHeight: 5 * 393),
      vertical: ScrollGeometry(viewportHeight: 852, contentHeight: 852), profile: .ios,
      directionalLock: .free)
    #expect(!pager.alwaysBounceVertical && !pager.alwaysBounceHorizontal)
    pager.alwaysBounceVertical = always
    try pager.touchDown(x: 200, y: 300, at: 0)
    try pager.touchMove(x: 200, y: 400, at: 0.05)
    try pager.touchMove(x: 200, y: 500, at: 0.1)
    let pulled = pager.state(at: 0.1).offset
    let band = RubberBand(dimension: 852).overscroll(forDrag: 200 - 10)
    #expect(pulled.x == 0)
    if always {
      #expect(abs(pulled.y + band) < 10, "\(pulled.y), \(band)")
      #expect(pager.state(at: 0.1).vertical.phase == .dragging)
    } else {
      #expect(pulled.y == 0)
    }
    try pager.touchUp(at: 0.1)
    #expect(pager.state(at: 3).offset == .zero)
    // A horizontal drag on content that fits horizontally: x stays unless asked.
    var narrow = try TwoAxisScrollSimulator(
      horizontal: ScrollGeometry(viewportHeight: 393, contentHeight: 393),
      vertical: ScrollGeometry(viewportHeight: 852, contentHeight: 3000), profile: .ios)
    narrow.alwaysBounceHorizontal = always
    try narrow.touchDown(x: 100, y: 300, at: 0)
    try narrow.touchMove(x: 200, y: 300, at: 0.05)
    try narrow.touchMove(x: 300, y: 300, at: 0.1)
    #expect((narrow.state(at: 0.1).offset.x < -1) == always)
  }

  /// Release limits: per axis (Android `RecyclerView.fling`) or on the vector (Flutter
  /// `Velocity.clampMagnitude`, the iOS choice).
  @Test(
    "a fast diagonal fling is limited per axis or as a vector",
    arguments: [
      (ReleaseVelocityLimit.perAxis, 7000.0, 7000.0),
      (.magnitude, 8000 / 2.0.squareRoot(), 8000 / 2.0.squareRoot()),
    ])
  func releaseLimits(limit: ReleaseVelocityLimit, x: Double, y: Double) throws {
    var profile = PhysicsProfile.ios
    profile.releaseVelocityLimit = limit
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile, startOffset: middle)
    let release = try fling(&sim, finger: ScrollVector(x: -7000, y: -7000), steps: 4)
    #expect(abs(release.x - x) < 1e-6 && abs(release.y - y) < 1e-6)
  }

  @Test(
    "a slow axis of a diagonal fling is dropped per axis, kept on the vector",
    arguments: [(ReleaseVelocityLimit.perAxis, 0.0), (.magnitude, 60.0)])
  func slowAxis(limit: ReleaseVelocityLimit, y: Double) throws {
    var profile = PhysicsProfile.ios
    profile.releaseVelocityLimit = limit
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile, startOffset: middle)
    let release = try fling(&sim, finger: ScrollVector(x: -2000, y: -60))
    #expect(abs(release.x - 2000) < 1e-6 && abs(release.y - y) < 1e-6)
  }
}

struct DirectionalLockTests {
  /// A drag of 12 samples 1/120 s apart moving `step` points each, then a hold and a lift.
  func drag(_ lock: DirectionalLock, step: ScrollVector, profile: PhysicsProfile = .ios)
    throws -> (offset: ScrollVector, events: [String])
  {
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile, startOffset: middle,
      directionalLock: lock)
    try sim.touchDown(x: 200, y: 400, at: 0)
    for i in 1...12 {
      try sim.touchMove(
        x: 200 + step.x * Double(i), y: 400 + step.y * Double(i), at: Double(i) / 120)
    }
    let state = sim.state(at: 0.1)
    let offset = ScrollVector(x: state.offset.x - middle.x, y: state.offset.y - middle.y)
    return (offset, sim.scrollViewEvents.map(\.name))
  }

  /// Expected content offsets after 12 steps of `step` (content moves against the finger).
  @Test(
    "each lock mode routes a mostly horizontal drag as its platform does",
    arguments: [
      // free: both follow 1:1 (iOS slop 0).
      (DirectionalLock.free, ScrollVector(x: -60, y: -12)),
      // UIKit as chosen: decided at 10 pt (the 2nd sample, |(10, 2)| ≥ 10), 11.3° < 30°: x
      // from there.
      (.uikit, ScrollVector(x: -50, y: 0)),
      // Flutter none: x passes 18 first (4th sample, 20 > 18): x from there.
      (.flutter, ScrollVector(x: -40, y: 0)),
      // Chromium rails: decided at 5 pt (1st sample), horizontal rail (5 > 2·1).
      (.chromiumRails, ScrollVector(x: -55, y: 0)),
    ])
  func lockRoutesADrag(lock: DirectionalLock, expected: ScrollVector) throws {
    let result = try drag(lock, step: ScrollVector(x: 5, y: 1))
    #expect(abs(result.offset.x - expected.x) < 1e-9)
    #expect(abs(result.offset.y - expected.y) < 1e-9)
    #expect(result.events.filter { $0 == "scrollViewWillBeginDragging" }.count == 1)
  }

  /// Android `RecyclerView.onTouchEvent`: the drag starts when either axis passes the 8 pt slop,
  /// for both; the axis past it subtracts it, the other starts where it is. Steps of (12, 3):
  /// at the 1st sample x passes (12 > 8): x lags by 8, y drops its 3.
  @Test func androidFreeDragStartsBothAxesAtTheSlop() throws {
    let result = try drag(
      PhysicsProfile.android.directionalLock, step: ScrollVector(x: 12, y: 3),
      profile: .android)
    #expect(abs(result.offset.x + (144 - 8)) < 1e-9 && abs(result.offset.y + (36 - 3)) < 1e-9)
    #expect(result.events.filter { $0 == "scrollViewWillBeginDragging" }.count == 1)
  }

  @Test("a diagonal drag is not locked by UIKit's rule", arguments: [DirectionalLock.uikit])
  func diagonalIsFree(lock: DirectionalLock) throws {
    let result = try drag(lock, step: ScrollVector(x: 5, y: 5))
    // Decided at the 2nd sample (|(10, 10)| ≥ 10): both axes from there.
    #expect(abs(result.offset.x + 50) < 1e-9 && abs(result.offset.y + 50) < 1e-9)
  }

  /// Flutter `weightedEvent`: the pan starts past kPanSlop = 36 (the 7th sample of 5.1 pt
  /// steps, 36.4 from down); both move until |dx| − |dy| ≥ 18 from there, then x alone.
  @Test func flutterWeightedEventLocksOnceTheDifferentialPassesTheSlop() throws {
    let lock = DirectionalLock(mode: .weightedEvent, threshold: 18, angle: 30)
    // Steps (5, 1): distance at sample i is 5.099·i > 36 at i = 8 (40.8; 7 gives 35.7).
    // From sample 8: differential 4·(i − 8) ≥ 18 at i = 13, never in 12 samples: both move.
    let result = try drag(lock, step: ScrollVector(x: 5, y: 1))
    #expect(abs(result.offset.x + 20) < 1e-9 && abs(result.offset.y + 4) < 1e-9)
    // Steps (10, 1): start at sample 4 (40.2); sample 5 moves both (differential 9); at
    // sample 6 the differential reaches 18: x alone from there.
    let fast = try drag(lock, step: ScrollVector(x: 10, y: 1))
    #expect(abs(fast.offset.x + 80) < 1e-9 && abs(fast.offset.y + 1) < 1e-9)
  }

  /// Flutter `weightedContinuous`: each move is weighed alone: steps of (20, 1) lock every move
  /// to x (19 ≥ 18); steps of (10, 1) move both.
  @Test func flutterWeightedContinuousWeighsEachMove() throws {
    let lock = DirectionalLock(mode: .weightedContinuous, threshold: 18, angle: 30)
    // Start: 20.02·i > 36 at i = 2; then 10 moves.
    let locked = try drag(lock, step: ScrollVector(x: 20, y: 1))
    #expect(abs(locked.offset.x + 200) < 1e-9 && locked.offset.y == 0)
    let both = try drag(lock, step: ScrollVector(x: 10, y: 1))
    // Start at i = 4 (40.1); 8 moves of (10, 1).
    #expect(abs(both.offset.x + 80) < 1e-9 && abs(both.offset.y + 8) < 1e-9)
  }

  /// Chromium: a horizontal rail breaks when |vy| > 15·|vx| + 200.
  @Test func railBreaksOnAFastCrossMove() throws {
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, startOffset: middle, directionalLock: .chromiumRails)
    try sim.touchDown(x: 200, y: 400, at: 0)
    try sim.touchMove(x: 210, y: 400, at: 1.0 / 120)  // horizontal rail
    try sim.touchMove(x: 220, y: 400, at: 2.0 / 120)
    #expect(sim.state(at: 2.0 / 120).offset.y == middle.y)
    // Straight down, 4 pt per sample (480 pt/s > 200): the rail breaks once the estimate of vx
    // falls below (|vy| − 200)/15.
    var t = 2.0 / 120
    var y = 400.0
    for _ in 0..<6 {
      t += 1.0 / 120
      y += 4
      try sim.touchMove(x: 220, y: y, at: t)
    }
    #expect(sim.state(at: t).offset.y < middle.y)
  }

  @Test("the locked-out axis does not fling (UIKit); Flutter's weighted modes fling both")
  func lockedAxisRelease() throws {
    var ios = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, startOffset: middle, directionalLock: .uikit)
    let v = try fling(&ios, finger: ScrollVector(x: -3000, y: -600))
    #expect(abs(v.x - 3000) < 1e-6 && v.y == 0)
    var flutter = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: .flutter, startOffset: middle,
      directionalLock: DirectionalLock(mode: .weightedEvent, threshold: 18, angle: 30))
    let w = try fling(&flutter, finger: ScrollVector(x: -3000, y: -600))
    #expect(abs(w.x - 3000) < 1e-6 && abs(w.y - 600) < 1e-6)
  }
}

struct TwoAxisEventTests {
  /// UIKit calls a scroll view's delegate once, not per axis: a diagonal fling is one drag and
  /// one deceleration that ends when both axes rest (docs/delegate-events.md "fling").
  @Test("a diagonal fling is one drag and one deceleration", arguments: PhysicsProfile.builtIn)
  func diagonalFlingSequence(profile: PhysicsProfile) throws {
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile, startOffset: middle,
      directionalLock: .free)
    try fling(&sim, finger: ScrollVector(x: -2000, y: -1500))
    let end = max(sim.horizontal.activeMotionEnd, sim.vertical.activeMotionEnd)
    #expect(end.isFinite)
    sim.advance(to: end + 1)
    let names = sim.scrollViewEvents.map { "\($0.name)" }
    let phases = sim.scrollViewEvents.compactMap { event -> String? in
      guard case .phaseChange(let old, let new, _) = event.kind else { return nil }
      return "\(old.swiftUIName)>\(new.swiftUIName)"
    }
    #expect(
      names.filter { $0 != "onScrollPhaseChange" } == [
        "scrollViewWillBeginDragging", "scrollViewWillEndDragging", "scrollViewDidEndDragging",
        "scrollViewWillBeginDecelerating", "scrollViewDidEndDecelerating",
      ])
    #expect(
      phases == [
        "idle>tracking", "tracking>interacting", "interacting>decelerating", "decelerating>idle",
      ])
    let last = try #require(sim.scrollViewEvents.last { $0.isCompletion })
    #expect(last.time == end && last.finished == true)
    #expect(sim.scrollViewEvents.contains { $0.kind == .didEndDragging(willDecelerate: true) })
  }

  /// A status-bar tap scrolls y to the top and leaves x: one animation, one
  /// `scrollViewDidScrollToTop`.
  @Test func scrollToTopMovesOnlyY() throws {
    var sim = try TwoAxisScrollSimulator(horizontal: wide, vertical: tall, startOffset: middle)
    try sim.scrollToTop(at: 1)
    let end = sim.vertical.activeMotionEnd
    sim.advance(to: end)
    #expect(sim.state(at: end).offset == ScrollVector(x: middle.x, y: 0))
    #expect(
      sim.scrollViewEvents.map(\.name) == [
        "onScrollPhaseChange", "scrollViewDidScrollToTop", "onScrollPhaseChange",
      ])
  }

  /// A touch during a two-axis fling cancels it once.
  @Test func catchingADiagonalFlingCancelsItOnce() throws {
    var sim = try TwoAxisScrollSimulator(horizontal: wide, vertical: tall, startOffset: middle)
    try fling(&sim, finger: ScrollVector(x: -2000, y: -1500))
    sim.removeScrollViewEvents()
    try sim.touchDown(x: 100, y: 100, at: 0.5)
    try sim.touchUp(at: 0.6)
    let rest = sim.restingOffset
    let (x, y) = (JSONWriter.number(rest.x), JSONWriter.number(rest.y))
    #expect(
      sim.scrollViewEvents.map(\.description) == [
        "scrollViewDidEndDecelerating(finished:false)@0.5", "scrollViewWillBeginDragging@0.5",
        "onScrollPhaseChange(old:decelerating;new:tracking;velocity:0;velocityX:0;velocityY:0)@0.5",
        "scrollViewWillEndDragging(velocity:0;target:\(y);velocityX:0;velocityY:0;targetX:\(x);"
          + "targetY:\(y))@0.6",
        "scrollViewDidEndDragging(willDecelerate:false)@0.6",
        "onScrollPhaseChange(old:tracking;new:idle;velocity:0;velocityX:0;velocityY:0)@0.6",
      ])
  }

  /// Invariants over generated two-axis gestures: time order, chained phases, every
  /// `scrollViewWillBeginDragging` closed once, completions only after a motion began.
  @Test(
    "two-axis events keep the one-axis invariants",
    arguments: PhysicsProfile.builtIn.flatMap { p in
      DirectionalLock.Mode.allCases.map { (p, $0) }
    })
  func invariants(profile: PhysicsProfile, mode: DirectionalLock.Mode) throws {
    var random = SplitMix64(seed: 7)
    var lock = profile.directionalLock
    lock.mode = mode
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile, startOffset: middle,
      directionalLock: lock)
    var t = 0.0
    var events: [ScrollViewEvent] = []
    for _ in 0..<30 {
      t += random.uniform(0.05...1.5)
      var x = random.uniform(50...350)
      var y = random.uniform(100...700)
      try sim.touchDown(x: x, y: y, at: t)
      let vx = random.uniform(-3000...3000)
      let vy = random.uniform(-3000...3000)
      for _ in 0..<Int(random.next() % 15) {
        t += 1.0 / 120
        x += vx / 120
        y += vy / 120
        try sim.touchMove(x: x, y: y, at: t)
      }
      t += 1.0 / 120
      if random.next() % 5 == 0 { try sim.touchCancel(at: t) } else { try sim.touchUp(at: t) }
      events += sim.scrollViewEvents
      sim.removeScrollViewEvents()
    }
    sim.advance(to: t + 60)
    events += sim.scrollViewEvents
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    var phase = ScrollPhase.idle
    var dragging = false
    for event in events {
      switch event.kind {
      case .phaseChange(let old, let new, _):
        #expect(old == phase)
        phase = new
      case .willBeginDragging:
        #expect(!dragging)
        dragging = true
      case .willEndDragging:
        #expect(dragging)
        dragging = false
      default: break
      }
    }
    #expect(phase == .idle && !dragging)
    let state = sim.state(at: t + 60)
    #expect(state.phase == .idle)
  }
}

struct HorizontalPagingTests {
  /// A photo pager: pages of the viewport's width (UIKit `isPagingEnabled` on x), at most one
  /// page per fling, resting exactly on a page.
  @Test(
    "a photo pager lands on the page closed forms give",
    arguments: [
      // (finger x velocity, samples, expected page): a fling moves one page in its direction.
      (-1500.0, 6, 1.0), (-6000, 6, 1), (1500, 6, -1),
      // a slow drag without a fling: the nearest page to where it rests.
      (-100, 12, 0), (-1000, 30, 1),
    ])
  func photoPager(finger: Double, steps: Int, page: Double) throws {
    let pager = ScrollGeometry(viewportHeight: 390, contentHeight: 390 * 5)
    let start = ScrollVector(x: 390 * 2, y: 0)
    var sim = try TwoAxisScrollSimulator(
      horizontal: pager, vertical: ScrollGeometry(viewportHeight: 844, contentHeight: 844),
      startOffset: start, directionalLock: .uikit)
    try sim.setTargetBehavior(horizontal: .paging)
    try fling(&sim, finger: ScrollVector(x: finger, y: 0), steps: steps)
    let end = sim.horizontal.activeMotionEnd
    #expect(sim.restingOffset.x == 390 * (2 + page))
    if end.isFinite {
      sim.advance(to: end)
      #expect(sim.state(at: end).offset.x == 390 * (2 + page))
    }
    #expect(sim.state(at: 100).offset.y == 0)
  }

  /// A carousel snapping to items 160 pt apart (SwiftUI `.viewAligned`): the item nearest the
  /// projected rest `x0 + v·0.998/(1000·(1 − 0.998))` (physics.md item 3).
  @Test("a carousel snaps to the item nearest the projected rest", arguments: [600.0, 1100, 2400])
  func carousel(speed: Double) throws {
    let items = (0..<40).map { Double($0) * 160 }
    let strip = ScrollGeometry(viewportHeight: 390, contentHeight: 160 * 40)
    var sim = try TwoAxisScrollSimulator(
      horizontal: strip, vertical: ScrollGeometry(viewportHeight: 300, contentHeight: 300),
      startOffset: ScrollVector(x: 1600, y: 0))
    try sim.setTargetBehavior(horizontal: .viewAligned(items))
    let release = try fling(&sim, finger: ScrollVector(x: -speed, y: 0))
    let releaseTime = 12.0 / 120
    let x0 = sim.state(at: releaseTime).offset.x
    let projected = x0 + Deceleration.projectedDistance(velocity: release.x)
    let expected = (projected / 160).rounded() * 160
    #expect(sim.restingOffset.x == max(expected, 1760))
  }

  /// Leading-edge group paging: groups of two 160 pt cards with 10 pt gaps (340 pt, the next
  /// group peeking 50 pt into the 390 pt viewport), at most one group per fling (SwiftUI
  /// `.viewAligned(limitBehavior: .alwaysByOne)` over the groups' leading edges): from group 2
  /// (680) any fling lands exactly on 1020 or 340; a slow drag settles on the nearest edge.
  @Test(
    "group paging lands one group on in the fling's direction",
    arguments: [(-800.0, 12, 1020.0), (-6000, 4, 1020), (900, 12, 340), (-60, 12, 680)])
  func groupPaging(finger: Double, steps: Int, expected: Double) throws {
    let groups = (0..<12).map { Double($0) * 340 }
    let strip = ScrollGeometry(viewportHeight: 390, contentHeight: 340 * 12 + 50)
    var sim = try TwoAxisScrollSimulator(
      horizontal: strip, vertical: ScrollGeometry(viewportHeight: 300, contentHeight: 300),
      startOffset: ScrollVector(x: 680, y: 0))
    try sim.setTargetBehavior(horizontal: .viewAlignedByOne(groups))
    try fling(&sim, finger: ScrollVector(x: finger, y: 0), steps: steps)
    #expect(sim.restingOffset.x == expected)
    let end = sim.horizontal.activeMotionEnd
    if end.isFinite { #expect(sim.state(at: end).offset.x == expected) }
  }
}

struct TwoAxisBadInputTests {
  @Test func badHorizontalItemOffsetsAreNamedForX() throws {
    var sim = try TwoAxisScrollSimulator(horizontal: wide, vertical: tall)
    #expect {
      try sim.setTargetBehavior(horizontal: .viewAligned([0, .infinity]))
    } throws: { error in
      guard case PhysicsError.invalidParameter(let name, _, _) = error else { return false }
      return name == "xItemOffsets"
    }
  }

  @Test func aNonFiniteXIsNamedX() throws {
    var sim = try TwoAxisScrollSimulator(horizontal: wide, vertical: tall)
    #expect(
      throws: PhysicsError.invalidParameter(
        name: "x", value: .infinity, expected: "a finite position in points")
    ) {
      try sim.touchDown(x: .infinity, y: 10, at: 0)
    }
    #expect(throws: PhysicsError.self) { try sim.touchDown(x: 10, y: .nan, at: 0) }
    #expect(sim.state(at: 0).phase == .idle)
  }

  @Test(
    "horizontal geometry errors carry an x prefix",
    arguments: [
      (ScrollGeometry(viewportHeight: 0, contentHeight: 10), "xViewportHeight"),
      (ScrollGeometry(viewportHeight: 10, contentHeight: .nan), "xContentHeight"),
    ])
  func horizontalNames(geometry: ScrollGeometry, name: String) {
    do {
      _ = try TwoAxisScrollSimulator(horizontal: geometry, vertical: tall)
      Issue.record("accepted")
    } catch {
      guard case .invalidParameter(let got, _, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(got == name)
    }
  }

  @Test(
    "a lock out of range is an error naming its field",
    arguments: [
      (DirectionalLock(mode: .angle, threshold: -1, angle: 30), "directionalLockThreshold"),
      (DirectionalLock(mode: .angle, threshold: 101, angle: 30), "directionalLockThreshold"),
      (DirectionalLock(mode: .angle, threshold: 10, angle: 0), "directionalLockAngle"),
      (DirectionalLock(mode: .angle, threshold: 10, angle: 46), "directionalLockAngle"),
      (DirectionalLock(mode: .angle, threshold: 10, angle: .nan), "directionalLockAngle"),
    ])
  func badLock(lock: DirectionalLock, name: String) throws {
    var sim = try TwoAxisScrollSimulator(horizontal: wide, vertical: tall)
    do {
      try sim.setDirectionalLock(lock)
      Issue.record("accepted")
    } catch {
      guard case .invalidParameter(let got, _, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(got == name)
    }
    #expect(sim.directionalLock == PhysicsProfile.ios.directionalLock)
  }

  @Test(
    "profile files validate the two-axis fields",
    arguments: [
      (#"{"directionalLockAngle": 50}"#, "$.directionalLockAngle"),
      (#"{"directionalLockThreshold": -2}"#, "$.directionalLockThreshold"),
      (#"{"directionalLock": "diagonal"}"#, "$.directionalLock"),
      (#"{"releaseVelocityLimit": "vector"}"#, "$.releaseVelocityLimit"),
    ])
  func profileFields(json: String, path: String) {
    do {
      _ = try PhysicsProfile.parse(json, file: "p.json")
      Issue.record("accepted")
    } catch {
      #expect(error.path == path)
    }
  }

  @Test func profileFieldsRead() throws {
    let profile = try PhysicsProfile.parse(
      #"{"directionalLock": "angle", "directionalLockAngle": 20, "releaseVelocityLimit": "perAxis"}"#,
      file: "p.json")
    #expect(profile.directionalLock == DirectionalLock(mode: .angle, threshold: 10, angle: 20))
    #expect(profile.releaseVelocityLimit == .perAxis)
  }
}

struct TwoAxisWillEndDraggingTests {
  /// UIKit passes a `CGPoint` target: a hook that rounds both axes to a 100 pt grid (a map's
  /// tiles); the view rests exactly there and the view's `scrollViewWillEndDragging` announces
  /// the vertical target.
  @Test("a two-axis hook moves both targets", arguments: PhysicsProfile.builtIn)
  func gridHook(profile: PhysicsProfile) throws {
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, profile: profile, startOffset: middle,
      directionalLock: .free)
    sim.willEndDragging = { end, target in
      #expect(end.velocity.x > 0 && end.velocity.y > 0)
      target = ScrollVector(
        x: (target.x / 100).rounded() * 100, y: (target.y / 100).rounded() * 100)
    }
    try fling(&sim, finger: ScrollVector(x: -1500, y: -1200))
    let rest = sim.restingOffset
    #expect(rest.x.truncatingRemainder(dividingBy: 100) == 0)
    #expect(rest.y.truncatingRemainder(dividingBy: 100) == 0)
    let end = max(sim.horizontal.activeMotionEnd, sim.vertical.activeMotionEnd)
    #expect(sim.state(at: end + 0.001).offset == rest)
    // The one-axis values are the faster axis's: x (1500 against 1200 pt/s).
    #expect(
      sim.scrollViewEvents.contains {
        if case .willEndDragging(_, let target) = $0.kind { return target == rest.x }
        return false
      })
  }

  @Test func aNonFiniteXTargetIsRejectedNamedForX() throws {
    var sim = try TwoAxisScrollSimulator(
      horizontal: wide, vertical: tall, startOffset: middle, directionalLock: .free)
    sim.willEndDragging = { _, target in target.x = .nan }
    #expect {
      try fling(&sim, finger: ScrollVector(x: -1500, y: -1200))
    } throws: { error in
      guard case PhysicsError.invalidParameter(let name, _, _) = error else { return false }
      return name == "xTargetContentOffset"
    }
    // Both axes lifted all the same.
    #expect(sim.state(at: 0.2).phase == .decelerating)
  }
}

/// A free two-axis drag in the iOS profile (no slop) is two one-axis drags: each axis is where
/// the one-axis simulator fed that axis's finger positions is, from the first move on (a new
/// user found the first move dropped: the axes began their drags after the move).
@Suite struct TwoAxisFreeDragTests {
  @Test(
    "each axis follows as the one-axis drag does, from the first move",
    arguments: [
      ScrollVector(x: -10, y: -10), ScrollVector(x: -7, y: 3), ScrollVector(x: 0.5, y: -12),
    ])
  func freeDragIsTwoOneAxisDrags(step: ScrollVector) throws {
    let geometry = ScrollGeometry(viewportHeight: 400, contentHeight: 4000)
    var planar = try TwoAxisScrollSimulator(
      horizontal: geometry, vertical: geometry, profile: .ios,
      startOffset: ScrollVector(x: 1000, y: 1000), directionalLock: .free)
    var x = try ScrollSimulator(geometry: geometry, profile: .ios, startOffset: 1000)
    var y = try ScrollSimulator(geometry: geometry, profile: .ios, startOffset: 1000)
    try planar.touchDown(x: 200, y: 200, at: 0)
    try x.touchDown(y: 200, at: 0)
    try y.touchDown(y: 200, at: 0)
    for index in 1...8 {
      let time = Double(index) / 100
      let finger = ScrollVector(x: 200 + Double(index) * step.x, y: 200 + Double(index) * step.y)
      try planar.touchMove(x: finger.x, y: finger.y, at: time)
      try x.touchMove(y: finger.x, at: time)
      try y.touchMove(y: finger.y, at: time)
      let state = planar.state(at: time)
      #expect(state.horizontal.offset == x.state(at: time).offset, "move \(index)")
      #expect(state.vertical.offset == y.state(at: time).offset, "move \(index)")
    }
    // The first move itself moved the content (when the finger moved on that axis).
    #expect(planar.state(at: 0.08).offset.y == 1000 - 8 * step.y)
  }
}
