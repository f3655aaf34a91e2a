import Foundation

/// A motion without a finger: momentum, bounce, snap, programmatic animation and stretch
/// relaxation, as a short chain of closed-form segments laid out once and evaluated at any time.
///
/// A fling in range follows the profile's ``FlingCurve``; if its rest point lies past an edge the
/// crossing time is solved analytically. Bouncing profiles hand the crossing velocity (limited per
/// ``PhysicsProfile/SpringTransfer``) to the bounce spring; clamped profiles stop at the edge and
/// Android's stretch absorbs the velocity. A release while overscrolled starts the spring
/// directly; in the iOS profile, if that spring crosses the edge into the range (a fling toward the
/// content) the motion goes on as momentum from the edge with the crossing velocity: no reversal,
/// no dead stop. Flutter's `BouncingScrollSimulation` keeps its spring, as Flutter does.
/// Sources: physics.md items 3–5, 8; Flutter `scroll_simulation.dart`; AOSP `OverScroller.java`,
/// `EdgeEffect.java`.
public struct ScrollMotion: Sendable, Equatable {
  /// One closed-form piece of the motion.
  public enum Segment: Sendable, Equatable {
    /// Momentum along a fling curve that started at absolute time `curveStart`, seconds.
    case momentum(FlingCurve, curveStart: Double)
    /// A spring toward `rest` (points): offset = rest + displacement, shown as `phase`
    /// (bouncing, decelerating for a snap, animating for a programmatic scroll).
    case spring(DampedSpring, rest: Double, phase: ScrollPhase)
    /// Android's stretch: the offset stays at `edge` (points) while the EdgeEffect animation's
    /// distance (points) divided by the viewport is the stretch.
    case stretch(EdgeEffectRecede, edge: Double)
    /// A finger lifted overscrolled with a velocity toward the content (iOS profile): offset =
    /// `edge` + the bounce spring's displacement (released from rest at the overscroll) + the
    /// momentum curve's distance from its start (the release velocity), until the sum reaches
    /// the edge; phase bouncing.
    case overscrollRelease(DampedSpring, FlingCurve, edge: Double)
  }

  /// The segments, in time order.
  public private(set) var segments: [Segment] = []
  /// Absolute start time of each segment, seconds.
  public private(set) var startTimes: [Double] = []
  /// Absolute time at which the offset reaches ``finalOffset``, seconds.
  public private(set) var offsetEndTime: Double
  /// Where the motion ends, points; inside the geometry's range.
  public private(set) var finalOffset: Double
  /// A stretch relaxing at the same time as the offset moves (Android: a stretched edge released
  /// with a fling away from it), or nil.
  public private(set) var relaxingStretch: EdgeEffectRecede?
  /// Absolute start time of ``relaxingStretch``, seconds.
  public private(set) var relaxingStretchStart = 0.0
  /// Absolute time at which ``relaxingStretch`` returns to zero, seconds.
  public private(set) var relaxingStretchEnd = 0.0
  /// The viewport height, points (the stretch is a fraction of it).
  public let viewport: Double

  /// Absolute time from which everything is at rest (the phase is idle), seconds.
  public var endTime: Double {
    relaxingStretch == nil ? offsetEndTime : Swift.max(offsetEndTime, relaxingStretchEnd)
  }

  private let stopVelocity: Double
  private let stopDistance: Double
  private let screenScale: Double

  private init(
    time: Double, offset: Double, geometry: ScrollGeometry, stop: (Double, Double, Double)
  ) {
    offsetEndTime = time
    finalOffset = geometry.clamp(offset)
    viewport = geometry.viewportHeight
    stopVelocity = stop.0
    stopDistance = stop.1
    screenScale = stop.2
  }

