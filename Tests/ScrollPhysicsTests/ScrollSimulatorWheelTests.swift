import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import ScrollPhysics

/// Wheel and trackpad deltas with phases (``ScrollSimulator/wheel(deltaY:phase:at:)``): the
/// rubber band of the summed deltas past an edge, the bounce spring at the end of a session,
/// momentum into an edge, interruptions, and the order of phases.
struct ScrollSimulatorWheelTests {
  /// 800 pt viewport over 3000 pt of content: maxOffset 2200.
  static let geometry = ScrollGeometry(viewportHeight: 800, contentHeight: 3000)

  static func simulator(
    start: Double = 0, profile: PhysicsProfile = .ios
  ) throws -> ScrollSimulator {
    try ScrollSimulator(geometry: geometry, profile: profile, startOffset: start)
  }

  /// A trackpad drag past the top: the offset is the rubber band's overscroll of the summed
  /// deltas past the edge, `f(x) = x·d·c / (d + c·x)` with c = 0.55, d = 800 (physics.md item 1),
  /// exactly as a finger dragging the same distance.
  @Test func aTrackpadDragPastTheTopGivesTheRubberBandOfTheSummedDeltas() throws {
    var sim = try Self.simulator(start: 40)
    try sim.wheel(deltaY: 0, phase: .began, at: 0)
    for (index, delta) in [-30.0, -40, -50, -60].enumerated() {
      try sim.wheel(deltaY: delta, phase: .changed, at: 0.01 * Double(index + 1))
    }
    // 180 pt of deltas from 40 pt: 140 pt past the top.
    let x = 140.0
    let expected = -(x * 800 * 0.55 / (800 + 0.55 * x))
    let state = sim.state(at: 0.04)
    #expect(abs(state.offset - expected) < 1e-9, "\(state.offset) vs \(expected)")
    #expect(state.phase == .dragging)
    // Turning back: the same curve, down to the edge and 1:1 beyond it.
    try sim.wheel(deltaY: 140, phase: .changed, at: 0.05)
    #expect(sim.state(at: 0.05).offset == 0)
    try sim.wheel(deltaY: 25, phase: .changed, at: 0.06)
    #expect(sim.state(at: 0.06).offset == 25)
  }

  /// The same drag past the bottom edge, and in range the content follows 1:1.
  @Test func deltasFollowOneToOneInRangeAndBandPastTheBottom() throws {
    var sim = try Self.simulator(start: 2000)
    try sim.wheel(deltaY: 50, phase: .began, at: 0)
    try sim.wheel(deltaY: 100, phase: .changed, at: 0.016)
    #expect(sim.state(at: 0.016).offset == 2150)
    try sim.wheel(deltaY: 250, phase: .changed, at: 0.032)
    let band = RubberBand(coefficient: 0.55, dimension: 800)
    #expect(abs(sim.state(at: 0.032).offset - (2200 + band.overscroll(forDrag: 200))) < 1e-9)
  }

  /// `ended` past an edge starts the bounce spring, which ends exactly on the edge: offset 0
  /// bit for bit, phase idle.
  @Test func theSpringBackEndsAtExactlyZero() throws {
    var sim = try Self.simulator()
    try sim.wheel(deltaY: -20, phase: .began, at: 0)
    try sim.wheel(deltaY: -80, phase: .changed, at: 0.016)
    try sim.wheel(deltaY: 0, phase: .ended, at: 0.03)
    #expect(sim.state(at: 0.05).phase == .bouncing)
    #expect(sim.state(at: 0.05).offset < 0)
    let end = sim.state(at: 10)
    #expect(end.offset == 0)
    #expect(end.phase == .idle)
    #expect(end.velocity == 0)
  }

  /// WebKit zeroes the velocity of a delta older than 100 ms (`scrollVelocityZeroingTimeout`):
  /// an `ended` 0.1 s or more after the last delta springs back from rest, exactly as a
  /// `cancelled` does; a prompt `ended` carries the last delta's velocity.
  @Test func aLateEndSpringsBackFromRest() throws {
    func run(_ phase: WheelPhase, endAt end: Double) throws -> ScrollSimulator {
      var sim = try Self.simulator()
      try sim.wheel(deltaY: -50, phase: .began, at: 0)
      try sim.wheel(deltaY: -50, phase: .changed, at: 0.016)
      try sim.wheel(deltaY: 0, phase: phase, at: end)
      return sim
    }
    let late = try run(.ended, endAt: 0.116)
    let cancelled = try run(.cancelled, endAt: 0.116)
    let prompt = try run(.ended, endAt: 0.03)
    for dt in [0.01, 0.05, 0.2] {
      #expect(late.state(at: 0.116 + dt) == cancelled.state(at: 0.116 + dt))
    }
    // Pulled outward when it ended: the carried velocity takes it further out first.
    #expect(prompt.state(at: 0.04).offset < prompt.state(at: 0.03).offset)
  }

