extension AppleTVNavigationBar.Parameters {
  /// These parameters as an engine spec (`effects/apple-tv-bar.json`); compiled, it writes the
  /// same outputs as ``AppleTVNavigationBar`` (the title fade to within a few ulps: it is the
  /// keyframe segment through the article's line, clipped to 0…1 where it crosses 0 or 1,
  /// rather than the line itself).
  public var spec: EffectSpec {
    let outputs = AppleTVNavigationBar.outputs(self)
    // The article's line `slope · p − intercept` from the threshold on; at the threshold it is
    // 0 up to rounding with the article's numbers (1.5 · 0.3 − 0.45), otherwise a jump.
    // The line is clipped to the output's range 0…1 with a stop where it crosses 0 or 1
    // (keyframes stay inside the declared range; the article clamps the same way).
    let line = { (p: Double) in self.titleOpacitySlope * p - self.titleOpacityIntercept }
    let jump = line(titleThreshold)
    var titleStops: [EffectSpec.Keyframe] = [.init(at: 0, 0), .init(at: titleThreshold, 0)]
    if Swift.abs(jump) > 1e-12 {
      titleStops.append(.init(at: titleThreshold, Swift.min(Swift.max(jump, 0), 1)))
    }
    if titleOpacitySlope != 0 && titleThreshold < 1 {
      let crossings = [0.0, 1.0].map { ($0 + titleOpacityIntercept) / titleOpacitySlope }
      for p in crossings.sorted() where p > titleThreshold && p < 1 {
        titleStops.append(.init(at: p, Swift.min(Swift.max(line(p), 0), 1).rounded()))
      }
    }
    titleStops.append(.init(at: 1, Swift.min(Swift.max(line(1), 0), 1)))
    return EffectSpec(
      name: EffectPreset.appleTVBar.rawValue,
      description: "Apple TV navigation bar: one progress drives background, tint and title "
        + "(effects.md §2).",
      timelines: [.init("progress", .scroll(start: .init(0), end: .init(transitionDistance)))],
      outputs: [
        .init(
          "navBar.progress", unit: .fraction, range: 0...1, source: .timeline("progress"),
          keyframes: [.init(at: 0, 0), .init(at: 1, 1)]),
        .init(
          "navBar.backgroundOpacity", unit: .fraction, range: outputs[1].range,
          source: .timeline("progress"),
          keyframes: [.init(at: 0, backgroundOpacityStart), .init(at: 1, backgroundOpacityEnd)]),
        .init(
          "navBar.tint", unit: .fraction, range: outputs[2].range, source: .timeline("progress"),
          keyframes: [.init(at: 0, tintStart), .init(at: 1, tintEnd)]),
        .init(
          "navBar.titleOpacity", unit: .fraction, range: 0...1, source: .timeline("progress"),
          keyframes: titleStops),
        .init(
          "navBar.titleVisible", unit: .flag, range: 0...1,
          source: .trigger(
            .init(
              timeline: "progress", start: titleThreshold,
              hysteresis: titleHysteresis / transitionDistance, strict: true))),
      ])
  }
}