  /// Lays out the motion of a release (finger lift, cancel, or a re-layout after a geometry
  /// change).
  /// - Parameters:
  ///   - offset: offset at release, points (may be overscrolled in bouncing profiles).
  ///   - velocity: offset velocity, points per second (0 for no fling).
  ///   - stretch: Android stretch at release, fraction of the viewport in −1 … 1.
  ///   - time: release time, seconds.
  ///   - target: a paging or snapping target in range, points, or nil for free momentum.
  ///   - decelerates: how the motion reaches `target`: false (the default), the snap spring
  ///     (paging, snapping); true, the profile's own deceleration with its start velocity
  ///     re-derived so that it stops exactly on `target` (a `scrollViewWillEndDragging` target
  ///     replaced by a hook, ``Deceleration/velocity(toTravel:rate:)``). Only the exponential
  ///     profiles, released in range, can do that; otherwise the snap spring lands on it.
  ///   - geometry: the scroll view, points.
  ///   - profile: the physics constants.
  ///   - screenScale: pixels per point, > 0 (for the stop thresholds).
  ///   - fingerLift: whether a finger lifted here (``ScrollSimulator/touchUp(at:)``,
  ///     ``ScrollSimulator/release(atOffset:velocity:at:fingerLift:)``) rather than a re-layout. In the
  ///     rubber-band profile a finger lifted overscrolled with a velocity toward the content
  ///     carries that momentum into the content at every speed (see ``Segment/overscrollRelease(_:_:edge:)``);
  ///     a re-layout from the same state keeps the bounce spring, so that restarting a motion
  ///     from its own state gives the same path.
  /// - Complexity: O(1): at most a few segments; spring settle times and the edge crossing of
  ///   an overscrolled release are found by bisection.
  public init(
    releaseAt offset: Double, velocity: Double, stretch: Double = 0, time: Double,
    target: Double? = nil, decelerates: Bool = false, geometry: ScrollGeometry,
    profile: PhysicsProfile, screenScale: Double, fingerLift: Bool = false
  ) {
    self.init(
      releaseAt: offset, velocity: velocity, stretch: stretch, time: time, target: target,
      decelerates: decelerates, geometry: geometry, profile: profile, screenScale: screenScale,
      fingerLift: fingerLift, lead: nil)
  }

  /// ``init(releaseAt:velocity:stretch:time:target:decelerates:geometry:profile:screenScale:fingerLift:)``
  /// for one axis of a two-axis fling: `lead` is the other axis's release when it is the larger
  /// component of a ``DiagonalFling/largerAxis`` fling (the momentum from the release then
  /// follows that axis's curve, scaled), else nil.
  init(
    releaseAt offset: Double, velocity: Double, stretch: Double = 0, time: Double,
    target: Double? = nil, decelerates: Bool = false, geometry: ScrollGeometry,
    profile: PhysicsProfile, screenScale: Double, fingerLift: Bool = false, lead: FlingLead?
  ) {
    self.init(
      time: time, offset: offset, geometry: geometry,
      stop: (
        profile.stopVelocityPixels / screenScale, profile.stopDistancePixels / screenScale,
        screenScale
      ))
    // Clamped profiles never leave the range (a shrinking range clamps the offset at once).
    let offset = profile.overscrollModel.bounces ? offset : geometry.clamp(offset)
    if let target {
      let target = geometry.clamp(target)
      if !decelerates
        || !layoutDeceleration(
          from: offset, velocity: velocity, to: target, at: time, geometry, profile)
      {
        layoutSnap(from: offset, velocity: velocity, to: target, at: time, profile)
      }
    } else if profile.overscrollModel.bounces {
      var (offset, velocity, time) = (offset, velocity, time)
      var lead = lead
      if fingerLift, profile.overscrollModel == .rubberBand,
        let entry = layoutOverscrollRelease(
          from: offset, velocity: velocity, at: time, geometry, profile)
      {
        (offset, velocity, time) = entry
        lead = nil  // The lead shapes momentum from the release itself, not from an edge.
      }
      layoutBouncing(
        from: offset, velocity: velocity, at: time, geometry, profile, curve: nil, lead: lead)
    } else {
      layoutClamped(
        from: offset, velocity: velocity, stretch: stretch, at: time, geometry,
        profile, curve: nil, lead: lead)
    }
  }

  /// Lays out the rest of a fling along an existing curve (a geometry change mid-fling): the same
  /// path, with the edges of the new geometry.
  /// - Parameters:
  ///   - curve: the fling curve, started at `curveStart`.
  ///   - curveStart: when the curve started, absolute seconds.
  ///   - time: now, seconds, ≥ `curveStart`.
  ///   - geometry: the new scroll view, points.
  ///   - profile: the physics constants.
  ///   - screenScale: pixels per point, > 0 (for the stop thresholds).
  public init(
    continuing curve: FlingCurve, curveStart: Double, at time: Double, geometry: ScrollGeometry,
    profile: PhysicsProfile, screenScale: Double
  ) {
    let offset = curve.offset(at: time - curveStart)
    self.init(
      time: time, offset: offset, geometry: geometry,
      stop: (
        profile.stopVelocityPixels / screenScale, profile.stopDistancePixels / screenScale,
        screenScale
      ))
    let velocity = curve.velocity(at: time - curveStart)
    if !profile.overscrollModel.bounces && !geometry.contains(offset) {
      return  // Clamped profiles clamp the offset when the range shrinks under it.
    }
    if profile.overscrollModel.bounces {
      layoutBouncing(
        from: offset, velocity: velocity, at: time, geometry, profile, curve: (curve, curveStart))
    } else {
      layoutClamped(
        from: offset, velocity: velocity, stretch: 0, at: time, geometry, profile,
        curve: (curve, curveStart))
    }
  }

