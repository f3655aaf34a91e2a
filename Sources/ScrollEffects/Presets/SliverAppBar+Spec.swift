extension SliverAppBar.Parameters {
  /// These parameters as an engine spec (`effects/flutter-sliver-app-bar.json` for the
  /// defaults); the formulas are ``SliverAppBar``'s.
  public var spec: EffectSpec {
    let top = maxExtent
    let delta = top - minExtent
    let stretchTop = stretch ? top + maxStretch : top
    var extent: [EffectSpec.Keyframe] = []
    if stretch { extent.append(.init(at: -maxStretch, top + maxStretch)) }
    extent.append(.init(at: 0, top))
    extent.append(pinned ? .init(at: delta, minExtent) : .init(at: top, 0))
    var outputs: [EffectSpec.OutputSpec] = [
      .init(
        "appBar.extent", unit: .points, range: (pinned ? minExtent : 0)...stretchTop,
        source: .timeline("offset"), keyframes: extent),
      pinned
        ? .init(
          "appBar.toolbarOpacity", unit: .fraction, range: 1...1, source: .timeline("offset"),
          keyframes: [.init(at: 0, 1)])
        : .init(
          "appBar.toolbarOpacity", unit: .fraction, range: 0...1, source: .timeline("offset"),
          keyframes: [
            .init(at: top - topPadding - toolbarHeight, 1), .init(at: top - topPadding, 0),
          ]),
    ]
    if pinned {
      outputs.append(
        .init(
          "appBar.isScrolledUnder", unit: .flag, range: 0...1,
          source: .trigger(.init(timeline: "offset", start: delta, strict: true))))
    }
    if stretch {
      outputs.append(
        .init(
          "appBar.stretchTriggered", unit: .flag, range: 0...1,
          source: .trigger(.init(timeline: "stretch", start: stretchTriggerOffset))))
    }
    return EffectSpec(
      name: EffectPreset.sliverAppBar.rawValue,
      description: "Flutter SliverAppBar (app_bar.dart): "
        + (pinned ? "pinned" : "scrolls away") + (stretch ? ", stretches" : "") + ".",
      timelines: [
        .init("offset", .distance(origin: 0)),
        .init("stretch", .overscroll(.top)),
      ],
      outputs: outputs)
  }
}
