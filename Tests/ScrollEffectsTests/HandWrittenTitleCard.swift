@testable import ScrollEffects

/// ``TitleCard`` written by hand from the article's maths, as it was before the effect engine: the
/// oracle the compiled preset is tested against (bit for bit).
struct HandWrittenTitleCard {
  let parameters: TitleCard.Parameters
  /// The last non-NaN offset, points.
  var lastOffset = 0.0

  init(_ preset: TitleCard) {
    let parameters = preset.parameters
    self.parameters = parameters
  }

  /// Computes this frame's outputs from `sample` into `values`. Emits no events.
  /// - Parameters:
  ///   - sample: this frame; a NaN offset is replaced by the last non-NaN one (0 before any).
  ///   - values: at least 2 elements; indices 0…1 are overwritten.
  ///   - events: untouched.
  /// - Complexity: O(outputs), no allocation.
  mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
    let p = parameters
    let s = readOffset(sample, previous: &lastOffset)
    values[TitleCard.inlineTitleOpacityIndex] = clamp((s - p.titleY) / p.titleHeight, 0, 1)
    values[TitleCard.titleMinYIndex] =
      p.topInset + p.titleY - clamp(s, -p.maxStretch, p.maxTrackedOffset)
  }

  /// Forgets the last offset.
  mutating func reset() {
    lastOffset = 0
  }
}