  /// Lays out a programmatic scroll (`scrollTo(offset, animated: true)`): a critically damped
  /// spring from the current offset and velocity to `target` with `ω = 2π/response` (SwiftUI
  /// `.smooth`, `spring(duration: 0.5, bounce: 0)`; the duration-to-stiffness mapping is
  /// Flutter's `SpringDescription.withDurationAndBounce`, documented there as SwiftUI's), so a
  /// retarget mid-flight keeps the velocity continuous and the motion lands exactly on target.
  ///
  /// The path never leaves `0 ... maxOffset` (nor goes further out than `offset` when it starts
  /// overscrolled): when the profile's spring would carry the velocity past an edge (a view
  /// moving fast toward an edge target, or away from the target near the opposite edge) it is
  /// stiffened to the softest critically damped spring that stays in range, and if that would
  /// take more than 1000 rad/s the velocity is dropped (the view starts from rest, which never
  /// overshoots). The platforms differ here: Android's `View.smoothScrollTo`
  /// (`OverScroller.startScroll`) and Compose's `animateScrollBy` (`animate(0f, value, …)`,
  /// initial velocity 0) always start from rest, and Chromium clamps every animated offset to
  /// the range (cc `ScrollTree::ClampScrollOffsetToLimits`); UIKit publishes nothing.
  /// - Parameters:
  ///   - offset: current offset, points.
  ///   - velocity: current velocity, points per second.
  ///   - stretch: current Android stretch, fraction, relaxed alongside.
  ///   - target: points, in range.
  ///   - time: seconds.
  ///   - geometry: the scroll view, points.
  ///   - profile: the physics constants.
  ///   - screenScale: pixels per point, > 0 (for the stop thresholds).
  public init(
    animatingFrom offset: Double, velocity: Double, stretch: Double = 0, to target: Double,
    time: Double, geometry: ScrollGeometry, profile: PhysicsProfile, screenScale: Double
  ) {
    self.init(
      time: time, offset: target, geometry: geometry,
      stop: (
        profile.stopVelocityPixels / screenScale, profile.stopDistancePixels / screenScale,
        screenScale
      ))
    // Clamped profiles never leave the range (a range shrinking under an animation clamps the
    // offset at once, as a release does). Keep the path inside the range (or no further out
    // than it starts): stiffen the spring just enough, or, when even 1000 rad/s would leave it,
    // drop the velocity.
    let offset = profile.overscrollModel.bounces ? offset : geometry.clamp(offset)
    let omega = 2 * Double.pi / profile.animationResponse
    let scale = Self.rangeKeepingScale(
      displacement: offset - target, reach: velocity / omega,
      lower: Swift.min(offset, 0) - target, upper: Swift.max(offset, geometry.maxOffset) - target)
    var velocity = velocity
    var response = profile.animationResponse
    if scale < 1 {
      if omega / scale > Self.stiffestAnimation {
        velocity = 0
      } else {
        response *= scale
      }
    }
    let spring = SpringParameters(duration: response, bounce: 0)
      .spring(displacement: offset - target, velocity: velocity)
    appendSpring(spring, rest: target, phase: .animating, at: time)
    relaxStretch(stretch, at: time, profile)
  }

  /// The stiffest spring an animated scroll is given to stay in range, radians per second (the
  /// profile validation's bound for every spring).
  static let stiffestAnimation = 1000.0

