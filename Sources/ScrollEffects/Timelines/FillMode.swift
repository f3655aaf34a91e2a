/// What an output is outside its timeline's active range (progress below 0 or from 1 on), as
/// CSS `animation-fill-mode` and the Web Animations `fill` say.
///
/// Outside the range an unfilled side shows the output's *underlying value* (the value the
/// property has without the animation, which a spec declares per output as `"underlying"`); a
/// filled side holds the nearest keyframe. `backwards` fills before the start, `forwards`
/// after the end (an animation that has finished holds its end value), `both` both sides,
/// `none` neither. Keyframes missing at 0 % or 100 % are made from the underlying value (CSS
/// Animations 1 §3: "If a 0% or from keyframe is not specified, then the user agent constructs
/// a 0% keyframe using the computed values of the properties being animated"). An inactive
/// timeline (zero-length range) shows the underlying value (no effect applies).
///
/// Phases: before when `p < 0`, active for `0 ≤ p < 1`, after from `p ≥ 1` (the end is
/// exclusive). Source: Web Animations Level 1 §4.5.6 "Animation effect phases and states" and
/// §4.6 "Fill behavior" (https://www.w3.org/TR/web-animations-1/#animation-effect-phases-and-states);
/// CSS Animations Level 1 `animation-fill-mode`.
public enum FillMode: String, Sendable, Equatable, Hashable, CaseIterable {
  /// The underlying value on both sides.
  case none
  /// The last keyframe from the end on; the underlying value before the start.
  case forwards
  /// The first keyframe before the start; the underlying value from the end on.
  case backwards
  /// The nearest keyframe on both sides.
  case both

  /// Whether the side before the start holds the first keyframe.
  public var fillsBackwards: Bool { self == .backwards || self == .both }
  /// Whether the side from the end on holds the last keyframe.
  public var fillsForwards: Bool { self == .forwards || self == .both }

  /// The keyframe stops that give this fill mode under the engine's clamped evaluation:
  /// `stops` (progress in 0…1, non-decreasing) completed at 0 and 1 with `underlying`, and,
  /// on an unfilled side, a flat stretch at `underlying` out to the largest finite progress
  /// joined by a jump (two stops at 0, or at 1), so that the value at `p < 0` (or `p ≥ 1`)
  /// is `underlying` and at `p = 0` the first keyframe.
  /// - Precondition: `underlying` is non-nil when a side is unfilled or a 0 or 1 stop is
  ///   missing (the compiler checks).
  static func stops(
    _ stops: [(at: Double, value: Double, easing: Easing)], fill: FillMode,
    underlying: Double?
  ) -> [(at: Double, value: Double, easing: Easing)] {
    var out = stops
    let far = Double.greatestFiniteMagnitude
    if out.first.map({ $0.at > 0 }) ?? true, let u = underlying {
      out.insert((0, u, .linear), at: 0)
    }
    if out.last.map({ $0.at < 1 }) ?? true, let u = underlying { out.append((1, u, .linear)) }
    if !fill.fillsBackwards, let u = underlying {
      out.insert(contentsOf: [(-far, u, .linear), (0, u, .linear)], at: 0)
    }
    if !fill.fillsForwards, let u = underlying {
      out.append(contentsOf: [(1, u, .linear), (far, u, .linear)])
    }
    return out
  }
}
