/// A type `scrollsim export swift` writes (``CompiledEffect/swiftSource(typeName:)``): an effect
/// spec in straight-line Swift with the engine's bits. The generated file holds the per-frame
/// code (``evaluate(_:events:)``, ``copyValues(into:)``, `reset()`) and the spec; this protocol
/// gives the rest of ``ScrollEffect`` from the spec, once for every generated type.
///
/// To have the build write the type, name the spec `NAME.effect.json`, put it in your target
/// and add ScrollSim's build-tool plugin to the target,
/// `plugins: [.plugin(name: "ScrollSimExport", package: "ScrollSim")]`: each build exports it
/// again when the spec or ScrollSim changes (`docs/swift-export.md` in the repository).
public protocol GeneratedEffect: ScrollEffect {
  /// The spec the type was generated from, compiled (parsed once from the text the file
  /// embeds): the outputs, their history flags and the expected violations come from it.
  static var compiled: CompiledEffect { get }
  /// A fresh effect, as a fresh compile of the spec.
  init()
  /// This frame's outputs into the type's named values and the flags' crossings appended to
  /// `events`, as ``CompiledEffect/evaluate(_:into:events:)`` computes them.
  mutating func evaluate(_ sample: ScrollSample, events: inout [EffectEvent])
  /// Writes the last frame's outputs to `buffer` in the order of ``ScrollEffect/outputs``.
  /// - Precondition: `buffer.count` is the number of outputs.
  func copyValues(into buffer: UnsafeMutableBufferPointer<Double>)
}

extension GeneratedEffect {
  /// The spec's name.
  public var name: String { Self.compiled.name }
  /// The spec's outputs.
  public var outputs: [EffectOutput] { Self.compiled.outputs }
  /// Per output, whether it remembers earlier frames (``CompiledEffect/remembersHistory``).
  public var remembersHistory: [Bool] { Self.compiled.remembersHistory }
  /// The spec's declared exceptions.
  public var expectedViolations: [ExpectedViolation] { Self.compiled.expectedViolations }

  /// This frame's outputs into `values` (resized to the number of outputs if it has another
  /// size) and the flags' crossings appended to `events`, as
  /// ``CompiledEffect/evaluate(_:into:events:)``.
  @inlinable
  public mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
    evaluate(sample, events: &events)
    let count = Self.compiled.outputs.count
    if values.count != count { values = Array(repeating: 0, count: count) }
    values.withUnsafeMutableBufferPointer { copyValues(into: $0) }
  }

  /// This frame's outputs into `frame` (see ``evaluate(_:into:events:)``).
  @inlinable
  public mutating func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
    evaluate(sample, into: &frame.values, events: &frame.events)
  }
}
