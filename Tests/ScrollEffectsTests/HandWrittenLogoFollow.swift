@testable import ScrollEffects

/// ``LogoFollow`` written by hand from the article's maths, as it was before the effect engine: the
/// oracle the compiled preset is tested against (bit for bit).
struct HandWrittenLogoFollow {
  let parameters: LogoFollow.Parameters
  /// The smoothing of `logo.lift`.
  var smoother: OutputSmoother
  /// The last non-NaN offset, points.
  var lastOffset = 0.0

  init(_ preset: LogoFollow) {
    let parameters = preset.parameters
    self.parameters = parameters
    self.smoother = OutputSmoother(timeConstant: parameters.smoothingTimeConstant)
  }

  /// Computes this frame's lift from `sample` into `values`. Emits no events.
  /// - Parameters:
  ///   - sample: this frame; a NaN offset is replaced by the last non-NaN one (0 before any);
  ///     `sample.time` drives the smoothing.
  ///   - values: at least 1 element; index 0 is overwritten.
  ///   - events: untouched.
  /// - Complexity: O(outputs), no allocation.
  mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
    let p = parameters
    let s = readOffset(sample, previous: &lastOffset)
    let target = clamp(s - p.start, 0, p.maxLift)
    values[LogoFollow.liftIndex] = smoother.update(
      target: target, time: sample.time, range: 0...p.maxLift)
  }

  /// Forgets the history: the next frame is not animated.
  mutating func reset() {
    smoother.reset()
    lastOffset = 0
  }
}
