/// A CSS cubic Bézier easing from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2): the
/// one evaluation used by the effects' `Easing` and the physics' header snap curves (Flutter's
/// `Cubic`, e.g. `Curves.ease`).
///
/// Source: CSS Easing Functions Level 1 §3.2 (https://www.w3.org/TR/css-easing-1/); outside
/// [0, 1] the line through the end point along the end tangent, with the end tangents as
/// Chromium computes them (`gfx::CubicBezier::InitGradients`).
package enum CubicBezier {
  /// The y of the Bézier at the parameter whose x is `t` (Newton, then bisection); outside
  /// [0, 1] the line through the end point along the end tangent (CSS Easing §3.2).
  ///
  /// The end points are answered without a solve: at `t` = +0 and 1 Newton's first step finds
  /// the parameter exactly (error 0) and the curve's y there is +0 and 1 for any finite y1, y2
  /// (every other term is a product with 0), so these are the solve's own bits.
  /// - Complexity: O(1): at most 8 Newton steps then 30 bisection steps, no allocation.
  @inlinable
  package static func value(
    atX t: Double, x1: Double, y1: Double, x2: Double, y2: Double
  ) -> Double {
    if t == 1 { return 1 }
    if t.bitPattern == 0 { return 0 }
    return solve(atX: t, x1: x1, y1: y1, x2: x2, y2: y2)
  }

  /// ``value(atX:x1:y1:x2:y2:)`` for any `t` (the end points included): the tangent lines
  /// outside [0, 1], else Newton, then bisection.
  @usableFromInline
  package static func solve(
    atX t: Double, x1: Double, y1: Double, x2: Double, y2: Double
  ) -> Double {
    // End tangents as Chromium computes them (gfx::CubicBezier::InitGradients): the slope
    // toward the first control point that is not on the end point.
    if t < 0 {
      let slope: Double =
        x1 > 0 ? y1 / x1 : (y1 == 0 && x2 > 0 ? y2 / x2 : (y1 == 0 && y2 == 0 ? 1 : 0))
      return slope == 0 ? 0 : slope * t
    }
    if t > 1 {
      let slope: Double =
        x2 < 1
        ? (y2 - 1) / (x2 - 1)
        : (y2 == 1 && x1 < 1 ? (y1 - 1) / (x1 - 1) : (y2 == 1 && y1 == 1 ? 1 : 0))
      return slope == 0 ? 1 : 1 + slope * (t - 1)
    }
    func curve(_ u: Double, _ a: Double, _ b: Double) -> Double {
      let v = 1 - u
      return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
    }
    func derivative(_ u: Double, _ a: Double, _ b: Double) -> Double {
      let v = 1 - u
      return 3 * v * v * a + 6 * v * u * (b - a) + 3 * u * u * (1 - b)
    }
    var u = t
    for _ in 0..<8 {
      let error = curve(u, x1, x2) - t
      if abs(error) < 1e-12 { return curve(u, y1, y2) }
      let slope = derivative(u, x1, x2)
      if abs(slope) < 1e-9 { break }
      u -= error / slope
    }
    var lo = 0.0
    var hi = 1.0
    u = t
    for _ in 0..<30 {
      let x = curve(u, x1, x2)
      if abs(x - t) < 1e-12 { break }
      if x < t { lo = u } else { hi = u }
      u = (lo + hi) / 2
    }
    return curve(u, y1, y2)
  }
}
