import ScrollSimCore

/// Why a command failed; its ``description`` is the one-line message printed after
/// `scrollsim: error: `, its ``status`` the exit status. The one place errors become statuses.
public enum CommandError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The command line is wrong (unknown command or option, missing or bad value).
  case usage(String)
  /// An input file is unreadable, invalid or unsupported (``InputError/kind``).
  case input(InputError)
  /// An output file could not be written.
  case output(String)
  /// A benchmark case whose state could not be built (a bug in the suite).
  case setUp(String)

  /// The exit status: usage 64; input by kind (unreadable 74, invalid and unsupported 65, a
  /// Swift effect that failed 70); output 74; set-up 70.
  package var status: ExitStatus {
    switch self {
    case .usage: .usage
    case .input(let error):
      switch error.kind {
      case .unreadable: .ioError
      case .invalid, .unsupported: .dataError
      case .effectFailed: .software
      }
    case .output: .ioError
    case .setUp: .software
    }
  }

  /// The process exit status, ``status``'s code.
  public var exitStatus: Int32 { status.code }

  /// The message.
  public var description: String {
    switch self {
    case .usage(let text), .output(let text), .setUp(let text): text
    case .input(let error): error.description
    }
  }

  /// An unreadable input: missing, a directory, no permission.
  static func unreadable(_ file: String, _ message: String) -> CommandError {
    .input(InputError(.unreadable, file: file, message: message))
  }

  /// Invalid input data in `file` (as a whole, or at `line` and `field`).
  static func invalid(_ file: String, line: Int = 0, field: String = "", _ message: String)
    -> CommandError
  {
    .input(InputError(.invalid, file: file, line: line, field: field, message: message))
  }
}
