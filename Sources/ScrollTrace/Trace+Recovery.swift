extension Trace {
  /// Reads the trace at `path` like ``load(path:)`` but recovers a crash-truncated recording:
  /// an incomplete last line (no newline, not valid JSON) is skipped and reported to `warn`
  /// instead of failing (see ``TraceStreamReader``).
  /// - Parameters:
  ///   - path: the file; used as given in errors.
  ///   - warn: called with each skipped line (`file:line`), e.g. to print a warning.
  /// - Returns: every complete event; times in seconds, positions in points.
  /// - Throws: ``/ScrollSimCore/InputError`` for any other problem, as ``load(path:)``.
  public static func load(
    path: String, recovering warn: @escaping (InputError) -> Void
  ) throws(InputError) -> Trace {
    try load(input: try InputSource.open(path), recovering: warn)
  }

  /// Reads the trace `input` (a file or the bytes of a pipe) like
  /// ``load(path:recovering:)``.
  /// - Throws: ``/ScrollSimCore/InputError`` as ``load(path:recovering:)``.
  public static func load(
    input: InputSource, recovering warn: @escaping (InputError) -> Void
  ) throws(InputError) -> Trace {
    let reader = try TraceStreamReader(input: input, warn: warn)
    var trace = Trace(header: reader.header, events: [])
    while let item = try reader.next() {
      switch item {
      case .touch(let event): trace.events.append(event)
      case .offset(let sample): trace.offsets.append(sample)
      case .control(let control): trace.controls.append(control)
      }
    }
    return trace
  }
}
