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
  /// Wheel deltas, programmatic scrolls, content and viewport changes (version-2 input
  /// traces; wheel phases need version 3), in file order; each knows its place among ``events``
  /// (``TraceControl/eventIndex``).
  public var controls: [TraceControl]

  /// Creates a trace from a header and events (not validated; see ``Trace/load(path:)``).
  public init(
    header: TraceHeader, events: [TraceEvent], offsets: [OffsetSample] = [],
    controls: [TraceControl] = []
  ) {
    self.header = header
    self.events = events
    self.offsets = offsets
    self.controls = controls
  }

  /// Time of the last event, sample or control, seconds; 0 for a trace with none.
  public var duration: Double {
    max(events.last?.time ?? 0, offsets.last?.time ?? 0, controls.last?.time ?? 0)
  }

  /// Every event in file order: touches with the controls placed at their
  /// ``TraceControl/eventIndex``, then the offset samples (a valid trace has touches and
  /// controls, or samples, never both).
  public var items: [TraceItem] {
    var items: [TraceItem] = []
    items.reserveCapacity(events.count + controls.count + offsets.count)
    var next = 0
    for (index, event) in events.enumerated() {
      while next < controls.count, controls[next].eventIndex <= index {
        items.append(.control(controls[next]))
        next += 1
      }
      items.append(.touch(event))
    }
    items += controls[next...].map(TraceItem.control)
    return items + offsets.map(TraceItem.offset)
  }
}
