/// Apple TV navigation bar: one progress drives the bar's background opacity, the buttons' grey
/// tint and the title's fade.
///
/// Source: effects.md §2, article 001_6b682acb22cf401a.txt. Unlike the article, every output is
/// clamped at both ends, so a pull-down (`s < 0`) leaves the initial state untouched.
public struct AppleTVNavigationBar: SeedPreset {
  /// This preset: ``EffectPreset/appleTVBar``.
  public static let preset = EffectPreset.appleTVBar

  /// The layout numbers, with the article's values as defaults.
  public struct Parameters: SeedPresetParameters {
    /// Scroll distance `T` over which progress goes 0 → 1, points, finite, > 0.
    /// Source: effects.md §2 (`progress = clamp(s / T, 0, 1)`, T = 100 pt).
    public var transitionDistance: Double = 100
    /// Bar background opacity at progress 0, fraction in [0, 1]. Source: `.opacity(0.9 - 0.6 * progress)`.
    public var backgroundOpacityStart: Double = 0.9
    /// Bar background opacity at progress 1, fraction in [0, 1]. Source: 0.9 − 0.6 = 0.3.
    public var backgroundOpacityEnd: Double = 0.3
    /// Button grey level at progress 0, fraction in [0, 1] (1 = white). Source: `red: 1 - 0.8 * progress`.
    public var tintStart: Double = 1
    /// Button grey level at progress 1, fraction in [0, 1]. Source: 1 − 0.8 = 0.2.
    public var tintEnd: Double = 0.2
    /// Progress at or below which the title is hidden, fraction in [0, 1). Source: `if progress > 0.3`.
    public var titleThreshold: Double = 0.3
    /// Title opacity slope per unit progress, finite. Source: `.opacity(progress * 1.5 - 0.45)`.
    public var titleOpacitySlope: Double = 1.5
    /// Title opacity intercept subtracted after the slope, finite. Source: as above, 0.45.
    public var titleOpacityIntercept: Double = 0.45
    /// How far below the title threshold the offset must fall to turn `navBar.titleVisible` off
    /// again, points, finite, ≥ 0. Default 0: the flag is exactly `progress > titleThreshold`.
    public var titleHysteresis: Double = 0

    /// The defaults: T = 100, background 0.9 → 0.3, tint 1 → 0.2, title after 0.3 at 1.5·p − 0.45.
    public init() {}

    /// Checks every field and throws the first that is not valid.
    /// - Throws: ``EffectError/invalidParameter(name:value:expected:)`` naming the field for a
    ///   non-finite value, `transitionDistance` ≤ 0, an opacity or tint outside [0, 1], a
    ///   `titleThreshold` outside [0, 1), or a negative hysteresis.
    public func validate() throws(EffectError) {
      try EffectError.check("transitionDistance", transitionDistance, .positive)
      try EffectError.check("backgroundOpacityStart", backgroundOpacityStart, .fraction)
      try EffectError.check("backgroundOpacityEnd", backgroundOpacityEnd, .fraction)
      try EffectError.check("tintStart", tintStart, .fraction)
      try EffectError.check("tintEnd", tintEnd, .fraction)
      try EffectError.check("titleThreshold", titleThreshold, .fraction)
      if titleThreshold == 1 {
        throw .invalidParameter(
          name: "titleThreshold", value: 1, expected: "a finite number in [0, 1)")
      }
      try EffectError.check("titleOpacitySlope", titleOpacitySlope, .finite)
      try EffectError.check("titleOpacityIntercept", titleOpacityIntercept, .finite)
      try EffectError.check("titleHysteresis", titleHysteresis, .nonNegative)
    }
  }

  /// Index of `navBar.progress`: fraction in [0, 1], `clamp(s / T, 0, 1)`.
  package static let progressIndex = 0
  /// Index of `navBar.backgroundOpacity`: fraction in [0.3, 0.9] by default,
  /// `lerp(start, end, progress)` = `0.9 − 0.6 · progress`.
  package static let backgroundOpacityIndex = 1
  /// Index of `navBar.tint`: grey level in [0.2, 1] by default, `1 − 0.8 · progress`.
  package static let tintIndex = 2
  /// Index of `navBar.titleOpacity`: fraction in [0, 1];
  /// `progress ≤ 0.3 ? 0 : clamp(1.5 · progress − 0.45, 0, 1)`.
  package static let titleOpacityIndex = 3
  /// Index of `navBar.titleVisible`: flag, `progress > titleThreshold` (with hysteresis);
  /// reports `enter` / `leaveBack` events.
  package static let titleVisibleIndex = 4

  /// The outputs for `parameters`, in output-index order.
  public static func outputs(_ parameters: Parameters) -> [EffectOutput] {
    let p = parameters
    return [
      EffectOutput(name: "navBar.progress", range: 0...1, unit: .fraction),
      EffectOutput(
        name: "navBar.backgroundOpacity",
        range: Swift.min(
          p.backgroundOpacityStart, p.backgroundOpacityEnd)...Swift.max(
            p.backgroundOpacityStart, p.backgroundOpacityEnd),
        unit: .fraction),
      EffectOutput(
        name: "navBar.tint",
        range: Swift.min(p.tintStart, p.tintEnd)...Swift.max(p.tintStart, p.tintEnd),
        unit: .fraction),
      EffectOutput(name: "navBar.titleOpacity", range: 0...1, unit: .fraction),
      EffectOutput(name: "navBar.titleVisible", range: 0...1, unit: .flag),
    ]
  }

  /// The layout.
  public let parameters: Parameters

  /// The preset with parameters that passed ``Parameters/validate()``.
  public init(validated parameters: Parameters) {
    self.parameters = parameters
  }
}
