import Foundation
import ScrollEffects
import ScrollSimCore

/// The effect a command runs, from `--effect NAME[,NAME…]` (presets, or `all`) or
/// `--effects FILE[,FILE…]` (spec files, preset names or `all`); both options may also be
/// repeated. Several effects run together as one group (``EffectSpec/group(_:name:)``): one
/// pass per frame, outputs named `effect/output`, each output exactly what its effect gives
/// alone. A single effect keeps its output names unprefixed.
enum EffectSelection {
  /// The compiled effect for the values given to `--effect` and `--effects` (in order;
  /// neither: apple-music).
  /// - Throws: a usage error for both options, an unknown preset name or an empty item
  ///   (naming the item), or the same preset or file twice; the input error of a spec file
  ///   named like an earlier effect (at its `"name"`); the file errors of
  ///   ``CheckCommand/load(_:)``.
  /// - Parameter filesLabel: how errors name the files' source (`--effects`, or `check` for
  ///   its positional argument).
  static func compile(presets: [String], files: [String], filesLabel: String = "--effects")
    throws(CommandError) -> CompiledEffect
  {
    if !presets.isEmpty && !files.isEmpty {
      throw .usage(
        "--effect and --effects exclude each other: use one (--effects also takes preset names)")
    }
    var effects: [CompiledEffect] = []
    // Per effect, the spec file it was read from (nil for a preset).
    var sources: [CheckCommand.SpecSource?] = []
    if !files.isEmpty {
      for text in files {
        for item in try items(text, label: filesLabel, asFile: true) {
          if item == "all" {
            effects += allPresets
            sources += allPresets.map { _ in nil }
          } else {
            let (effect, source) = try CheckCommand.load(item)
            effects.append(effect)
            sources.append(source)
          }
        }
      }
      try refuseNameClash(effects, sources: sources)
    } else {
      let names = EffectPreset.allCases.map(\.rawValue).joined(separator: ", ")
      for text in presets.isEmpty ? [EffectPreset.appleMusic.rawValue] : presets {
        for item in try items(text, label: "--effect", asFile: false) {
          if item == "all" {
            effects += allPresets
          } else if let preset = EffectPreset(rawValue: item) {
            effects.append(CompiledPreset(preset).compiled)
          } else {
            throw .usage(
              "--effect \(text): '\(item)' is not a preset: expected \(names) or all "
                + "(comma-separated)"
                + (item.hasSuffix(".json")
                  ? "; a spec file goes to --effects (--effects \(item))"
                  : Suggestion.didYouMean(item, among: EffectPreset.allCases.map(\.rawValue))))
          }
        }
      }
    }
    guard effects.count > 1 else { return effects[0] }
    do {
      return try CompiledEffect(EffectSpec.group(effects.map(\.spec)))
    } catch {
      let option = files.isEmpty ? "--effect" : filesLabel
      throw .usage(
        "\(option) \((files.isEmpty ? presets : files).joined(separator: ",")): "
          + error.description)
    }
  }

  /// Refuses two effects of one name from two sources (their outputs would collide) as a spec
  /// file's error at its `"name"` (exit 65): the later one's, or the earlier one's when the
  /// later is a preset (a preset cannot be renamed). The same file or preset given twice is left
  /// to the group's own check, a usage error (64).
  private static func refuseNameClash(
    _ effects: [CompiledEffect], sources: [CheckCommand.SpecSource?]
  ) throws(CommandError) {
    var first: [String: Int] = [:]
    for (k, effect) in effects.enumerated() {
      guard let j = first[effect.name] else {
        first[effect.name] = k
        continue
      }
      let (earlier, later) = (sources[j], sources[k])
      if earlier?.identity == later?.identity { continue }
      let (blamed, other) = later.map { ($0, earlier) } ?? (earlier!, later)
      let problem = InputError(
        file: blamed.name, path: "$.name",
        message: "\"\(effect.name)\" is also the name of "
          + (other.map { "the spec \($0.name)" } ?? "the preset \(effect.name)")
          + " in this group (their outputs would collide): give each spec a distinct \"name\"")
      throw .input(CheckCommand.placed(problem, in: blamed.data))
    }
  }

  /// The five presets, in order (what `all` stands for).
  private static var allPresets: [CompiledEffect] {
    EffectPreset.seeds.map { CompiledPreset($0).compiled }
  }

  /// The comma-separated items of `text`, none empty. For `--effects`, a text that names an
  /// existing file is that one file even if it contains commas.
  private static func items(_ text: String, label: String, asFile: Bool) throws(CommandError)
    -> [String]
  {
    if asFile && FileManager.default.fileExists(atPath: text) { return [text] }
    let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    if let empty = items.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
      throw .usage("\(label) \(text): item \(empty + 1) is empty: expected a comma-separated list")
    }
    if let spaced = items.first(where: { $0 != $0.trimmingCharacters(in: .whitespaces) }) {
      throw .usage(
        "\(label) \(text): '\(spaced)' has a space: separate items with commas only")
    }
    return items
  }
}
