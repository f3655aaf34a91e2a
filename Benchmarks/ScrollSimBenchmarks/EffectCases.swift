import ScrollEffects
import ScrollPhysics

/// Each seed preset alone, then whole frames: physics plus all five presets through
/// ``PresetEffect``, the hand-inlined floor and the naive closures-and-dictionary version.
enum EffectCases {
  /// The general effect engine at 1, 10, 100 and 1000 outputs (ns per output) belongs here;
  /// the engine is not in this tree yet, so the list is empty. One line per size once it is.
  static var engineCases: [BenchmarkCase] { [] }

  static var all: [BenchmarkCase] {
    EffectPreset.allCases.map(preset) + engineCases + [frame, handInlined, naive]
  }

  /// Name of the whole-frame case (physics + five presets).
  static let frameName = "frame/physics+5-presets"
  /// Name of the hand-inlined floor.
  static let handInlinedName = "baseline/hand-inlined"
  /// Name of the naive version.
  static let naiveName = "baseline/naive"

  /// One preset evaluated over the 4096 workload samples, cycling.
  static func preset(_ preset: EffectPreset) -> BenchmarkCase {
    BenchmarkCase("preset/\(preset.rawValue)") {
      var effect = PresetEffect(preset)
      var values = Array(repeating: 0.0, count: effect.outputs.count)
      var events: [EffectEvent] = []
      events.reserveCapacity(16)
      let samples = Workload.samples
      var frame = 0
      return { n in
        for _ in 0..<n {
          events.removeAll(keepingCapacity: true)
          effect.evaluate(samples[frame & 4095], into: &values, events: &events)
          frame &+= 1
          blackHole(values[0])
        }
      }
    }
  }

  /// Physics (`state(at:)` after a fling into the bottom bounce) and all five presets.
  static var frame: BenchmarkCase {
    BenchmarkCase(frameName) {
    guard let (simulator, release) = Workload.released(profile: .ios, offset: 800, speed: -3000)
    else { return { _ in } }
    var effects = EffectPreset.allCases.map(PresetEffect.init)
    var values = effects.map { Array(repeating: 0.0, count: $0.outputs.count) }
    var events: [EffectEvent] = []
    events.reserveCapacity(16)
    var sample = ScrollSample(time: 0, offset: 0, velocity: 0, phase: .idle, geometry: Workload.geometry)
    var frame = 0
    return { n in
      for _ in 0..<n {
        let time = release + Double(frame & 511) / 120
        frame &+= 1
        let state = simulator.state(at: time)
        sample.time = time
        sample.offset = state.offset
        sample.velocity = state.velocity
        sample.phase = state.phase
        events.removeAll(keepingCapacity: true)
        for index in effects.indices {
          effects[index].evaluate(sample, into: &values[index], events: &events)
        }
        blackHole(values[0][0] + values[4][2])
      }
    }
  }
  }

  /// The same physics and the five presets' outputs in straight-line code.
  static var handInlined: BenchmarkCase {
    BenchmarkCase(handInlinedName) {
    guard let (simulator, release) = Workload.released(profile: .ios, offset: 800, speed: -3000)
    else { return { _ in } }
    var floor = HandInlinedFrame()
    var frame = 0
    return { n in
      for _ in 0..<n {
        let time = release + Double(frame & 511) / 120
        frame &+= 1
        let state = simulator.state(at: time)
        floor.evaluate(offset: state.offset)
        blackHole(floor.values.0 + floor.values.15)
      }
    }
  }
  }

  /// The same physics and the five presets as closures writing a dictionary each frame.
  static var naive: BenchmarkCase {
    BenchmarkCase(naiveName) {
    guard let (simulator, release) = Workload.released(profile: .ios, offset: 800, speed: -3000)
    else { return { _ in } }
    let naive = NaiveFrame()
    var frame = 0
    return { n in
      for _ in 0..<n {
        let time = release + Double(frame & 511) / 120
        frame &+= 1
        let state = simulator.state(at: time)
        let values = naive.evaluate(offset: state.offset)
        blackHole(values["header.overlayOpacity", default: 0])
      }
    }
  }
  }
}
