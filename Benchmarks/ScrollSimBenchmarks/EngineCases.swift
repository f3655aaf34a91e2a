import ScrollCheck
import ScrollEffects
import ScrollPhysics

/// The general effect engine (``CompiledEffect`` from a generated spec) at 1, 10, 100 and 1000
/// outputs, and `scrollsim check` throughput. Engine cases report ns per *output* so the
/// scaling table reads directly: flat means linear in the outputs.
enum EngineCases {
  /// Output counts of the scaling cases.
  static let sizes = [1, 10, 100, 1000]

  /// Name of the 1,000-output case as generated Swift.
  static let generatedName = "engine/outputs-1000-generated"

  /// Name of the case with `outputs` outputs.
  static func name(outputs: Int) -> String { "engine/outputs-\(outputs)" }

  static var all: [BenchmarkCase] {
    sizes.map { n in
      BenchmarkCase(name(outputs: n), unit: "output", unitsPerIteration: Double(n)) {
        Engine(.scaling(outputs: n))
      }
    } + [
      BenchmarkCase(generatedName, unit: "output", unitsPerIteration: 1000) { Generated1000() },
      BenchmarkCase(
        "check/apple-music", unit: "frame", unitsPerIteration: Double(checkFrames),
        throughputUnit: "frames/s"
      ) { Check() },
    ]
  }

  /// A compiled spec evaluated over the 4096 workload samples, cycling.
  struct Engine: BenchmarkWorkload {
    var effect: CompiledEffect
    var values: [Double]
    var events: [EffectEvent] = []
    let samples = Workload.samples
    var frame = 0

    init?(_ spec: EffectSpec) {
      guard let effect = try? CompiledEffect(spec) else { return nil }
      self.effect = effect
      values = Array(repeating: 0, count: effect.outputs.count)
      events.reserveCapacity(4 * effect.outputs.count)
    }

    mutating func run(_ n: Int) {
      for _ in 0..<n {
        events.removeAll(keepingCapacity: true)
        effect.evaluate(samples[frame & 4095], into: &values, events: &events)
        frame &+= 1
        blackHole(values[0])
      }
    }
  }

  /// The 1,000-output spec as the Swift `scrollsim export swift` writes for it
  /// (`Engine1000Effect.swift`, kept up to date by a test, its bits checked at start-up by
  /// ``HandInlinedCheck/generatedMismatch()``) over the same samples.
  struct Generated1000: BenchmarkWorkload {
    var effect = Engine1000Effect()
    var events: [EffectEvent] = []
    let samples = Workload.samples
    var frame = 0

    init() {
      events.reserveCapacity(4000)
    }

    mutating func run(_ n: Int) {
      for _ in 0..<n {
        events.removeAll(keepingCapacity: true)
        effect.evaluate(samples[frame & 4095], events: &events)
        frame &+= 1
        blackHole(effect.values.o0)
      }
    }
  }

  /// Frames one `check` of the Apple Music preset evaluates (every device and gesture).
  static let checkFrames: Int = {
    // The standard matrix always runs; -1 would show a run the physics rejected.
    (try? EffectChecker(effect: CompiledPreset(.appleMusic).compiled).run())?.frames ?? -1
  }()

  /// `scrollsim check` of the Apple Music preset: the whole device × gesture matrix per
  /// iteration, reported per evaluated frame.
  struct Check: BenchmarkWorkload {
    let checker = EffectChecker(effect: CompiledPreset(.appleMusic).compiled)

    mutating func run(_ n: Int) {
      for _ in 0..<n { blackHole(Double((try? checker.run())?.violations.count ?? -1)) }
    }
  }
}
