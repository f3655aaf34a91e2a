import ScrollEffects

/// `scrollsim presets`: lists the effect presets and their outputs with ranges and units.
enum PresetsCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "presets",
    summary: "list the effect presets and their outputs",
    options: [],
    help: """
      usage: scrollsim presets

      Lists the effect presets (the five seeds of docs/effects.md, then Flutter's app
      bars) with every output, its
      declared range and its unit (points, fraction 0…1, flag 0/1), using the articles' numbers.

      \(HelpText.exitStatuses([.success, .usage]))
      """,
    run: run)

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(words, command: "presets", options: [], console: console)
    guard arguments.positionals.isEmpty else {
      throw .usage("'presets' takes no arguments")
    }
    for preset in EffectPreset.allCases {
      console.line(preset.rawValue)
      for output in CompiledPreset(preset).outputs {
        let range =
          "\(Number.text(output.range.lowerBound)) … \(Number.text(output.range.upperBound))"
        console.line(
          "  \(output.name.padding(toLength: 32, withPad: " ", startingAt: 0)) \(range) \(output.unit.rawValue)"
        )
      }
    }
    return .success
  }
}
