import Foundation

/// The `scrollsim` command line: dispatches to a subcommand and turns errors into one-line
/// messages and exit statuses.
public enum ScrollSimCommand {
  /// One subcommand: its name, a one-line summary, its help text and what it runs.
  struct Subcommand: Sendable {
    let name: String
    let summary: String
    let help: String
    let run: @Sendable ([String], Console) throws(CommandError) -> Int32
  }

  /// Every subcommand, in the order `scrollsim help` lists them.
  static let subcommands: [Subcommand] = [
    ReplayCommand.subcommand,
    ImportCommand.subcommand,
    PresetsCommand.subcommand,
    SimulateCommand.subcommand,
    CheckCommand.subcommand,
    RecordCommand.subcommand,
    DiffCommand.subcommand,
    PlotCommand.subcommand,
    ExportCommand.subcommand,
  ]

  /// Runs `scrollsim` with `arguments` (without the program name).
  ///
  /// SIGXFSZ is ignored first, so a file-size limit (`ulimit -f`) makes `write(2)` fail with
  /// `EFBIG` and the command ends with a message and status 74 instead of being killed.
  /// - Returns: the exit status: 0 on success, 64 for a usage error, 65 for bad input data,
  ///   74 for a file that cannot be read or written, 130 when SIGINT or SIGTERM stopped a run.
  public static func main(_ arguments: [String], console: Console = .standard()) -> Int32 {
    signal(SIGXFSZ, SIG_IGN)
    let status = dispatch(arguments, console: console)
    console.flush()
    if let failure = console.writeFailure {
      console.error("scrollsim: error: \(failure)")
      return status == 0 ? 74 : status
    }
    return status
  }

  private static func dispatch(_ arguments: [String], console: Console) -> Int32 {
    guard let first = arguments.first else {
      console.error(usage)
      return 64
    }
    switch first {
    case "help", "--help", "-h":
      return help(Array(arguments.dropFirst()), console: console)
    case "--version":
      console.line("scrollsim \(version)")
      return 0
    default:
      break
    }
    guard let command = subcommands.first(where: { $0.name == first }) else {
      console.error("scrollsim: error: unknown command '\(first)'\n\(usage)")
      return 64
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      console.line(command.help)
      return 0
    }
    do {
      return try command.run(rest, console)
    } catch {
      console.error("scrollsim: error: \(error.description)")
      return error.exitStatus
    }
  }

  /// The version printed by `--version`.
  public static let version = "0.1.0"

  static var usage: String {
    var text = "usage: scrollsim <command> [options]\n\ncommands:\n"
    for command in subcommands {
      text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0)
      text += command.summary + "\n"
    }
    text +=
      "  help      describe a command and every option, with units: scrollsim help <command>\n"
    text += "\n'scrollsim --version' prints the version."
    return text
  }

  private static func help(_ topics: [String], console: Console) -> Int32 {
    guard let topic = topics.first else {
      console.line(usage)
      return 0
    }
    if topic == "help" {
      console.line(usage)
      return 0
    }
    guard let command = subcommands.first(where: { $0.name == topic }) else {
      console.error("scrollsim: error: no help for unknown command '\(topic)'\n\(usage)")
      return 64
    }
    console.line(command.help)
    return 0
  }
}
