@testable import ScrollEffects

/// ``AppleTVNavigationBar`` written by hand from the article's maths, as it was before the effect engine: the
/// oracle the compiled preset is tested against (bit for bit).
struct HandWrittenAppleTVNavigationBar {
  let parameters: AppleTVNavigationBar.Parameters
  /// The title-visible flag, on `s / T`; its threshold is the next double above
  /// `titleThreshold` so that "≥" in the trigger means the article's "> 0.3".
  var titleVisible: ThresholdTrigger
  /// The last non-NaN offset, points.
  var lastOffset = 0.0
  /// The background range, cached.
  let backgroundRange: ClosedRange<Double>
  /// The tint range, cached.
  let tintRange: ClosedRange<Double>

  init(_ preset: AppleTVNavigationBar) {
    let parameters = preset.parameters
    self.parameters = parameters
    self.titleVisible = ThresholdTrigger(
      threshold: parameters.titleThreshold.nextUp,
      hysteresis: parameters.titleHysteresis / parameters.transitionDistance)
    let outputs = AppleTVNavigationBar.outputs(parameters)
    self.backgroundRange = outputs[AppleTVNavigationBar.backgroundOpacityIndex].range
    self.tintRange = outputs[AppleTVNavigationBar.tintIndex].range
  }

  /// Computes this frame's outputs from `sample` into `values` and appends a
  /// `navBar.titleVisible` crossing (`enter` / `leaveBack`) to `events` when one happens.
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
    let progress = clamp(s / p.transitionDistance, 0, 1)
    values[AppleTVNavigationBar.progressIndex] = progress
    values[AppleTVNavigationBar.backgroundOpacityIndex] = clamp(
      p.backgroundOpacityStart + (p.backgroundOpacityEnd - p.backgroundOpacityStart) * progress,
      to: backgroundRange)
    values[AppleTVNavigationBar.tintIndex] = clamp(
      p.tintStart + (p.tintEnd - p.tintStart) * progress, to: tintRange)
    values[AppleTVNavigationBar.titleOpacityIndex] =
      progress > p.titleThreshold
      ? clamp(p.titleOpacitySlope * progress - p.titleOpacityIntercept, 0, 1) : 0
    // The unclamped ratio: equal to `progress` inside [0, 1], so the flag is `progress > 0.3`,
    // and below 0 on pull-down, so any hysteresis can be undone.
    if let kind = titleVisible.update(s / p.transitionDistance) {
      events.append(EffectEvent(output: AppleTVNavigationBar.titleVisibleIndex, kind: kind))
    }
    values[AppleTVNavigationBar.titleVisibleIndex] = titleVisible.value
  }

  /// Forgets the history: the title-visible flag re-primes silently on the next frame.
  mutating func reset() {
    titleVisible.reset()
    lastOffset = 0
  }
}
