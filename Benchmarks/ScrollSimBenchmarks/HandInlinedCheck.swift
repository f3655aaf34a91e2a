import ScrollEffects

/// Checks that the hand-inlined floor computes what the presets compute, so the ratio compares
/// equal work.
enum HandInlinedCheck {
  /// A note describing the first sample where they differ, or nil when all agree.
  static func mismatch() -> String? {
    var effects = EffectPreset.seeds.map(CompiledPreset.init)
    var floor = HandInlinedFrame()
    var events: [EffectEvent] = []
    for (index, sample) in Workload.samples.enumerated() {
      var presetValues: [Double] = []
      for effect in effects.indices {
        var values = Array(repeating: 0.0, count: effects[effect].outputs.count)
        effects[effect].evaluate(sample, into: &values, events: &events)
        presetValues += values
      }
      floor.evaluate(offset: sample.offset)
      let inlined = floor.array
      guard presetValues.count == inlined.count else {
        return
          "hand-inlined baseline has \(inlined.count) outputs, the presets \(presetValues.count): ratio not comparable"
      }
      if let output = presetValues.indices.first(where: {
        abs(presetValues[$0] - inlined[$0]) > 1e-9
      }) {
        return
          "hand-inlined baseline differs from the presets at sample \(index), output \(output) "
          + "(\(inlined[output]) vs \(presetValues[output])): ratio not comparable"
      }
    }
    return nil
  }
}
