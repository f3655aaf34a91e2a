import Foundation
import Testing

@testable import ScrollPhysics

/// Every transition a user can cause (physics.md items 6–8), per profile where it applies.
struct ScrollSimulatorTransitionTests {
  static let phone = ScrollGeometry(viewportHeight: 800, contentHeight: 3000)  // maxOffset 2200

  func simulator(_ profile: PhysicsProfile = .ios, start: Double = 0) throws -> ScrollSimulator {
    try ScrollSimulator(geometry: Self.phone, profile: profile, screenScale: 3, startOffset: start)
  }

  @Test(
    "a catch during a fling: no jump, no creep while the finger is still",
    arguments: PhysicsProfile.builtIn)
  func catchHoldsStill(profile: PhysicsProfile) throws {
    var sim = try simulator(profile, start: 100)
    try sim.release(atOffset: 100, velocity: 3000, at: 0)
    let moving = sim.state(at: 0.2)
    #expect(moving.phase == .decelerating)
    try sim.touchDown(y: 400, at: 0.2)
    #expect(sim.state(at: 0.2).offset == moving.offset)
    for i in 1...30 {
      try sim.touchMove(y: 400, at: 0.2 + Double(i) * 0.01)
      #expect(sim.state(at: 0.2 + Double(i) * 0.01).offset == moving.offset)
    }
    try sim.touchUp(at: 0.6)
    #expect(sim.state(at: 0.6) == ScrollState(offset: moving.offset, velocity: 0, phase: .idle))
    #expect(sim.state(at: 5) == ScrollState(offset: moving.offset, velocity: 0, phase: .idle))
  }

  @Test(
    "a drag the other way mid-fling: nothing of the old fling survives",
    arguments: PhysicsProfile.builtIn)
  func reverseDragMidFling(profile: PhysicsProfile) throws {
    var sim = try simulator(profile, start: 1000)
    try sim.release(atOffset: 1000, velocity: 4000, at: 0)
    let caught = sim.state(at: 0.15).offset
    try drag(&sim, fromY: 300, toY: 500, start: 0.15, duration: 0.1)  // finger down: backward
    let v = try sim.touchUp(at: 0.25)
    #expect(v < -1000)
    var previous = sim.state(at: 0.25).offset
    #expect(previous < caught)
    for i in 1...600 {
      let state = sim.state(at: 0.25 + Double(i) / 120)
      // Backward all the way, except the bounce back from the top edge when the new fling
      // reaches it (framer's inertia travels 0.8·v, past the top from here).
      #expect(state.offset <= previous + 1e-9 || (previous < 0 && state.offset <= 0))
      previous = state.offset
    }
    #expect(sim.state(at: 20).phase == .idle)
  }

  @Test(
    "a release below the fling threshold: no momentum, exactly one end",
    arguments: PhysicsProfile.builtIn)
  func slowRelease(profile: PhysicsProfile) throws {
    var sim = try simulator(profile, start: 1000)
    // 40 pt/s, below every threshold.
    try drag(&sim, fromY: 400, toY: 370, start: 0, duration: 0.75)
    let at = sim.state(at: 0.75).offset
    #expect(at > 1000)
    guard profile.minimumFlingVelocity > 40 else {
      // Motion's inertia has no threshold (framer): every release flings, and rests once.
      let v = try sim.touchUp(at: 0.75)
      #expect(v > 0 && v < 100)
      let rest = sim.state(at: 9)
      #expect(rest.phase == .idle && rest.offset > at)
      return
    }
    #expect(try sim.touchUp(at: 0.75) == 0)
    #expect(sim.state(at: 0.75) == ScrollState(offset: at, velocity: 0, phase: .idle))
    #expect(sim.state(at: 9) == ScrollState(offset: at, velocity: 0, phase: .idle))
  }

