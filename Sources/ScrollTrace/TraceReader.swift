/// Reads traces in the ScrollSim trace format v1 (`traces/FORMAT.md`).
public enum TraceReader {
  /// Reads and validates the trace at `path`.
  /// - Throws: ``TraceError`` naming the file, line and field of the first problem.
  public static func read(path: String) throws(TraceError) -> Trace {
    throw TraceError(file: path, line: 0, field: "", message: "not implemented")
  }

  /// Parses and validates trace text; `file` is used in error messages only.
  /// - Throws: ``TraceError`` naming the file, line and field of the first problem.
  public static func parse(_ text: String, file: String) throws(TraceError) -> Trace {
    throw TraceError(file: file, line: 0, field: "", message: "not implemented")
  }
}
