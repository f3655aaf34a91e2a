import Foundation

/// Chromium's physics-based fling (`ui::PhysicsBasedFlingCurve`, Windows' DirectManipulation-like
/// fling): the distance of a constant deceleration, capped at a multiple of the viewport, laid
/// along a cubic Bézier whose start slope matches the release velocity.
///
/// Deceleration `a = ppi·2.7559e-5` px/ms² (`kDefaultPhysicalDeceleration`, inch/ms²); distance
/// `v²/(2a)` capped at `boundingDistance` (Chromium: the viewport times
/// `kDefaultBoundsMultiplier` 3 times the boost multiplier); duration `min(2 s, |v|/2300)`
/// (`kMaxCurveDurationForFling`, `kDefaultPixelDeceleration`); Bézier `(0.2, 1)`, `(0.55, 1)` with
/// the first control point adjusted to the slope `|v|·duration/distance`: `p1.y = 0.2·slope` while
/// that is below 1, else `p1.x = 1/slope`. The velocity here is the curve's exact derivative
/// (Chromium reports a finite difference between frames). Source: Chromium
/// `ui/events/gestures/physics_based_fling_curve.cc` and `.h`; Bézier solving as
/// `ui/gfx/geometry/cubic_bezier.cc` (Newton, then bisection).
public struct ChromiumPhysicsFling: Sendable, Equatable, Hashable {
  /// `kDefaultPhysicalDeceleration`, inches per millisecond² (as a `float`).
  public static let physicalDeceleration = Double(Float(2.7559e-5))
  /// `kDefaultPixelDeceleration`, pixels per second² (duration = |v|/this).
  public static let pixelDeceleration = 2300.0
  /// `kMaxCurveDurationForFling`, seconds.
  public static let maximumDuration = 2.0
  /// `kDefaultBoundsMultiplier`: the distance cap in viewports.
  public static let boundsMultiplier = 3.0
  /// CSS pixels per inch (CSS Values: 1in = 96px); Chromium's tests use 96 too.
  public static let cssPixelsPerInch = 96.0

  /// Offset at the start, points.
  public let startOffset: Double
  /// Velocity at the start, points per second.
  public let startVelocity: Double
  /// Signed distance, points.
  public let distance: Double
  /// Duration, seconds, in [0, 2].
  public let duration: Double
  /// The first Bézier control point `(x, y)`.
  public let p1: (x: Double, y: Double)
  /// The second Bézier control point `(0.55, 1)`.
  public let p2: (x: Double, y: Double) = (0.55, 1)

  /// Lays out a fling.
  /// - Parameters:
  ///   - offset: points, finite.
  ///   - velocity: points per second, finite.
  ///   - pixelsPerInch: > 0; ``cssPixelsPerInch`` (96) for CSS pixels.
  ///   - boundingDistance: largest distance, points, > 0 (Chromium: 3 viewports; `.infinity`
  ///     for no cap).
  public init(
    offset: Double, velocity: Double, pixelsPerInch: Double = cssPixelsPerInch,
    boundingDistance: Double = .infinity
  ) {
    startOffset = offset
    startVelocity = velocity
    let a = pixelsPerInch * Self.physicalDeceleration
    let speed = Swift.abs(velocity) / 1000
    let decelerationTime = speed / a
    let reach = Swift.min((speed - a * decelerationTime * 0.5) * decelerationTime, boundingDistance)
    distance = velocity < 0 ? -reach : reach
    duration = Swift.min(Self.maximumDuration, Swift.abs(velocity) / Self.pixelDeceleration)
    guard reach > 0, duration > 0 else {
      p1 = (0.2, 1)
      return
    }
    let slope = Swift.abs(velocity) * duration / reach
    p1 = slope * 0.2 < 1 ? (0.2, 0.2 * slope) : (1 / slope, 1)
  }

