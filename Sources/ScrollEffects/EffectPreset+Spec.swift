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

extension LogoFollow.Parameters {
  /// These parameters as an engine spec (`effects/logo-follow.json`); compiled, it writes the
  /// same outputs as ``LogoFollow``.
  public var spec: EffectSpec {
    EffectSpec(
      name: EffectPreset.logoFollow.rawValue,
      description: "A logo that rises with the scroll between two limits, optionally smoothed "
        + "(effects.md §3).",
      timelines: [.init("lift", .distance(origin: start))],
      outputs: [
        .init(
          "logo.lift", unit: .points, range: 0...maxLift, source: .timeline("lift"),
          keyframes: [.init(at: 0, 0), .init(at: maxLift, maxLift)],
          smoothing: smoothingTimeConstant)
      ])
  }
}

extension TitleCard.Parameters {
  /// These parameters as an engine spec (`effects/title-card.json`): the inline title is the
  /// title's view-timeline `exit-crossing` range with the scrollport inset by the bars
  /// (`auto`). Compiled, it writes the same outputs as ``TitleCard``.
  public var spec: EffectSpec {
    let rest = topInset + titleY
    var stops: [EffectSpec.Keyframe] = []
    if maxStretch > 0 { stops.append(.init(at: -maxStretch, rest + maxStretch)) }
    stops.append(.init(at: 0, rest))
    if maxTrackedOffset > 0 { stops.append(.init(at: maxTrackedOffset, rest - maxTrackedOffset)) }
    let outputs = TitleCard.outputs(self)
    return EffectSpec(
      name: EffectPreset.titleCard.rawValue,
      description: "iOS 18 title card: the inline title fades in as the card's title slides "
        + "under the bar (effects.md §4).",
      timelines: [
        .init(
          "title",
          .view(ViewTimeline(subjectY: titleY, subjectHeight: titleHeight, range: .exitCrossing))),
        .init("offset", .distance(origin: 0)),
      ],
      outputs: [
        .init(
          "titleCard.inlineTitleOpacity", unit: .fraction, range: 0...1, source: .timeline("title"),
          keyframes: [.init(at: 0, 0), .init(at: 1, 1)]),
        .init(
          "titleCard.titleMinY", unit: .points, range: outputs[1].range,
          source: .timeline("offset"), keyframes: stops),
      ])
  }
}

extension CollapsibleHeader.Parameters {
  /// These parameters as an engine spec (`effects/collapsible-header.json`); compiled, it
  /// writes the same outputs as ``CollapsibleHeader``.
  public var spec: EffectSpec {
    var stops: [EffectSpec.Keyframe] = []
    if maxStretch > 0 { stops.append(.init(at: -maxStretch, maxHeight + maxStretch)) }
    stops.append(.init(at: 0, maxHeight))
    if maxHeight > barTotal { stops.append(.init(at: maxHeight - barTotal, barTotal)) }
    return EffectSpec(
      name: EffectPreset.collapsibleHeader.rawValue,
      description: "Collapsible, stretchy profile header that shrinks into the bar "
        + "(effects.md §5).",
      timelines: [
        .init("offset", .distance(origin: 0)),
        .init("fade", .scroll(start: .init(0), end: .init(maxHeight + barTotal))),
      ],
      outputs: [
        .init(
          "header.height", unit: .points, range: barTotal...(maxHeight + maxStretch),
          source: .timeline("offset"), keyframes: stops),
        .init(
          "header.contentOpacity", unit: .fraction, range: 0...1, source: .timeline("fade"),
          keyframes: [.init(at: 0, 1), .init(at: 1, 0)]),
        .init(
          "bar.contentOpacity", unit: .fraction, range: 0...1, source: .timeline("fade"),
          keyframes: [.init(at: 0, 0), .init(at: 1, 1)]),
      ])
  }
}