  /// Three flings down the page: the second caught mid-fling and thrown again at once, the third
  /// after the finger rests 25 ms. Returns the release velocities and the caught velocity.
  func threeFlings(_ profile: PhysicsProfile) throws -> ([Double], Double) {
    var sim = try simulator(profile, start: 0)
    try drag(&sim, fromY: 600, toY: 400, start: 0, duration: 0.1)
    let first = try sim.touchUp(at: 0.1)
    let caught = sim.state(at: 0.3).velocity
    try drag(&sim, fromY: 600, toY: 400, start: 0.3, duration: 0.1)
    let second = try sim.touchUp(at: 0.4)
    try drag(&sim, fromY: 600, toY: 400, start: 0.6, duration: 0.1)
    try sim.touchMove(y: 400, at: 0.725)
    let third = try sim.touchUp(at: 0.725)
    return ([first, second, third], caught)
  }

  @Test("repeated flings carry momentum (Flutter carriedMomentum); 20 ms still loses it")
  func momentumCarry() throws {
    for profile in [PhysicsProfile.ios, .flutter] {
      var plain = profile
      plain.carriesMomentum = false
      let (carried, caught) = try threeFlings(profile)
      let (reference, _) = try threeFlings(plain)
      #expect(caught > 0 && reference[2] > 0)
      #expect(carried[0] == reference[0])
      #expect(abs(carried[1] - reference[1] - MomentumCarry.carriedVelocity(from: caught)) < 1e-6)
      #expect(carried[2] == reference[2])
    }
    #expect(PhysicsProfile.android.carriesMomentum == false)
  }

  @Test func aFlingTheOtherWayCarriesNothing() throws {
    var sim = try simulator(.ios, start: 1000)
    try sim.release(atOffset: 1000, velocity: 3000, at: 0)
    try drag(&sim, fromY: 300, toY: 500, start: 0.2, duration: 0.1)
    var plain = try simulator(.ios, start: 1000)
    try drag(&plain, fromY: 300, toY: 500, start: 0.2, duration: 0.1)
    #expect(try sim.touchUp(at: 0.31) == (try plain.touchUp(at: 0.31)))
  }

  @Test func flutterCatchDuringABounceKeepsTheOffset() throws {
    var sim = try simulator(.flutter)
    try sim.release(atOffset: -150, velocity: 0, at: 0)
    let bouncing = sim.state(at: 0.1)
    #expect(bouncing.phase == .bouncing && bouncing.offset < 0)
    try sim.touchDown(y: 300, at: 0.1)
    #expect(sim.state(at: 0.1).offset == bouncing.offset)
    try sim.touchMove(y: 300, at: 0.2)
    #expect(sim.state(at: 0.2).offset == bouncing.offset)
  }

  @Test("Flutter's drag friction is applied per event (path-dependent, as in Flutter)")
  func flutterDragIsIncremental() throws {
    var coarse = try simulator(.flutter)
    try coarse.touchDown(y: 100, at: 0)
    try coarse.touchMove(y: 120, at: 0.01)  // past the 18 pt slop: the drag starts here
    try coarse.touchMove(y: 320, at: 0.1)
    var fine = try simulator(.flutter)
    try drag(&fine, fromY: 100, toY: 120, start: 0, duration: 0.01)
    for i in 1...20 { try fine.touchMove(y: 120 + Double(i) * 10, at: 0.01 + Double(i) * 0.0045) }
    // First event from the edge: in range before the move, so 1:1 (Flutter checks outOfRange first).
    #expect(coarse.state(at: 0.1).offset == -200)
    let fineOffset = fine.state(at: 0.1).offset
    #expect(fineOffset > -200 && fineOffset < -60)
  }

