/// The effect presets by their command-line names: the five seed effects of
/// `../shared/docs/effects.md` (``seeds``) and Flutter's app bars.
public enum EffectPreset: String, Sendable, Equatable, Hashable, CaseIterable {
  /// Apple Music header: darkening artwork, parallax, stretch, pinned title bar.
  case appleMusic = "apple-music"
  /// Apple TV navigation bar: background opacity, button tint and title fade from one progress.
  case appleTVBar = "apple-tv-bar"
  /// A logo that rises with the scroll between two limits.
  case logoFollow = "logo-follow"
  /// iOS 18 title card: the inline title fades in as the card's title slides under the bar.
  case titleCard = "title-card"
  /// Collapsible, stretchy profile header that shrinks into the bar.
  case collapsibleHeader = "collapsible-header"
  /// Flutter `FlexibleSpaceBar` in a pinned, stretching `SliverAppBar`.
  case flexibleSpaceBar = "flutter-flexible-space-bar"
  /// Flutter `SliverAppBar`: extent, toolbar opacity, scrolled-under flag, stretch trigger.
  case sliverAppBar = "flutter-sliver-app-bar"

  /// The five seed effects, in order (what `--effect all` runs).
  public static let seeds: [EffectPreset] = [
    .appleMusic, .appleTVBar, .logoFollow, .titleCard, .collapsibleHeader,
  ]
}
