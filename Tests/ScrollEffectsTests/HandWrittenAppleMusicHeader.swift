@testable import ScrollEffects

/// ``AppleMusicHeader`` written by hand from the article's maths, as it was before the effect engine: the
/// oracle the compiled preset is tested against (bit for bit).
struct HandWrittenAppleMusicHeader {
  let parameters: AppleMusicHeader.Parameters
  /// The pinned-title flag.
  var pinned: ThresholdTrigger
  /// The last non-NaN offset, points.
  var lastOffset = 0.0

  init(_ preset: AppleMusicHeader) {
    let parameters = preset.parameters
    self.parameters = parameters
    self.pinned = ThresholdTrigger(
      threshold: parameters.pinThreshold, hysteresis: parameters.hysteresis)
  }

  /// Computes this frame's outputs from `sample` into `values` and appends a `titlePinned`
  /// crossing (`enter` / `leaveBack`) to `events` when one happens.
  /// - Parameters:
  ///   - sample: this frame; a NaN offset is replaced by the last non-NaN one (0 before any).
  ///   - values: at least 5 elements; indices 0…4 are overwritten.
  ///   - events: appended to only on a crossing.
  /// - Complexity: O(outputs), no allocation.
  mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
    let p = parameters
    let s = readOffset(sample, previous: &lastOffset)
    let h = p.headerHeight
    values[AppleMusicHeader.overlayOpacityIndex] = clamp(s / h, 0, 1)
    values[AppleMusicHeader.imageOffsetYIndex] =
      s >= 0 ? p.parallaxFactor * clamp(s, 0, h) : Swift.max(s, -p.maxStretch)
    values[AppleMusicHeader.imageHeightIndex] = h + Swift.min(Swift.max(-s, 0), p.maxStretch)
    if let kind = pinned.update(s) {
      events.append(EffectEvent(output: AppleMusicHeader.titlePinnedIndex, kind: kind))
    }
    values[AppleMusicHeader.navBarOpacityIndex] =
      p.fadeDistance > 0 ? clamp((s - p.pinThreshold) / p.fadeDistance, 0, 1) : pinned.value
    values[AppleMusicHeader.titlePinnedIndex] = pinned.value
  }

  /// Forgets the history: the pinned flag re-primes silently on the next frame.
  mutating func reset() {
    pinned.reset()
    lastOffset = 0
  }
}
