import Foundation

/// Flutter's drag resistance past an edge, applied to each drag event in turn (path-dependent by
/// design, unlike the iOS rubber band).
///
/// `frictionFactor(f) = c·(1 − f)²` with `f` the overscroll divided by the viewport (c = 0.52);
/// when easing back toward the content `f` is measured after the move. A move that would leave
/// the overscroll region moves 1:1 beyond it. Source: Flutter `BouncingScrollPhysics.
/// applyPhysicsToUserOffset` and `_applyFriction` (packages/flutter/lib/src/widgets/
/// scroll_physics.dart), `ScrollDecelerationRate.normal`.
public enum FlutterOverscroll {
  /// Flutter's `ScrollDecelerationRate`: `.normal` (iOS, c = 0.52) and `.fast` (macOS and the
  /// desktop, c = 0.26, and no resistance while easing back toward the content).
  /// Source: Flutter `scroll_physics.dart` (`BouncingScrollPhysics.frictionFactor`).
  public enum Rate: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// `ScrollDecelerationRate.normal`.
    case normal
    /// `ScrollDecelerationRate.fast`.
    case fast

    /// The friction coefficient `c` at the edge, dimensionless: 0.52 (normal) or 0.26 (fast).
    public var coefficient: Double { self == .normal ? 0.52 : 0.26 }

    /// The fling's constant deceleration, points per second²: 0 (normal) or 1400 (fast)
    /// (`BouncingScrollPhysics.createBallisticSimulation`, passed to `BouncingScrollSimulation`'s
    /// `FrictionSimulation`).
    public var constantDeceleration: Double { self == .normal ? 0 : 1400 }
  }

  /// Flutter's `BouncingScrollPhysics.frictionFactor(overscrollFraction)`:
  /// `c·(1 − overscrollFraction)²`, the fraction of a drag applied past an edge.
  /// - Parameters:
  ///   - overscrollFraction: overscroll divided by the viewport, dimensionless, in [0, 1].
  ///   - coefficient: `c`, 0.52 (``Rate/normal``) or 0.26 (``Rate/fast``).
  /// - Returns: dimensionless, in [0, c]. Source: Flutter `scroll_physics.dart`
  ///   (`BouncingScrollPhysics.frictionFactor`). - Complexity: O(1).
  public static func frictionFactor(overscrollFraction: Double, coefficient: Double = 0.52)
    -> Double
  {
    coefficient * Foundation.pow(1 - overscrollFraction, 2)
  }

  /// The change of offset for a drag event, points.
  /// - Parameters:
  ///   - delta: the finger's scroll delta, points: positive when the content moves forward
  ///     (finger moving up), i.e. the offset change without resistance.
  ///   - offset: the offset before the event, points.
  ///   - maxOffset: the range's end, points, ≥ 0.
  ///   - viewport: viewport height, points, > 0.
  ///   - coefficient: `c`, 0.52 (0.26 for ``Rate/fast``).
  ///   - easesFreely: Flutter's `.fast` rule: a move that eases the overscroll (toward the
  ///     content) applies 1:1, without friction (`if (easing && decelerationRate ==
  ///     ScrollDecelerationRate.fast) return direction * offset.abs()`). Default false (`.normal`).
  /// - Returns: the offset change, points. - Complexity: O(1).
  public static func offsetChange(
    delta: Double, offset: Double, maxOffset: Double, viewport: Double, coefficient: Double,
    easesFreely: Bool = false
  ) -> Double {
    let pastStart = Swift.max(-offset, 0)
    let pastEnd = Swift.max(offset - maxOffset, 0)
    guard delta != 0, pastStart > 0 || pastEnd > 0 else { return delta }
    // In Flutter's terms the user offset is −delta (finger motion); easing moves toward range.
    let past = Swift.max(pastStart, pastEnd)
    let easing = (pastStart > 0 && delta > 0) || (pastEnd > 0 && delta < 0)
    let magnitude = Swift.abs(delta)
    if easing && easesFreely { return delta }
    let fraction = (easing ? past - magnitude : past) / viewport
    let friction = frictionFactor(overscrollFraction: fraction, coefficient: coefficient)
    let deltaToLimit = past / friction
    let applied =
      magnitude < deltaToLimit ? magnitude * friction : past + (magnitude - deltaToLimit)
    return delta < 0 ? -applied : applied
  }
}
