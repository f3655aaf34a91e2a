// scrollsim-bench: the benchmark suite and the real-time pacing run. Release builds only.
import Foundation

#if DEBUG
  FileHandle.standardError.write(
    Data(
      """
      scrollsim-bench: error: this is a debug build; timings would be meaningless.
      Build and run: swift build -c release --product scrollsim-bench && .build/release/scrollsim-bench

      """.utf8))
  exit(78)
#else
  let arguments = Array(CommandLine.arguments.dropFirst())
  let status: Int32
  do {
    switch arguments.first {
    case "--help", "-h", "help":
      print(SuiteCommand.help)
      status = 0
    case "pacing":
      if arguments.contains("--help") {
        print(PacingCommand.help)
        status = 0
      } else {
        status = try PacingCommand.run(Array(arguments.dropFirst()))
      }
    default:
      status = try SuiteCommand.run(arguments)
    }
  } catch {
    FileHandle.standardError.write(Data("scrollsim-bench: error: \(error.description)\n".utf8))
    status = error.exitStatus
  }
  exit(status)
#endif
