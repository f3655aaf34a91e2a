/// The five seed effects of `../shared/docs/effects.md`, by their command-line names.
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
}
