/// One compiled keyframe stop of one scalar component.
struct KeyframeStop: Sendable, Equatable {
  /// Progress of the stop.
  var at: Double
  /// The component's value there.
  var value: Double
  /// Easing of the segment from here to the next stop.
  var easing: Easing
}

extension KeyframeStop {
  /// The value of the piecewise mapping `stops[range]` at progress `p`.
  ///
  /// With `clamp`, `p` is first clamped to the first and last stops' `at`. Then the segment
  /// holding `p` (the last stop at or below it; the first or last segment outside) is
  /// evaluated: linear segments as `v + slope · (p − a)` anchored at the segment stop nearer
  /// progress 0, so values at rest are exact; eased segments as `v₀ + (v₁ − v₀) · ease(t)`
  /// with `t = (p − a₀) / (a₁ − a₀)` (CSS keyframe interpolation). A zero-length segment (two
  /// stops at the same progress) is a jump: the later value applies from that progress on.
  /// - Complexity: O(stops in the mapping), no allocation.
  @inline(__always)
  static func evaluate(
    _ stops: [KeyframeStop], from lo: Int, count: Int, at progress: Double, clamp: Bool
  ) -> Double {
    let hi = lo + count - 1
    if count == 1 { return stops[lo].value }
    var p = progress
    if clamp { p = Swift.min(Swift.max(p, stops[lo].at), stops[hi].at) }
    var i = lo
    while i + 1 < hi && stops[i + 1].at <= p { i += 1 }
    let a = stops[i]
    let b = stops[i + 1]
    let length = b.at - a.at
    if length == 0 { return p < a.at ? a.value : b.value }
    // A flat segment is flat everywhere, also at an infinite unclamped progress (0 · ∞).
    if a.value == b.value { return a.value }
    if a.easing == .linear {
      let slope = (b.value - a.value) / length
      return Swift.abs(a.at) <= Swift.abs(b.at)
        ? a.value + slope * (p - a.at) : b.value + slope * (p - b.at)
    }
    return a.value + (b.value - a.value) * a.easing((p - a.at) / length)
  }
}
