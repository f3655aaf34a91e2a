import ScrollEffects
import ScrollPhysics

/// Each seed preset alone, then whole frames: physics plus all five presets through
/// ``CompiledPreset``, the hand-inlined floor and the naive closures-and-dictionary version.
enum EffectCases {
  static var all: [BenchmarkCase] {
    EffectPreset.allCases.map { preset in
      BenchmarkCase("preset/\(preset.rawValue)") { OnePreset(preset) }
    } + [
      BenchmarkCase(frameName) { Frame(GroupedPresets()) },
      BenchmarkCase(separateFrameName) { Frame(Presets()) },
      BenchmarkCase(generatedFrameName) { Frame(GeneratedPresets()) },
      BenchmarkCase(handInlinedName) { Frame(HandInlinedFrame()) },
      BenchmarkCase(physicsOnlyName) { Frame(PhysicsOnly()) },
      BenchmarkCase(naiveName) { Frame(NaiveFrame()) },
    ]
  }

  /// Name of the whole-frame case: physics + the five presets as one group, as
  /// `scrollsim replay --effect all` runs them (one pass over all outputs, like the floor).
  static let frameName = "frame/physics+5-presets"
  /// Name of the whole-frame case with five separately evaluated effects.
  static let separateFrameName = "frame/physics+5-presets-separate"
  /// Name of the whole-frame case with the five presets as generated Swift
  /// (`scrollsim export swift all`, `FivePresetsEffect.swift`).
  static let generatedFrameName = "frame/physics+5-presets-generated"
  /// Name of the hand-inlined floor.
  static let handInlinedName = "baseline/hand-inlined"
  /// Name of the physics alone in the same frame loop (to take out of both sides).
  static let physicsOnlyName = "baseline/physics-only"
  /// Name of the naive version.
  static let naiveName = "baseline/naive"

  /// One preset evaluated over the 4096 workload samples, cycling.
  struct OnePreset: BenchmarkWorkload {
    var effect: CompiledPreset
    var values: [Double]
    var events: [EffectEvent] = []
    let samples = Workload.samples
    var frame = 0

    init(_ preset: EffectPreset) {
      effect = CompiledPreset(preset)
      values = Array(repeating: 0, count: effect.outputs.count)
      events.reserveCapacity(16)
    }

    mutating func run(_ n: Int) {
      for _ in 0..<n {
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        effect.evaluate(samples[frame & 4095], into: &values, events: &events)
        frame &+= 1
        blackHole(values[0])
      }
    }
  }

  /// What a whole frame evaluates after the physics: the five presets one way or another.
  protocol FrameEffects {
    /// Evaluates every output for `sample`; returns one of them for the black hole.
    mutating func evaluate(_ sample: ScrollSample) -> Double
  }

  /// Physics (`state(at:)`) and then `effects`, alternating 128 frames (1.07 s at 120 Hz) of
  /// two released gestures: a pull-down 87 pt into the top overscroll and its bounce back, then a
  /// fling from rest to 645 pt. Together they take every preset through its stretch, its
  /// interpolated ranges and its thresholds (events fire every cycle), not only its clamped
  /// ends.
  struct Frame<Effects: FrameEffects>: BenchmarkWorkload {
    // Two properties, not an array of them: reading one copies nothing (no retain per frame).
    // Each is read in place, as `FrameCore` reads its simulator (`advancedModeState(at:)`,
    // the mode's switch of `advancedState(at:)`, which changes nothing): `state(at:)` on a
    // stored simulator of this `inout` workload copied the whole simulator every frame
    // (≈ 100 instructions of `memcpy` on both sides of every ratio to the floor).
    var pull: ScrollSimulator
    let pullRelease: Double
    var fling: ScrollSimulator
    let flingRelease: Double
    var effects: Effects
    var sample = ScrollSample(
      time: 0, offset: 0, velocity: 0, phase: .idle, geometry: Workload.geometry)
    var frame = 0

    init?(_ effects: Effects) {
      guard let pull = Workload.released(profile: .ios, offset: 0, speed: 1500),
        let fling = Workload.released(profile: .ios, offset: 0, speed: -1200)
      else { return nil }
      (self.pull, pullRelease) = pull
      (self.fling, flingRelease) = fling
      self.effects = effects
    }