  @Test func androidOverdragStretchesAndRelaxes() throws {
    var sim = try simulator(.android)
    try drag(&sim, fromY: 100, toY: 420, start: 0, duration: 0.3)
    let pulled = sim.state(at: 0.3)
    #expect(pulled.offset == 0)
    #expect(abs(pulled.stretch + (320.0 - 8) / 800) < 1e-9)  // less exactly the touch slop
    try sim.touchMove(y: 420, at: 0.4)
    try sim.touchUp(at: 0.4)
    let relaxing = sim.state(at: 0.45)
    #expect(
      relaxing.phase == .bouncing && relaxing.stretch < 0 && relaxing.stretch > pulled.stretch)
    #expect(sim.state(at: 3) == ScrollState(offset: 0, velocity: 0, phase: .idle, stretch: 0))
  }

  @Test func androidFlingIntoAnEdgeStopsThereAndStretches() throws {
    var sim = try simulator(.android, start: 300)
    try sim.release(atOffset: 300, velocity: -3000, at: 0)
    var sawStretch = false
    for i in 0...600 {
      let state = sim.state(at: Double(i) / 240)
      #expect(state.offset >= 0)
      sawStretch = sawStretch || state.stretch < -0.01
    }
    #expect(sawStretch)
    #expect(sim.state(at: 5) == ScrollState(offset: 0, velocity: 0, phase: .idle))
  }

  @Test func androidCatchWhileAStretchRelaxesKeepsTheOffset() throws {
    var sim = try simulator(.android)
    try sim.release(atOffset: -120, velocity: 3000, at: 0)  // stretched top, fling away from it
    let moving = sim.state(at: 0.05)
    #expect(moving.offset > 0 && moving.stretch < 0)
    try sim.touchDown(y: 400, at: 0.05)
    try sim.touchMove(y: 400, at: 0.06)
    #expect(sim.state(at: 0.06).offset == moving.offset)
    try sim.touchMove(y: 390, at: 0.07)  // past the 8 pt slop: the drag starts, 8 pt behind
    try sim.touchMove(y: 380, at: 0.08)
    #expect(abs(sim.state(at: 0.08).offset - moving.offset - 12) < 1e-9)
    #expect(sim.state(at: 0.08).stretch == 0)
  }

  @Test func contentShorterThanTheViewportDoesNotMoveWhenBouncingIsOff() throws {
    var profile = PhysicsProfile.ios
    profile.bouncesWhenContentFits = false
    var sim = try ScrollSimulator(
      geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 300), profile: profile)
    try drag(&sim, fromY: 600, toY: 300, start: 0, duration: 0.1)
    #expect(sim.state(at: 0.1).offset == 0)
    #expect(try sim.touchUp(at: 0.1) == 0)
    #expect(sim.state(at: 0.1) == ScrollState(offset: 0, velocity: 0, phase: .idle))
  }

  // MARK: Content and viewport changes

  @Test("load-more while overscrolled at the bottom: the offset stops being overscroll")
  func loadMoreWhileOverscrolled() throws {
    var sim = try simulator(.ios, start: 2200)
    try drag(&sim, fromY: 600, toY: 300, start: 0, duration: 0.3)
    try sim.touchMove(y: 300, at: 0.4)
    try sim.touchUp(at: 0.45)
    let before = sim.state(at: 0.5)
    #expect(before.phase == .bouncing && before.offset > 2200)
    try sim.setGeometry(ScrollGeometry(viewportHeight: 800, contentHeight: 6000), at: 0.5)
    let after = sim.state(at: 0.5)
    #expect(abs(after.offset - before.offset) < 1e-9)
    #expect(after.phase == .decelerating && abs(after.velocity - before.velocity) < 1e-9)
    var previous = after.offset
    for i in 1...1200 {
      let state = sim.state(at: 0.5 + Double(i) / 120)
      #expect(state.phase != .bouncing && state.offset <= previous)
      previous = state.offset
    }
    #expect(sim.state(at: 20).phase == .idle)
  }

  @Test(
    "rotation mid-fling keeps the offset continuous and ends in range",
    arguments: PhysicsProfile.builtIn)
  func rotationMidFling(profile: PhysicsProfile) throws {
    var sim = try simulator(profile, start: 1500)
    try sim.release(atOffset: 1500, velocity: 5000, at: 0)
    let before = sim.state(at: 0.1)
    let landscape = ScrollGeometry(viewportHeight: 390, contentHeight: 1800)  // maxOffset 1410
    try sim.setGeometry(landscape, at: 0.1)
    #expect(
      abs(sim.state(at: 0.1).offset - before.offset) < 1e-9 || !profile.overscrollModel.bounces)
    let end = sim.state(at: 30)
    #expect(end.phase == .idle && landscape.contains(end.offset))
  }

  @Test(
    "a fling continues on its own curve when content grows under it",
    arguments: PhysicsProfile.builtIn)
  func lazyListGrowsMidFling(profile: PhysicsProfile) throws {
    var reference = try simulator(profile, start: 100)
    try reference.release(atOffset: 100, velocity: 2500, at: 0)
    var sim = try simulator(profile, start: 100)
    try sim.release(atOffset: 100, velocity: 2500, at: 0)
    try sim.setGeometry(ScrollGeometry(viewportHeight: 800, contentHeight: 9000), at: 0.2)
    for i in 0...100 {
      let t = 0.2 + Double(i) * 0.02
      #expect(abs(sim.state(at: t).offset - reference.state(at: t).offset) < 1e-9)
    }
  }

  @Test func contentShrinkingUnderARestingViewBouncesBackIntoRange() throws {
    var sim = try simulator(.ios, start: 2200)
    let shorter = ScrollGeometry(viewportHeight: 800, contentHeight: 2000)
    try sim.setGeometry(shorter, at: 1)
    #expect(sim.state(at: 1).offset == 2200)
    #expect(sim.state(at: 1.1).phase == .bouncing)
    #expect(sim.state(at: 10) == ScrollState(offset: 1200, velocity: 0, phase: .idle))
    var android = try simulator(.android, start: 2200)
    try android.setGeometry(shorter, at: 1)
    #expect(android.state(at: 1) == ScrollState(offset: 1200, velocity: 0, phase: .idle))
  }

  // MARK: Programmatic scrolls, paging

  @Test("scrollTo(animated:) is tagged programmatic, lands exactly, and never feeds the estimator")
  func programmaticScroll() throws {
    var sim = try simulator(.ios)
    try sim.scrollTo(offset: 1800, animated: true, at: 0)
    let mid = sim.state(at: 0.2)
    #expect(mid.phase == .animating && mid.isProgrammatic && mid.offset > 0 && mid.offset < 1800)
    // ω = 2π/0.5: x(t) = 1800 − 1800·(1 + ω·t)·e^(−ω·t).
    let omega = 4 * Double.pi
    #expect(abs(mid.offset - (1800 - 1800 * (1 + omega * 0.2) * exp(-omega * 0.2))) < 1e-9)
    #expect(sim.state(at: 3) == ScrollState(offset: 1800, velocity: 0, phase: .idle))
    // A tap during the animation catches it with no velocity from the programmatic motion.
    try sim.scrollTo(offset: 0, animated: true, at: 3)
    try sim.touchDown(y: 400, at: 3.1)
    #expect(try sim.touchUp(at: 3.12) == 0)
    #expect(sim.state(at: 3.12).phase == .idle)
    try sim.scrollTo(offset: 99_999, animated: false, at: 4)
    #expect(sim.state(at: 4) == ScrollState(offset: 2200, velocity: 0, phase: .idle))
    try sim.touchDown(y: 1, at: 5)
    #expect(throws: PhysicsError.self) { try sim.scrollTo(offset: 10, animated: true, at: 5) }
  }

  @Test("a retarget mid-animation keeps the velocity continuous")
  func retarget() throws {
    var sim = try simulator(.ios)
    try sim.scrollTo(offset: 1800, animated: true, at: 0)
    let before = sim.state(at: 0.1)
    try sim.scrollTo(offset: 200, animated: true, at: 0.1)
    let after = sim.state(at: 0.1)
    #expect(
      abs(after.offset - before.offset) < 1e-9 && abs(after.velocity - before.velocity) < 1e-9)
    #expect(sim.state(at: 5).offset == 200)
  }

  @Test("paging lands exactly on the page", arguments: PhysicsProfile.builtIn)
  func pagingLandsExactly(profile: PhysicsProfile) throws {
    var sim = try simulator(profile, start: 0)
    try sim.setTargetBehavior(.paging)
    try drag(&sim, fromY: 600, toY: 450, start: 0, duration: 0.1)
    try sim.touchUp(at: 0.1)
    #expect(sim.state(at: 10) == ScrollState(offset: 800, velocity: 0, phase: .idle))
    try sim.setTargetBehavior(.viewAligned([0, 300, 600, 900]))
    try sim.release(atOffset: 800, velocity: -150, at: 11)
    #expect(sim.state(at: 20) == ScrollState(offset: 600, velocity: 0, phase: .idle))
  }

  // MARK: Bad input

  @Test func badProgrammaticInputIsRejected() throws {
    var sim = try simulator()
    #expect(throws: PhysicsError.self) { try sim.release(atOffset: 0, velocity: .nan, at: 0) }
    #expect(throws: PhysicsError.self) { try sim.release(atOffset: -800, velocity: 0, at: 0) }
    #expect(throws: PhysicsError.self) {
      try sim.scrollTo(offset: .infinity, animated: true, at: 0)
    }
    #expect(throws: PhysicsError.self) {
      try sim.setGeometry(ScrollGeometry(viewportHeight: 0, contentHeight: 10), at: 0)
    }
    try sim.scrollTo(offset: 100, animated: true, at: 1)
    #expect(throws: PhysicsError.timeWentBackwards(time: 0.5, previous: 1)) {
      try sim.setGeometry(Self.phone, at: 0.5)
    }
    #expect(sim.state(at: 1).offset == 0)
  }
}

