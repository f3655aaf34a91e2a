import Foundation

/// A spring's constants in every form the platforms publish: mass, stiffness and damping
/// (Flutter `SpringDescription`), SwiftUI's `Spring(duration:bounce:)` and its presets, and
/// Compose's `spring(dampingRatio, stiffness)`; convert between them and evaluate the motion with
/// ``spring(displacement:velocity:)``.
///
/// SwiftUI ↔ physical (Flutter `SpringDescription.withDurationAndBounce`, documented there as
/// producing SwiftUI's `spring(duration:bounce:)`; `packages/flutter/lib/src/physics/
/// spring_simulation.dart`): mass 1, `stiffness = (2π/duration)²`, damping ratio `1 − bounce`
/// for `bounce > 0` and `1/(1 + bounce)` otherwise; back: `duration = 2π·√(m/k)`,
/// `bounce = 1 − ζ` for ζ < 1 and `1/ζ − 1` otherwise. Compose (androidx
/// `compose/animation/animation-core/.../SpringSimulation.kt`): mass 1, natural frequency
/// `√stiffness`, damping ratio as given.
public struct SpringParameters: Sendable, Equatable, Hashable, Codable {
  /// Mass `m`, > 0 (mass units).
  public var mass: Double
  /// Stiffness `k`, mass units per second², > 0.
  public var stiffness: Double
  /// Damping coefficient `c`, mass units per second, ≥ 0 (`c = ζ·2·√(m·k)`).
  public var damping: Double

  /// Creates a spring from its physical constants (Flutter `SpringDescription(mass:stiffness:
  /// damping:)`).
  /// - Parameters:
  ///   - mass: > 0, finite.
  ///   - stiffness: > 0, finite.
  ///   - damping: ≥ 0, finite.
  /// - Precondition: the ranges above.
  public init(mass: Double = 1, stiffness: Double, damping: Double) {
    precondition(mass > 0 && stiffness > 0 && damping >= 0, "spring constants out of range")
    precondition(mass.isFinite && stiffness.isFinite && damping.isFinite, "non-finite spring")
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
  }

  /// Creates a spring from a damping ratio ζ: `c = ζ·2·√(m·k)` (Flutter
  /// `SpringDescription.withDampingRatio`; Compose `spring(dampingRatio, stiffness)` with mass 1).
  /// - Parameters:
  ///   - mass: > 0.
  ///   - stiffness: > 0.
  ///   - dampingRatio: ζ ≥ 0 (1 critical, < 1 bouncy, > 1 overdamped).
  public init(mass: Double = 1, stiffness: Double, dampingRatio: Double) {
    precondition(dampingRatio >= 0, "damping ratio must be ≥ 0")
    self.init(
      mass: mass, stiffness: stiffness,
      damping: dampingRatio * 2 * (mass * stiffness).squareRoot())
  }

  /// SwiftUI's `Spring(duration:bounce:)`: mass 1, `k = (2π/duration)²`, ζ = `1 − bounce`
  /// (bounce > 0) or `1/(1 + bounce)` (bounce ≤ 0). Source: Flutter
  /// `SpringDescription.withDurationAndBounce` (`spring_simulation.dart`), which states it
  /// matches SwiftUI; its test gives k = 157.91, c = 17.59 for (0.5 s, 0.3).
  /// - Parameters:
  ///   - duration: perceptual duration, seconds, > 0 (SwiftUI default 0.5).
  ///   - bounce: in (−1, 1): 0 critical, > 0 bouncy, < 0 overdamped.
  public init(duration: Double, bounce: Double = 0) {
    precondition(duration > 0 && duration.isFinite, "duration must be > 0")
    precondition(bounce > -1 && bounce < 1, "bounce must lie in (-1, 1)")
    let omega = 2 * Double.pi / duration
    let ratio = bounce > 0 ? 1 - bounce : 1 / (1 + bounce)
    self.init(mass: 1, stiffness: omega * omega, dampingRatio: ratio)
  }