  /// The largest `s` in [0, 1] such that a critically damped spring from `displacement` with
  /// angular frequency `ω/s` (where `reach` = velocity/ω, points) stays within
  /// `lower ... upper` (points from its rest; `lower ≤ displacement ≤ upper`), less 1e-6 so that
  /// rounding cannot put the path past a bound; 1 when the spring already stays within them.
  ///
  /// Closed form: `x(t) = (d + (v + ω·d)·t)·e^(−ω·t)` has at most one extremum for `t > 0`, at
  /// `ω·t = u/(u + d)` with `u = v/ω`, where `x = (d + u)·e^(−u/(u + d))` (when `u/(u + d) > 0`:
  /// a velocity away from rest, or toward it faster than `ω·|d|`, which passes it). That value
  /// is monotonic in `u` on each side, so the bound is found by bisection on `s` (`u = s·reach`).
  static func rangeKeepingScale(
    displacement d: Double, reach: Double, lower: Double, upper: Double
  ) -> Double {
    func inside(_ s: Double) -> Bool {
      let u = s * reach
      let sum = d + u
      guard sum != 0 else { return true }
      let phase = u / sum
      guard phase > 0 else { return true }
      // The extremum has the sign of d + u (it underflows to 0 for a barely crossing path, so
      // the side is read from the sign, not from the value): a bound at the rest point (a
      // target on an edge) allows no crossing at all.
      let extremum = sum * exp(-phase)
      return sum > 0 ? upper > 0 && extremum <= upper : lower < 0 && extremum >= lower
    }
    if inside(1) { return 1 }
    var low = 0.0
    var high = 1.0
    for _ in 0..<80 {
      let mid = 0.5 * (low + high)
      if inside(mid) { low = mid } else { high = mid }
    }
    return low * (1 - 1e-6)
  }

  // MARK: Layout

  /// A paging or view-aligned snap: a critically damped spring from the release offset and
  /// velocity to `target` with `ω = 2π/snapResponse`, softened for a far target to
  /// `e·vmax/|d|` (peak speed `ω·|d|/e` about the profile's maximum fling velocity `vmax`, and
  /// never below `2π/1.5 s`), and `ω = max(ω, |v|/|d|)` when the velocity points at the
  /// target (distance |d|), so the displacement never changes sign (`c2 = v + ω·d` keeps the sign
  /// of `d`): no overshoot past the target, no velocity jump, exact landing, and a harder fling
  /// settles sooner. A velocity pointing away from the target (a slow release that falls back)
  /// turns round in the spring; clamped profiles drop it instead so that the view cannot leave
  /// the range. Phase `decelerating`. Source: Flutter `PageScrollPhysics.createBallisticSimulation`
  /// (`ScrollSpringSimulation(spring, pixels, target, velocity)`), with a stiffer critically
  /// damped spring for UIScrollView's ~0.5 s page snap.
  private mutating func layoutSnap(
    from offset: Double, velocity: Double, to target: Double, at time: Double,
    _ profile: PhysicsProfile
  ) {
    let displacement = offset - target
    var velocity = velocity
    var omega = 2 * Double.pi / profile.snapResponse
    // A critically damped spring from rest peaks at ω·|d|/e: a far target gets a softer spring
    // so the view moves no faster than about the profile's maximum fling velocity, but no
    // softer than a 1.5 s response, so that any snap settles within a few seconds.
    if displacement != 0 {
      let gentlest = Swift.min(omega, 2 * Double.pi / 1.5)
      let capped = M_E * profile.maximumFlingVelocity / Swift.abs(displacement)
      omega = Swift.max(Swift.min(omega, capped), gentlest)
    }
    if displacement * velocity < 0 {
      // 1e-6 above the bound keeps c2 clear of rounding (an opposite-signed c2 of 1e-13 would
      // put a spurious extremum, and the settle time, at 1e14 s).
      omega = Swift.max(omega, -velocity / displacement * (1 + 1e-6))
    } else if !profile.overscrollModel.bounces {
      velocity = 0
    }
    let spring = DampedSpring(
      displacement: displacement, velocity: velocity, stiffness: omega * omega)
    appendSpring(spring, rest: target, phase: .decelerating, at: time)
    finalOffset = target
  }

