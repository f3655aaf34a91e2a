/// The motion after a finger lifts: momentum, bounce and settling, as a short chain of
/// closed-form segments laid out once at release and evaluated at any time.
///
/// A fling in range decelerates (``Deceleration``); if its rest point lies past an edge, the
/// crossing time is solved analytically and the crossing velocity (capped) starts a
/// ``CriticallyDampedSpring`` toward the edge. A release while overscrolled starts the spring
/// directly; if that spring crosses the edge into the range (a fast fling toward the content),
/// the motion goes on as momentum from the edge with the crossing velocity: no reversal, no
/// dead stop. Source: physics.md items 3–5.
public struct ScrollMotion: Sendable, Equatable {
  /// One closed-form piece of the motion.
  public enum Segment: Sendable, Equatable {
    /// Momentum from the segment's start.
    case momentum(Deceleration)
    /// The bounce spring toward `edge` (points): offset = edge + displacement.
    case bounce(CriticallyDampedSpring, edge: Double)
  }

  /// The segments, in time order.
  public private(set) var segments: [Segment] = []
  /// Absolute start time of each segment, seconds.
  public private(set) var startTimes: [Double] = []
  /// Absolute time at which the motion ends and the view is idle, seconds.
  public private(set) var endTime: Double
  /// Where the motion ends, points; inside the geometry's range.
  public private(set) var finalOffset: Double

  /// Lays out the motion of a release.
  /// - Parameters:
  ///   - offset: offset at release, points (may be overscrolled).
  ///   - velocity: offset velocity at release, points per second (0 for no fling).
  ///   - time: release time, seconds.
  ///   - geometry: the scroll view, points.
  ///   - profile: the physics constants.
  ///   - screenScale: pixels per point, > 0 (for the stop thresholds).
  /// - Complexity: O(1): at most a few segments; the spring settle time is found by bisection.
  public init(
    releaseAt offset: Double, velocity: Double, time: Double, geometry: ScrollGeometry,
    profile: PhysicsProfile, screenScale: Double
  ) {
    let stopVelocity = profile.stopVelocityPixels / screenScale
    let stopDistance = profile.stopDistancePixels / screenScale
    let maxOffset = geometry.maxOffset
    var t = time
    var s = offset
    var v = velocity
    endTime = time
    finalOffset = geometry.clamp(offset)
    var arrivedAtEdge = false
    for _ in 0..<8 {
      let edge = geometry.clamp(s)
      if s == edge && !arrivedAtEdge {
        // In range: momentum, possibly into an edge.
        if Swift.abs(v) <= stopVelocity {
          finalOffset = s
          return
        }
        let momentum = Deceleration(offset: s, velocity: v, rate: profile.decelerationRate)
        let duration = momentum.duration(untilSpeed: stopVelocity)
        let stopOffset = momentum.offset(at: duration)
        let target = v > 0 ? maxOffset : 0
        let passes = v > 0 ? stopOffset > target : stopOffset < target
        if passes, let crossing = momentum.time(toReach: target) {
          append(.momentum(momentum), at: t, length: crossing)
          let incoming = momentum.velocity(atOffset: target)
          t += crossing
          s = target
          v = incoming
          arrivedAtEdge = true
          continue
        } else {
          append(.momentum(momentum), at: t, length: duration)
          endTime = t + duration
          finalOffset = geometry.clamp(stopOffset)
          return
        }
      }
      // Overscrolled (or arriving at an edge with outward velocity): spring back to the edge.
      arrivedAtEdge = false
      let springEdge = edge
      let capped = Swift.min(Swift.max(v, -profile.maximumBounceVelocity), profile.maximumBounceVelocity)
      let spring = CriticallyDampedSpring(
        displacement: s - springEdge, velocity: capped, stiffness: profile.springStiffness,
        mass: profile.springMass)
      if maxOffset > 0, let crossing = spring.zeroCrossingTime {
        append(.bounce(spring, edge: springEdge), at: t, length: crossing)
        t += crossing
        s = springEdge
        v = spring.velocity(at: crossing)
        continue
      }
      let settle = spring.settleTime(positionTolerance: stopDistance, velocityTolerance: stopVelocity)
      append(.bounce(spring, edge: springEdge), at: t, length: settle)
      endTime = t + settle
      finalOffset = springEdge
      return
    }
    endTime = t
    finalOffset = geometry.clamp(s)
  }

  private mutating func append(_ segment: Segment, at start: Double, length: Double) {
    guard length > 0 else { return }
    segments.append(segment)
    startTimes.append(start)
    endTime = start + length
  }

  /// The state at absolute time `time` (seconds): the segment containing it, evaluated in closed
  /// form; idle at ``finalOffset`` from ``endTime`` on.
  /// - Complexity: O(segments) (at most a few), no allocation.
  public func state(at time: Double) -> ScrollState {
    if time >= endTime || segments.isEmpty {
      return ScrollState(offset: finalOffset, velocity: 0, phase: .idle)
    }
    var index = 0
    while index + 1 < segments.count && time >= startTimes[index + 1] { index += 1 }
    let local = Swift.max(0, time - startTimes[index])
    switch segments[index] {
    case .momentum(let momentum):
      return ScrollState(
        offset: momentum.offset(at: local), velocity: momentum.velocity(at: local),
        phase: .decelerating)
    case .bounce(let spring, let edge):
      return ScrollState(
        offset: edge + spring.displacement(at: local), velocity: spring.velocity(at: local),
        phase: .bouncing)
    }
  }
}