extension ScrollSimulatorTransitionTests {
  @Test(
    "an Android stretch with ζ ≥ 1 still stretches and relaxes without crossing zero",
    arguments: [1.0, 1.5, 4])
  func criticallyAndOverdampedStretchRelaxes(ratio: Double) throws {
    var profile = PhysicsProfile.android
    profile.stretchDampingRatio = ratio
    var sim = try simulator(profile)
    try drag(&sim, fromY: 100, toY: 420, start: 0, duration: 0.3)
    try sim.touchMove(y: 420, at: 0.4)  // held still: released without velocity
    let pulled = sim.state(at: 0.4)
    try sim.touchUp(at: 0.4)
    var previous = pulled.stretch
    for i in 1...240 {
      let state = sim.state(at: 0.4 + Double(i) / 120)
      #expect(state.stretch <= 0 && state.stretch >= previous, "t \(state)")
      previous = state.stretch
    }
    #expect(pulled.stretch < -0.3)
    #expect(sim.state(at: 0.45).stretch < -0.01)
    #expect(sim.state(at: 0.45).phase == .bouncing)
    #expect(sim.state(at: 3) == ScrollState(offset: 0, velocity: 0, phase: .idle, stretch: 0))
    // A fling into the edge is absorbed as a stretch that returns.
    var fling = try simulator(profile, start: 300)
    try fling.release(atOffset: 300, velocity: -3000, at: 0)
    let deepest = (0...600).map { fling.state(at: Double($0) / 240).stretch }.min() ?? 0
    #expect(deepest < -0.01)
    #expect(fling.state(at: 5).phase == .idle)
  }
}

