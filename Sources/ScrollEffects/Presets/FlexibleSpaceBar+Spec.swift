extension FlexibleSpaceBar.Parameters {
  /// These parameters as an engine spec (`effects/flutter-flexible-space-bar.json` for the
  /// defaults); the formulas are ``FlexibleSpaceBar``'s.
  public var spec: EffectSpec {
    let top = maxExtent
    let delta = deltaExtent
    func constant(_ name: String, _ unit: EffectOutput.Unit, _ v: Double) -> EffectSpec.OutputSpec {
      .init(
        name, unit: unit, range: v...v, source: .timeline("offset"), keyframes: [.init(at: 0, v)])
    }
    let backgroundTop: EffectSpec.OutputSpec =
      switch collapseMode {
      case .parallax:
        .init(
          "background.top", unit: .points, range: (-delta / 4)...0, source: .timeline("collapse"),
          keyframes: [.init(at: 0, 0), .init(at: 1, -delta / 4)])
      case .pin:
        .init(
          "background.top", unit: .points, range: (-delta)...0, source: .timeline("offset"),
          keyframes: [.init(at: 0, 0), .init(at: delta, -delta)])
      case .none: constant("background.top", .points, 0)
      }
    let zoom = stretchModes.contains(.zoomBackground)
    let blur = stretchModes.contains(.blurBackground)
    let fadeTitle = stretchModes.contains(.fadeTitle)
    return EffectSpec(
      name: EffectPreset.flexibleSpaceBar.rawValue,
      description: "Flutter FlexibleSpaceBar in a pinned, stretching SliverAppBar "
        + "(flexible_space_bar.dart): collapse \(collapseMode.rawValue), stretch "
        + StretchModeList.text(stretchModes) + ".",
      timelines: [
        .init("offset", .distance(origin: 0)),
        .init("collapse", .scroll(start: .init(0), end: .init(delta))),
        .init("fade", .scroll(start: .init(fadeStart * delta), end: .init(delta))),
        .init("stretch", .overscroll(.top)),
      ],
      outputs: [
        .init(
          "bar.height", unit: .points, range: minExtent...(top + maxStretch),
          source: .timeline("offset"),
          keyframes: [
            .init(at: -maxStretch, top + maxStretch), .init(at: 0, top),
            .init(at: delta, minExtent),
          ]),
        backgroundTop,
        .init(
          "background.opacity", unit: .fraction, range: 0...1, source: .timeline("fade"),
          keyframes: [.init(at: 0, 1), .init(at: 1, 0)]),
        zoom
          ? .init(
            "background.height", unit: .points, range: top...(top + maxStretch),
            source: .timeline("stretch"),
            keyframes: [.init(at: 0, top), .init(at: maxStretch, top + maxStretch)])
          : constant("background.height", .points, top),
        blur
          ? .init(
            "background.blurSigma", unit: .points, range: 0...(maxStretch / 10),
            source: .timeline("stretch"),
            keyframes: [.init(at: 0, 0), .init(at: maxStretch, maxStretch / 10)])
          : constant("background.blurSigma", .points, 0),
        fadeTitle
          ? .init(
            "title.opacity", unit: .fraction, range: 0...1, source: .timeline("stretch"),
            keyframes: [.init(at: 0, 1), .init(at: 100, 0)])
          : constant("title.opacity", .fraction, 1),
        .init(
          "title.scale", unit: .fraction, range: 1...expandedTitleScale,
          source: .timeline("collapse"),
          keyframes: [.init(at: 0, expandedTitleScale), .init(at: 1, 1)]),
        constant("title.paddingStart", .points, titlePaddingStart),
        constant("title.paddingBottom", .points, titlePaddingBottom),
      ])
  }
}

/// The stretch modes in Flutter's order, for the spec's description.
enum StretchModeList {
  static func text(_ modes: Set<FlexibleSpaceBar.StretchMode>) -> String {
    let names = FlexibleSpaceBar.StretchMode.allCases.filter(modes.contains).map(\.rawValue)
    return names.isEmpty ? "none" : names.joined(separator: ", ")
  }
}
