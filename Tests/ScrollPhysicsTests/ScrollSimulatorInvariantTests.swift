import Foundation
import Testing

@testable import ScrollPhysics

/// Invariants over thousands of generated gestures (physics.md "Invariants").
struct ScrollSimulatorInvariantTests {
  /// A small deterministic generator (SplitMix64), so every run tests the same gestures.
  struct SplitMix {
    var state: UInt64
    mutating func next() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      return Double(z >> 11) / Double(1 << 53)
    }
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
      range.lowerBound + (range.upperBound - range.lowerBound) * next()
    }
  }

  struct Gesture {
    var geometry: ScrollGeometry
    var start: Double
    var touches: [(time: Double, y: Double, kind: Int)]  // 0 down, 1 move, 2 up
  }

  static func generate(seed: UInt64) -> Gesture {
    var random = SplitMix(state: seed)
    let viewport = random.uniform(300...1400)
    let content = random.next() < 0.2 ? random.uniform(0...viewport) : random.uniform(viewport...20000)
    let geometry = ScrollGeometry(viewportHeight: viewport, contentHeight: content)
    let start = random.uniform(0...1) * geometry.maxOffset
    var touches: [(Double, Double, Int)] = []
    var t = 0.0
    for _ in 0..<Int(random.uniform(1...3.99)) {
      var y = random.uniform(50...viewport)
      touches.append((t, y, 0))
      let moves = Int(random.uniform(0...40))
      let speed = random.uniform(-9000...9000)
      for _ in 0..<moves {
        let dt = random.uniform(0.004...0.02)
        t += dt
        y += speed * dt * random.uniform(0.5...1.5)
        touches.append((t, y, 1))
      }
      t += random.uniform(0...0.05)
      touches.append((t, y, 2))
      t += random.uniform(0.05...2.5)
    }
    return Gesture(geometry: geometry, start: start, touches: touches)
  }

  @Test(arguments: 0..<4)
  func invariantsHoldOverGeneratedGestures(batch: Int) throws {
    for seed in UInt64(batch * 500)..<UInt64(batch * 500 + 500) {
      let gesture = Self.generate(seed: seed)
      var sim = try ScrollSimulator(geometry: gesture.geometry, screenScale: 3, startOffset: gesture.start)
      let maxOffset = gesture.geometry.maxOffset
      let viewport = gesture.geometry.viewportHeight
      var frame = 0
      var previous = sim.state(at: 0)
      var index = 0
      let end = gesture.touches.last!.time + 12
      while Double(frame) / 120 <= end {
        let t = Double(frame) / 120
        while index < gesture.touches.count && gesture.touches[index].time <= t {
          let touch = gesture.touches[index]
          switch touch.kind {
          case 0: try sim.touchDown(y: touch.y, at: touch.time)
          case 1: try sim.touchMove(y: touch.y, at: touch.time)
          default: try sim.touchUp(at: touch.time)
          }
          index += 1
        }
        let state = sim.state(at: t)
        #expect(state.offset.isFinite && state.velocity.isFinite, "seed \(seed)")
        // Never further out than the rubber band allows, never teleporting.
        #expect(state.offset > -viewport && state.offset < maxOffset + viewport, "seed \(seed)")
        if state.phase == .idle {
          #expect(state.offset >= 0 && state.offset <= maxOffset, "seed \(seed) idle out of range")
        }
        if !previous.phase.isTouching && !state.phase.isTouching && frame > 0 {
          #expect(abs(state.offset - previous.offset) <= 9000.0 / 120 + 1e-9, "seed \(seed) jump")
        }
        previous = state
        frame += 1
      }
      // Settled within 12 s of the last touch.
      #expect(previous.phase == .idle, "seed \(seed) did not settle")
    }
  }

  @Test func frameRatesSampleOneCurve() throws {
    for seed in UInt64(0)..<200 {
      let gesture = Self.generate(seed: seed)
      var sim = try ScrollSimulator(geometry: gesture.geometry, screenScale: 3, startOffset: gesture.start)
      for touch in gesture.touches {
        switch touch.kind {
        case 0: try sim.touchDown(y: touch.y, at: touch.time)
        case 1: try sim.touchMove(y: touch.y, at: touch.time)
        default: try sim.touchUp(at: touch.time)
        }
      }
      // After the last event, 60 Hz, 120 Hz and jittered queries see one curve, in any order.
      let last = gesture.touches.last!.time
      let shared = (0..<60).map { last + Double($0) / 60 }
      let forward = shared.map { sim.state(at: $0) }
      var jittered: [Double] = []
      for i in 0..<240 { jittered.append(last + Double(i) / 120 + 0.003 * Double(i % 3)) }
      _ = jittered.map { sim.state(at: $0) }
      let again = shared.reversed().map { sim.state(at: $0) }.reversed()
      #expect(Array(again) == forward, "seed \(seed)")
    }
  }

  @Test func landsExactlyOnTheEdgeAfterABounce() throws {
    for seed in UInt64(0)..<300 {
      let gesture = Self.generate(seed: seed)
      var sim = try ScrollSimulator(geometry: gesture.geometry, screenScale: 3, startOffset: gesture.start)
      for touch in gesture.touches {
        switch touch.kind {
        case 0: try sim.touchDown(y: touch.y, at: touch.time)
        case 1: try sim.touchMove(y: touch.y, at: touch.time)
        default: try sim.touchUp(at: touch.time)
        }
      }
      let final = sim.state(at: gesture.touches.last!.time + 30)
      #expect(final.phase == .idle && final.velocity == 0)
      #expect(gesture.geometry.contains(final.offset))
    }
  }
}
