import Foundation

/// Insets of a scroll view's content, points, named as SwiftUI's `EdgeInsets` (`top`,
/// `leading`, `bottom`, `trailing`) and UIKit's `UIEdgeInsets` (`left`, `right`) name them.
public struct ScrollInsets: Sendable, Equatable, Hashable {
  /// Top inset, points, ≥ 0.
  public var top: Double
  /// Leading inset, points (0: ScrollSim scrolls one vertical axis).
  public var leading: Double
  /// Bottom inset, points, ≥ 0.
  public var bottom: Double
  /// Trailing inset, points (0: ScrollSim scrolls one vertical axis).
  public var trailing: Double
  /// UIKit's name for ``leading`` (left-to-right layouts).
  public var left: Double { leading }
  /// UIKit's name for ``trailing`` (left-to-right layouts).
  public var right: Double { trailing }

  /// Insets in points.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

/// The sample in UIKit's and SwiftUI's words, so that the body of an `onScrollGeometryChange`
/// transform, a `scrollViewDidScroll(_:)` or a view's computed property pastes in nearly
/// verbatim.
///
/// ScrollSim scrolls one vertical axis with one top and one bottom inset: `x` components and
/// widths are 0, and `contentInset` (UIKit's, as set), `adjustedContentInset` (UIKit's, safe
/// area included) and `contentInsets` (SwiftUI's) are the same insets. In UIKit and SwiftUI the
/// content offset at rest at the top is `-contentInsets.top`, so
/// `contentOffset.y + contentInsets.top` is ``ScrollSample/offset``, the distance from rest.
extension ScrollSample {
  /// UIKit's `contentOffset` and SwiftUI's `ScrollGeometry.contentOffset`, points:
  /// `y = offset − contentInsetTop` (`−contentInsetTop` at rest at the top).
  public var contentOffset: CGPoint {
    CGPoint(x: 0, y: offset - geometry.contentInsetTop)
  }

  /// The content's size, points (`contentSize` in UIKit and SwiftUI); width 0.
  public var contentSize: CGSize {
    CGSize(width: 0, height: geometry.contentHeight)
  }

  /// SwiftUI's `ScrollGeometry.contentInsets`, points.
  public var contentInsets: ScrollInsets {
    ScrollInsets(top: geometry.contentInsetTop, bottom: geometry.contentInsetBottom)
  }

  /// UIKit's `contentInset`, points (the same insets as ``contentInsets``).
  public var contentInset: ScrollInsets { contentInsets }

  /// UIKit's `adjustedContentInset`, points (the same insets as ``contentInsets``: ScrollSim's
  /// top inset already includes the safe area and bars).
  public var adjustedContentInset: ScrollInsets { contentInsets }

  /// SwiftUI's `ScrollGeometry.containerSize`: the viewport, points; width 0.
  public var containerSize: CGSize {
    CGSize(width: 0, height: geometry.viewportHeight)
  }

  /// SwiftUI's `ScrollGeometry.bounds` and UIKit's `bounds`: the viewport in the content's
  /// coordinates (origin ``contentOffset``, size ``containerSize``), points.
  public var bounds: CGRect {
    CGRect(origin: contentOffset, size: containerSize)
  }

  /// SwiftUI's `ScrollGeometry.visibleRect`: the part of the content coordinate space on
  /// screen, points (the same rectangle as ``bounds``).
  public var visibleRect: CGRect { bounds }

  /// What a `GeometryReader` at the top of the content reads as
  /// `proxy.frame(in: .named(scrollSpace)).minY` (the seed articles' `offset`), points:
  /// `−offset`, 0 at rest, positive while pulled down past the top.
  public var contentMinY: Double { -offset }

  /// The largest in-range ``contentOffset`` `y`, points: UIKit's
  /// `contentSize.height + adjustedContentInset.bottom − bounds.height`, at least
  /// `−contentInsets.top`.
  public var maxContentOffsetY: Double { geometry.maxOffset - geometry.contentInsetTop }

  /// Whether the finger is on the screen (`tracking` or `dragging`: UIKit's `isTracking`).
  public var isTracking: Bool { phase.isTouching }

  /// Whether the view is moving on its own after a lift (`decelerating` or `bouncing`: UIKit's
  /// `isDecelerating`).
  public var isDecelerating: Bool { phase == .decelerating || phase == .bouncing }
}
