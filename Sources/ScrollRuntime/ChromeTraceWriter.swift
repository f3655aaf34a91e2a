import ScrollPhysics
import ScrollSimCore

/// Writes a run as Chrome trace-event JSON (the "JSON Array/Object Format" of the Trace Event
/// Format document, docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU),
/// which Perfetto (ui.perfetto.dev) and chrome://tracing open.
///
/// Frames are complete slices (`"ph":"X"`) on a "frames" track, each lasting until the next
/// frame's target time (so rate changes mid-run and missed frames show as they happened; the
/// last frame lasts as long as the one before it, or one period of `refreshRate` if alone);
/// phase changes and threshold events are instants (`"ph":"i"`); the scroll view's own events
/// (delegate callbacks, SwiftUI phase changes, completions, jumps:
/// ``/ScrollPhysics/ScrollViewEvent``) are thread-scoped instants named as UIKit names them, at
/// their exact time, with the whole event as text in `args.event`; offset, velocity (and, for a
/// two-axis run, `offset_x_pt` and `velocity_x_pt_s`; for a nested chain's run, each view's
/// `NAME_offset_pt` and `NAME_velocity_pt_s`, named by ``FrameFile/viewNames(count:)``, as
/// `header_offset_pt`) and every output are counters
/// (`"ph":"C"`). Timestamps are microseconds of frame target time (of the
/// event's own time for scroll view events).
/// Streaming: ``begin(outputs:title:)``, one ``events(for:)`` per frame, then ``end()``.
public struct ChromeTraceWriter: Sendable {
  /// Frames per second of the run: the duration of a lone frame's slice.
  public let refreshRate: Int
  private var outputs: [String] = []
  /// The last frame, whose slice is written once the next frame's time is known.
  private var pending: (time: Double, frame: Int, offset: Double, phase: String)?
  /// The time between the last two frames, seconds.
  private var lastInterval: Double?
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
      + #"{"args":{"name":\#(JSONWriter.string(title))},"name":"process_name","ph":"M","pid":1,"tid":1}"#
      + ",\n"
      + #"{"args":{"name":"frames"},"name":"thread_name","ph":"M","pid":1,"tid":1}"#
  }

  /// The events of one frame, each on its own line preceded by a comma (and the previous
  /// frame's slice, now that its end is known).
  public mutating func events(for record: FrameRecord) -> String {
    let ts = JSONWriter.number(record.time * 1_000_000)
    var text = ""
    if let pending {
      let interval = record.time - pending.time
      lastInterval = interval
      text += slice(pending, duration: interval)
    }
    pending = (record.time, record.frame, record.offset, record.phase)
    if record.phase != previousPhase {
      text += ",\n" + instant("phase: \(record.phase)", ts: ts)
      previousPhase = record.phase
    }
    for event in record.events { text += ",\n" + instant(event, ts: ts) }
    for event in record.scrollViewEventTexts {
      text +=
        ",\n" + #"{"args":{"event":\#(JSONWriter.string(event.text))},"#
        + #""name":\#(JSONWriter.string(event.name)),"ph":"i","pid":1,"s":"t","tid":1,"#
        + #""ts":\#(JSONWriter.number(event.time * 1_000_000))}"#
    }
    text += ",\n" + counter("offset_pt", record.offset, ts: ts)
    text += ",\n" + counter("velocity_pt_s", record.velocity, ts: ts)
    if let offsetX = record.offsetX {
      text += ",\n" + counter("offset_x_pt", offsetX, ts: ts)
      text += ",\n" + counter("velocity_x_pt_s", record.velocityX ?? 0, ts: ts)
    }
    if let views = record.views {
      for (name, view) in zip(FrameFile.viewNames(count: views.count), views) {
        text += ",\n" + counter(name + FrameFile.csvViewOffsetSuffix, view.offset, ts: ts)
        text += ",\n" + counter(name + FrameFile.csvViewVelocitySuffix, view.velocity, ts: ts)
      }
    }
    for (name, value) in zip(outputs, record.values) {
      text += ",\n" + counter(name, value, ts: ts)
    }
    return text
  }

  /// The closing text, with the last frame's slice.
  public func end() -> String {
    let last = pending.map { slice($0, duration: lastInterval ?? 1 / Double(refreshRate)) }
    return (last ?? "") + "\n]}\n"
  }

  private func slice(
    _ frame: (time: Double, frame: Int, offset: Double, phase: String), duration: Double
  ) -> String {
    ",\n" + #"{"args":{"offset_pt":\#(JSONWriter.number(frame.offset)),"#
      + #""phase":\#(JSONWriter.string(frame.phase))},"dur":\#(JSONWriter.number(duration * 1_000_000)),"#
      + #""name":"frame \#(frame.frame)","ph":"X","pid":1,"tid":1,"ts":\#(JSONWriter.number(frame.time * 1_000_000))}"#
  }

  private func instant(_ name: String, ts: String) -> String {
    #"{"name":\#(JSONWriter.string(name)),"ph":"i","pid":1,"s":"p","tid":1,"ts":\#(ts)}"#
  }

  private func counter(_ name: String, _ value: Double, ts: String) -> String {
    #"{"args":{"value":\#(JSONWriter.number(value))},"name":\#(JSONWriter.string(name)),"#
      + #""ph":"C","pid":1,"ts":\#(ts)}"#
  }
}
