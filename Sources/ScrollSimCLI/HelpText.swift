/// The generated parts of a command's help: the option lines, from the option table, and the
/// exit statuses, from ``ExitStatus/all``. The prose around them is written by hand.
package enum HelpText {
  /// Column where option descriptions start.
  static let descriptionColumn = 24
  /// Widest line.
  static let width = 98

  /// One entry per option: `  --name VALUE` and its help wrapped at ``width`` from
  /// ``descriptionColumn`` (on the next line when the synopsis is wider), deprecated names last.
  package static func options(_ table: [OptionInfo]) -> String {
    table.map { option in
      var help = option.help
      if !option.aliases.isEmpty {
        help +=
          " (" + option.aliases.map { "--" + $0 }.joined(separator: ", ")
          + ": deprecated name\(option.aliases.count == 1 ? "" : "s"), still accepted)"
      }
      let lead = "  " + option.synopsis
      let indent = String(repeating: " ", count: descriptionColumn)
      let lines = wrap(help, width: width - descriptionColumn)
      var text: String
      if lead.count + 2 <= descriptionColumn {
        text = lead + String(repeating: " ", count: descriptionColumn - lead.count) + lines[0]
        text += lines.dropFirst().map { "\n" + indent + $0 }.joined()
      } else {
        text = lead + lines.map { "\n" + indent + $0 }.joined()
      }
      return text
    }.joined(separator: "\n")
  }

  /// The `exit status:` section for a command that ends with `statuses`.
  package static func exitStatuses(_ statuses: [ExitStatus]) -> String {
    "exit status:\n" + table(statuses)
  }

  /// One line per status: `  64   bad command line …`, the meaning wrapped.
  package static func table(_ statuses: [ExitStatus]) -> String {
    statuses.map { status in
      let code = String(status.code)
      let lines = wrap(status.meaning, width: width - 8)
      return "  " + code + String(repeating: " ", count: 6 - code.count)
        + lines.joined(separator: "\n        ")
    }.joined(separator: "\n")
  }

  /// `text` broken at spaces into lines of at most `width` characters (a longer word stands
  /// alone).
  package static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    lines.append(line)
    return lines
  }
}
