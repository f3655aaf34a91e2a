import BenchmarkSupport
import Foundation
import ScrollSimCLI

/// Dispatches `scrollsim-bench`'s arguments to the suite or `pacing` and turns errors into one
/// message and an exit status (``CommandError/status``, as `scrollsim` does).
enum BenchMain {
  /// Runs `scrollsim-bench` with `arguments` (without the program name).
  static func run(_ arguments: [String]) -> ExitStatus {
    do throws(CommandError) {
      switch arguments.first {
      case "--help", "-h", "help":
        print(BenchCommandLine.Suite.help)
        return .success
      case "--version", "version":
        print("scrollsim-bench \(ScrollSimVersion.current)")
        return .success
      case "pacing":
        if arguments.contains("--help") || arguments.contains("-h") {
          print(BenchCommandLine.Pacing.help)
          return .success
        }
        return try PacingCommand.run(Array(arguments.dropFirst()))
      default:
        return try SuiteCommand.run(arguments)
      }
    } catch {
      FileHandle.standardError.write(Data("scrollsim-bench: error: \(error.description)\n".utf8))
      return error.status
    }
  }
}
