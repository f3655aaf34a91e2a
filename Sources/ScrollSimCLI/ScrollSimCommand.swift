/// Placeholder.
public enum ScrollSimCommand {
  /// Runs the command line and returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 { 0 }
}
