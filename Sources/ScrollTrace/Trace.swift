/// A recorded trace: a header describing the device and scroll geometry, then events in time
/// order: touches (an input trace) or contentOffset samples (an offset trace, format v2).
///
/// On disk this is the ScrollSim trace format (JSON Lines, documented in `traces/FORMAT.md`):
/// the header on the first line, one event per following line. For traces too large to hold in
/// memory use ``TraceStreamReader``.
public struct Trace: Sendable, Equatable {
  /// Device, scroll geometry and provenance.
  public var header: TraceHeader
  /// Touch events, times non-decreasing, seconds from the start of the trace (input traces).
  public var events: [TraceEvent]
  /// contentOffset samples, times non-decreasing (offset traces; empty in an input trace).
  public var offsets: [OffsetSample]

  /// Creates a trace from a header and events (not validated; see ``TraceReader``).
  public init(header: TraceHeader, events: [TraceEvent], offsets: [OffsetSample] = []) {
    self.header = header
    self.events = events
    self.offsets = offsets
  }

  /// Time of the last event or sample, seconds; 0 for a trace with none.
  public var duration: Double { max(events.last?.time ?? 0, offsets.last?.time ?? 0) }

  /// The events as stream items, in file order.
  public var items: [TraceItem] {
    header.traceKind == .offset ? offsets.map(TraceItem.offset) : events.map(TraceItem.touch)
  }
}
