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
