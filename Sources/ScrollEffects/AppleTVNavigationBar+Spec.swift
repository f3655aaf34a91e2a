extension AppleTVNavigationBar.Parameters {
  /// These parameters as an engine spec (`effects/apple-tv-bar.json`); compiled, it writes the
  /// same outputs as ``AppleTVNavigationBar`` (the title fade to within a few ulps: it is the
  /// keyframe segment through the article's line rather than the line itself).
  public var spec: EffectSpec {
    let outputs = AppleTVNavigationBar.outputs(self)
    // The article's line `slope · p − intercept` from the threshold on; at the threshold it is
    // 0 up to rounding with the article's numbers (1.5 · 0.3 − 0.45), otherwise a jump.
    let jump = titleOpacitySlope * titleThreshold - titleOpacityIntercept
    var titleStops: [EffectSpec.Keyframe] = [.init(at: 0, 0), .init(at: titleThreshold, 0)]
    if Swift.abs(jump) > 1e-12 { titleStops.append(.init(at: titleThreshold, jump)) }
    titleStops.append(.init(at: 1, titleOpacitySlope - titleOpacityIntercept))
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
