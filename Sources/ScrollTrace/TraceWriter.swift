import Foundation

/// Writes traces in the ScrollSim trace format (`traces/FORMAT.md`): version 1 for input
/// traces, version 2 for offset traces (the header's `version`).
///
/// Output is deterministic: keys sorted, one JSON object per line, `\n` line ends, a trailing
/// newline, numbers in the shortest form that reads back bit-identical. The trace is validated
/// with the reader's rules first, so a written file always reads back:
/// `Trace.parse(try TraceWriter.text(t), file: f) == t`.
public enum TraceWriter {
  /// The text of `trace`.
  /// - Parameters:
  ///   - trace: the trace; times in seconds, positions in points.
  ///   - file: the name to report in errors (default `"<trace>"`).
  /// - Returns: the header line, then one line per event, each ending in `\n`.
  /// - Throws: ``/ScrollSimCore/InputError`` naming the line the field would be on (1 for the header,
  ///   event index + 2 for an event) when the trace breaks a rule ``Trace/load(path:)`` enforces.
  public static func text(_ trace: Trace, file: String = "<trace>") throws(InputError) -> String {
    if let problem = trace.header.validationProblem() {
      throw problem.error(file: file, line: 1)
    }
    var checker = EventSequenceChecker(header: trace.header)
    // A valid trace holds touches and controls, or samples, never both; the checker rejects
    // the wrong kind.
    let items = trace.items
    for (index, item) in items.enumerated() {
      if let problem = checker.check(item, line: index + 2) {
        throw problem.error(file: file, line: index + 2)
      }
    }
    var text = headerLine(trace.header)
    for item in items { text += line(item) }
    return text
  }

  /// A header's `nested` object (keys sorted).
  static func nestedObject(_ nested: TraceHeader.Nested) -> String {
    var text = "{\"handover\":"
    JSONWriter.appendString(nested.handover, to: &text)
    text += ",\"headers\":["
    for (i, h) in nested.headers.enumerated() {
      if i > 0 { text += "," }
      text +=
        "{\"collapsedHeight\":\(n(h.collapsedHeight)),\"expandedHeight\":\(n(h.expandedHeight))"
      if h.floats { text += ",\"floats\":true" }
      if let snap = h.snap {
        text += ",\"snap\":"
        JSONWriter.appendString(snap, to: &text)
      }
      text += "}"
    }
    text += "],\"rule\":"
    JSONWriter.appendString(nested.rule, to: &text)
    return text + "}"
  }

  /// The header as one line ending in `\n` (keys sorted; not validated).
  static func headerLine(_ header: TraceHeader) -> String {
    let device = header.device
    let scroll = header.scroll
    var line = "{\"device\":{"
    if let name = device.name {
      line += "\"name\":"
      JSONWriter.appendString(name, to: &line)
      line += ","
    }
    line += "\"refreshRate\":\(n(device.refreshRate)),\"scale\":\(n(device.scale)),"
    line += "\"screenHeight\":\(n(device.screenHeight)),\"screenWidth\":\(n(device.screenWidth))},"
    line += "\"format\":"
    JSONWriter.appendString(header.format, to: &line)
    if let kind = header.kind { line += ",\"kind\":\"\(kind.rawValue)\"" }
    if let nested = header.nested { line += ",\"nested\":" + nestedObject(nested) }
    line += ",\"physics\":"
    JSONWriter.appendString(header.physics, to: &line)
    // Keys sorted: the horizontal axis's (version 4) among the vertical's.
    let axis = scroll.horizontal
    line += ",\"scroll\":{"
    if let flag = scroll.alwaysBounceHorizontal { line += "\"alwaysBounceHorizontal\":\(flag)," }
    if let flag = scroll.alwaysBounceVertical { line += "\"alwaysBounceVertical\":\(flag)," }
    line += "\"contentHeight\":\(n(scroll.contentHeight)),"
    line += "\"contentInsetBottom\":\(n(scroll.contentInsetBottom)),"
    if let axis {
      line += "\"contentInsetLeft\":\(n(axis.contentInsetLeft)),"
      line += "\"contentInsetRight\":\(n(axis.contentInsetRight)),"
    }
    line += "\"contentInsetTop\":\(n(scroll.contentInsetTop)),"
    if let axis { line += "\"contentWidth\":\(n(axis.contentWidth))," }
    line += "\"startOffset\":\(n(scroll.startOffset)),"
    if let axis { line += "\"startOffsetX\":\(n(axis.startOffset))," }
    if let target = scroll.targetBehavior { line += "\"targetBehavior\":\(target.json)," }
    if let target = scroll.targetBehaviorX { line += "\"targetBehaviorX\":\(target.json)," }
    line += "\"viewportHeight\":\(n(scroll.viewportHeight))"
    if let axis { line += ",\"viewportWidth\":\(n(axis.viewportWidth))" }
    line += "}"
    if let source = header.source {
      line += ",\"source\":"
      JSONWriter.appendString(source, to: &line)
    }
    if let origin = header.timeOrigin { line += ",\"timeOrigin\":\(n(origin))" }
    line += ",\"units\":{\"length\":"
    JSONWriter.appendString(header.units.length, to: &line)
    line += ",\"time\":"
    JSONWriter.appendString(header.units.time, to: &line)
    return line + "},\"version\":\(header.version)}\n"
  }

