/// `clamp(x, lo, hi) = min(max(x, lo), hi)` (effects.md, Conventions). `x` must not be NaN;
/// ±∞ saturate to the nearer bound.
@inline(__always)
func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double {
  Swift.min(Swift.max(x, lo), hi)
}

/// `x` clamped into `range`.
@inline(__always)
func clamp(_ x: Double, to range: ClosedRange<Double>) -> Double {
  Swift.min(Swift.max(x, range.lowerBound), range.upperBound)
}

/// The offset an effect reads from `sample`: the sample's offset, or `previous` when that is NaN.
///
/// Every preset applies this rule: a NaN offset is replaced by the last non-NaN offset the effect
/// saw (0, rest at the top, before any), so a NaN never reaches an output and stateless outputs
/// keep their previous values. ±∞ are kept: every formula saturates them at its range's bounds.
@inline(__always)
func readOffset(_ sample: ScrollSample, previous: inout Double) -> Double {
  let s = sample.offset
  if s.isNaN { return previous }
  previous = s
  return s
}