  /// A deceleration that stops exactly on `target`: the profile's exponential decay (its rate
  /// kept) from `offset` with the start velocity that makes the speed fall to the stop velocity
  /// exactly at `target` (`v0 = −k·(target + sign·vstop/|k| − offset)`, the velocity to travel
  /// that distance, ``Deceleration/velocity(toTravel:rate:)``). UIKit re-plans its deceleration
  /// the same way when `scrollViewWillEndDragging` changes `targetContentOffset` (the release
  /// velocity is replaced). Returns false, laying out nothing, when the profile's fling is not
  /// exponential, the release is out of range, or the target is the offset itself.
  private mutating func layoutDeceleration(
    from offset: Double, velocity: Double, to target: Double, at time: Double,
    _ geometry: ScrollGeometry, _ profile: PhysicsProfile
  ) -> Bool {
    let distance = target - offset
    guard distance != 0, geometry.contains(offset),
      case .exponential(let natural) = profile.flingCurve(
        offset: offset, velocity: velocity, viewport: viewport)
    else { return false }
    let residual = stopVelocity / Swift.abs(natural.k)
    let travel = distance + (distance > 0 ? residual : -residual)
    let curve = Deceleration(
      offset: offset, velocity: Deceleration.velocity(toTravel: travel, rate: natural.rate),
      rate: natural.rate)
    append(
      .momentum(.exponential(curve), curveStart: time), at: time,
      length: curve.duration(untilSpeed: stopVelocity))
    finalOffset = target
    return true
  }

  /// A finger lifted overscrolled with a velocity toward the content (UIKit carries the
  /// momentum into the content; physics.md item 5): the bounce spring released from rest at the
  /// overscroll, plus the profile's momentum curve from the release velocity, superposed. Both
  /// move toward the edge and the momentum never turns back, so the sum reaches the edge once at
  /// every release speed, with offset and velocity continuous there (velocity = spring's +
  /// momentum's at the crossing); the motion then goes on as momentum from the edge. With a
  /// velocity of 0 this is exactly the plain bounce. Apple publishes no source; this is the
  /// model's choice (Android's `OverScroller.startAfterEdge` instead flings from the overscroll
  /// only when the spline distance exceeds it, else springs back; Flutter's
  /// `BouncingScrollSimulation` keeps its spring).
  /// - Returns: the state at the edge crossing (edge, velocity, absolute time), or nil when the
  ///   release is in range, moving away from the content, too slow to move, or the content fits.
  private mutating func layoutOverscrollRelease(
    from offset: Double, velocity: Double, at time: Double, _ geometry: ScrollGeometry,
    _ profile: PhysicsProfile
  ) -> (Double, Double, Double)? {
    let edge = geometry.clamp(offset)
    let overscroll = offset - edge
    guard geometry.maxOffset > 0, overscroll != 0, overscroll * velocity < 0,
      Swift.abs(velocity) > stopVelocity
    else { return nil }
    let spring = profile.bounceSpring(displacement: overscroll, velocity: 0)
    let curve = profile.flingCurve(offset: 0, velocity: velocity, viewport: geometry.viewportHeight)
    // Signed progress toward the content: negative until the edge is reached.
    let sign = overscroll < 0 ? 1.0 : -1.0
    func progress(_ t: Double) -> Double {
      sign * (spring.displacement(at: t) + curve.offset(at: t))
    }
    var low = 0.0
    var high = 1 / spring.omega
    while progress(high) < 0 && high < 1e4 {
      low = high
      high *= 2
    }
    guard progress(high) >= 0 else { return nil }
    for _ in 0..<200 {
      let mid = 0.5 * (low + high)
      if mid <= low || mid >= high { break }
      if progress(mid) < 0 { low = mid } else { high = mid }
    }
    append(.overscrollRelease(spring, curve, edge: edge), at: time, length: high)
    return (edge, spring.velocity(at: high) + curve.velocity(at: high), time + high)
  }