  /// One event as a line ending in `\n` (keys sorted, shortest round-trip numbers; not
  /// validated).
  static func line(_ item: TraceItem) -> String {
    switch item {
    case .touch(let event):
      "{\"t\":\(n(event.time)),\"type\":\"\(event.kind.rawValue)\",\"x\":\(n(event.x)),\"y\":\(n(event.y))}\n"
    case .offset(let sample):
      "{\"t\":\(n(sample.time)),\"type\":\"offset\",\"x\":\(n(sample.x)),\"y\":\(n(sample.y))}\n"
    case .control(let control):
      switch control.kind {
      case .wheel(let deltaX, let delta, let phase):
        // `dx` only when it moves (a two-axis trace; a vertical trace has none).
        (control.kind.horizontalField == nil ? "{" : "{\"dx\":\(n(deltaX)),")
          + "\"dy\":\(n(delta)),"
          + (phase.traceKey.flatMap { key in phase.traceName.map { "\"\(key)\":\"\($0)\"," } }
            ?? "")
          + "\"t\":\(n(control.time)),\"type\":\"wheel\"}\n"
      case .scrollTo(let x, let offset, let animated):
        "{\"animated\":\(animated),\"t\":\(n(control.time)),\"type\":\"scrollTo\","
          + (x.map { "\"x\":\(n($0))," } ?? "") + "\"y\":\(n(offset))}\n"
      case .scrollToTop:
        "{\"t\":\(n(control.time)),\"type\":\"scrollToTop\"}\n"
      case .contentHeight(let height), .viewportHeight(let height):
        "{\"height\":\(n(height)),\"t\":\(n(control.time)),\"type\":\"\(control.kind.typeName)\"}\n"
      case .contentWidth(let width), .viewportWidth(let width):
        "{\"t\":\(n(control.time)),\"type\":\"\(control.kind.typeName)\",\"width\":\(n(width))}\n"
      }
    }
  }

  private static func n(_ value: Double) -> String { JSONWriter.number(value) }

  /// Writes `trace` as text to `path`, replacing any file there (atomically).
  /// - Parameters:
  ///   - trace: the trace; times in seconds, positions in points.
  ///   - path: the file to write; its folder must exist.
  /// - Throws: ``/ScrollSimCore/InputError`` naming `path`: an invalid trace (see ``text(_:file:)``) or, at
  ///   line 0, a failed write.
  public static func write(_ trace: Trace, to path: String) throws(InputError) {
    let text = try text(trace, file: path)
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw InputError(
        .unreadable, file: path, line: 0, field: "",
        message: "cannot write: \(error.localizedDescription)")
    }
  }
}
