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
/// second finger's positions are ignored. When the followed finger lifts first
/// (`ABS_MT_TRACKING_ID` -1 in its slot), the touch ends there with an `up`, and reports are
/// skipped until `BTN_TOUCH UP`. A `BTN_TOUCH UP` with no touch down (a recording started
/// mid-touch) is a warning. Other lines (pressure, `BTN_TOOL_FINGER`, …) are ignored.
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
    /// Protocol B: the followed finger's `ABS_MT_TRACKING_ID` went to -1 in this report.
    var followedLifted = false
  }

  private let options: GeteventImporter.Options
  private let file: String
  /// Raw panel values per slot, carried forward per slot (the kernel reports only a changed
  /// axis of a slot); protocol A and single-touch input use slot 0.
  private var raw: [Int: (x: Double?, y: Double?)] = [:]
  /// Protocol B: the slot the next position lines belong to (`ABS_MT_SLOT`; 0 until one is
  /// reported, as in the kernel).
  private var slot = 0
  /// Protocol B: the slot of the finger being followed, set by the first position line while no
  /// finger is followed; other slots' positions do not move the touch.
  private var followedSlot: Int?
  /// The followed finger lifted while others stay down: its `up` is written, and everything
  /// until `BTN_TOUCH UP` (the last finger lifting) is skipped.
  private var waitingForLastLift = false
  /// Problems that lose nothing of the followed touches (a partial touch at the start, another
  /// device's lines), as `file:line: message`, in order.
  private(set) var warnings: [String] = []
  /// The device whose touches are followed (the first to report a touch line), if named.
  private var touchDevice: String?
  /// Other devices whose lines were skipped (each warned about once).
  private var ignoredDevices: Set<String> = []
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
  /// - Throws: ``/ScrollSimCore/InputError`` naming the line and field of the first malformed line.
  /// - Parameter warn: called with each warning (a skipped partial touch), `file:line: …`.
  static func touches(
    in text: String, options: GeteventImporter.Options, file: String,
    warn: (String) -> Void = { _ in }
  ) throws(InputError) -> [GeteventTouch] {
    var parser = GeteventTouchParser(options: options, file: file)
    for (index, line) in text.lines().enumerated() {
      try parser.consume(line, number: index + 1)
    }
    try parser.finish()
    parser.warnings.forEach(warn)
    return parser.touches
  }

  /// Reads line `number`; a report it completes is applied first.
  /// - Throws: ``/ScrollSimCore/InputError`` at this line, or at the `BTN_TOUCH` line of the completed report.
  mutating func consume(_ text: Substring, number: Int) throws(InputError) {
    do throws(FieldProblem) {
      guard let line = try GeteventLine.parse(text) else { return }
      if let previous, line.time < previous.time {
        throw FieldProblem(
          field: "timestamp",
          message: "\(describe(line.time)) s is earlier than \(describe(previous.time)) s "
            + "on line \(previous.line); getevent times must not go backwards")
      }
      previous = (line.time, number)
      // `getevent -lt` with no device prints every device: follow the first one that reports
      // a touch and skip the others' lines (a second touch panel, keys, sensors).
      if let device = line.device {
        if touchDevice == nil && line.isTouch { touchDevice = device }
        if let touchDevice, device != touchDevice {
          if ignoredDevices.insert(device).inserted {
            warnings.append(
              "\(file):\(number): lines from \(device) are ignored: the touches come from "
                + "\(touchDevice) (record one device: getevent -lt \(touchDevice))")
          }
          return
        }
      }
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
      // The followed finger lifts while another stays down: the touch ends here.
      if line.value.lowercased() == "ffffffff", slot == followedSlot, current != nil {
        report?.followedLifted = true
      }
    case ("EV_ABS", "ABS_MT_POSITION_X"), ("EV_ABS", "ABS_MT_POSITION_Y"):
      // Protocol A: a second contact in the same report is another finger; ignore it.
      if let report, report.contacts > 0 { return }
      guard let value = line.hexValue else {
        throw FieldProblem(
          field: line.code, message: "\"\(line.value)\" is not a hexadecimal value (1–8 digits)")
      }
      var axes = raw[slot] ?? (nil, nil)
      if line.code == "ABS_MT_POSITION_X" { axes.x = Double(value) } else { axes.y = Double(value) }
      raw[slot] = axes
      // Protocol B: follow one finger (its slot); a second finger's positions are kept for its
      // slot but do not move the touch.
      if followedSlot == nil && !waitingForLastLift { followedSlot = slot }
      guard slot == followedSlot else { return }
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
  mutating func finish(discardingPendingReport: Bool = false) throws(InputError) {
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
    if waitingForLastLift {
      // After the followed finger's lift: only the last finger's BTN_TOUCH UP matters.
      if button?.isDown == false {
        waitingForLastLift = false
        followedSlot = nil
      }
      return
    }
    if button == nil, report.followedLifted, current != nil {
      button = (false, previous?.line ?? 0)
      waitingForLastLift = true
    }
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
        let axis = raw[followedSlot ?? slot]?.x == nil ? "ABS_MT_POSITION_X" : "ABS_MT_POSITION_Y"
        throw FieldProblem(
          field: "BTN_TOUCH", message: "DOWN with no known position: no \(axis) reported before it",
          line: line)
      }
      let down = TraceEvent(time: report.time, kind: .down, x: point.x, y: point.y)
      current = (GeteventTouch(downTime: report.time, events: [down]), line)
      emit(down)
    case (false, let line)?:
      guard var touch = current?.touch, let point else {
        // A recording that starts mid-touch: skip that touch, keep the rest.
        warnings.append(
          "\(file):\(line): BTN_TOUCH UP without a DOWN before it (the recording started "
            + "during a touch?): that partial touch is skipped")
        followedSlot = nil
        return
      }
      let up = TraceEvent(time: report.time, kind: .up, x: point.x, y: point.y)
      touch.events.append(up)
      if keepsTouches { touches.append(touch) }
      current = nil
      if !waitingForLastLift { followedSlot = nil }
      emit(up)
    case nil:
      if report.hasPosition, let point, current != nil {
        let move = TraceEvent(time: report.time, kind: .move, x: point.x, y: point.y)
        if keepsTouches { current?.touch.events.append(move) }
        emit(move)
      }
    }
  }

  /// The followed finger's carried-forward position in points (the current slot's when no
  /// finger is followed), or `nil` until both of its axes have been reported.
  private func position() -> (x: Double, y: Double)? {
    guard let axes = raw[followedSlot ?? slot], let x = axes.x, let y = axes.y else { return nil }
    return (options.pointsX(raw: x), options.pointsY(raw: y))
  }
}
