/// An exit status of `scrollsim` or `scrollsim-bench` and what it means. ``all`` is the one
/// list: ``CommandError`` maps errors onto it, `help` prints it, and a test checks that the
/// README's table says the same.
package struct ExitStatus: Hashable, Sendable {
  /// The process exit status (BSD `sysexits.h` where one fits).
  package let code: Int32
  /// What it means, one sentence fragment.
  package let meaning: String

  /// 0: the command did what it was asked.
  package static let success = ExitStatus(code: 0, meaning: "done")
  /// 1: a result that is a finding, not an error.
  package static let finding = ExitStatus(
    code: 1, meaning: "a difference (`diff`) or violations (`check`)")
  /// 3: a measured result worse than its bound.
  package static let regression = ExitStatus(
    code: 3,
    meaning:
      "a pacing or benchmark regression (`replay --max-hitch-ratio`, `scrollsim-bench --compare`)"
  )
  /// 64 (`EX_USAGE`): the command line is wrong.
  package static let usage = ExitStatus(
    code: 64, meaning: "bad command line (the message names the option and what it expects)")
  /// 65 (`EX_DATAERR`): an input file is invalid or unsupported.
  package static let dataError = ExitStatus(
    code: 65,
    meaning:
      "bad input data, invalid or unsupported (one line, as compilers write it, so editors "
      + "link it: `file:line: error: field: message`, or `file:line:column: error: "
      + "$.json.path: message` for JSON specs, profiles and WebDriver files)")
  /// 70 (`EX_SOFTWARE`): a benchmark case whose state could not be built.
  package static let software = ExitStatus(
    code: 70, meaning: "a benchmark case that could not be set up (`scrollsim-bench`)")
  /// 74 (`EX_IOERR`): a file could not be read or written.
  package static let ioError = ExitStatus(
    code: 74, meaning: "unreadable input (missing, a directory, no permission) or unwritable output"
  )
  /// 78 (`EX_CONFIG`): `scrollsim-bench` built for debugging.
  package static let configuration = ExitStatus(
    code: 78, meaning: "a debug build of `scrollsim-bench` (timings would be meaningless)")
  /// 130 (128 + SIGINT): stopped by Ctrl-C or SIGTERM.
  package static let interrupted = ExitStatus(
    code: 130, meaning: "interrupted by SIGINT (Ctrl-C) or SIGTERM, at a frame boundary")

  /// Every status, in order of code.
  package static let all: [ExitStatus] = [
    success, finding, regression, usage, dataError, software, ioError, configuration,
    interrupted,
  ]

  /// The statuses `scrollsim` itself can end with.
  package static let scrollsim: [ExitStatus] = [
    success, finding, regression, usage, dataError, ioError, interrupted,
  ]
}