  /// Momentum deltas move the content 1:1 in range (phase decelerating); `momentumEnded`
  /// leaves it at rest where the deltas put it.
  @Test func momentumDeltasMoveTheContentInRange() throws {
    var sim = try Self.simulator(start: 1000)
    try sim.wheel(deltaY: 30, phase: .began, at: 0)
    try sim.wheel(deltaY: 0, phase: .ended, at: 0.02)
    #expect(sim.state(at: 0.02).phase == .idle)
    try sim.wheel(deltaY: 40, phase: .momentumBegan, at: 0.03)
    try sim.wheel(deltaY: 20, phase: .momentumChanged, at: 0.046)
    let moving = sim.state(at: 0.05)
    #expect(moving.offset == 1090)
    #expect(moving.phase == .decelerating)
    #expect(abs(moving.velocity - 20 / 0.016) < 1e-9)
    try sim.wheel(deltaY: 0, phase: .momentumEnded, at: 0.06)
    #expect(sim.state(at: 0.06) == ScrollState(offset: 1090, velocity: 0, phase: .idle))
  }

  /// Momentum into the top edge: the delta that crosses moves the content past the edge by the
  /// rubber band of the excess and the bounce spring takes over; the session's later momentum
  /// deltas are ignored (WebKit `m_ignoreMomentumScrolls`), and the view settles at exactly 0.
  @Test func momentumIntoAnEdgeBouncesAndIgnoresTheRest() throws {
    var sim = try Self.simulator(start: 100)
    try sim.wheel(deltaY: -40, phase: .began, at: 0)
    try sim.wheel(deltaY: 0, phase: .ended, at: 0.01)
    try sim.wheel(deltaY: -45, phase: .momentumBegan, at: 0.02)
    #expect(sim.state(at: 0.02).offset == 15)
    try sim.wheel(deltaY: -40, phase: .momentumChanged, at: 0.036)
    let band = RubberBand(coefficient: 0.55, dimension: 800)
    #expect(abs(sim.state(at: 0.036).offset + band.overscroll(forDrag: 25)) < 1e-9)
    #expect(sim.state(at: 0.04).phase == .bouncing)
    var ignoring = sim
    for (index, delta) in [-30.0, -20, -10].enumerated() {
      try sim.wheel(deltaY: delta, phase: .momentumChanged, at: 0.05 + 0.016 * Double(index))
    }
    try sim.wheel(deltaY: 0, phase: .momentumEnded, at: 0.1)
    try ignoring.wheel(deltaY: 0, phase: .mayBegin, at: 0.1)  // moves nothing either
    for t in [0.1, 0.2, 0.4] { #expect(sim.state(at: t).offset == ignoring.state(at: t).offset) }
    #expect(sim.state(at: 10) == ScrollState(offset: 0, velocity: 0, phase: .idle))
  }

  /// A delta without phase (a mouse wheel, a web `WheelEvent`) never overscrolls: at the top it
  /// stays at 0; in range it moves at once and rests.
  @Test func aPlainWheelStaysClamped() throws {
    var sim = try Self.simulator(start: 30)
    try sim.wheel(deltaY: -100, at: 0)
    #expect(sim.state(at: 0) == ScrollState(offset: 0, velocity: 0, phase: .idle))
    try sim.wheel(deltaY: 120, at: 0.1)
    #expect(sim.state(at: 0.1) == ScrollState(offset: 120, velocity: 0, phase: .idle))
    try sim.wheel(deltaY: 5000, at: 0.2)
    #expect(sim.state(at: 0.2).offset == 2200)
  }

  /// A click (touch down and up) while the trackpad holds the content past the top: the touch
  /// catches it, the lift springs it back, and the session's later deltas are ignored.
  @Test func aSessionInterruptedByAClickSettlesAtTheEdge() throws {
    var sim = try Self.simulator()
    try sim.wheel(deltaY: -60, phase: .began, at: 0)
    try sim.wheel(deltaY: -60, phase: .changed, at: 0.016)
    let held = sim.state(at: 0.05).offset
    #expect(held < 0)
    try sim.touchDown(y: 300, at: 0.05)
    #expect(sim.state(at: 0.05).offset == held)
    try sim.touchUp(at: 0.09)
    let clickOnly = sim
    try sim.wheel(deltaY: -80, phase: .changed, at: 0.1)
    try sim.wheel(deltaY: 0, phase: .ended, at: 0.12)
    try sim.wheel(deltaY: -50, phase: .momentumBegan, at: 0.13)
    try sim.wheel(deltaY: 0, phase: .momentumEnded, at: 0.2)
    for t in [0.1, 0.15, 0.3, 1] { #expect(sim.state(at: t) == clickOnly.state(at: t)) }
    #expect(sim.state(at: 10) == ScrollState(offset: 0, velocity: 0, phase: .idle))
  }

  /// `began` during a spring back catches the content where it is (WebKit sets the stretch
  /// force from the displayed stretch and stops the rubber-band animation): no jump, and the
  /// next delta follows the rubber band from there.
  @Test func beganCatchesASpringBackWhereItIs() throws {
    var sim = try Self.simulator()
    try sim.wheel(deltaY: -150, phase: .began, at: 0)
    try sim.wheel(deltaY: 0, phase: .ended, at: 0.2)
    let caught = sim.state(at: 0.3).offset
    #expect(caught < 0)
    try sim.wheel(deltaY: 0, phase: .began, at: 0.3)
    #expect(sim.state(at: 0.3).offset == caught)
    try sim.wheel(deltaY: -10, phase: .changed, at: 0.31)
    let band = RubberBand(coefficient: 0.55, dimension: 800)
    let expected = -band.overscroll(forDrag: band.dragDistance(forOverscroll: -caught) + 10)
    #expect(abs(sim.state(at: 0.31).offset - expected) < 1e-9)
  }

  /// Clamped profiles (Android's stretch, Chromium) keep a trackpad in range.
  @Test(arguments: [PhysicsProfile.android, .chromium])
  func clampedProfilesKeepTheTrackpadInRange(profile: PhysicsProfile) throws {
    var sim = try Self.simulator(start: 10, profile: profile)
    try sim.wheel(deltaY: -100, phase: .began, at: 0)
    #expect(sim.state(at: 0).offset == 0)
    try sim.wheel(deltaY: 0, phase: .ended, at: 0.01)
    #expect(sim.state(at: 0.01) == ScrollState(offset: 0, velocity: 0, phase: .idle))
  }

  struct OrderCase: Sendable, CustomTestStringConvertible {
    var name: String
    var phases: [WheelPhase]
    var field: String
    var says: String
    var testDescription: String { name }
  }

  static let orderCases: [OrderCase] = [
    .init(
      name: "ended without began", phases: [.ended], field: "phase",
      says: "phase ended with no trackpad session"),
    .init(
      name: "momentum with no session", phases: [.momentumChanged], field: "momentum",
      says: "momentum changed with no trackpad session"),
    .init(
      name: "changed after ended", phases: [.began, .ended, .changed], field: "phase",
      says: "phase changed after the session ended"),
    .init(
      name: "momentum after cancelled", phases: [.began, .cancelled, .momentumBegan],
      field: "momentum", says: "momentum began with no trackpad session"),
    .init(
      name: "began twice", phases: [.began, .began], field: "phase",
      says: "phase began during a trackpad session"),
    .init(
      name: "a mouse wheel inside a session", phases: [.began, .none], field: "phase",
      says: "a delta without phase during a trackpad session"),
  ]

  @Test(arguments: orderCases)
  func phasesOutOfOrderAreRejected(_ c: OrderCase) throws {
    var sim = try Self.simulator(start: 500)
    for (index, phase) in c.phases.dropLast().enumerated() {
      try sim.wheel(deltaY: 1, phase: phase, at: Double(index) * 0.01)
    }
    #expect {
      try sim.wheel(deltaY: 1, phase: c.phases.last!, at: 1)
    } throws: { error in
      guard case .unexpectedWheelPhase(let field, let message, let time)? = error as? PhysicsError
      else { return false }
      return field == c.field && message.contains(c.says) && time == 1
    }
  }

  @Test func aNonFiniteDeltaIsRejected() throws {
    var sim = try Self.simulator()
    #expect(throws: PhysicsError.self) { try sim.wheel(deltaY: .nan, phase: .began, at: 0) }
    try sim.touchDown(y: 100, at: 0)
    #expect(throws: PhysicsError.unexpectedTouch(kind: "wheel", time: 0.1)) {
      try sim.wheel(deltaY: 1, at: 0.1)
    }
  }
}

