extension CompiledEffect: ScrollEffect {
  /// The spec's declared exceptions (its `"expect"` array, ``EffectSpec/expect``).
  public var expectedViolations: [ExpectedViolation] { spec.expect }

  /// Computes this frame's outputs into `frame` (see ``evaluate(_:into:events:)``).
  public mutating func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
    evaluate(sample, into: &frame.values, events: &frame.events)
  }
}