  private mutating func layoutBouncing(
    from offset: Double, velocity: Double, at time: Double, _ geometry: ScrollGeometry,
    _ profile: PhysicsProfile, curve existing: (FlingCurve, Double)?, lead: FlingLead? = nil
  ) {
    let maxOffset = geometry.maxOffset
    var t = time
    var s = offset
    var v = velocity
    var existing = existing
    var arrivedAtEdge = false
    var lead = lead
    for _ in 0..<8 {
      let edge = geometry.clamp(s)
      if s == edge && !arrivedAtEdge {
        if Swift.abs(v) <= stopVelocity && existing == nil {
          finalOffset = s
          return
        }
        let (curve, curveStart) =
          existing
          ?? (profile.flingCurve(offset: s, velocity: v, viewport: viewport, lead: lead), t)
        existing = nil
        lead = nil
        let local = t - curveStart
        let end = curve.duration(stopVelocity: stopVelocity)
        let stopOffset = curve.offset(at: Swift.max(end, local))
        let target = v > 0 ? maxOffset : 0
        let passes = v > 0 ? stopOffset > target : stopOffset < target
        if passes, let crossing = curve.time(toReach: target), crossing >= local {
          append(.momentum(curve, curveStart: curveStart), at: t, length: crossing - local)
          t = curveStart + crossing
          s = target
          v = profile.transferVelocity(curve.velocity(at: crossing))
          arrivedAtEdge = true
          continue
        }
        append(.momentum(curve, curveStart: curveStart), at: t, length: end - local)
        finalOffset = geometry.clamp(stopOffset)
        return
      }
      // Overscrolled (or arriving at an edge with outward velocity): spring back to the edge.
      lead = nil
      if !arrivedAtEdge && profile.springTransfer == .symmetric { v = profile.transferVelocity(v) }
      arrivedAtEdge = false
      let spring = profile.bounceSpring(displacement: s - edge, velocity: v)
      if profile.overscrollModel == .rubberBand, maxOffset > 0,
        let crossing = spring.zeroCrossingTime
      {
        append(.spring(spring, rest: edge, phase: .bouncing), at: t, length: crossing)
        t += crossing
        s = edge
        v = spring.velocity(at: crossing)
        continue
      }
      if profile.springTransfer == .chromiumElastic {
        // Chromium sets the stretch to 0 and ends the animation at the first frame where it is
        // below 1 px (ElasticOverscrollController::Animate): the first instant within the stop
        // distance, at or before a zero crossing. (Ending only at the crossing, a slow release
        // toward the content, whose crossing is at s0/(0.31·|v|), took tens of seconds.)
        append(
          .spring(spring, rest: edge, phase: .bouncing), at: t,
          length: spring.firstTime(within: stopDistance))
        finalOffset = edge
        return
      }
      appendSpring(spring, rest: edge, phase: .bouncing, at: t)
      finalOffset = edge
      return
    }
    finalOffset = geometry.clamp(s)
  }

  private mutating func layoutClamped(
    from offset: Double, velocity: Double, stretch: Double, at time: Double,
    _ geometry: ScrollGeometry, _ profile: PhysicsProfile, curve existing: (FlingCurve, Double)?,
    lead: FlingLead? = nil
  ) {
    let maxOffset = geometry.maxOffset
    let absorbs = profile.overscrollModel == .stretch
    var v = velocity
    if absorbs && stretch != 0 {
      // EdgeEffect.onAbsorb when the fling pushes into the stretch or would not outrun it
      // (ScrollView.shouldAbsorb); otherwise the stretch recedes while the fling runs.
      let distance = Swift.abs(
        profile.flingCurve(offset: 0, velocity: v, viewport: viewport).offset(at: .infinity))
      if v * stretch >= 0 || distance < Swift.abs(stretch) * viewport {
        appendStretch(
          stretch * viewport, velocity: v * profile.stretchAbsorbFactor, edge: offset,
          at: time, profile)
        return
      }
      relaxStretch(stretch, at: time, profile)
    }
    let movingOut = (v > 0 && offset >= maxOffset) || (v < 0 && offset <= 0)
    // The smaller axis of a two-axis fling moves however slow it is: it is a share of the
    // larger axis's curve, which stops both.
    let moves = Swift.abs(v) > stopVelocity || (lead != nil && v != 0)
    guard existing != nil || (moves && !movingOut) else { return }
    let (curve, curveStart) =
      existing
      ?? (profile.flingCurve(offset: offset, velocity: v, viewport: viewport, lead: lead), time)
    let local = time - curveStart
    let end = curve.duration(stopVelocity: stopVelocity)
    let stopOffset = curve.offset(at: Swift.max(end, local))
    v = curve.velocity(at: local)
    let edge = v > 0 ? maxOffset : 0
    let passes = v > 0 ? stopOffset > edge : stopOffset < edge
    if passes, let crossing = curve.time(toReach: edge), crossing >= local {
      append(.momentum(curve, curveStart: curveStart), at: time, length: crossing - local)
      finalOffset = edge
      if absorbs {
        let incoming = curve.velocity(at: crossing) * profile.stretchAbsorbFactor
        appendStretch(0, velocity: incoming, edge: edge, at: curveStart + crossing, profile)
      }
      return
    }
    append(.momentum(curve, curveStart: curveStart), at: time, length: end - local)
    finalOffset = geometry.clamp(stopOffset)
  }

