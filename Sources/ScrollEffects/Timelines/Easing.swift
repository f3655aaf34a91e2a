import Foundation
import ScrollSimCore

/// The easing of one keyframe segment: how local progress `t` (0 at the segment's first stop,
/// 1 at its second) maps to the fraction of the value change applied.
///
/// Source: CSS Easing Functions Level 1 (https://www.w3.org/TR/css-easing-1/): `linear`,
/// `cubic-bezier(x1, y1, x2, y2)` (§3.2, x1 and x2 in [0, 1]) and `steps(n, position)` (§3.3,
/// the step positions `jump-start`, `jump-end`, `jump-none`, `jump-both`). The named curves
/// `ease`, `ease-in`, `ease-out` and `ease-in-out` are the spec's cubic-bezier constants.
/// Inputs outside [0, 1] (unclamped mappings) extrapolate as the spec says: linear keeps its
/// slope, steps keep stepping, a cubic-bezier continues along its end tangents.
public enum Easing: Sendable, Equatable, Hashable {
  /// `t` itself.
  case linear
  /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2); x1, x2 in
  /// [0, 1], y1, y2 finite.
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
  /// `count` equal steps (≥ 1; ≥ 2 for `jumpNone`), jumping at `position`.
  case steps(count: Int, position: StepPosition)

  /// Where a `steps` easing jumps (CSS Easing §3.3).
  public enum StepPosition: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The first jump happens at t = 0 (`jump-start`, alias `start`).
    case jumpStart = "jump-start"
    /// The last jump happens at t = 1 (`jump-end`, alias `end`; the default).
    case jumpEnd = "jump-end"
    /// No jump at either end (`jump-none`): `count − 1` jumps inside.
    case jumpNone = "jump-none"
    /// Jumps at both ends (`jump-both`): `count + 1` levels.
    case jumpBoth = "jump-both"
  }

  /// CSS `ease`: cubic-bezier(0.25, 0.1, 0.25, 1).
  public static let ease = Easing.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
  /// CSS `ease-in`: cubic-bezier(0.42, 0, 1, 1).
  public static let easeIn = Easing.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
  /// CSS `ease-out`: cubic-bezier(0, 0, 0.58, 1).
  public static let easeOut = Easing.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
  /// CSS `ease-in-out`: cubic-bezier(0.42, 0, 0.58, 1).
  public static let easeInOut = Easing.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

  /// The eased fraction at local progress `t`.
  /// - Parameter t: local progress; any finite value (outside [0, 1] extrapolates, see above).
  /// - Returns: the eased fraction; finite for finite `t`.
  /// - Complexity: O(1): at most 8 Newton steps then 30 bisection steps for a cubic-bezier; no
  ///   allocation.
  @inlinable public func callAsFunction(_ t: Double) -> Double {
    switch self {
    case .linear: return t
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return Self.bezier(t, x1, y1, x2, y2)
    case .steps(let count, let position):
      return Self.step(t, count, position)
    }
  }

  /// CSS Easing §3.3 step algorithm without the "before flag" (scroll-driven progress has no
  /// before phase): `floor(t · n)` (+1 for jump-start and jump-both), kept within
  /// `0 … jumps` only for `t` inside [0, 1], divided by the number of jumps.
  @usableFromInline static func step(_ t: Double, _ count: Int, _ position: StepPosition)
    -> Double
  {
    let n = Double(count)
    var current = (t * n).rounded(.down)
    if position == .jumpStart || position == .jumpBoth { current += 1 }
    let jumps: Double =
      switch position {
      case .jumpStart, .jumpEnd: n
      case .jumpNone: n - 1
      case .jumpBoth: n + 1
      }
    if t >= 0 && current < 0 { current = 0 }
    if t <= 1 && current > jumps { current = jumps }
    return current / jumps
  }

  /// The y of the Bézier at the parameter whose x is `t` (``/ScrollSimCore`` `CubicBezier`,
  /// shared with the physics' header snap curves).
  @usableFromInline static func bezier(
    _ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
  ) -> Double {
    CubicBezier.value(atX: t, x1: x1, y1: y1, x2: x2, y2: y2)
  }
}
