/// Where a fling may come to rest: anywhere, on page boundaries, or on item offsets.
///
/// The target is chosen at release from the projected rest point of the profile's fling curve and
/// the release velocity: a fling (|v| ≥ the profile's minimum fling velocity) moves at least one
/// page or item in its direction and, for paging, at most one page (UIKit `isPagingEnabled`);
/// a slow release settles on the page or item nearest to the projected rest point. The motion
/// then lands exactly on the target (``ScrollMotion``). Sources: physics.md item 8; UIKit
/// `isPagingEnabled`; SwiftUI `scrollTargetBehavior(.paging)` and `.viewAligned`.
public enum ScrollTargetBehavior: Sendable, Equatable, Hashable {
  /// Free momentum.
  case none
  /// Page-sized targets: multiples of the viewport height (UIKit pages by the bounds size).
  case paging
  /// Item-aligned targets: the given offsets (points, sorted ascending, finite); the range's
  /// ends are always allowed as well.
  case viewAligned([Double])
  /// Item-aligned targets, at most one per interaction: a fling moves to the next target in its
  /// direction, a slow release settles on the nearest of the target it is on and its two
  /// neighbours (SwiftUI `.viewAligned(limitBehavior: .alwaysByOne)`). With the leading edges
  /// of groups of items as the offsets, this is leading-edge group paging (a carousel that
  /// pages by groups narrower than the viewport). Offsets as ``viewAligned(_:)``'s.
  case viewAlignedByOne([Double])

  /// Checks item offsets.
  /// - Throws: ``PhysicsError/invalidParameter(name:value:expected:)`` for a non-finite,
  ///   out-of-bounds or unsorted offset.
  public func validate() throws(PhysicsError) {
    let offsets: [Double]
    switch self {
    case .none, .paging: return
    case .viewAligned(let items), .viewAlignedByOne(let items): offsets = items
    }
    var previous = -Double.infinity
    for offset in offsets {
      guard offset.isFinite, Swift.abs(offset) <= PhysicsError.maximumMagnitude, offset >= previous
      else {
        throw .invalidParameter(
          name: "itemOffsets", value: offset, expected: "finite offsets in ascending order")
      }
      previous = offset
    }
  }

  /// The rest target for a release, points in `0 ... geometry.maxOffset`, or nil for ``none``.
  /// - Parameters:
  ///   - offset: offset at release, points.
  ///   - velocity: release velocity, points per second.
  ///   - projectedRest: where free momentum would stop, points.
  ///   - flingThreshold: the profile's minimum fling velocity, points per second.
  ///   - geometry: the scroll view.
  /// - Complexity: O(item count); called once per release, never per frame.
  public func target(
    offset: Double, velocity: Double, projectedRest: Double, flingThreshold: Double,
    geometry: ScrollGeometry
  ) -> Double? {
    let isFling = Swift.abs(velocity) >= Swift.max(flingThreshold, 1e-9)
    switch self {
    case .none:
      return nil
    case .paging:
      let page = geometry.viewportHeight
      let position = offset / page
      var lower = position.rounded(.down)
      var upper = position.rounded(.up)
      if lower == upper {
        lower -= 1
        upper += 1
      }
      var index: Double
      if isFling {
        index = velocity > 0 ? upper : lower
      } else {
        index = Swift.min(Swift.max((projectedRest / page).rounded(), lower), upper)
      }
      index = Swift.max(index, 0)
      return geometry.clamp(index * page)
    case .viewAligned(let offsets):
      var best = geometry.clamp(projectedRest)
      var bestDistance = Double.infinity
      var ahead: Double?
      for candidate in [0, geometry.maxOffset] + offsets {
        let clamped = geometry.clamp(candidate)
        let distance = Swift.abs(clamped - projectedRest)
        if distance < bestDistance {
          best = clamped
          bestDistance = distance
        }
        let inDirection = velocity > 0 ? clamped > offset : clamped < offset
        if inDirection, ahead.map({ Swift.abs($0 - offset) > Swift.abs(clamped - offset) }) ?? true
        {
          ahead = clamped
        }
      }
      if isFling, let ahead {
        let behind = velocity > 0 ? best <= offset : best >= offset
        if behind { return ahead }
      }
      return best
    case .viewAlignedByOne(let offsets):
      var lower = -Double.infinity
      var upper = Double.infinity
      var on: Double?
      for candidate in [0, geometry.maxOffset] + offsets {
        let c = geometry.clamp(candidate)
        if c == offset {
          on = c
        } else if c < offset {
          lower = Swift.max(lower, c)
        } else {
          upper = Swift.min(upper, c)
        }
      }
      if isFling {
        let next = velocity > 0 ? upper : lower
        return next.isFinite ? next : (on ?? geometry.clamp(offset))
      }
      var best = on ?? geometry.clamp(offset)
      var bestDistance = on.map { Swift.abs($0 - projectedRest) } ?? .infinity
      for c in [lower, upper] where c.isFinite && Swift.abs(c - projectedRest) < bestDistance {
        best = c
        bestDistance = Swift.abs(c - projectedRest)
      }
      return best
    }
  }
}