  private mutating func appendSpring(
    _ spring: DampedSpring, rest: Double, phase: ScrollPhase, at start: Double
  ) {
    let settle = spring.settleTime(positionTolerance: stopDistance, velocityTolerance: stopVelocity)
    append(.spring(spring, rest: rest, phase: phase), at: start, length: settle)
  }

  /// Android's stretch animation (``EdgeEffectRecede``) from `displacement` points with
  /// `velocity`: EdgeEffect's spring, capped at one viewport, ending at equilibrium or through
  /// its linear take-over.
  private mutating func appendStretch(
    _ displacement: Double, velocity: Double, edge: Double, at start: Double,
    _ profile: PhysicsProfile
  ) {
    let recede = stretchRecede(displacement, velocity, profile)
    append(.stretch(recede, edge: edge), at: start, length: recede.duration)
  }

  private mutating func relaxStretch(_ stretch: Double, at time: Double, _ profile: PhysicsProfile)
  {
    guard stretch != 0 else { return }
    let recede = stretchRecede(stretch * viewport, 0, profile)
    guard recede.duration > 0 else { return }
    relaxingStretch = recede
    relaxingStretchStart = time
    relaxingStretchEnd = time + recede.duration
  }

  private func stretchRecede(_ x: Double, _ v: Double, _ profile: PhysicsProfile)
    -> EdgeEffectRecede
  {
    EdgeEffectRecede(
      distance: Swift.min(Swift.max(x, -viewport), viewport), velocity: v, height: viewport,
      screenScale: screenScale, frequency: profile.stretchFrequency,
      dampingRatio: profile.stretchDampingRatio)
  }

  private mutating func append(_ segment: Segment, at start: Double, length: Double) {
    guard length > 0, length.isFinite else { return }
    segments.append(segment)
    startTimes.append(start)
    offsetEndTime = start + length
  }

  // MARK: Evaluation

  // Inlined, with `segment(at:)` and `offsetState(at:)`, into the simulator's per-frame call
  // (`ScrollSimulator.advancedModeState(at:)`): ≈ 50 instructions a moving frame fewer.
  /// The state at absolute time `time` (seconds): the segment containing it, evaluated in closed
  /// form; idle at ``finalOffset`` from ``endTime`` on.
  /// - Complexity: O(segments) (at most a few), no allocation.
  @inline(__always) public func state(at time: Double) -> ScrollState {
    var state = offsetState(at: time)
    if let spring = relaxingStretch, time < relaxingStretchEnd {
      state.stretch = fraction(spring.distance(at: Swift.max(0, time - relaxingStretchStart)))
      if state.phase == .idle { state.phase = .bouncing }
    }
    return state
  }

  /// The segment in progress at `time` and its start time, or nil once the offset has settled.
  @inline(__always) public func segment(at time: Double) -> (segment: Segment, start: Double)? {
    if time >= offsetEndTime || segments.isEmpty { return nil }
    var index = 0
    while index + 1 < segments.count && time >= startTimes[index + 1] { index += 1 }
    return (segments[index], startTimes[index])
  }

  @inline(__always) private func offsetState(at time: Double) -> ScrollState {
    guard let (segment, start) = segment(at: time) else {
      return ScrollState(offset: finalOffset, velocity: 0, phase: .idle)
    }
    let local = Swift.max(0, time - start)
    switch segment {
    case .momentum(let curve, let curveStart):
      let t = Swift.max(0, time - curveStart)
      return ScrollState(
        offset: curve.offset(at: t), velocity: curve.velocity(at: t), phase: .decelerating)
    case .spring(let spring, let rest, let phase):
      return ScrollState(
        offset: rest + spring.displacement(at: local), velocity: spring.velocity(at: local),
        phase: phase)
    case .stretch(let spring, let edge):
      return ScrollState(
        offset: edge, velocity: 0, phase: .bouncing,
        stretch: fraction(spring.distance(at: local)))
    case .overscrollRelease(let spring, let curve, let edge):
      return ScrollState(
        offset: edge + spring.displacement(at: local) + curve.offset(at: local),
        velocity: spring.velocity(at: local) + curve.velocity(at: local), phase: .bouncing)
    }
  }

  private func fraction(_ points: Double) -> Double {
    Swift.min(Swift.max(points / viewport, -1), 1)
  }
}