  /// Lays out one axis of a two-dimensional fling, as Chromium's `PhysicsBasedFlingCurve` does
  /// for a `Vector2dF` velocity: this axis's own distance (`v²/(2a)` of its component, capped
  /// at its own `boundingDistance`: Chromium caps x at the width and y at the height), laid
  /// along the Bézier and the duration of the axis with the larger component (`fling_velocity =
  /// max(|vx|, |vy|)`; the slope of the first control point is that axis's, y on a tie). Both
  /// axes share one progress `bezier_.Solve(t/duration)`, so the fling is a straight line that
  /// stops on both axes at once; its direction is the two distances', `(vx·|vx|, vy·|vy|)`
  /// before the caps, not the release velocity's: Chromium's `BasicFlingTestVelocityXAndY`
  /// (2000 × 4000 px/s at 96 ppi) travels about 756 × 3024 px, a quarter on x, not a half. The
  /// leading axis itself is ``init(offset:velocity:pixelsPerInch:boundingDistance:)``.
  /// - Parameters:
  ///   - offset: points, finite.
  ///   - velocity: this axis's component, points per second, finite.
  ///   - pixelsPerInch: > 0; ``cssPixelsPerInch`` (96) for CSS pixels.
  ///   - boundingDistance: this axis's largest distance, points, > 0.
  ///   - leading: the fling of the axis with the larger component, laid out on its own.
  /// Source: Chromium `ui/events/gestures/physics_based_fling_curve.cc` (`CalculateEndPoint`,
  /// `CalculateDurationAndConfigureControlPoints`, `ComputeScrollOffset`).
  public init(
    offset: Double, velocity: Double, pixelsPerInch: Double = cssPixelsPerInch,
    boundingDistance: Double = .infinity, leading: ChromiumPhysicsFling
  ) {
    let own = ChromiumPhysicsFling(
      offset: offset, velocity: velocity, pixelsPerInch: pixelsPerInch,
      boundingDistance: boundingDistance)
    startOffset = offset
    startVelocity = velocity
    distance = own.distance
    duration = leading.duration
    p1 = leading.p1
  }

  /// Two flings are equal when their start, distance, duration and control points are.
  public static func == (a: Self, b: Self) -> Bool {
    a.startOffset == b.startOffset && a.startVelocity == b.startVelocity
      && a.distance == b.distance && a.duration == b.duration && a.p1 == b.p1
  }

  /// Hashes the start, distance and duration.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(startOffset)
    hasher.combine(startVelocity)
    hasher.combine(distance)
    hasher.combine(duration)
  }

  /// Where the fling stops, points.
  public var restOffset: Double { startOffset + distance }

  /// Offset `t` seconds after the start, points. - Complexity: O(1) (bounded iterations).
  public func offset(at t: Double) -> Double {
    guard duration > 0, t < duration else { return t <= 0 ? startOffset : restOffset }
    let u = parameter(forX: Swift.max(0, t) / duration)
    return startOffset + distance * Self.sample(u, p1.y, p2.y)
  }

  /// Velocity `t` seconds after the start, points per second; 0 from ``duration`` on.
  public func velocity(at t: Double) -> Double {
    guard duration > 0, t < duration else { return 0 }
    let u = parameter(forX: Swift.max(0, t) / duration)
    let dx = Self.derivative(u, p1.x, p2.x)
    guard dx > 0 else { return 0 }
    return distance / duration * Self.derivative(u, p1.y, p2.y) / dx
  }

  /// Seconds until the offset reaches `target`, or nil when the fling never gets there.
  public func time(toReach target: Double) -> Double? {
    if target == startOffset { return 0 }
    guard distance != 0 else { return nil }
    let fraction = (target - startOffset) / distance
    guard fraction >= 0, fraction <= 1 else { return nil }
    let u = MonotoneSolve.time(in: 0...1, reaching: fraction, increasing: true) {
      Self.sample($0, p1.y, p2.y)
    }
    return Self.sample(u, p1.x, p2.x) * duration
  }

  /// The Bézier coordinate at parameter `u` for control values `c1`, `c2` (ends 0 and 1).
  static func sample(_ u: Double, _ c1: Double, _ c2: Double) -> Double {
    let c = 3 * c1
    let b = 3 * (c2 - c1) - c
    let a = 1 - c - b
    return ((a * u + b) * u + c) * u
  }

  /// d/du of ``sample(_:_:_:)``.
  static func derivative(_ u: Double, _ c1: Double, _ c2: Double) -> Double {
    let c = 3 * c1
    let b = 3 * (c2 - c1) - c
    let a = 1 - c - b
    return (3 * a * u + 2 * b) * u + c
  }

  /// The parameter whose x is `x` in [0, 1] (`CubicBezier::SolveCurveX`: Newton, then bisection).
  private func parameter(forX x: Double) -> Double {
    var u = x
    for _ in 0..<8 {
      let error = Self.sample(u, p1.x, p2.x) - x
      if Swift.abs(error) < 1e-12 { return u }
      let slope = Self.derivative(u, p1.x, p2.x)
      if Swift.abs(slope) < 1e-12 { break }
      u -= error / slope
    }
    return MonotoneSolve.time(in: 0...1, reaching: x, increasing: true) {
      Self.sample($0, p1.x, p2.x)
    }
  }
}
