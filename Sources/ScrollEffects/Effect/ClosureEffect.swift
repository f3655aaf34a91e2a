/// An effect written as a closure, for quick tests: declare the outputs, compute them from the
/// sample.
///
/// ```swift
/// let fade = ClosureEffect(
///   name: "fade", outputs: [EffectOutput(name: "opacity", range: 0...1, unit: .fraction)]
/// ) { sample, frame in
///   frame[0] = min(max(sample.offset / 100, 0), 1)
/// }
/// ```
///
/// The closure must be a function of the sample alone (it is `@Sendable` and holds no state of
/// its own): every output is checked for `lag` against a fresh evaluation. An effect with
/// history (smoothing, hysteresis) is a `struct` conforming to ``ScrollEffect`` instead.
public struct ClosureEffect: ScrollEffect {
  /// The name in reports.
  public let name: String
  /// The outputs, in value order.
  public let outputs: [EffectOutput]
  /// The computation.
  let body: @Sendable (ScrollSample, inout EffectFrame) throws -> Void

  /// An effect named `name` with `outputs`, computed by `body` every frame.
  /// - Parameters:
  ///   - name: the name in reports.
  ///   - outputs: the outputs, names unique.
  ///   - body: writes this frame's values (by index or name) from the sample; may throw, which
  ///     stops the run with the error and the frame.
  public init(
    name: String = "closure", outputs: [EffectOutput],
    _ body: @escaping @Sendable (ScrollSample, inout EffectFrame) throws -> Void
  ) {
    self.name = name
    self.outputs = outputs
    self.body = body
  }

  /// Runs the closure.
  /// - Throws: what the closure throws.
  public func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) throws {
    try body(sample, &frame)
  }
}