extension ScrollSimulatorTransitionTests {
  @Test(
    "Android: the content lags the finger by exactly the touch slop, at any touch rate",
    arguments: [30.0, 120, 1000])
  func androidTouchSlopIsSubtractedOnce(touchHz: Double) throws {
    var sim = try simulator(.android, start: 500)
    try sim.touchDown(y: 600, at: 0)
    let steps = Int(0.1 * touchHz)
    for i in 1...steps {
      let f = Double(i) / Double(steps)
      try sim.touchMove(y: 600 - 300 * f, at: 0.1 * f)
      let moved = 300 * f
      let expected = 500 + (moved > 8 ? moved - 8 : 0)
      #expect(abs(sim.state(at: 0.1 * f).offset - expected) < 1e-9, "after \(moved) pt")
    }
  }

  /// Then the iOS motion threshold (3.5 pt, Flutter `scroll_activity.dart`
  /// `_adjustForScrollStartThreshold`): the 10 pt step crosses it and moves only 3.5/3 pt; the
  /// next steps pass whole.
  @Test("Flutter: the drag starts at the sample that passes the slop")
  func flutterStartsAtTheAcceptancePoint() throws {
    var sim = try simulator(.flutter, start: 500)
    try sim.touchDown(y: 600, at: 0)
    try sim.touchMove(y: 580, at: 0.01)  // 20 pt > 18: accepted here, nothing applied yet
    #expect(sim.state(at: 0.01).offset == 500)
    try sim.touchMove(y: 570, at: 0.02)
    #expect(abs(sim.state(at: 0.02).offset - (500 + 3.5 / 3)) < 1e-9)
    try sim.touchMove(y: 560, at: 0.03)
    #expect(abs(sim.state(at: 0.03).offset - (510 + 3.5 / 3)) < 1e-9)
  }
}
