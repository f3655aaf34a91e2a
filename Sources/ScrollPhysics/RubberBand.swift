/// The iOS rubber-band function that maps how far a finger has dragged past an edge to how far
/// the content follows it.
///
/// `f(x, d) = x·d·c / (d + c·x)` with `c` the coefficient (0.55 on iOS) and `d` the viewport
/// height. Its slope at the edge is `c` and it never reaches `d`.
/// Source: the public consensus of UIScrollView re-implementations, as restated in
/// `../shared/docs/physics.md` item 1 (the formula popularised by Grant Paul's analysis of
/// UIScrollView, and used by e.g. b3ll/Motion `RubberBand`).
public struct RubberBand: Sendable, Equatable, Hashable, Codable {
  /// The slope at the edge and the curve's shape, dimensionless, in (0, 1]. iOS: 0.55.
  public var coefficient: Double
  /// The dimension the overscroll is measured against, points, > 0: the viewport height.
  public var dimension: Double

  /// Creates a rubber band.
  /// - Parameters:
  ///   - coefficient: dimensionless, in (0, 1]; 0.55 on iOS.
  ///   - dimension: the viewport height, points, > 0.
  public init(coefficient: Double = 0.55, dimension: Double) {
    self.coefficient = coefficient
    self.dimension = dimension
  }

  /// The displayed overscroll for a finger that has dragged `distance` past the edge.
  /// - Parameter distance: total drag distance past the edge, points, ≥ 0 (negative values are
  ///   mirrored: the function is odd).
  /// - Returns: points, with the sign of `distance`, magnitude in `[0, dimension)`.
  /// - Complexity: O(1).
  @inlinable public func overscroll(forDrag distance: Double) -> Double {
    let x = Swift.abs(distance)
    let c = coefficient
    let d = dimension
    let value = x * d * c / (d + c * x)
    return distance < 0 ? -value : value
  }

  /// The inverse of ``overscroll(forDrag:)``: the drag distance that displays `overscroll`.
  ///
  /// Used when a finger catches content that is already overscrolled (during a bounce), so that
  /// the drag continues from the displayed position without a jump.
  /// `x = o·d / (c·(d − o))`.
  /// - Parameter overscroll: points; magnitudes at or beyond `dimension` are treated as
  ///   `dimension·(1 − 1e-9)` so the result stays finite.
  /// - Returns: points, with the sign of `overscroll`.
  @inlinable public func dragDistance(forOverscroll overscroll: Double) -> Double {
    let d = dimension
    let o = Swift.min(Swift.abs(overscroll), d * (1 - 1e-9))
    let value = o * d / (coefficient * (d - o))
    return overscroll < 0 ? -value : value
  }

  /// Slope `df/dx` at a drag distance past the edge: `c·d² / (d + c·x)²`, dimensionless,
  /// in `(0, c]`. The content moves this many points per point the finger moves.
  @inlinable public func slope(atDrag distance: Double) -> Double {
    let x = Swift.abs(distance)
    let denominator = dimension + coefficient * x
    return coefficient * dimension * dimension / (denominator * denominator)
  }
}
