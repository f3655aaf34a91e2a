import ScrollSimCLI

/// Runs `scrollsim` with `arguments` in this process, its output and errors captured: the one
/// in-process runner of the command-line tests.
/// - Returns: the exit status, standard output and standard error.
public func scrollsim(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
  let console = Console.capturing()
  let status = ScrollSimCommand.main(arguments, console: console)
  return (status, console.capturedOutput, console.capturedErrors)
}
