import Foundation
import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import ScrollPhysics

/// Invariants over thousands of generated gestures per profile (physics.md "Invariants"), seeded
/// so that every run tests the same gestures.
struct ScrollSimulatorInvariantTests {
  enum Input {
    case down(Double)
    case move(Double)
    case up, cancel
    case geometry(ScrollGeometry)
    case scrollTo(Double, animated: Bool)
  }

  struct Gesture {
    var geometry: ScrollGeometry
    var start: Double
    var paging: Bool
    var inputs: [(time: Double, input: Input)]
  }

  static func randomGeometry(
    _ random: inout SplitMix64, viewport: Double? = nil
  ) -> ScrollGeometry {
    let viewport = viewport ?? random.uniform(300...1400)
    let content =
      random.unit() < 0.2 ? random.uniform(0...viewport) : random.uniform(viewport...20000)
    return ScrollGeometry(
      viewportHeight: viewport, contentHeight: content, contentInsetTop: random.uniform(0...100),
      contentInsetBottom: random.uniform(0...50))
  }

  static func generate(seed: UInt64) -> Gesture {
    var random = SplitMix64(seed: seed)
    let initial = randomGeometry(&random)
    var geometry = initial
    let start = random.uniform(0...1) * geometry.maxOffset
    var inputs: [(Double, Input)] = []
    var t = 0.0
    for _ in 0..<Int(random.uniform(1...3.99)) {
      var y = random.uniform(50...geometry.viewportHeight)
      inputs.append((t, .down(y)))
      let speed = random.uniform(-9000...9000)
      for _ in 0..<Int(random.uniform(0...40)) {
        let dt = random.uniform(0.004...0.02)
        t += dt
        y += speed * dt * random.uniform(0.5...1.5)
        inputs.append((t, .move(y)))
        if random.unit() < 0.02 {
          // Lazy lists and load-more change the content mid-drag.
          geometry = randomGeometry(&random, viewport: geometry.viewportHeight)
          inputs.append((t, .geometry(geometry)))
        }
      }
      t += random.uniform(0...0.05)
      inputs.append((t, random.unit() < 0.05 ? .cancel : .up))
      t += random.uniform(0.02...1.5)
      let roll = random.unit()
      if roll < 0.15 {
        // Content or viewport (rotation) changes mid-motion, possibly while overscrolled.
        geometry = randomGeometry(
          &random, viewport: random.unit() < 0.5 ? nil : geometry.viewportHeight)
        inputs.append((t, .geometry(geometry)))
        t += random.uniform(0.01...1)
      } else if roll < 0.25 {
        inputs.append((t, .scrollTo(random.uniform(-500...25000), animated: random.unit() < 0.8)))
        t += random.uniform(0.01...1)
      }
    }
    return Gesture(
      geometry: initial, start: start, paging: random.unit() < 0.15,
      inputs: inputs.map { ($0.0, $0.1) })
  }

  static func apply(_ input: Input, at time: Double, to sim: inout ScrollSimulator) throws {
    switch input {
    case .down(let y): try sim.touchDown(y: y, at: time)
    case .move(let y): try sim.touchMove(y: y, at: time)
    case .up: try sim.touchUp(at: time)
    case .cancel: try sim.touchCancel(at: time)
    case .geometry(let geometry): try sim.setGeometry(geometry, at: time)
    case .scrollTo(let offset, let animated):
      try sim.scrollTo(offset: offset, animated: animated, at: time)
    }
  }

  static func simulator(_ gesture: Gesture, _ profile: PhysicsProfile) throws -> ScrollSimulator {
    var sim = try ScrollSimulator(
      geometry: gesture.geometry, profile: profile, screenScale: 3, startOffset: gesture.start)
    if gesture.paging { try sim.setTargetBehavior(.paging) }
    return sim
  }

