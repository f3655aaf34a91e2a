import ScrollEffects

/// The effect a command runs, from `--effect NAME[,NAME…]` (presets, or `all`) or
/// `--effects FILE[,FILE…]` (spec files or preset names). Several effects run together as one
/// group (``EffectSpec/group(_:name:)``): one pass per frame, outputs named `effect/output`,
/// each output exactly what its effect gives alone.
enum EffectSelection {
  /// The compiled effect for the two options' texts (nil: not given); neither: apple-music.
  /// - Throws: a usage error for both options, an unknown preset name or an empty item, or
  ///   two effects with the same name; the file errors of ``CheckCommand/load(_:)``.
  static func compile(presets: String?, files: String?) throws(CommandError) -> CompiledEffect {
    if presets != nil && files != nil {
      throw .usage("--effect and --effects exclude each other: give presets or spec files")
    }
    let effects: [CompiledEffect]
    if let files {
      var loaded: [CompiledEffect] = []
      for item in try items(files, option: "effects", expected: "spec files or preset names") {
        loaded.append(try CheckCommand.load(item))
      }
      effects = loaded
    } else {
      let text = presets ?? EffectPreset.appleMusic.rawValue
      let names = EffectPreset.allCases.map(\.rawValue).joined(separator: ", ")
      let expected = "\(names) or all (comma-separated)"
      var chosen: [EffectPreset] = []
      for item in try items(text, option: "effect", expected: expected) {
        if item == "all" {
          chosen += EffectPreset.allCases
        } else if let preset = EffectPreset(rawValue: item) {
          chosen.append(preset)
        } else {
          throw .usage("--effect \(text): expected \(expected)")
        }
      }
      effects = chosen.map { PresetEffect($0).compiled }
    }
    guard effects.count > 1 else { return effects[0] }
    do {
      return try CompiledEffect(EffectSpec.group(effects.map(\.spec)))
    } catch {
      let option = files == nil ? "--effect" : "--effects"
      throw .usage("\(option) \(files ?? presets ?? ""): \(error.message)")
    }
  }

  /// The comma-separated items of `text`, none empty.
  private static func items(_ text: String, option: String, expected: String)
    throws(CommandError) -> [String]
  {
    let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard !items.contains(where: \.isEmpty) else {
      throw .usage("--\(option) \(text): expected \(expected)")
    }
    return items
  }
}
