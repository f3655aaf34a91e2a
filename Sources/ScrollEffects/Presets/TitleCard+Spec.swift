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
