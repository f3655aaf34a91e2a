import Foundation
import ScrollSimCore

/// The `scrollsim` command line: dispatches to a subcommand and turns errors into one-line
/// messages and exit statuses.
public enum ScrollSimCommand {
  /// One subcommand: its name, a one-line summary, its option table (every option it accepts,
  /// in every form), its help text (option lines generated from the table) and what it runs.
  struct Subcommand: Sendable {
    let name: String
    let summary: String
    let options: [OptionInfo]
    let help: String
    let run: @Sendable ([String], Console) throws(CommandError) -> ExitStatus
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
    ReportCommand.subcommand,
    ExportCommand.subcommand,
    CompletionsCommand.subcommand,
  ]

  /// Runs `scrollsim` with `arguments` (without the program name).
  ///
  /// SIGXFSZ is ignored first, so a file-size limit (`ulimit -f`) makes a write fail with
  /// `EFBIG` and the command ends with a message and status 74 instead of being killed.
  /// - Returns: the exit status (``ExitStatus/scrollsim``, printed by `scrollsim help`): 0 done,
  ///   1 a difference (`diff`) or violations (`check`), 3 a pacing regression
  ///   (`replay --max-hitch-ratio`), 64 bad command line, 65 bad input data, 74 unreadable input
  ///   or unwritable output, 130 interrupted.
  public static func main(_ arguments: [String], console: Console = .standard()) -> Int32 {
    signal(SIGXFSZ, SIG_IGN)
    let status = dispatch(arguments, console: console)
    console.flush()
    if let failure = console.writeFailure {
      console.error("scrollsim: error: \(failure)")
      return status == .success ? ExitStatus.ioError.code : status.code
    }
    return status.code
  }

  private static func dispatch(_ arguments: [String], console: Console) -> ExitStatus {
    guard let first = arguments.first else {
      console.error(usage)
      return .usage
    }
    switch first {
    case "help", "--help", "-h":
      return help(Array(arguments.dropFirst()), console: console)
    case "version", "--version":
      console.line("scrollsim \(version)")
      return .success
    default:
      break
    }
    guard let command = subcommands.first(where: { $0.name == first }) else {
      console.error(
        "scrollsim: error: unknown command '\(first)'"
          + Suggestion.didYouMean(first, among: commandNames) + "\n\(usage)")
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      console.line(command.help)
      return .success
    }
    do {
      return try command.run(rest, console)
    } catch {
      if case .input(let problem) = error {
        console.diagnostic(.error, problem)
      } else {
        console.error("scrollsim: error: \(error.description)")
      }
      return error.status
    }
  }

  /// Every word that can follow `scrollsim`.
  static var commandNames: [String] { subcommands.map(\.name) + ["help", "version"] }

  /// The version printed by `scrollsim --version` and `scrollsim-bench --version`.
  public static let version = ScrollSimVersion.current

  static var usage: String {
    var text = "usage: scrollsim <command> [options]\n\ncommands:\n"
    // Summaries start in one column, two spaces after the longest name.
    let rows =
      subcommands.map { ($0.name, $0.summary) } + [
        ("help", "describe a command and every option, with units: scrollsim help <command>"),
        ("version", "print the version (also --version)"),
      ]
    let width = (rows.map(\.0.count).max() ?? 0) + 2
    for (name, summary) in rows {
      text += "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + summary + "\n"
    }
    text += "\n" + HelpText.exitStatuses(ExitStatus.scrollsim)
    return text
  }

  private static func help(_ topics: [String], console: Console) -> ExitStatus {
    guard let topic = topics.first, topic != "help", topic != "version" else {
      console.line(usage)
      return .success
    }
    guard let command = subcommands.first(where: { $0.name == topic }) else {
      console.error(
        "scrollsim: error: no help for unknown command '\(topic)'"
          + Suggestion.didYouMean(topic, among: commandNames) + "\n\(usage)")
      return .usage
    }
    console.line(command.help)
    return .success
  }
}
