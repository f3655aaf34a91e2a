import Foundation
import ScrollEffects

/// Seed 004's collapsible, stretchy profile header (`CollapsibleHeaderScrollView`, RandyWei,
/// 2021) with its maths as the article writes it: the same names, the same computed properties,
/// pasted in. Only the SwiftUI views are gone; the outputs are the numbers those views read.
///
/// The article's two defects are kept on purpose, so its tests show the checker catching them:
/// - `offset` is written by `DispatchQueue.main.async` from a `GeometryReader`, so every value
///   is computed from the *previous* frame's offset (the checker reports `lag`);
/// - the opacities are not clamped: above 1 while pulled down past the top, below 0 once the
///   content has scrolled more than `collapsibleHeaderMaxHeight + navigationBarHeight`
///   (the checker reports `range`).
public struct ArticleProfileHeader: ScrollEffect {
  /// The safe area's top inset, points (the article reads it from the key window; 59 pt is an
  /// iPhone 15 Pro in portrait).
  public var safeAreaTop: CGFloat = 59

  /// The bar's top and bottom padding (the article's `padding`).
  private let padding: CGFloat = 8.0

  /// The bar's height: 45 + the notch + the padding above and below.
  private var navigationBarHeight: CGFloat {
    45 + safeAreaTop + padding * 2
  }

  /// The header's largest height.
  private let collapsibleHeaderMaxHeight: CGFloat = 350

  /// The article's `@State var offset`: `frame(in: .named("CollapsibleScrollView")).minY`, written
  /// one frame late.
  var offset: CGFloat = 0

  /// The header content's opacity (unclamped, as in the article).
  private var collapsibleHeaderOpacity: Double {
    1 - Double(-offset / (collapsibleHeaderMaxHeight + navigationBarHeight))
  }

  /// The bar's small avatar and name opacity (unclamped, as in the article).
  private var navLeftViewOpacity: Double {
    Double(-offset / (collapsibleHeaderMaxHeight + navigationBarHeight))
  }

  /// The header's height: collapses into the bar, stretches on pull-down.
  func calcNavHeight() -> CGFloat {
    let height = collapsibleHeaderMaxHeight + offset
    return height < navigationBarHeight ? navigationBarHeight : height
  }

  /// The article's header with the article's numbers.
  public init() {}

  /// `header.height` (points, at least the bar's height), `header.opacity` and
  /// `bar.opacity` (fractions 0…1: what a correct header must stay within).
  public var outputs: [EffectOutput] {
    [
      EffectOutput(
        name: "header.height", range: Double(navigationBarHeight)...1e7, unit: .points),
      EffectOutput(name: "header.opacity", range: 0...1, unit: .fraction),
      EffectOutput(name: "bar.opacity", range: 0...1, unit: .fraction),
    ]
  }

  /// The view's body reading the properties, then the geometry reader's late write.
  public mutating func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
    frame["header.height"] = Double(calcNavHeight())
    frame["header.opacity"] = collapsibleHeaderOpacity
    frame["bar.opacity"] = navLeftViewOpacity
    // let minY = proxy.frame(in: .named("CollapsibleScrollView")).minY
    // DispatchQueue.main.async { self.offset = minY }
    offset = CGFloat(sample.contentMinY)
  }

  /// A new view starts with `offset` 0.
  public mutating func reset() { offset = 0 }
}
