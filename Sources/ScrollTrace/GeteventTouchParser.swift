/// One touch read from getevent: events with absolute times (seconds since boot) and positions
/// in points. `events` starts with `down` and ends with `up`, unless the file ended while the
/// finger was down.
struct GeteventTouch: Sendable, Equatable {
  /// Time of `BTN_TOUCH DOWN`, seconds since boot.
  var downTime: Double
  /// Events with absolute times, seconds since boot.
  var events: [TraceEvent]
}

/// Turns `getevent -lt` lines into touches.
///
/// Lines are grouped into hardware reports by identical timestamp (and ended early by
/// `SYN_REPORT` when present). Positions carry forward: the kernel only emits a changed axis.
/// A report holding `BTN_TOUCH DOWN` starts a touch at the position known after the report's
/// position lines; a later report with position lines adds a `move`; `BTN_TOUCH UP` adds an
/// `up` at the last position. One finger is followed: with protocol B (`ABS_MT_SLOT`) the slot
/// of the touch's first position line, with protocol A the first contact of each report; a
/// second finger's positions are ignored (if the followed finger lifts first, the touch ends at
/// `BTN_TOUCH UP`, when the last finger lifts). Other lines (`ABS_MT_TRACKING_ID`, pressure,
/// `BTN_TOOL_FINGER`, …) are ignored.
struct GeteventTouchParser {
  private struct Report {
    var time: Double
    var hasPosition = false
    var button: (isDown: Bool, line: Int)?
    /// Protocol A: contacts ended by `SYN_MT_REPORT` in this report, and whether position lines
    /// arrived since the last one.
    var contacts = 0
    var contactHasPosition = false
    /// The line of the last `SYN_MT_REPORT` (protocol A), for errors of a synthesized touch.
    var contactReportLine: Int?
  }

  private let options: GeteventImporter.Options
  private let file: String
  private var rawX: Double?
  private var rawY: Double?
  /// Protocol B: the slot the next position lines belong to (`ABS_MT_SLOT`; 0 until one is
  /// reported, as in the kernel).
  private var slot = 0
  /// Protocol B: the slot of the finger being followed, set by the first position line while no
  /// finger is followed; other slots' positions are ignored until the touch ends.
  private var followedSlot: Int?
  private var report: Report?
  private var previous: (time: Double, line: Int)?
  private var current: (touch: GeteventTouch, line: Int)?
  private(set) var touches: [GeteventTouch] = []
  /// Whether finished touches are kept in ``touches`` (off for live recording, which takes
  /// events with ``takeNewEvents()`` and must not grow without bound).
  var keepsTouches = true
  /// Events completed since the last ``takeNewEvents()``, absolute times (collected only when
  /// ``keepsTouches`` is off).
  private var newEvents: [TraceEvent] = []

  init(options: GeteventImporter.Options, file: String) {
    self.options = options
    self.file = file
  }

  /// All touches of `text`, in order.
  /// - Throws: ``TraceError`` naming the line and field of the first malformed line.
  static func touches(
    in text: String, options: GeteventImporter.Options, file: String
  ) throws(TraceError) -> [GeteventTouch] {
    var parser = GeteventTouchParser(options: options, file: file)
    for (index, line) in text.lines().enumerated() {
      try parser.consume(line, number: index + 1)
    }
    try parser.finish()
    return parser.touches
  }

  /// Reads line `number`; a report it completes is applied first.
  /// - Throws: ``TraceError`` at this line, or at the `BTN_TOUCH` line of the completed report.
  mutating func consume(_ text: Substring, number: Int) throws(TraceError) {
    do throws(FieldProblem) {
      guard let line = try GeteventLine.parse(text) else { return }
      if let previous, line.time < previous.time {
        throw FieldProblem(
          field: "timestamp",
          message: "\(describe(line.time)) s is earlier than \(describe(previous.time)) s "
            + "on line \(previous.line); getevent times must not go backwards")
      }
      previous = (line.time, number)
      if let report, report.time != line.time { try flush() }
      if report == nil { report = Report(time: line.time) }
      try apply(line, number: number)
    } catch {
      throw error.error(file: file, line: error.line ?? number)
    }
  }

