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

  /// A note describing the first frame where the generated five presets
  /// (``EffectCases/GeneratedPresets``) differ from the engine's group in any bit or event, or
  /// nil when all agree: the workload's samples, then the whole-frame cases' physics frames.
  static func generatedMismatch() -> String? {
    var engine = EffectCases.GroupedPresets()
    var generated = EffectCases.GeneratedPresets()
    var frames = Workload.samples
    if let frame = EffectCases.Frame(EffectCases.PhysicsOnly()) { frames += frame.samples(256) }
    for (index, sample) in frames.enumerated() {
      _ = engine.evaluate(sample)
      _ = generated.evaluate(sample)
      if engine.values.map(\.bitPattern) != generated.values.map(\.bitPattern)
        || engine.events != generated.events
      {
        return "generated presets (FivePresetsEffect.swift) differ from the engine at frame "
          + "\(index) (\(generated.values) vs \(engine.values)): regenerate the file "
          + "(scrollsim export swift all --type FivePresetsEffect); ratios not comparable"
      }
    }
    return engine1000Mismatch()
  }

  /// The same for the generated 1,000 outputs (``EngineCases/Generated1000``) against
  /// `engine/outputs-1000`'s compiled spec, over the workload's samples.
  static func engine1000Mismatch() -> String? {
    guard var engine = try? CompiledEffect(EngineCases.spec(outputs: 1000)) else {
      return "the 1,000-output spec does not compile"
    }
    var generated = Engine1000Effect()
    var (values, a, b) = ([Double](), [EffectEvent](), [EffectEvent]())
    for (index, sample) in Workload.samples.enumerated() {
      a.removeAll()
      b.removeAll()
      engine.evaluate(sample, into: &values, events: &a)
      generated.evaluate(sample, events: &b)
      if values.map(\.bitPattern) != generated.values.array.map(\.bitPattern) || a != b {
        return "generated 1,000 outputs (Engine1000Effect.swift) differ from the engine at "
          + "sample \(index): regenerate the file (SCROLLSIM_RECORD=all swift test --filter "
          + "SwiftSourceTests); ratios not comparable"
      }
    }
    return nil
  }
}