  /// Compose's `spring(dampingRatio, stiffness)` (mass 1). Source: androidx
  /// `compose/animation/animation-core/src/commonMain/kotlin/androidx/compose/animation/core/
  /// AnimationSpec.kt` (`spring`, default ζ = `Spring.DampingRatioNoBouncy`, stiffness
  /// `Spring.StiffnessMedium`).
  /// - Parameters:
  ///   - dampingRatio: ζ ≥ 0 (default 1).
  ///   - stiffness: > 0 (default 1500).
  public static func compose(
    dampingRatio: Double = ComposeSpring.dampingRatioNoBouncy,
    stiffness: Double = ComposeSpring.stiffnessMedium
  ) -> SpringParameters {
    SpringParameters(mass: 1, stiffness: stiffness, dampingRatio: dampingRatio)
  }

  /// SwiftUI `Spring.smooth`: duration 0.5 s, bounce 0 (Apple, `Spring.smooth`, "no bounce").
  public static let smooth = SpringParameters(duration: 0.5, bounce: 0)
  /// SwiftUI `Spring.snappy`: duration 0.5 s, bounce 0.15 (Apple, `Spring.snappy`).
  public static let snappy = SpringParameters(duration: 0.5, bounce: 0.15)
  /// SwiftUI `Spring.bouncy`: duration 0.5 s, bounce 0.3 (Apple, `Spring.bouncy`).
  public static let bouncy = SpringParameters(duration: 0.5, bounce: 0.3)

  /// Damping ratio `ζ = c/(2·√(m·k))`, ≥ 0.
  public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

  /// Undamped angular frequency `√(k/m)`, radians per second.
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// SwiftUI's perceptual duration `2π·√(m/k)`, seconds (Flutter `SpringDescription.duration`,
  /// unrounded).
  public var duration: Double { 2 * Double.pi / naturalFrequency }

  /// SwiftUI's bounce: `1 − ζ` for ζ < 1, `1/ζ − 1` otherwise, in (−1, 1] (Flutter
  /// `SpringDescription.bounce`).
  public var bounce: Double {
    let ratio = dampingRatio
    return ratio < 1 ? 1 - ratio : 1 / ratio - 1
  }

  /// The motion of this spring from a displacement and velocity, in closed form
  /// (``DampedSpring``: position and velocity at any time, zero crossing, settle time).
  /// - Parameters:
  ///   - displacement: points from the rest point, finite.
  ///   - velocity: points per second, finite.
  /// - Precondition: damping > 0 (an undamped spring never settles).
  public func spring(displacement: Double, velocity: Double) -> DampedSpring {
    DampedSpring(
      displacement: displacement, velocity: velocity, stiffness: stiffness, mass: mass,
      dampingRatio: dampingRatio)
  }
}

/// Compose's published spring constants (`object Spring`). Source: androidx
/// `compose/animation/animation-core/src/commonMain/kotlin/androidx/compose/animation/core/
/// AnimationSpec.kt`.
public enum ComposeSpring {
  /// `Spring.DampingRatioHighBouncy`.
  public static let dampingRatioHighBouncy = 0.2
  /// `Spring.DampingRatioMediumBouncy`.
  public static let dampingRatioMediumBouncy = 0.5
  /// `Spring.DampingRatioLowBouncy`.
  public static let dampingRatioLowBouncy = 0.75
  /// `Spring.DampingRatioNoBouncy` (the default).
  public static let dampingRatioNoBouncy = 1.0
  /// `Spring.StiffnessHigh`, per second² (mass 1).
  public static let stiffnessHigh = 10_000.0
  /// `Spring.StiffnessMedium` (the default), per second².
  public static let stiffnessMedium = 1500.0
  /// `Spring.StiffnessMediumLow`, per second².
  public static let stiffnessMediumLow = 400.0
  /// `Spring.StiffnessLow`, per second².
  public static let stiffnessLow = 200.0
  /// `Spring.StiffnessVeryLow`, per second².
  public static let stiffnessVeryLow = 50.0
}
