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

  /// A note describing the first frame where a generated benchmark effect differs from the
  /// engine's compile of the benchmark's own spec in any bit or event, or nil when all agree:
  /// the five presets (``EffectCases/GeneratedPresets``) over the workload's samples and the
  /// whole-frame cases' physics frames, then the 1,000 outputs (``EngineCases/Generated1000``)
  /// over the workload's samples.
  static func generatedMismatch() -> String? {
    var frames = Workload.samples
    if let frame = EffectCases.Frame(EffectCases.PhysicsOnly()) { frames += frame.samples(256) }
    return mismatch(
      FivePresetsEffect.self, engine: EffectCases.GroupedPresets().effect, over: frames,
      regenerate: "scrollsim export swift all --type FivePresetsEffect")
      ?? mismatch(
        Engine1000Effect.self, engine: try? CompiledEffect(.scaling(outputs: 1000)),
        over: Workload.samples,
        regenerate: "SCROLLSIM_RECORD=all swift test --filter SwiftSourceTests")
  }

  /// The first sample of `samples` where a fresh `Generated` and `engine` differ, as a note.
  private static func mismatch<Generated: GeneratedEffect>(
    _: Generated.Type, engine: CompiledEffect?, over samples: [ScrollSample], regenerate: String
  ) -> String? {
    let file = "\(Generated.self).swift"
    guard var engine else { return "the spec of \(file) does not compile" }
    var generated = Generated()
    var (a, b, va, vb) = ([EffectEvent](), [EffectEvent](), [Double](), [Double]())
    for (index, sample) in samples.enumerated() {
      a.removeAll()
      b.removeAll()
      engine.evaluate(sample, into: &va, events: &a)
      generated.evaluate(sample, into: &vb, events: &b)
      if va.map(\.bitPattern) != vb.map(\.bitPattern) || a != b {
        return "generated \(file) differs from the engine at frame \(index) (\(vb) vs \(va)): "
          + "regenerate it (\(regenerate)); ratios not comparable"
      }
    }
    return nil
  }
}
