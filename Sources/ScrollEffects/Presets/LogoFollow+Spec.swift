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
