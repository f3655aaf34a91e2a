import ScrollSimCore

extension SplitMix64 {
  /// The next value in [0, 1): the top 53 bits of ``next()``.
  package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// A value in `range`, from ``unit()``.
  package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }
}