/// Generated wheel sessions with random interruptions: whenever nothing moves the offset is in
/// range, and every run settles.
struct ScrollSimulatorWheelInvariantTests {
  enum Input {
    case wheel(Double, WheelPhase)
    case down(Double)
    case up
    case scrollTo(Double, animated: Bool)
    case geometry(ScrollGeometry)
    case release(velocity: Double)
  }

  /// Sessions in the platform's order (mayBegin?, began, changed…, ended or cancelled,
  /// momentum…), mouse-wheel deltas, and interruptions anywhere: a click, a drag, a
  /// programmatic scroll, a content change, a synthetic fling.
  static func generate(seed: UInt64) -> (ScrollGeometry, Double, [(Double, Input)]) {
    var random = SplitMix64(seed: seed)
    let geometry = ScrollSimulatorInvariantTests.randomGeometry(&random)
    let start = random.unit() * geometry.maxOffset
    var inputs: [(Double, Input)] = []
    var t = 0.0
    func step() { t += random.uniform(0.004...0.03) }
    // A mouse wheel does not interleave with the user's phase (WheelSequence): during it the
    // last kind of interruption is a click instead.
    // Returns whether it was a mouse wheel, which ends the momentum.
    func interrupt(active: Bool) -> Bool {
      var roll = random.unit()
      if active && roll >= 0.85 { roll = 0 }
      if roll < 0.4 {
        inputs.append((t, .down(random.uniform(50...300))))
        step()
        if random.unit() < 0.5 { t += random.uniform(0...0.3) }
        inputs.append((t, .up))
      } else if roll < 0.6 {
        inputs.append((t, .scrollTo(random.uniform(-300...25000), animated: random.unit() < 0.5)))
      } else if roll < 0.75 {
        inputs.append(
          (t, .geometry(ScrollSimulatorInvariantTests.randomGeometry(&random, viewport: nil))))
      } else if roll < 0.85 {
        inputs.append((t, .release(velocity: random.uniform(-6000...6000))))
      } else {
        inputs.append((t, .wheel(random.uniform(-400...400), .none)))
        step()
        return true
      }
      step()
      return false
    }
    for _ in 0..<Int(random.uniform(1...4.99)) {
      if random.unit() < 0.2 {
        inputs.append((t, .wheel(random.uniform(-200...200), .none)))
        step()
        continue
      }
      if random.unit() < 0.3 {
        inputs.append((t, .wheel(0, .mayBegin)))
        step()
      }
      let speed = random.uniform(-3000...3000)
      inputs.append((t, .wheel(speed * 0.01, .began)))
      for _ in 0..<Int(random.uniform(0...40)) {
        step()
        if random.unit() < 0.04 { _ = interrupt(active: true) }
        inputs.append((t, .wheel(speed * 0.016 * random.uniform(0.3...1.5), .changed)))
      }
      step()
      if random.unit() < 0.15 {
        inputs.append((t, .wheel(0, .cancelled)))
        continue
      }
      inputs.append((t, .wheel(0, .ended)))
      guard random.unit() < 0.7 else { continue }
      step()
      var delta = speed * 0.016
      inputs.append((t, .wheel(delta, .momentumBegan)))
      var stopped = false
      for _ in 0..<Int(random.uniform(0...60)) {
        step()
        if random.unit() < 0.03, interrupt(active: false) {
          stopped = true
          break
        }
        delta *= 0.95
        inputs.append((t, .wheel(delta, .momentumChanged)))
      }
      step()
      if !stopped && random.unit() < 0.8 { inputs.append((t, .wheel(0, .momentumEnded))) }
      t += random.uniform(0...0.5)
    }
    return (geometry, start, inputs)
  }