  private mutating func apply(_ line: GeteventLine, number: Int) throws(FieldProblem) {
    switch (line.type, line.code) {
    case ("EV_ABS", "ABS_MT_SLOT"):
      guard let raw = line.hexValue else {
        throw FieldProblem(
          field: line.code, message: "\"\(line.value)\" is not a hexadecimal value (1–8 digits)")
      }
      slot = Int(raw)
    case ("EV_ABS", "ABS_MT_TRACKING_ID"):
      // The followed finger lifted while another stays down: follow no slot until the touch
      // ends, so a new finger in its slot does not continue its path.
      if line.value.lowercased() == "ffffffff", slot == followedSlot, current != nil {
        followedSlot = -1
      }
    case ("EV_ABS", "ABS_MT_POSITION_X"), ("EV_ABS", "ABS_MT_POSITION_Y"):
      // Protocol A: a second contact in the same report is another finger; ignore it.
      if let report, report.contacts > 0 { return }
      // Protocol B: follow one finger (its slot); a second finger's positions are ignored.
      if followedSlot == nil { followedSlot = slot }
      if slot != followedSlot { return }
      guard let raw = line.hexValue else {
        throw FieldProblem(
          field: line.code, message: "\"\(line.value)\" is not a hexadecimal value (1–8 digits)")
      }
      if line.code == "ABS_MT_POSITION_X" { rawX = Double(raw) } else { rawY = Double(raw) }
      report?.hasPosition = true
      report?.contactHasPosition = true
    case ("EV_SYN", "SYN_MT_REPORT"):
      // Protocol A (Documentation/input/multi-touch-protocol.rst): ends one contact's data;
      // an empty one (no contact data) in a report means every finger lifted.
      report?.contactReportLine = number
      if report?.contactHasPosition == true { report?.contacts += 1 }
      report?.contactHasPosition = false
    case ("EV_KEY", "BTN_TOUCH"):
      let isDown: Bool
      switch line.value {
      case "DOWN", "00000001": isDown = true
      case "UP", "00000000": isDown = false
      default:
        throw FieldProblem(
          field: "BTN_TOUCH",
          message: "\"\(line.value)\" is not a button state; expected DOWN or UP")
      }
      if report?.button != nil {
        try flush()
        report = Report(time: line.time)
      }
      report?.button = (isDown, number)
    case ("EV_SYN", "SYN_REPORT"):
      try flush()
    default:
      break
    }
  }

  private mutating func emit(_ event: TraceEvent) {
    if !keepsTouches { newEvents.append(event) }
  }

  /// The events completed since the last call (absolute times, points), in order; live mode
  /// (``keepsTouches`` off) only.
  mutating func takeNewEvents() -> [TraceEvent] {
    defer { newEvents.removeAll(keepingCapacity: true) }
    return newEvents
  }

  /// Ends the last report; keeps a touch still down at the end of the file (without an `up`).
  /// - Parameter discardingPendingReport: drop the report still being read instead of applying
  ///   it: a recording interrupted mid-report may hold only some of its axes, and carrying the
  ///   other axis forward would invent a position the finger never had.
  mutating func finish(discardingPendingReport: Bool = false) throws(TraceError) {
    if discardingPendingReport { report = nil }
    do throws(FieldProblem) {
      try flush()
    } catch {
      throw error.error(file: file, line: error.line ?? 0)
    }
    if let current, keepsTouches { touches.append(current.touch) }
    current = nil
  }

  /// Applies the pending report. Its problems carry the `BTN_TOUCH` line in ``FieldProblem/line``.
  private mutating func flush() throws(FieldProblem) {
    guard let report else { return }
    self.report = nil
    let point = position()
    if let point, !(point.x.isFinite && point.y.isFinite) {
      throw FieldProblem(
        field: "", message: "position converts to a non-finite number of points; check the options",
        line: report.button?.line)
    }
    var button = report.button
    if button == nil, let line = report.contactReportLine {
      // Protocol A without BTN_TOUCH: the first report with a contact is the touch-down, a
      // report whose SYN_MT_REPORT carries no contact is the lift.
      if report.contacts > 0, current == nil { button = (true, line) }
      if report.contacts == 0, current != nil { button = (false, line) }
    }
    switch button {
    case (true, let line)?:
      if let current {
        throw FieldProblem(
          field: "BTN_TOUCH",
          message: "DOWN while the finger is already down (since line \(current.line))", line: line)
      }
      guard let point else {
        let axis = rawX == nil ? "ABS_MT_POSITION_X" : "ABS_MT_POSITION_Y"
        throw FieldProblem(
          field: "BTN_TOUCH", message: "DOWN with no known position: no \(axis) reported before it",
          line: line)
      }
      let down = TraceEvent(time: report.time, kind: .down, x: point.x, y: point.y)
      current = (GeteventTouch(downTime: report.time, events: [down]), line)
      emit(down)
    case (false, let line)?:
      guard var touch = current?.touch, let point else {
        throw FieldProblem(field: "BTN_TOUCH", message: "UP without a DOWN before it", line: line)
      }
      let up = TraceEvent(time: report.time, kind: .up, x: point.x, y: point.y)
      touch.events.append(up)
      if keepsTouches { touches.append(touch) }
      current = nil
      followedSlot = nil
      emit(up)
    case nil:
      if report.hasPosition, let point, current != nil {
        let move = TraceEvent(time: report.time, kind: .move, x: point.x, y: point.y)
        if keepsTouches { current?.touch.events.append(move) }
        emit(move)
      }
    }
  }

  /// The carried-forward position in points, or `nil` until both axes have been reported.
  private func position() -> (x: Double, y: Double)? {
    guard let rawX, let rawY else { return nil }
    return (options.pointsX(raw: rawX), options.pointsY(raw: rawY))
  }
}
