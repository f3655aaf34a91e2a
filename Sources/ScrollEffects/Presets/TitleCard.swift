/// iOS 18 navigation title card: the bar's inline title fades in as the card's big title slides
/// under the bar (a view-timeline "exit" range of the title).
///
/// Source: effects.md §4, article 003_14e1b61d1e2b85e3.txt:
/// `min(1, max(0, (scrollTopEdgeInset - frame.minY) / frame.height))`.
public struct TitleCard: SeedPreset {
  /// This preset: ``EffectPreset/titleCard``.
  public static let preset = EffectPreset.titleCard

  /// The layout numbers. The article prints no frame sizes, so the defaults are estimates from
  /// its SwiftUI layout on an iPhone 15/16 Pro; set `titleY` and `titleHeight` from a real
  /// layout when you have one.
  public struct Parameters: SeedPresetParameters {
    /// Top safe-area inset, points, finite, ≥ 0. Default: iPhone 15/16 Pro (effects.md, Conventions).
    public var safeTop: Double = 59
    /// Inline navigation bar height, points, finite, ≥ 0. Default: UIKit's standard 44 pt bar
    /// (`.navigationBarTitleDisplayMode(.inline)`).
    public var barHeight: Double = 44
    /// The title's top in content coordinates, points, finite, ≥ 0. Default 113 ≈ 16 (the plain
    /// list's top row inset, estimated) + 16 (the card's `.padding()`) + 73 (the icon: `.padding()`
    /// 16 + a `.largeTitle` line of 41 + 16) + 8 (`VStack(spacing: 8)`).
    public var titleY: Double = 113
    /// The title's height, points, finite, > 0. Default 34: one line of `.font(.title)` (28 pt
    /// type on a 34 pt line); the article divides by `frame.height`.
    public var titleHeight: Double = 34
    /// Largest pull-down tracked by `titleCard.titleMinY`, points, finite, ≥ 0.
    public var maxStretch: Double = 1000
    /// Largest forward offset tracked by `titleCard.titleMinY`, points, finite, ≥ 0; beyond it
    /// the title is far above the screen and the output saturates.
    public var maxTrackedOffset: Double = 10_000

    /// The defaults: safeTop 59, bar 44, titleY 113, titleHeight 34, stretch 1000, tracked 10,000.
    public init() {}

    /// The content's top inset under the bar, `safeTop + barHeight`, points (103 by default).
    public var topInset: Double { safeTop + barHeight }

    /// Checks every field and throws the first that is not valid.
    /// - Throws: ``EffectError/invalidParameter(name:value:expected:)`` naming the field for a
    ///   non-finite value, `titleHeight` ≤ 0 or a negative length.
    public func validate() throws(EffectError) {
      try EffectError.check("safeTop", safeTop, .nonNegative)
      try EffectError.check("barHeight", barHeight, .nonNegative)
      try EffectError.check("titleY", titleY, .nonNegative)
      try EffectError.check("titleHeight", titleHeight, .positive)
      try EffectError.check("maxStretch", maxStretch, .nonNegative)
      try EffectError.check("maxTrackedOffset", maxTrackedOffset, .nonNegative)
    }
  }

  /// Index of `titleCard.inlineTitleOpacity`: fraction in [0, 1],
  /// `clamp((s − titleY) / titleHeight, 0, 1)`.
  package static let inlineTitleOpacityIndex = 0
  /// Index of `titleCard.titleMinY`: points, the title's top in the scroll view's visible
  /// coordinates, `topInset + titleY − clamp(s, −maxStretch, maxTrackedOffset)`, in
  /// [topInset + titleY − maxTrackedOffset, topInset + titleY + maxStretch]
  /// ([−9784, 1216] by default).
  package static let titleMinYIndex = 1

  /// The outputs for `parameters`, in output-index order.
  public static func outputs(_ parameters: Parameters) -> [EffectOutput] {
    let rest = parameters.topInset + parameters.titleY
    return [
      EffectOutput(name: "titleCard.inlineTitleOpacity", range: 0...1, unit: .fraction),
      EffectOutput(
        name: "titleCard.titleMinY",
        range: (rest - parameters.maxTrackedOffset)...(rest + parameters.maxStretch),
        unit: .points),
    ]
  }

  /// The layout.
  public let parameters: Parameters

  /// The preset with parameters that passed ``Parameters/validate()``.
  public init(validated parameters: Parameters) {
    self.parameters = parameters
  }
}
