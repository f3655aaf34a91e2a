/// Flutter's `FlexibleSpaceBar` inside a pinned, stretching `SliverAppBar`: a background that
/// collapses (parallax, pinned or not at all) and fades out, zooms and blurs on pull-down, and a
/// title that shrinks from `expandedTitleScale` to 1 and fades on pull-down.
///
/// With `s` the distance from rest, `min = toolbarHeight + topPadding`, `max = max(topPadding +
/// expandedHeight, min)`, `Δ = max − min`, the current extent `max(min, max − s)` and the
/// collapse `t = clamp(s / Δ, 0, 1)` (Flutter: `1 − (currentExtent − minExtent) / deltaExtent`),
/// and the overscroll `o = max(0, −s)` (the sliver's `maxHeight − maxExtent` while stretching):
/// - background top: parallax `−t · Δ / 4`, pin `−(max − currentExtent)`, none 0;
/// - background opacity `1 − Interval(fadeStart, 1)(t)`, `fadeStart = max(0, 1 − 56 / Δ)`
///   (Flutter's `kToolbarHeight`, 56, not the toolbar height);
/// - zoomBackground: background height `max + o`; blurBackground: blur sigma `o / 10`;
///   fadeTitle: title opacity `1 − clamp(o / 100, 0, 1)`;
/// - title scale `lerp(expandedTitleScale, 1, t)`; title padding start 72 (a leading widget,
///   title not centred), bottom 16.
///
/// Source: flutter/flutter `packages/flutter/lib/src/material/flexible_space_bar.dart`
/// (`_FlexibleSpaceBarState.build`, `_getCollapsePadding`; defaults `collapseMode:
/// CollapseMode.parallax`, `stretchModes: [StretchMode.zoomBackground]`, `expandedTitleScale:
/// 1.5`) and `app_bar.dart` (`_SliverAppBarDelegate`: `currentExtent: math.max(minExtent,
/// maxExtent - shrinkOffset)`; `kToolbarHeight` = 56 in `constants.dart`).
public struct FlexibleSpaceBar: SeedPreset {
  /// This preset: ``EffectPreset/flexibleSpaceBar``.
  public static let preset = EffectPreset.flexibleSpaceBar

  /// How the background moves while the bar collapses (Flutter's `CollapseMode`).
  public enum CollapseMode: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Scrolls a quarter of the collapse (`deltaExtent / 4.0`) up: the default.
    case parallax
    /// Pinned in place until the bar has collapsed.
    case pin
    /// Scrolls with the bar.
    case none
  }

  /// What the bar does on pull-down (Flutter's `StretchMode`).
  public enum StretchMode: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The background grows with the pull: the default.
    case zoomBackground
    /// The background blurs by `overscroll / 10`.
    case blurBackground
    /// The title fades out over the first 100 pt.
    case fadeTitle
  }

  /// The layout numbers, with Flutter's values as defaults.
  public struct Parameters: SeedPresetParameters {
    /// `SliverAppBar.expandedHeight`, points, finite, > toolbarHeight. Default 200 (the value
    /// Flutter's `FlexibleSpaceBar` examples and tests use).
    public var expandedHeight: Double = 200
    /// `toolbarHeight`, points, finite, > 0. Source: `kToolbarHeight = 56.0`.
    public var toolbarHeight: Double = 56
    /// The status bar's height (`MediaQuery.padding.top`), points, finite, ≥ 0; 0 as in
    /// `flutter_test`.
    public var topPadding: Double = 0
    /// Source: `collapseMode = CollapseMode.parallax`.
    public var collapseMode = CollapseMode.parallax
    /// Source: `stretchModes = const <StretchMode>[StretchMode.zoomBackground]`.
    public var stretchModes: Set<StretchMode> = [.zoomBackground]
    /// Source: `expandedTitleScale = 1.5` ("must be greater than 1"), finite, ≥ 1.
    public var expandedTitleScale: Double = 1.5
    /// Title padding at the start, points ≥ 0. Source: `leadingPadding` 72 with a leading
    /// widget and the title not centred (Android), 0 when centred (iOS).
    public var titlePaddingStart: Double = 72
    /// Title padding at the bottom, points ≥ 0. Source: `bottom: 16.0`.
    public var titlePaddingBottom: Double = 16
    /// Largest pull-down the outputs' ranges allow for, points, finite, > 0 (Flutter has no
    /// bound; a declared range needs one).
    public var maxStretch: Double = 400

    /// Flutter's defaults.
    public init() {}

    /// `minExtent = toolbarHeight + topPadding`, points (56).
    public var minExtent: Double { toolbarHeight + topPadding }
    /// `maxExtent = max(topPadding + expandedHeight, minExtent)`, points (200).
    public var maxExtent: Double { Swift.max(topPadding + expandedHeight, minExtent) }
    /// `deltaExtent = maxExtent − minExtent`, points (144).
    public var deltaExtent: Double { maxExtent - minExtent }
    /// Where the background starts fading, as a collapse fraction: `max(0, 1 − 56 / Δ)`.
    /// Source: `fadeStart = math.max(0.0, 1.0 - kToolbarHeight / deltaExtent)`.
    public var fadeStart: Double { Swift.max(0, 1 - 56 / deltaExtent) }

    /// Checks every field and throws the first that is not valid.
    /// - Throws: ``EffectError/invalidParameter(name:value:expected:)`` for a non-finite or
    ///   negative length, `expandedHeight ≤ toolbarHeight` (nothing to collapse), a title scale
    ///   below 1 or `maxStretch ≤ 0`.
    public func validate() throws(EffectError) {
      try EffectError.check("expandedHeight", expandedHeight, .positive)
      try EffectError.check("toolbarHeight", toolbarHeight, .positive)
      try EffectError.check("topPadding", topPadding, .nonNegative)
      try EffectError.check("expandedTitleScale", expandedTitleScale, .positive)
      try EffectError.check("titlePaddingStart", titlePaddingStart, .nonNegative)
      try EffectError.check("titlePaddingBottom", titlePaddingBottom, .nonNegative)
      try EffectError.check("maxStretch", maxStretch, .positive)
      if expandedHeight <= toolbarHeight {
        throw .invalidParameter(
          name: "expandedHeight", value: expandedHeight,
          expected: "more than toolbarHeight = \(toolbarHeight) (a bar that can collapse)")
      }
      if expandedTitleScale < 1 {
        throw .invalidParameter(
          name: "expandedTitleScale", value: expandedTitleScale, expected: "at least 1")
      }
    }
  }

  /// The outputs for `parameters`, in output-index order.
  public static func outputs(_ parameters: Parameters) -> [EffectOutput] {
    // Validated parameters always build a valid spec (tested).
    (try! CompiledEffect(parameters.spec)).outputs
  }

  /// The layout.
  public let parameters: Parameters

  /// The preset with parameters that passed ``Parameters/validate()``.
  public init(validated parameters: Parameters) {
    self.parameters = parameters
  }
}
