extension EffectSpec {
  /// A deterministic spec with `outputs` outputs over `max(1, outputs / 10)` timelines that
  /// mixes what real specs use: scroll ranges (also from the bottom), distances, a view
  /// timeline and the top overscroll; 2–4 keyframes, one in four eased; every tenth output a
  /// flag with hysteresis; every seventh smoothed (τ = 0.1 s); every fifth unclamped. The
  /// benchmark's `engine/outputs-N` cases evaluate it, and its 1,000-output Swift
  /// (`Engine1000Effect.swift`, `scrollsim export swift`) is kept up to date by a test.
  package static func scaling(outputs: Int) -> EffectSpec {
    let timelineCount = Swift.max(1, outputs / 10)
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
}
