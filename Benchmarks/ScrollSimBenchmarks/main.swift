// scrollsim-bench: the benchmark suite and the real-time pacing run. Release builds only.
import Foundation
import ScrollSimCLI

#if DEBUG
  // Reading the options needs no timing: help works in any build.
  let words = Array(CommandLine.arguments.dropFirst())
  if words.contains("--help") || words.contains("-h") || words.first == "help" {
    exit(BenchMain.run(words).code)
  }
  FileHandle.standardError.write(
    Data(
      """
      scrollsim-bench: error: this is a debug build; timings would be meaningless.
      Build and run: swift build -c release --product scrollsim-bench && .build/release/scrollsim-bench

      """.utf8))
  exit(ExitStatus.configuration.code)
#else
  exit(BenchMain.run(Array(CommandLine.arguments.dropFirst())).code)
#endif
