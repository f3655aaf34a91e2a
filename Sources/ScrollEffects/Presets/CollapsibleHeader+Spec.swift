extension CollapsibleHeader.Parameters {
  /// These parameters as an engine spec (`effects/collapsible-header.json`); compiled, it
  /// writes the same outputs as ``CollapsibleHeader``. With ``nested`` its timelines read the
  /// header view of a chain (`effects/examples/nested-header.json` is that spec).
  public var spec: EffectSpec {
    var stops: [EffectSpec.Keyframe] = []
    if maxStretch > 0 { stops.append(.init(at: -maxStretch, maxHeight + maxStretch)) }
    stops.append(.init(at: 0, maxHeight))
    if maxHeight > barTotal { stops.append(.init(at: maxHeight - barTotal, barTotal)) }
    var timelines: [EffectSpec.TimelineSpec] = [
      .init("offset", .distance(origin: 0)),
      .init(
        "fade",
        .scroll(start: .init(0), end: .init(nested ? maxHeight - barTotal : maxHeight + barTotal))
      ),
    ]
    if nested {
      for i in timelines.indices { timelines[i].scrollView = .header }
    }
    return EffectSpec(
      name: EffectPreset.collapsibleHeader.rawValue,
      description: "Collapsible, stretchy profile header that shrinks into the bar "
        + "(effects.md §5)."
        + (nested ? " Nested: the header is its own scroll view; reads its offset." : ""),
      timelines: timelines,
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
