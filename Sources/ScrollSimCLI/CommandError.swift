/// Why a command failed; its ``description`` is the one-line message printed after
/// `scrollsim: error: `.
public enum CommandError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The command line is wrong (unknown command or option, missing or bad value): exit 64
  /// (`EX_USAGE`).
  case usage(String)
  /// The input data is wrong (a trace line, a header field): exit 65 (`EX_DATAERR`).
  case data(String)
  /// A file could not be read or written: exit 74 (`EX_IOERR`).
  case io(String)

  /// The process exit status for this error (BSD `sysexits.h`).
  public var exitStatus: Int32 {
    switch self {
    case .usage: 64
    case .data: 65
    case .io: 74
    }
  }

  /// The message.
  public var description: String {
    switch self {
    case .usage(let text), .data(let text), .io(let text): text
    }
  }
}
