/// `clamp(x, lo, hi) = min(max(x, lo), hi)` (effects.md, Conventions). `x` must not be NaN;
/// ±∞ saturate to the nearer bound.
@inline(__always)
func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double {
  Swift.min(Swift.max(x, lo), hi)
}

/// `Swift.max(x, y)` for `x` and `y` that are not NaN, with the same bits (both return `y` when
/// the two are equal, so also for +0 and −0), written so that it compiles to one `maxsd` on
/// x86-64 (`Swift.max` must return a NaN `x`, which costs a compare and three mask operations).
/// The engine passes a progress that is never NaN and a spec's finite bound.
@inline(__always)
func maxNonNaN(_ x: Double, _ y: Double) -> Double {
  x > y ? x : y
}

/// A keyframe line's value at progress `x`: `anchorValue + slope · (x − anchorAt)`, the one
/// expression (operands and order) every line shape computes (the stops' per-frame form, the
/// affine and kinked shapes, the piece records and the folds' checks), so that all of them
/// give the same bits.
@inline(__always)
func lineValue(_ anchorValue: Double, _ slope: Double, at x: Double, from anchorAt: Double)
  -> Double
{
  anchorValue + slope * (x - anchorAt)
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
