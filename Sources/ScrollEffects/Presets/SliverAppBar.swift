/// Flutter's `SliverAppBar` without a flexible space: its extent as the content scrolls, the
/// toolbar's opacity, whether content is scrolled under it, and the stretch trigger.
///
/// With `s` the distance from rest, `min = toolbarHeight + topPadding`, `max = max(topPadding +
/// expandedHeight, min)` and the overscroll `o = max(0, −s)`:
/// - pinned: extent `max(min, max − s)` (+ `o` with `stretch`), toolbar opacity 1,
///   `isScrolledUnder` while `s > max − min`;
/// - not pinned (scrolls away): extent `clamp(max − s, 0, max)` (+ `o` with `stretch`), toolbar
///   opacity `clamp((max − s − topPadding) / toolbarHeight, 0, 1)`;
/// - `stretchTriggered` (with `stretch`): 1 while `o ≥ stretchTriggerOffset` (100); its
///   `enter` event is `onStretchTrigger`.
///
/// `floating` and `snap` are not modelled: a floating bar's extent depends on the scroll
/// direction since the last change (`RenderSliverFloatingPersistentHeader`'s
/// `_effectiveScrollOffset`), not on the offset, and `snap` is a timed animation; both need a
/// stateful timeline the engine does not have yet.
///
/// Source: flutter/flutter `packages/flutter/lib/src/material/app_bar.dart`
/// (`_SliverAppBarDelegate.build`: `toolbarOpacity = clampDouble(visibleToolbarHeight /
/// (toolbarHeight ?? kToolbarHeight), 0, 1)` when not pinned, `isScrolledUnder = … (pinned &&
/// shrinkOffset > maxExtent - minExtent)`; `stretchTriggerOffset = 100.0`),
/// `rendering/sliver_persistent_header.dart` (pinned: `maxExtent - constraints.scrollOffset`
/// clamped to `minExtent`; scrolling: `clamp(maxExtent - scrollOffset, 0, …)`; the stretch
/// trigger fires when `stretchOffset >= stretchTriggerOffset`).
public struct SliverAppBar: SeedPreset {
  /// This preset: ``EffectPreset/sliverAppBar``.
  public static let preset = EffectPreset.sliverAppBar

  /// The layout numbers, with Flutter's values as defaults.
  public struct Parameters: SeedPresetParameters {
    /// `expandedHeight`, points, finite, > toolbarHeight. Default 200.
    public var expandedHeight: Double = 200
    /// `toolbarHeight`, points, finite, > 0. Source: `kToolbarHeight = 56.0`.
    public var toolbarHeight: Double = 56
    /// The status bar's height, points, finite, ≥ 0 (0 as in `flutter_test`).
    public var topPadding: Double = 0
    /// `pinned`: the bar stays at its collapsed height instead of scrolling away. Default
    /// true here (Flutter's default is false).
    public var pinned = true
    /// `stretch`: the bar grows with a pull-down and reports the stretch trigger. Default true
    /// here (Flutter's default is false; the trigger needs it).
    public var stretch = true
    /// `stretchTriggerOffset`, points of overscroll, finite, > 0. Source: `= 100.0`.
    public var stretchTriggerOffset: Double = 100
    /// Largest pull-down the ranges allow for, points, finite, > 0 (with `stretch`).
    public var maxStretch: Double = 400

    /// Flutter's defaults (pinned and stretching).
    public init() {}

    /// `minExtent = toolbarHeight + topPadding`, points.
    public var minExtent: Double { toolbarHeight + topPadding }
    /// `maxExtent = max(topPadding + expandedHeight, minExtent)`, points.
    public var maxExtent: Double { Swift.max(topPadding + expandedHeight, minExtent) }

    /// Checks every field and throws the first that is not valid.
    /// - Throws: ``EffectError/invalidParameter(name:value:expected:)`` for a non-finite or
    ///   negative length, `expandedHeight ≤ toolbarHeight`, or a trigger offset or `maxStretch`
    ///   ≤ 0, or a trigger beyond `maxStretch`.
    public func validate() throws(EffectError) {
      try EffectError.check("expandedHeight", expandedHeight, .positive)
      try EffectError.check("toolbarHeight", toolbarHeight, .positive)
      try EffectError.check("topPadding", topPadding, .nonNegative)
      try EffectError.check("stretchTriggerOffset", stretchTriggerOffset, .positive)
      try EffectError.check("maxStretch", maxStretch, .positive)
      if expandedHeight <= toolbarHeight {
        throw .invalidParameter(
          name: "expandedHeight", value: expandedHeight,
          expected: "more than toolbarHeight = \(toolbarHeight)")
      }
      if stretchTriggerOffset > maxStretch {
        throw .invalidParameter(
          name: "stretchTriggerOffset", value: stretchTriggerOffset,
          expected: "at most maxStretch = \(maxStretch)")
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
