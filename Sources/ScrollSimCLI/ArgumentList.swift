/// The words after a subcommand, split into positionals, options with a value (`--name value`
/// or `--name=value`) and flags (`--name`), checked against what the command accepts.
struct ArgumentList {
  private(set) var positionals: [String] = []
  private var values: [(name: String, value: String)] = []
  private var flags: [String] = []
  let command: String

  /// Parses `words` for `command`, which accepts the options in `valued` (taking a value) and
  /// `flags`. Throws a usage error naming an unknown option or a missing value.
  init(_ words: [String], command: String, valued: [String], flags allowed: [String])
    throws(CommandError)
  {
    self.command = command
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
      if allowed.contains(name) {
        guard inline == nil else { throw .usage("--\(name) takes no value") }
        flags.append(name)
      } else if valued.contains(name) {
        if let inline {
          values.append((name, inline))
        } else {
          guard index < words.count else { throw .usage("--\(name) needs a value") }
          values.append((name, words[index]))
          index += 1
        }
      } else {
        throw .usage("unknown option --\(name) for '\(command)' (see 'scrollsim help \(command)')")
      }
    }
  }

  /// Whether flag `--name` was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// Every value given for `--name`, in order (for repeatable options).
  func values(_ name: String) -> [String] { values.filter { $0.name == name }.map(\.value) }

  /// The last value given for `--name`, or nil.
  func value(_ name: String) -> String? { values.last(where: { $0.name == name })?.value }

  /// The value of `--name` parsed by `parse`, or `defaultValue`; a value `parse` rejects is a
  /// usage error naming the option and what it expects.
  func value<T>(_ name: String, default defaultValue: T, expected: String, _ parse: (String) -> T?)
    throws(CommandError) -> T
  {
    guard let text = value(name) else { return defaultValue }
    guard let parsed = parse(text) else {
      throw .usage("--\(name) \(text): expected \(expected)")
    }
    return parsed
  }

  /// The single positional argument, named `what` in the error when missing or repeated.
  func singlePositional(_ what: String) throws(CommandError) -> String {
    guard positionals.count == 1 else {
      throw .usage(
        positionals.isEmpty
          ? "'\(command)' needs \(what)"
          : "'\(command)' takes only \(what), got \(positionals.count) arguments: "
            + positionals.joined(separator: " "))
    }
    return positionals[0]
  }
}
