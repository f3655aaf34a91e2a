import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// `scrollsim completions bash|zsh|fish`: every command and every option of every command's
/// table (aliases too) is in each script, value choices are offered, and the scripts parse in
/// their shells where the shell is installed (`bash -n`, `zsh -n`, `fish --no-execute`).
struct CompletionsCommandTests {
  @Test(arguments: CompletionsCommand.Shell.allCases)
  func everyCommandAndOptionAppears(shell: CompletionsCommand.Shell) throws {
    let result = scrollsim(["completions", shell.rawValue])
    #expect(result.status == 0, "\(result.err)")
    let script = result.out
    for command in ScrollSimCommand.subcommands {
      switch shell {
      case .bash: #expect(script.contains("    \(command.name))\n"), "\(command.name)")
      case .zsh: #expect(script.contains("    '\(command.name):"), "\(command.name)")
      case .fish:
        #expect(script.contains("-n __fish_use_subcommand -a \(command.name) "), "\(command.name)")
      }
      for option in command.options {
        for name in [option.name] + option.aliases {
          let needle: String
          switch shell {
          case .bash: needle = "--\(name)"
          case .zsh: needle = "--\(name)" + (option.isFlag ? "[" : "=[")
          case .fish: needle = "-n '__fish_seen_subcommand_from \(command.name)' -l \(name)"
          }
          #expect(script.contains(needle), "\(shell) \(command.name) --\(name)")
        }
      }
    }
    // Words of a few options and arguments, from their types and tables.
    for word in ["table csv json", "github none", "ios lsq", "fling drag overscroll scroll-to"] {
      #expect(script.contains(word), "\(shell): \(word)")
    }
  }

  /// The bash script's `replay` branch completes `--format`'s values and the option names.
  @Test func bashBranchForReplay() {
    let script = CompletionsCommand.script(for: .bash)
    #expect(
      script.contains(
        #"        --format) COMPREPLY=($(compgen -W "table csv json" -- "$cur")); return ;;"#))
    #expect(
      script.contains(#"        --out|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;"#))
    #expect(script.hasSuffix("complete -o filenames -F _scrollsim scrollsim"))
  }

  @Test(arguments: [("bash", ["-n"]), ("zsh", ["-n"]), ("fish", ["--no-execute"])])
  func scriptParsesInItsShell(shell: String, flags: [String]) throws {
    guard
      let path = ["/usr/bin/\(shell)", "/bin/\(shell)", "/opt/homebrew/bin/\(shell)"]
        .first(where: FileManager.default.isExecutableFile(atPath:))
    else { return }  // the shell is not installed here
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "completions-\(UUID().uuidString).\(shell)")
    defer { try? FileManager.default.removeItem(at: file) }
    try scrollsim(["completions", shell]).out.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = flags + [file.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(shell): \(text)")
  }

  @Test func unknownShellIsAUsageError() {
    let result = scrollsim(["completions", "tcsh"])
    #expect(result.status == 64)
    #expect(result.err.contains("unknown shell 'tcsh': expected bash, zsh or fish"))
  }
}
