extension AppleMusicHeader.Parameters {
  /// These parameters as an engine spec (shipped as `effects/apple-music.json` for the
  /// defaults); compiled, it writes the same outputs as ``AppleMusicHeader``.
  ///
  /// Timelines: `darken` (scroll 0 → H), `offset` (the distance in points), `pull` (top
  /// overscroll, points) and, with a fade, `fade` (scroll T → T + fadeDistance).
  public var spec: EffectSpec {
    let h = headerHeight
    let t = pinThreshold
    var offsetStops: [EffectSpec.Keyframe] = []
    if maxStretch > 0 { offsetStops.append(.init(at: -maxStretch, -maxStretch)) }
    offsetStops += [.init(at: 0, 0), .init(at: h, parallaxFactor * h)]
    var heightStops: [EffectSpec.Keyframe] = [.init(at: 0, h)]
    if maxStretch > 0 { heightStops.append(.init(at: maxStretch, h + maxStretch)) }
    var timelines: [EffectSpec.TimelineSpec] = [
      .init("darken", .scroll(start: .init(0), end: .init(h))),
      .init("offset", .distance(origin: 0)),
      .init("pull", .overscroll(.top)),
    ]
    let bar: EffectSpec.OutputSpec
    if fadeDistance > 0 {
      timelines.append(.init("fade", .scroll(start: .init(t), end: .init(t + fadeDistance))))
      bar = .init(
        "navBar.opacity", unit: .fraction, range: 0...1, source: .timeline("fade"),
        keyframes: [.init(at: 0, 0), .init(at: 1, 1)])
    } else {
      bar = .init("navBar.opacity", unit: .fraction, range: 0...1, source: .output("titlePinned"))
    }
    let outputs = AppleMusicHeader.outputs(self)
    return EffectSpec(
      name: EffectPreset.appleMusic.rawValue,
      description: "Apple Music header: darkening, parallax and stretching artwork, pinned title "
        + "bar (effects.md §1).",
      timelines: timelines,
      outputs: [
        .init(
          "header.overlayOpacity", unit: .fraction, range: 0...1, source: .timeline("darken"),
          keyframes: [.init(at: 0, 0), .init(at: 1, 1)]),
        .init(
          "header.imageOffsetY", unit: .points, range: outputs[1].range,
          source: .timeline("offset"), keyframes: offsetStops),
        .init(
          "header.imageHeight", unit: .points, range: outputs[2].range, source: .timeline("pull"),
          keyframes: heightStops),
        bar,
        .init(
          "titlePinned", unit: .flag, range: 0...1,
          source: .trigger(.init(timeline: "offset", start: t, hysteresis: hysteresis))),
      ])
  }
}
