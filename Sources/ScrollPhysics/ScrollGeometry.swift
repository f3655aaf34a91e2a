/// The size of a vertical scroll view and its content, in points.
///
/// Offsets used throughout ScrollSim are measured *from rest at the top*: 0 when the content
/// rests at its top edge, positive when the user has scrolled down the page, negative while the
/// content is pulled down past the top (overscroll). UIKit's `contentOffset.y` is this offset
/// minus ``contentInsetTop``; SwiftUI's `frame(in: .named("scroll")).minY` is its negation.
///
/// The in-range interval is `0 ... maxOffset` with
/// `maxOffset = max(0, contentHeight + contentInsetTop + contentInsetBottom − viewportHeight)`
/// (`../shared/docs/physics.md`).
public struct ScrollGeometry: Sendable, Equatable, Hashable, Codable {
  /// Height of the visible viewport (the scroll view's bounds), points, finite and > 0.
  public var viewportHeight: Double
  /// Height of the scrollable content, points, finite and ≥ 0.
  public var contentHeight: Double
  /// Top content inset (safe area plus bars), points, finite and ≥ 0.
  public var contentInsetTop: Double
  /// Bottom content inset, points, finite and ≥ 0.
  public var contentInsetBottom: Double

  /// Creates a geometry. Values are not checked here; call ``validate()`` on untrusted input.
  /// - Parameters:
  ///   - viewportHeight: points, > 0.
  ///   - contentHeight: points, ≥ 0.
  ///   - contentInsetTop: points, ≥ 0.
  ///   - contentInsetBottom: points, ≥ 0.
  public init(
    viewportHeight: Double, contentHeight: Double,
    contentInsetTop: Double = 0, contentInsetBottom: Double = 0
  ) {
    self.viewportHeight = viewportHeight
    self.contentHeight = contentHeight
    self.contentInsetTop = contentInsetTop
    self.contentInsetBottom = contentInsetBottom
  }

  /// The largest in-range offset, points, ≥ 0.
  @inlinable public var maxOffset: Double {
    Swift.max(0, contentHeight + contentInsetTop + contentInsetBottom - viewportHeight)
  }

  /// Whether `offset` (points from rest) lies in `0 ... maxOffset`.
  @inlinable public func contains(_ offset: Double) -> Bool {
    offset >= 0 && offset <= maxOffset
  }

  /// The edge nearest to an out-of-range `offset`, or `offset` itself when in range.
  @inlinable public func clamp(_ offset: Double) -> Double {
    Swift.min(Swift.max(offset, 0), maxOffset)
  }

  /// Signed overscroll of `offset`, points: negative past the top, positive past the bottom,
  /// 0 in range.
  @inlinable public func overscroll(at offset: Double) -> Double {
    offset - clamp(offset)
  }

  /// Checks every field and throws the first that is not valid.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` naming the field, for a
  ///   non-finite value, a viewport height ≤ 0, a negative size or inset, or a size above
  ///   10,000,000 points.
  public func validate() throws(PhysicsError) {
    try PhysicsError.check("viewportHeight", viewportHeight, positive: true)
    try PhysicsError.check("contentHeight", contentHeight, positive: false)
    try PhysicsError.check("contentInsetTop", contentInsetTop, positive: false)
    try PhysicsError.check("contentInsetBottom", contentInsetBottom, positive: false)
  }
}
