@testable import ScrollEffects

/// ``CollapsibleHeader`` written by hand from the article's maths, as it was before the effect engine: the
/// oracle the compiled preset is tested against (bit for bit).
struct HandWrittenCollapsibleHeader {
  let parameters: CollapsibleHeader.Parameters
  /// The last non-NaN offset, points.
  var lastOffset = 0.0

  init(_ preset: CollapsibleHeader) {
    let parameters = preset.parameters
    self.parameters = parameters
  }

  /// Computes this frame's outputs from `sample` into `values`. Emits no events.
  /// - Parameters:
  ///   - sample: this frame; a NaN offset is replaced by the last non-NaN one (0 before any).
  ///   - values: at least 3 elements; indices 0…2 are overwritten.
  ///   - events: untouched.
  /// - Complexity: O(outputs), no allocation.
  mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
    let p = parameters
    let s = readOffset(sample, previous: &lastOffset)
    let fadeDistance = p.maxHeight + p.barTotal
    values[CollapsibleHeader.heightIndex] = Swift.min(
      Swift.max(p.maxHeight - s, p.barTotal), p.maxHeight + p.maxStretch)
    values[CollapsibleHeader.contentOpacityIndex] = clamp(1 - s / fadeDistance, 0, 1)
    values[CollapsibleHeader.barContentOpacityIndex] = clamp(s / fadeDistance, 0, 1)
  }

  /// Forgets the last offset.
  mutating func reset() {
    lastOffset = 0
  }
}
