/// One event line of a trace as the streaming reader yields it: a touch of an input trace or a
/// contentOffset sample of an offset trace.
public enum TraceItem: Sendable, Equatable, Hashable {
  /// A touch event (input traces).
  case touch(TraceEvent)
  /// A contentOffset sample (offset traces, format version 2).
  case offset(OffsetSample)
  /// A wheel delta, programmatic scroll, or content or viewport change (input traces, v2).
  case control(TraceControl)

  /// Seconds since the start of the trace.
  public var time: Double {
    switch self {
    case .touch(let event): event.time
    case .offset(let sample): sample.time
    case .control(let control): control.time
    }
  }
}
