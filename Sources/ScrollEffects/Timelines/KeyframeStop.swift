/// One compiled keyframe stop of one scalar component, with the segment that starts at it
/// prepared at compile time (``prepareSegments(_:from:count:)``).
struct KeyframeStop: Sendable, Equatable {
  /// Progress of the stop.
  var at: Double
  /// The component's value there.
  var value: Double
  /// Easing of the segment from here to the next stop.
  var easing: Easing
  /// How the segment from here to the next stop evaluates (the last stop's is unused).
  var kind = SegmentKind.flat
  /// Linear segments: `(next.value − value) / (next.at − at)`.
  var slope = 0.0
  /// Linear segments: the stop (this one or the next) nearer progress 0, whose `at` and
  /// `value` anchor `value + slope · (p − at)` so that values at rest are exact.
  var anchorAt = 0.0
  /// See ``anchorAt``.
  var anchorValue = 0.0

  /// The four shapes a segment can take, decided once from its two stops.
  enum SegmentKind: Sendable, Equatable {
    /// Two stops at the same progress: the later value applies from there on.
    case jump
    /// Equal values: flat everywhere (also at an infinite unclamped progress, no 0 · ∞).
    case flat
    /// Linear easing.
    case linear
    /// Any other easing.
    case eased
  }

  init(at: Double, value: Double, easing: Easing) {
    self.at = at
    self.value = value
    self.easing = easing
  }
}

extension KeyframeStop {
  /// Decides the shape of each segment of `stops[lo ..< lo + count]` and precomputes the linear
  /// ones' slope and anchor, exactly as ``evaluate(_:from:count:at:clamp:)`` used to per frame
  /// (same operations on the same operands, so the same bits).
  static func prepareSegments(_ stops: inout [KeyframeStop], from lo: Int, count: Int) {
    guard count >= 2 else { return }
    for i in lo..<(lo + count - 1) {
      let a = stops[i]
      let b = stops[i + 1]
      let length = b.at - a.at
      if length == 0 {
        stops[i].kind = .jump
      } else if a.value == b.value {
        stops[i].kind = .flat
      } else if case .linear = a.easing {
        stops[i].kind = .linear
        stops[i].slope = (b.value - a.value) / length
        let nearA = Swift.abs(a.at) <= Swift.abs(b.at)
        stops[i].anchorAt = nearA ? a.at : b.at
        stops[i].anchorValue = nearA ? a.value : b.value
      } else {
        stops[i].kind = .eased
      }
    }
  }

  /// The value of the piecewise mapping `stops[lo ..< lo + count]` at progress `p`.
  ///
  /// With `clamp`, `p` is first clamped to the first and last stops' `at`. Then the segment
  /// holding `p` (the last stop at or below it; the first or last segment outside) is
  /// evaluated: linear segments as `v + slope · (p − a)` anchored at the segment stop nearer
  /// progress 0, so values at rest are exact; eased segments as `v₀ + (v₁ − v₀) · ease(t)`
  /// with `t = (p − a₀) / (a₁ − a₀)` (CSS keyframe interpolation). A zero-length segment (two
  /// stops at the same progress) is a jump: the later value applies from that progress on.
  /// - Precondition: `count ≥ 1`, the range lies in `stops`, segments prepared.
  /// - Complexity: O(stops in the mapping), no allocation.
  @inline(__always)
  static func evaluate(
    _ stops: UnsafeBufferPointer<KeyframeStop>, from lo: Int, count: Int, at progress: Double,
    clamp: Bool
  ) -> Double {
    if count == 1 { return stops[lo].value }
    let hi = lo &+ count &- 1
    var p = progress
    if clamp { p = Swift.min(Swift.max(p, stops[lo].at), stops[hi].at) }
    var i = lo
    while i &+ 1 < hi && stops[i &+ 1].at <= p { i &+= 1 }
    let a = stops[i]
    switch a.kind {
    case .flat:
      return a.value
    case .linear:
      return a.anchorValue + a.slope * (p - a.anchorAt)
    case .jump:
      return p < a.at ? a.value : stops[i &+ 1].value
    case .eased:
      let b = stops[i &+ 1]
      return a.value + (b.value - a.value) * a.easing((p - a.at) / (b.at - a.at))
    }
  }
}
