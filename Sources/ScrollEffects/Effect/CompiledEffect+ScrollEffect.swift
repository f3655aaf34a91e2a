extension CompiledEffect: ScrollEffect {
  /// The spec's declared exceptions (its `"expect"` array, ``EffectSpec/expect``).
  public var expectedViolations: [ExpectedViolation] { spec.expect }

  /// Computes this frame's outputs into `frame` (see ``evaluate(_:into:events:)``).
  /// - Throws: ``/ScrollSimCore/InputError`` as ``validateAxes(hasHorizontal:)`` when the
  ///   effect reads the horizontal axis and `sample` has none, and as
  ///   ``validateViews(count:)`` when a timeline names a scroll view `sample` lacks.
  public mutating func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame)
    throws(InputError)
  {
    if sample.horizontal == nil && readsHorizontalAxis {
      try validateAxes(hasHorizontal: false)
    }
    if requiredViewCount > 0 && (sample.views?.count ?? 0) < requiredViewCount {
      try validateViews(count: sample.views?.count ?? 0)
    }
    evaluate(sample, into: &frame.values, events: &frame.events)
  }
}
