import ScrollEffects
import ScrollPhysics
import Testing

/// Invariants over many generated specs: whatever the timelines, keyframes, easings and
/// smoothing, a clamped output stays in its declared range and no output is ever NaN, for every
/// offset of the sweep (±1e6, ±∞, the extremes of Double, NaN) on several geometries.
@Suite struct GeneratedSpecTests {
  struct Generator {
    var state: UInt64
    mutating func unit() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func pick(_ n: Int) -> Int { min(n - 1, Int(unit() * Double(n))) }
  }

  static func spec(seed: UInt64) -> EffectSpec {
    var g = Generator(state: seed)
    let start = g.range(-500, 2000)
    let timelines: [EffectSpec.TimelineSpec] = [
      .init("s", .scroll(start: .init(start), end: .init(start + g.range(1, 800)))),
      .init("d", .distance(origin: g.range(-200, 200))),
      .init("t", .overscroll(.top)),
      .init("b", .overscroll(.bottom)),
      .init(
        "v",
        .view(
          ViewTimeline(
            subjectY: g.range(0, 3000), subjectHeight: g.range(0, 900),
            range: ViewTimeline.NamedRange.allCases[g.pick(6)]))),
      .init(
        "m", .scroll(start: .init(-g.range(0, 300), fromMax: true), end: .init(0, fromMax: true))),
    ]
    let easings: [Easing] = [
      .linear, .ease, .easeIn, .easeOut, .easeInOut, .steps(count: 3, position: .jumpNone),
      .steps(count: 1, position: .jumpStart), .cubicBezier(x1: 0.3, y1: -2, x2: 0.7, y2: 3),
    ]
    var outputs: [EffectSpec.OutputSpec] = []
    for k in 0..<6 {
      let lo = g.range(-100, 100)
      let hi = lo + g.range(0, 300)
      var at = g.range(-2, 1)
      var stops: [EffectSpec.Keyframe] = []
      for _ in 0..<(1 + g.pick(5)) {
        stops.append(
          // Stops inside the range (the compiler rejects others); the cubic-bezier easing
          // still overshoots it between stops.
          .init(at: at, g.range(lo, hi), easing: easings[g.pick(easings.count)]))
        at += g.pick(4) == 0 ? 0 : g.range(0, 2)
      }
      outputs.append(
        .init(
          "o\(k)", unit: .points, range: lo...hi, source: .timeline(timelines[g.pick(6)].name),
          keyframes: stops, smoothing: g.pick(3) == 0 ? g.range(0.01, 0.5) : 0))
    }
    outputs.append(
      .init(
        "flag", unit: .flag, range: 0...1,
        source: .trigger(.init(timeline: "s", start: 0.5, end: 0.9, hysteresis: 0.05))))
    outputs.append(
      .init(
        "follow", unit: .points, range: -5...5, source: .output("o0"),
        keyframes: [.init(at: 0, 0), .init(at: 10, 5)]))
    return EffectSpec(name: "generated-\(seed)", timelines: timelines, outputs: outputs)
  }

  @Test(arguments: 0..<24)
  func clampedOutputsStayInRangeAndFinite(seed: Int) throws {
    let geometries = [
      phoneGeometry, ScrollGeometry(viewportHeight: 667, contentHeight: 300, contentInsetTop: 64),
      ScrollGeometry(
        viewportHeight: 402, contentHeight: 0, contentInsetTop: 32, contentInsetBottom: 21),
    ]
    let compiled = try CompiledEffect(Self.spec(seed: UInt64(seed) + 1))
    for geometry in geometries {
      var effect = compiled
      var values = [Double](repeating: 0, count: effect.outputs.count)
      var events: [EffectEvent] = []
      events.reserveCapacity(1 << 14)
      var bad = 0
      for (i, s) in (sweepOffsets + [.nan] + sweepOffsets.reversed()).enumerated() {
        effect.evaluate(
          sample(s, time: Double(i) / 120, geometry: geometry), into: &values, events: &events)
        for (v, o) in zip(values, effect.outputs) where v.isNaN || !o.range.contains(v) { bad += 1 }
      }
      #expect(bad == 0, "seed \(seed): \(bad) bad values")
    }
  }

  /// Unclamped outputs may leave their range but are never NaN, even at ±∞.
  @Test(arguments: 0..<20)
  func unclampedOutputsAreNeverNaN(seed: Int) throws {
    var spec = Self.spec(seed: UInt64(seed) + 100)
    for i in spec.outputs.indices { spec.outputs[i].clamp = false }
    var effect = try CompiledEffect(spec)
    var values = [Double](repeating: 0, count: effect.outputs.count)
    var events: [EffectEvent] = []
    events.reserveCapacity(1 << 14)
    var nan = 0
    for (i, s) in sweepOffsets.enumerated() {
      effect.evaluate(sample(s, time: Double(i) / 120), into: &values, events: &events)
      nan += values.filter(\.isNaN).count
    }
    #expect(nan == 0)
  }
}
