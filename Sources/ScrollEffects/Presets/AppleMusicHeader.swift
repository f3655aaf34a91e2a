/// Apple Music header: artwork that darkens, parallaxes and stretches, and a bar that pins the
/// title once the big title is about to leave the screen.
///
/// Source: effects.md §1, article 000_415c6241c201dc4e.txt.
public struct AppleMusicHeader: SeedPreset {
  /// This preset: ``EffectPreset/appleMusic``.
  public static let preset = EffectPreset.appleMusic

  /// The layout numbers, with the article's values as defaults.
  public struct Parameters: SeedPresetParameters {
    /// Artwork height `H`, points, finite, > 0. Source: `.frame(height: 400)`.
    public var headerHeight: Double = 400
    /// Parallax factor `k`, fraction in [0, 1]: the artwork is drawn `k · s` lower inside its slot.
    /// Source: `self.imageOffset = -value.y / 5.0`.
    public var parallaxFactor: Double = 1.0 / 5.0
    /// Top safe-area inset, points, finite, ≥ 0. Default: iPhone 15/16 Pro (effects.md,
    /// Conventions). Source: `geometry.safeAreaInsets.top`.
    public var safeTop: Double = 59
    /// Height of the bar below the safe area, points, finite, ≥ 0.
    /// Source: `.frame(height: geometry.safeAreaInsets.top + 40)`.
    public var barHeight: Double = 40
    /// Distance over which `navBar.opacity` fades in past the pin threshold, points, finite,
    /// ≥ 0; 0 is the article's step (`Int(s / (H − barTotal))`, clamped to 1).
    public var fadeDistance: Double = 0
    /// How far below the pin threshold the offset must fall to unpin, points, finite, ≥ 0.
    /// Source: effects.md §1 ("optional hysteresis so it cannot flicker").
    public var hysteresis: Double = 4
    /// Largest pull-down the artwork stretches for, points, finite, ≥ 0 (bounds the stretch
    /// outputs' ranges). Source: effects.md §1 "stretch" (beyond the article).
    public var maxStretch: Double = 1000

    /// The defaults: H = 400, k = 1/5, safeTop = 59, bar 40, step, hysteresis 4, stretch 1000.
    public init() {}

    /// The bar's total height `safeTop + barHeight`, points (99 by default).
    public var barTotal: Double { safeTop + barHeight }
    /// The pin threshold `T = H − barTotal`, points (301 by default).
    public var pinThreshold: Double { headerHeight - barTotal }

    /// Checks every field and throws the first that is not valid.
    /// - Throws: ``EffectError/invalidParameter(name:value:expected:)`` naming the field for a
    ///   non-finite value, `headerHeight` ≤ 0, a negative length, `parallaxFactor` outside
    ///   [0, 1], or `headerHeight ≤ safeTop + barHeight` (no room for a pin threshold > 0).
    public func validate() throws(EffectError) {
      try EffectError.check("headerHeight", headerHeight, .positive)
      try EffectError.check("parallaxFactor", parallaxFactor, .fraction)
      try EffectError.check("safeTop", safeTop, .nonNegative)
      try EffectError.check("barHeight", barHeight, .nonNegative)
      try EffectError.check("fadeDistance", fadeDistance, .nonNegative)
      try EffectError.check("hysteresis", hysteresis, .nonNegative)
      try EffectError.check("maxStretch", maxStretch, .nonNegative)
      if !(pinThreshold > 0) {
        throw .invalidParameter(
          name: "headerHeight", value: headerHeight,
          expected: "more than safeTop + barHeight = \(barTotal)")
      }
    }
  }

  /// Index of `header.overlayOpacity`: fraction in [0, 1], `clamp(s / H, 0, 1)`.
  package static let overlayOpacityIndex = 0
  /// Index of `header.imageOffsetY`: points in [−maxStretch, k·H]; `k · clamp(s, 0, H)` for
  /// `s ≥ 0`, `max(s, −maxStretch)` while pulled down (the stretched artwork stays at the top).
  package static let imageOffsetYIndex = 1
  /// Index of `header.imageHeight`: points in [H, H + maxStretch], `H + min(max(−s, 0), maxStretch)`.
  package static let imageHeightIndex = 2
  /// Index of `navBar.opacity`: fraction in [0, 1]; the pinned flag when `fadeDistance` is 0,
  /// else `clamp((s − T) / fadeDistance, 0, 1)`.
  package static let navBarOpacityIndex = 3
  /// Index of `titlePinned`: flag, 1 from `s ≥ T` until `s < T − hysteresis`; reports
  /// `enter` / `leaveBack` events.
  package static let titlePinnedIndex = 4

  /// The outputs for `parameters`, in output-index order.
  public static func outputs(_ parameters: Parameters) -> [EffectOutput] {
    let p = parameters
    return [
      EffectOutput(name: "header.overlayOpacity", range: 0...1, unit: .fraction),
      EffectOutput(
        name: "header.imageOffsetY", range: -p.maxStretch...(p.parallaxFactor * p.headerHeight),
        unit: .points),
      EffectOutput(
        name: "header.imageHeight", range: p.headerHeight...(p.headerHeight + p.maxStretch),
        unit: .points),
      EffectOutput(name: "navBar.opacity", range: 0...1, unit: .fraction),
      EffectOutput(name: "titlePinned", range: 0...1, unit: .flag),
    ]
  }

  /// The layout.
  public let parameters: Parameters

  /// The preset with parameters that passed ``Parameters/validate()``.
  public init(validated parameters: Parameters) {
    self.parameters = parameters
  }
}