    mutating func run(_ n: Int) {
      for _ in 0..<n {
        advance()
        blackHole(effects.evaluate(sample))
      }
    }

    /// The physics of the next frame into ``sample``.
    @inline(__always)
    mutating func advance() {
      let pulling = frame & 128 == 0
      let time = (pulling ? pullRelease : flingRelease) + Double(frame & 127) / 120
      frame &+= 1
      let state = pulling ? pull.advancedModeState(at: time) : fling.advancedModeState(at: time)
      sample.time = time
      sample.offset = state.offset
      sample.velocity = state.velocity
      sample.phase = state.phase
    }

    /// The samples of the next `n` frames (for the start-up checks), leaving `self` as it is.
    func samples(_ n: Int) -> [ScrollSample] {
      var copy = self
      return (0..<n).map { _ in
        copy.advance()
        return copy.sample
      }
    }
  }

  /// No effect: the frame loop and physics alone, the part the engine and the floor share.
  struct PhysicsOnly: FrameEffects {
    mutating func evaluate(_ sample: ScrollSample) -> Double { sample.offset }
  }

  /// The five presets through five ``CompiledPreset``s, one call each.
  struct Presets: FrameEffects {
    var effects = EffectPreset.seeds.map(CompiledPreset.init)
    var values: [[Double]]
    var events: [EffectEvent] = []

    init() {
      values = effects.map { Array(repeating: 0, count: $0.outputs.count) }
      events.reserveCapacity(16)
    }

    mutating func evaluate(_ sample: ScrollSample) -> Double {
      if !events.isEmpty { events.removeAll(keepingCapacity: true) }
      for index in effects.indices {
        effects[index].evaluate(sample, into: &values[index], events: &events)
      }
      return values[0][0] + values[4][2]
    }
  }
}

extension EffectCases {
  /// The five presets as one group (``EffectSpec/group(_:name:)``), as `scrollsim replay
  /// --effect all` runs them.
  struct GroupedPresets: FrameEffects {
    // Five distinct preset names always group and compile.
    var effect = try! CompiledEffect(
      EffectSpec.group(EffectPreset.seeds.map { CompiledPreset($0).compiled.spec }))
    var values: [Double]
    var events: [EffectEvent] = []

    init() {
      values = Array(repeating: 0, count: effect.outputs.count)
      events.reserveCapacity(16)
    }

    mutating func evaluate(_ sample: ScrollSample) -> Double {
      if !events.isEmpty { events.removeAll(keepingCapacity: true) }
      effect.evaluate(sample, into: &values, events: &events)
      return values[0] + values[15]
    }
  }
}

extension EffectCases {
  /// The same group as ``GroupedPresets`` as the Swift `scrollsim export swift all --type
  /// FivePresetsEffect` writes (`FivePresetsEffect.swift`, kept up to date by a test):
  /// straight-line code with the same bits, checked at start-up
  /// (``HandInlinedCheck/generatedMismatch()``).
  struct GeneratedPresets: FrameEffects {
    var effect = FivePresetsEffect()
    var events: [EffectEvent] = []

    init() {
      events.reserveCapacity(16)
    }

    mutating func evaluate(_ sample: ScrollSample) -> Double {
      if !events.isEmpty { events.removeAll(keepingCapacity: true) }
      // The outputs by name, as the floor writes its tuple.
      effect.evaluate(sample, events: &events)
      return effect.values.appleMusicHeaderOverlayOpacity
        + effect.values.collapsibleHeaderBarContentOpacity
    }
  }
}

extension HandInlinedFrame: EffectCases.FrameEffects {
  mutating func evaluate(_ sample: ScrollSample) -> Double {
    evaluate(offset: sample.offset)
    return values.0 + values.15
  }
}

extension NaiveFrame: EffectCases.FrameEffects {
  mutating func evaluate(_ sample: ScrollSample) -> Double {
    evaluate(offset: sample.offset)["header.overlayOpacity", default: 0]
  }
}
