import ScrollSimCore

/// What a command's option table holds for one option, whatever its value type: its name, the
/// deprecated names still accepted, the value's placeholder and the help text. Parsing, `help`
/// and the test that help covers every option all read the same table.
package struct OptionInfo: Sendable, Equatable {
  /// The name without dashes (`hz` for `--hz`).
  package let name: String
  /// The placeholder of the value in help (`N`, `FILE`); `nil` for a flag.
  package let valueName: String?
  /// One paragraph for `help`, with units, the valid range and the default.
  package let help: String
  /// Older names still accepted, each with a one-line deprecation warning on standard error.
  package let aliases: [String]
  /// Whether the option may be given more than once (its values are collected in order);
  /// any other option given twice is a usage error.
  package let isRepeatable: Bool
  /// The values a shell may complete (the value type's ``ArgumentValue/suggestions``: `table`,
  /// `csv`, `json`); empty for free values and flags.
  package var choices: [String] = []

  /// Whether the option is a flag (takes no value).
  package var isFlag: Bool { valueName == nil }

  /// `--name VALUE` (or `--name` for a flag), as help shows it.
  package var synopsis: String { "--" + name + (valueName.map { " " + $0 } ?? "") }
}

/// An option that takes a value of type `Value`: declared once, with the check of its range, and
/// listed in the option table of every command that accepts it.
package struct Option<Value: ArgumentValue>: Sendable {
  /// The name, placeholder, help text and aliases.
  package private(set) var info: OptionInfo
  /// What a valid value is, for the usage error (`an integer in 1…1000`).
  package let expected: String
  /// The range check beyond the type's own parsing.
  let accepts: @Sendable (Value) -> Bool

  /// Declares `--name VALUE`.
  /// - Parameters:
  ///   - name: the name without dashes.
  ///   - valueName: the placeholder in help (`N`, `FILE`).
  ///   - expected: what a valid value is, for errors; default: the type's description.
  ///   - aliases: older names, still accepted with a deprecation warning.
  ///   - repeatable: whether the option may be given more than once.
  ///   - help: the help paragraph (units, range, default).
  ///   - accepts: the range check; default: any value the type parses.
  package init(
    _ name: String, _ valueName: String, expected: String = Value.expected,
    aliases: [String] = [], repeatable: Bool = false, help: String,
    where accepts: @escaping @Sendable (Value) -> Bool = { _ in true }
  ) {
    info = OptionInfo(
      name: name, valueName: valueName, help: help, aliases: aliases, isRepeatable: repeatable,
      choices: Value.suggestions)
    self.expected = expected
    self.accepts = accepts
  }

  /// The same option with another help paragraph (a command that describes it in its own
  /// terms), and optionally another placeholder (`FOLDER` for `FILE`).
  package func help(_ text: String, valueName: String? = nil) -> Option {
    var copy = self
    copy.info = OptionInfo(
      name: info.name, valueName: valueName ?? info.valueName, help: text, aliases: info.aliases,
      isRepeatable: info.isRepeatable, choices: info.choices)
    return copy
  }

  /// The same option also accepted under `names`, its older names in some command (each use
  /// prints a one-line deprecation warning).
  package func deprecatedNames(_ names: [String]) -> Option {
    var copy = self
    copy.info = OptionInfo(
      name: info.name, valueName: info.valueName, help: info.help, aliases: names,
      isRepeatable: info.isRepeatable, choices: info.choices)
    return copy
  }

  /// The same value type and range under another name (no aliases), with its own help.
  package func renamed(_ name: String, help text: String) -> Option {
    var copy = self
    copy.info = OptionInfo(
      name: name, valueName: info.valueName, help: text, aliases: [],
      isRepeatable: info.isRepeatable, choices: info.choices)
    return copy
  }

  /// `value` parsed and checked, or nil.
  package func parse(_ text: String) -> Value? {
    Value(argument: text).flatMap { accepts($0) ? $0 : nil }
  }

  /// The usage error for `text`: the option, the value, what is valid and, for a near miss,
  /// "did you mean".
  package func invalid(_ text: String, expected: String? = nil) -> CommandError {
    .usage(
      "--\(info.name) \(text): expected \(expected ?? self.expected)"
        + Suggestion.didYouMean(text, among: Value.suggestions))
  }
}

/// A flag (`--name`, no value), declared once like ``Option``.
package struct Flag: Sendable {
  /// The name, help text and aliases.
  package let info: OptionInfo

  /// Declares `--name`.
  package init(_ name: String, aliases: [String] = [], help: String) {
    info = OptionInfo(name: name, valueName: nil, help: help, aliases: aliases, isRepeatable: true)
  }
}