  static func apply(_ input: Input, at time: Double, to sim: inout ScrollSimulator) throws {
    switch input {
    case .wheel(let delta, let phase): try sim.wheel(deltaY: delta, phase: phase, at: time)
    case .down(let y): try sim.touchDown(y: y, at: time)
    case .up: try sim.touchUp(at: time)
    case .scrollTo(let offset, let animated):
      try sim.scrollTo(offset: offset, animated: animated, at: time)
    case .geometry(let geometry): try sim.setGeometry(geometry, at: time)
    case .release(let velocity):
      let offset = sim.state(at: time).offset
      let viewport = sim.geometry.viewportHeight
      // The linear overscroll model is unbounded; a synthetic release needs one viewport.
      guard offset > -viewport, offset < sim.geometry.maxOffset + viewport else { return }
      try sim.release(atOffset: offset, velocity: velocity, at: time)
    }
  }

  @Test(
    "whenever nothing moves the offset is in range, over 1000 generated wheel sessions",
    arguments: PhysicsProfile.builtIn)
  func settlesInRange(profile: PhysicsProfile) throws {
    for seed in UInt64(0)..<1000 {
      let (geometry, start, inputs) = Self.generate(seed: seed)
      var sim = try ScrollSimulator(geometry: geometry, profile: profile, startOffset: start)
      var index = 0
      let last = inputs.last?.0 ?? 0
      var frame = 0
      var state = sim.state(at: 0)
      while true {
        let t = Double(frame) / 120
        while index < inputs.count && inputs[index].0 <= t {
          try Self.apply(inputs[index].1, at: inputs[index].0, to: &sim)
          index += 1
        }
        sim.advance(to: t)
        state = sim.state(at: t)
        #expect(state.offset.isFinite && state.velocity.isFinite, "seed \(seed)")
        if state.phase == .idle {
          #expect(sim.geometry.contains(state.offset), "seed \(seed): idle out of range \(state)")
          #expect(state.velocity == 0, "seed \(seed)")
        }
        // Clamped profiles keep wheel and trackpad motion, and programmatic animations started
        // from a moving state (AnimatedScrollRangeTests), in range.
        if !profile.overscrollModel.bounces {
          #expect(
            sim.geometry.contains(state.offset),
            "seed \(seed): clamped profile overscrolled \(state.phase) at \(t)")
        }
        if t > last + 30 || (t > last && (state.phase == .idle || state.phase.isTouching)) {
          break
        }
        frame += 1
      }
      #expect(state.phase == .idle || state.phase.isTouching, "seed \(seed): did not settle")
      // The events: in time order, phase changes chained, and (once nothing runs) every
      // deceleration, the trackpad's momentum included, ended by exactly one completion.
      let events = sim.scrollViewEvents
      var phase = ScrollPhase.idle
      var decelerations = 0
      // Every scrollViewWillBeginDragging is closed by a scrollViewWillEndDragging before the
      // next one (a synthetic release ends a drag never begun: an end without a begin).
      var dragging = false
      var dragEnds = 0
      for (index, event) in events.enumerated() {
        #expect(index == 0 || event.time >= events[index - 1].time, "seed \(seed)")
        switch event.kind {
        case .phaseChange(let old, let new, _):
          #expect(old == phase, "seed \(seed): \(event)")
          phase = new
        case .willBeginDragging:
          #expect(!dragging, "seed \(seed): a drag began while one was open: \(event)")
          dragging = true
        case .willEndDragging:
          dragging = false
          dragEnds += 1
        case .didEndDragging: dragEnds -= 1
        case .willBeginDecelerating: decelerations += 1
        case .didEndDecelerating:
          decelerations -= 1
          #expect(decelerations == 0, "seed \(seed): \(event)")
        default: break
        }
      }
      if sim.activeMotion == nil {
        #expect(decelerations == 0, "seed \(seed): a deceleration never ended")
      }
      #expect(dragEnds == 0, "seed \(seed): willEndDragging and didEndDragging unpaired")
      if dragging {
        // Still open: only while the fingers are on the trackpad or the screen.
        #expect(state.phase.isTouching, "seed \(seed): a drag was never closed")
      }
      if state.phase == .dragging {
        // Cut off mid-session: ending it settles in range.
        let end = max(last, Double(frame) / 120)
        try sim.wheel(deltaY: 0, phase: .cancelled, at: end)
        let settled = sim.state(at: end + 30)
        #expect(settled.phase == .idle && sim.geometry.contains(settled.offset), "seed \(seed)")
        var open = false
        for event in sim.scrollViewEvents {
          if case .willBeginDragging = event.kind { open = true }
          if case .willEndDragging = event.kind { open = false }
        }
        #expect(!open, "seed \(seed): the cancel closed no drag")
      }
    }
  }
}
