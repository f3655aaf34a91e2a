/// A recorded input trace: a header describing the device and scroll geometry, then touch events
/// in time order.
///
/// On disk this is the ScrollSim trace format v1 (JSON Lines, documented in `traces/FORMAT.md`):
/// the header on the first line, one ``TraceEvent`` per following line.
public struct Trace: Sendable, Equatable {
  /// Device, scroll geometry and provenance.
  public var header: TraceHeader
  /// Touch events, times non-decreasing, seconds from the start of the trace.
  public var events: [TraceEvent]

  /// Creates a trace from a header and events (not validated; see ``TraceReader``).
  public init(header: TraceHeader, events: [TraceEvent]) {
    self.header = header
    self.events = events
  }

  /// Time of the last event, seconds; 0 for a trace with no events.
  public var duration: Double { events.last?.time ?? 0 }
}
