import ScrollCheck
import ScrollEffects
import ScrollPhysics

/// The general effect engine (``CompiledEffect`` from a generated spec) at 1, 10, 100 and 1000
/// outputs, and `scrollsim check` throughput. Engine cases report ns per *output* so the
/// scaling table reads directly: flat means linear in the outputs.
enum EngineCases {
  /// Output counts of the scaling cases.
  static let sizes = [1, 10, 100, 1000]

  /// Name of the case with `outputs` outputs.
  static func name(outputs: Int) -> String { "engine/outputs-\(outputs)" }

  static var all: [BenchmarkCase] {
    sizes.map { n in
      BenchmarkCase(name(outputs: n), unit: "output", unitsPerIteration: Double(n)) {
        Engine(spec(outputs: n))
      }
    } + [
      BenchmarkCase(
        "check/apple-music", unit: "frame", unitsPerIteration: Double(checkFrames),
        throughputUnit: "frames/s"
      ) { Check() }
    ]
  }

  /// A deterministic spec with `outputs` outputs over `max(1, outputs / 10)` timelines that
  /// mixes what real specs use: scroll ranges (also from the bottom), distances, a view
  /// timeline and the top overscroll; 2–4 keyframes, one in four eased; every tenth output a
  /// flag with hysteresis; every seventh smoothed (τ = 0.1 s); every fifth unclamped.
  static func spec(outputs: Int) -> EffectSpec {
    let timelineCount = max(1, outputs / 10)
    let timelines: [EffectSpec.TimelineSpec] = (0..<timelineCount).map { t in
      let start = Double(t % 7) * 60
      let timeline: Timeline =
        switch t % 5 {
        case 0: .scroll(start: .init(start), end: .init(start + 300))
        case 1: .distance(origin: start)
        case 2: .view(ViewTimeline(subjectY: 200 + start, subjectHeight: 300))
        case 3: .overscroll(.top)
        default: .scroll(start: .init(-400, fromMax: true), end: .init(0, fromMax: true))
        }
      return .init("t\(t)", timeline)
    }
    let outputs: [EffectSpec.OutputSpec] = (0..<outputs).map { k in
      let timeline = "t\(k % timelineCount)"
      if k % 10 == 9 {
        return .init(
          "o\(k)", unit: .flag, range: 0...1,
          source: .trigger(.init(timeline: timeline, start: 0.5, hysteresis: 0.05)))
      }
      let easing: Easing = k % 4 == 3 ? .easeInOut : .linear
      let stops: [EffectSpec.Keyframe] = (0..<(2 + k % 3)).map { j in
        .init(at: Double(j) / Double(1 + k % 3), Double((j * 37 + k) % 100), easing: easing)
      }
      return .init(
        "o\(k)", unit: .points, range: 0...100, source: .timeline(timeline), keyframes: stops,
        clamp: k % 5 != 4, smoothing: k % 7 == 6 ? 0.1 : 0)
    }
    return EffectSpec(name: "generated-\(outputs.count)", timelines: timelines, outputs: outputs)
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
