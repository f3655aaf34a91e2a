import ScrollSimCore

/// The words after a subcommand, split by the command's option table into positionals, options
/// with a value (`--name value` or `--name=value`) and flags (`--name`). `scrollsim` and
/// `scrollsim-bench` parse every command line with it.
///
/// Rules: everything after `--` is positional; an unknown option is a usage error with the
/// closest known name; an option that takes one value given twice is a usage error (repeatable
/// options collect their values in order); a flag given a value, or an option without one (at
/// the end, or followed by another of the command's options), is a usage error; a deprecated name is accepted and recorded in ``deprecations``.
package struct ArgumentList {
  /// The words that are not options, in order.
  package private(set) var positionals: [String] = []
  /// One warning per deprecated option name used (`--output is deprecated: use --out`).
  package private(set) var deprecations: [String] = []
  private var values: [(name: String, value: String)] = []
  private var flags: Set<String> = []
  private let table: [OptionInfo]
  /// The command's name in errors (`replay`, `import csv`).
  package let command: String

  /// Parses `words` for `command`, which accepts the options in `table`.
  /// - Parameter helpHint: where an unknown option's error points to.
  /// - Throws: a usage error naming an unknown option (and the closest known one), a missing
  ///   value, a value given to a flag or an option given twice.
  package init(
    _ words: [String], command: String, options table: [OptionInfo],
    helpHint: String? = nil
  ) throws(CommandError) {
    self.command = command
    self.table = table
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      if word == "--" {
        // Everything after `--` is positional, even if it starts with dashes.
        positionals += words[index...]
        break
      }
      guard word.hasPrefix("--"), word.count > 2 else {
        positionals.append(word)
        continue
      }
      var name = String(word.dropFirst(2))
      var inline: String?
      if let equals = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = table.first(where: { $0.name == name || $0.aliases.contains(name) })
      else {
        let names = table.flatMap { [$0.name] + $0.aliases }
        throw .usage(
          "unknown option --\(name) for '\(command)'"
            + Suggestion.didYouMean(name, among: names, prefix: "--")
            + " (see '\(helpHint ?? "scrollsim help \(command.split(separator: " ")[0])")')")
      }
      if option.name != name {
        deprecations.append("--\(name) is deprecated: use --\(option.name)")
      }
      if option.isFlag {
        guard inline == nil else { throw .usage("--\(option.name) takes no value") }
        flags.insert(option.name)
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else {
        guard index < words.count else { throw .usage("--\(option.name) needs a value") }
        value = words[index]
        // The next word is one of the command's options, not a value (values never start
        // with `--`; a negative number has one dash): the value is missing.
        if value.hasPrefix("--"), value.count > 2 {
          let next = value.dropFirst(2).split(separator: "=", maxSplits: 1).first.map(String.init)
          if let next, table.contains(where: { $0.name == next || $0.aliases.contains(next) }) {
            throw .usage(
              "--\(option.name) needs a value, found the option --\(next) "
                + "(write --\(option.name)=VALUE for a value that starts with --)")
          }
        }
        index += 1
      }
      if !option.isRepeatable, let first = values.first(where: { $0.name == option.name }) {
        throw .usage(
          "--\(option.name) given twice (\(first.value) and \(value)): it takes one value")
      }
      values.append((option.name, value))
    }
  }

  /// Whether `flag` was given.
  package func flag(_ flag: Flag) -> Bool {
    check(flag.info)
    return flags.contains(flag.info.name)
  }

  /// Whether the option or flag `info` was given.
  package func isGiven(_ info: OptionInfo) -> Bool {
    check(info)
    return flags.contains(info.name) || values.contains { $0.name == info.name }
  }

  /// Whether `option` was given.
  package func has<Value>(_ option: Option<Value>) -> Bool { text(option) != nil }

  /// The text given for `option` (the last, for a repeatable one), unparsed; nil when absent.
  package func text<Value>(_ option: Option<Value>) -> String? {
    check(option.info)
    return values.last(where: { $0.name == option.info.name })?.value
  }

  /// The value of `option`, parsed and range-checked; nil when absent.
  /// - Throws: the option's usage error for a value it rejects.
  package func value<Value>(_ option: Option<Value>) throws(CommandError) -> Value? {
    guard let text = text(option) else { return nil }
    guard let value = option.parse(text) else { throw option.invalid(text) }
    return value
  }

  /// The value of `option`, or `defaultValue` when absent.
  /// - Throws: the option's usage error for a value it rejects.
  package func value<Value>(_ option: Option<Value>, default defaultValue: Value)
    throws(CommandError) -> Value
  {
    try value(option) ?? defaultValue
  }

  /// Every value given for a repeatable `option`, in order, each parsed and range-checked.
  /// - Throws: the option's usage error for the first value it rejects.
  package func values<Value>(_ option: Option<Value>) throws(CommandError) -> [Value] {
    check(option.info)
    var result: [Value] = []
    for (name, text) in values where name == option.info.name {
      guard let value = option.parse(text) else { throw option.invalid(text) }
      result.append(value)
    }
    return result
  }

  /// The single positional argument, named `what` in the error when missing or repeated.
  package func singlePositional(_ what: String) throws(CommandError) -> String {
    guard positionals.count == 1 else {
      throw .usage(
        positionals.isEmpty
          ? "'\(command)' needs \(what)"
          : "'\(command)' takes only \(what), got \(positionals.count) arguments: "
            + positionals.joined(separator: " "))
    }
    return positionals[0]
  }

  /// Traps when a command reads an option missing from its own table (a programming error).
  private func check(_ info: OptionInfo) {
    precondition(
      table.contains { $0.name == info.name }, "--\(info.name) is not in the table of '\(command)'")
  }
}

extension ArgumentList {
  /// Parses `words` for a `scrollsim` command and prints each deprecation warning on `console`.
  init(_ words: [String], command: String, options table: [OptionInfo], console: Console)
    throws(CommandError)
  {
    try self.init(words, command: command, options: table)
    for warning in deprecations { console.error("scrollsim: warning: \(warning)") }
  }
}