  @Test("invariants over 2000 generated gestures", arguments: PhysicsProfile.builtIn)
  func invariantsHold(profile: PhysicsProfile) throws {
    let fastest =
      profile.maximumFlingVelocity
      + (profile.carriesMomentum
        ? MomentumCarry.carriedVelocity(from: profile.maximumFlingVelocity) : 0)
    let bounceOmega = (profile.springStiffness / profile.springMass).squareRoot()
    let animationOmega = 2 * Double.pi / profile.animationResponse
    for seed in UInt64(0)..<2000 {
      let gesture = Self.generate(seed: seed)
      var sim = try Self.simulator(gesture, profile)
      var previous = sim.state(at: 0)
      var index = 0
      var allowedSpeed = fastest
      let lastTime = gesture.inputs.last?.time ?? 0
      var idleAfterLast = false
      var frame = 0
      while true {
        let t = Double(frame) / 120
        var evented = false
        while index < gesture.inputs.count && gesture.inputs[index].time <= t {
          let (time, input) = gesture.inputs[index]
          try Self.apply(input, at: time, to: &sim)
          let now = sim.state(at: time)
          let geometry = sim.geometry
          // A jump the motion allows: a spring from the overscroll, or a programmatic animation.
          allowedSpeed = max(
            allowedSpeed, bounceOmega * abs(geometry.overscroll(at: now.offset)) + fastest,
            animationOmega * (geometry.maxOffset + geometry.viewportHeight) + fastest)
          index += 1
          evented = true
        }
        let state = sim.state(at: t)
        let geometry = sim.geometry
        #expect(
          state.offset.isFinite && state.velocity.isFinite && state.stretch.isFinite, "seed \(seed)"
        )
        #expect(abs(state.stretch) <= 1, "seed \(seed)")
        if state.phase == .idle {
          #expect(geometry.contains(state.offset), "seed \(seed): idle out of range")
          #expect(state.velocity == 0 && state.stretch == 0, "seed \(seed)")
        }
        if !profile.overscrollModel.bounces {
          #expect(
            geometry.contains(state.offset) || evented,
            "seed \(seed): clamped profile overscrolled \(state) max \(geometry.maxOffset) t \(t)")
        }
        if frame > 0 && !previous.phase.isTouching && !state.phase.isTouching && !evented {
          #expect(
            abs(state.offset - previous.offset) <= allowedSpeed / 120 + 1e-9, "seed \(seed): jump")
        }
        if t > lastTime {
          if idleAfterLast {
            #expect(state.phase == .idle, "seed \(seed): moved again without an event")
          }
          idleAfterLast = idleAfterLast || state.phase == .idle
        }
        previous = state
        if t > lastTime + 0.5 && idleAfterLast { break }
        if t > lastTime + 30 { break }
        frame += 1
      }
      // Settled within 30 s of the last event, exactly on a page when paging.
      #expect(previous.phase == .idle, "seed \(seed): did not settle")
      if gesture.paging, case .resting(let offset) = sim.mode {
        let page = sim.geometry.viewportHeight
        let onPage = offset == sim.geometry.maxOffset || (offset / page).rounded() * page == offset
        #expect(
          onPage || !Self.lastReleaseWasTouch(gesture), "seed \(seed): paging off-page at \(offset)"
        )
      }
    }
  }

  /// Whether the gesture ends with a finger lifting (so the paging target applies).
  static func lastReleaseWasTouch(_ gesture: Gesture) -> Bool {
    guard case .up = gesture.inputs.last?.input else { return false }
    return true
  }

  @Test(
    "restarting a fling or bounce from its own mid-flight state gives the same path",
    arguments: [PhysicsProfile.ios, .flutter, .android, PhysicsProfile.flutterClampingForTests])
  func restartFromOwnState(profile: PhysicsProfile) throws {
    var random = SplitMix64(seed: 42)
    for _ in 0..<1000 {
      let geometry = Self.randomGeometry(&random)
      let start = random.uniform(0...1) * geometry.maxOffset
      let velocity = random.uniform(-8000...8000)
      var sim = try ScrollSimulator(geometry: geometry, profile: profile, startOffset: start)
      try sim.release(atOffset: start, velocity: velocity, at: 0)
      let restartAt = random.uniform(0.01...1.5)
      let mid = sim.state(at: restartAt)
      // Below the stop speed a motion counts as finished, so a restart there rests at once.
      guard mid.phase == .decelerating || mid.phase == .bouncing,
        abs(mid.velocity) > profile.stopVelocityPixels / 3
      else { continue }
      // The motion laid out afresh from the state it reached (what a re-layout does).
      let restarted = ScrollMotion(
        releaseAt: mid.offset, velocity: mid.velocity, time: restartAt, geometry: geometry,
        profile: profile, screenScale: 3)
      for step in 0...120 {
        let t = restartAt + Double(step) / 40
        let a = sim.state(at: t)
        let b = restarted.state(at: t)
        let tolerance = 1e-6 * max(1, abs(a.offset)) + 2 * profile.stopDistancePixels / 3
        #expect(abs(a.offset - b.offset) <= tolerance, "restart at \(restartAt), t = \(t)")
      }
      let (end, restartedEnd) = (sim.state(at: 60), restarted.state(at: 60))
      #expect(end.phase == .idle && restartedEnd.phase == .idle)
      #expect(abs(end.offset - restartedEnd.offset) <= 1e-9 * max(1, abs(end.offset)))
    }
  }

  @Test("60 Hz, 120 Hz and jittered frames sample one curve", arguments: PhysicsProfile.builtIn)
  func frameRatesSampleOneCurve(profile: PhysicsProfile) throws {
    for seed in UInt64(0)..<300 {
      let gesture = Self.generate(seed: seed)
      // Three runs: frames at 60 Hz, at 120 Hz, and jittered; events are applied at their own
      // times between frames, so every run must agree at the shared 60 Hz instants.
      var runs: [[ScrollState]] = []
      for (rate, jitter) in [(60.0, 0.0), (120.0, 0.0), (120.0, 0.003)] {
        var sim = try Self.simulator(gesture, profile)
        var index = 0
        var shared: [ScrollState] = []
        let frames = Int(((gesture.inputs.last?.time ?? 0) + 3) * 60) * Int(rate / 60)
        for frame in 0...frames {
          let nominal = Double(frame) / rate
          let early = nominal - jitter * Double(frame % 3)
          let times = early == nominal ? [nominal] : [early, nominal]
          for t in times where t >= 0 {
            while index < gesture.inputs.count && gesture.inputs[index].time <= t {
              try Self.apply(gesture.inputs[index].input, at: gesture.inputs[index].time, to: &sim)
              index += 1
            }
            let state = sim.state(at: t)
            if t == nominal && (rate == 60 || frame % 2 == 0) { shared.append(state) }
          }
        }
        runs.append(shared)
      }
      #expect(runs[0] == runs[1] && runs[1] == runs[2], "seed \(seed)")
    }
  }
}

extension PhysicsProfile {
  /// Flutter's `ClampingScrollPhysics`: `ClampingScrollSimulation`, clamped edges, no stretch.
  static let flutterClampingForTests: PhysicsProfile = {
    var profile = PhysicsProfile.android
    profile.name = "flutter-clamping"
    profile.flingModel = .flutterClamping
    profile.overscrollModel = .clamp
    return profile
  }()
}
