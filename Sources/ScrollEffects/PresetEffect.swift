/// One of the seed presets with its parameters, ready to evaluate every frame.
public struct PresetEffect: Sendable {
  /// Which preset.
  public let preset: EffectPreset
  /// The outputs, in the order `evaluate` writes them.
  public let outputs: [EffectOutput]

  /// The preset with the articles' numbers as defaults.
  public init(_ preset: EffectPreset) {
    self.preset = preset
    self.outputs = []
  }

  /// Computes this frame's outputs from `sample` into `values` (which has `outputs.count`
  /// elements) and appends any threshold crossings to `events`.
  public mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
  }
}
