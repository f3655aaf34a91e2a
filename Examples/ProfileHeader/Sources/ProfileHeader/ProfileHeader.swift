import Foundation
import ScrollEffects

/// Seed 004's header fixed: the same layout, computed from *this* frame's offset (read in
/// `onScrollGeometryChange`, not written back asynchronously), the opacities clamped to 0…1
/// and the stretch capped.
///
/// In SwiftUI the fix is to compute from the geometry the scroll view hands over:
/// ```swift
/// .onScrollGeometryChange(for: CGFloat.self) { geometry in
///   geometry.contentOffset.y + geometry.contentInsets.top
/// } action: { _, scrolled in
///   offset = -scrolled
/// }
/// ```
/// and the same expression reads the sample here.
public struct ProfileHeader: ScrollEffect {
  /// The safe area's top inset, points.
  public var safeAreaTop: CGFloat = 59
  /// The bar's top and bottom padding, points.
  public var padding: CGFloat = 8
  /// The header's largest height, points.
  public var maxHeight: CGFloat = 350
  /// The most the header stretches on pull-down, points.
  public var maxStretch: CGFloat = 1000

  /// The bar's height: 45 + the notch + the padding above and below, points.
  public var navigationBarHeight: CGFloat { 45 + safeAreaTop + padding * 2 }

  /// The header with the article's numbers.
  public init() {}

  /// `header.height` (points), `header.opacity` and `bar.opacity` (fractions 0…1).
  public var outputs: [EffectOutput] {
    [
      EffectOutput(
        name: "header.height",
        range: Double(navigationBarHeight)...Double(maxHeight + maxStretch), unit: .points),
      EffectOutput(name: "header.opacity", range: 0...1, unit: .fraction),
      EffectOutput(name: "bar.opacity", range: 0...1, unit: .fraction),
    ]
  }

  /// Every value from this frame's offset.
  public func evaluate(_ geometry: ScrollSample, into frame: inout EffectFrame) {
    let scrolled = geometry.contentOffset.y + geometry.contentInsets.top
    let fade = Double(scrolled / (maxHeight + navigationBarHeight))
    frame["header.height"] = Double(
      min(max(maxHeight - scrolled, navigationBarHeight), maxHeight + maxStretch))
    frame["header.opacity"] = min(max(1 - fade, 0), 1)
    frame["bar.opacity"] = min(max(fade, 0), 1)
  }
}
