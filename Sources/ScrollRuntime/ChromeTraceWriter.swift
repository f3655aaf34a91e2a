/// Writes a run as Chrome trace-event JSON (the "JSON Array/Object Format" of the Trace Event
/// Format document, docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU),
/// which Perfetto (ui.perfetto.dev) and chrome://tracing open.
///
/// Frames are complete slices (`"ph":"X"`, duration one frame period) on a "frames" track;
/// phase changes and threshold events are instants (`"ph":"i"`); offset, velocity and every
/// output are counters (`"ph":"C"`). Timestamps are microseconds of frame target time.
/// Streaming: ``begin(outputs:title:)``, one ``events(for:)`` per frame, then ``end()``.
public struct ChromeTraceWriter: Sendable {
  /// Frames per second of the run, for slice durations.
  public let refreshRate: Int
  private var outputs: [String] = []
  private var previousPhase: String?
  private var wroteEvent = false

  /// A writer for a run at `refreshRate` frames per second (1…1000).
  public init(refreshRate: Int) {
    self.refreshRate = max(1, refreshRate)
  }

  /// The opening text: the object, process and thread names.
  public mutating func begin(outputs: [String], title: String) -> String {
    self.outputs = outputs
    wroteEvent = true
    return #"{"displayTimeUnit":"ms","traceEvents":["# + "\n"
      + #"{"args":{"name":\#(JSONText.string(title))},"name":"process_name","ph":"M","pid":1,"tid":1}"#
      + ",\n"
      + #"{"args":{"name":"frames"},"name":"thread_name","ph":"M","pid":1,"tid":1}"#
  }

  /// The events of one frame, each on its own line preceded by a comma.
  public mutating func events(for record: FrameRecord) -> String {
    let ts = JSONText.number(record.time * 1_000_000)
    let duration = JSONText.number(1_000_000 / Double(refreshRate))
    var text =
      ",\n" + #"{"args":{"offset_pt":\#(JSONText.number(record.offset)),"#
      + #""phase":\#(JSONText.string(record.phase))},"dur":\#(duration),"#
      + #""name":"frame \#(record.frame)","ph":"X","pid":1,"tid":1,"ts":\#(ts)}"#
    if record.phase != previousPhase {
      text += ",\n" + instant("phase: \(record.phase)", ts: ts)
      previousPhase = record.phase
    }
    for event in record.events { text += ",\n" + instant(event, ts: ts) }
    text += ",\n" + counter("offset_pt", record.offset, ts: ts)
    text += ",\n" + counter("velocity_pt_s", record.velocity, ts: ts)
    for (name, value) in zip(outputs, record.values) {
      text += ",\n" + counter(name, value, ts: ts)
    }
    return text
  }

  /// The closing text.
  public func end() -> String { "\n]}\n" }

  private func instant(_ name: String, ts: String) -> String {
    #"{"name":\#(JSONText.string(name)),"ph":"i","pid":1,"s":"p","tid":1,"ts":\#(ts)}"#
  }

  private func counter(_ name: String, _ value: Double, ts: String) -> String {
    #"{"args":{"value":\#(JSONText.number(value))},"name":\#(JSONText.string(name)),"#
      + #""ph":"C","pid":1,"ts":\#(ts)}"#
  }
}
