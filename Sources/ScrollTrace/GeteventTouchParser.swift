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
/// `up` at the last position. One finger is followed, and another finger is never substituted
/// for it:
/// - protocol B (`ABS_MT_SLOT`): the slot of the touch's first position line; when that slot's
///   `ABS_MT_TRACKING_ID` goes to -1 while another finger stays down, the touch ends there;
/// - protocol A (each contact's data ended by `SYN_MT_REPORT`, every contact in every report,
///   Linux `Documentation/input/multi-touch-protocol.rst`): the touch-down report's first
///   contact. Later reports find it by its `ABS_MT_TRACKING_ID` when the device reports one;
///   otherwise by matching each report's contacts to the previous report's, closest pairs first,
///   as Android's `TouchInputMapper::assignPointerIds` does for devices without tracking ids
///   (with no finger landing or lifting this keeps `SYN_MT_REPORT` order). The first report
///   without it is its lift (`up` at its last position).
///
/// After the followed finger's lift, reports are skipped until every finger has lifted
/// (`BTN_TOUCH UP`, or a protocol A report with no contact). A `BTN_TOUCH UP` with no touch down
/// (a recording started mid-touch) is a warning. Other lines (pressure, `BTN_TOOL_FINGER`, …)
/// are ignored.
struct GeteventTouchParser {
  /// One protocol A contact: the data between two `SYN_MT_REPORT`s, raw panel units.
  private struct Contact {
    var trackingID: UInt32?
    var x: Double?
    var y: Double?
    var isEmpty: Bool { trackingID == nil && x == nil && y == nil }
  }

  private struct Report {
    var time: Double
    var hasPosition = false
    var button: (isDown: Bool, line: Int)?
    /// Protocol A: the contacts ended by `SYN_MT_REPORT` in this report, in order, and the one
    /// being read.
    var contacts: [Contact] = []
    var contact = Contact()
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
  /// Protocol A: the previous report's contacts (both axes known), raw panel units.
  private var previousContacts: [(trackingID: UInt32?, x: Double, y: Double)] = []
  /// Protocol A: the index of the followed finger in ``previousContacts``.
  private var followedContact: Int?
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
      guard let id = line.hexValue else {
        throw FieldProblem(
          field: line.code, message: "\"\(line.value)\" is not a hexadecimal value (1–8 digits)")
      }
      if id != 0xffff_ffff { report?.contact.trackingID = id }
      // Protocol B: the followed finger lifts while another stays down: the touch ends here.
      if id == 0xffff_ffff, slot == followedSlot, current != nil {
        report?.followedLifted = true
      }
    case ("EV_ABS", "ABS_MT_POSITION_X"), ("EV_ABS", "ABS_MT_POSITION_Y"):
      guard let value = line.hexValue else {
        throw FieldProblem(
          field: line.code, message: "\"\(line.value)\" is not a hexadecimal value (1–8 digits)")
      }
      if line.code == "ABS_MT_POSITION_X" {
        report?.contact.x = Double(value)
      } else {
        report?.contact.y = Double(value)
      }
      // Protocol A contacts are read from the report when it ends; a later contact must not
      // move slot 0.
      if let report, report.contactReportLine != nil { return }
      var axes = raw[slot] ?? (nil, nil)
      if line.code == "ABS_MT_POSITION_X" { axes.x = Double(value) } else { axes.y = Double(value) }
      raw[slot] = axes
      // Protocol B: follow one finger (its slot); a second finger's positions are kept for its
      // slot but do not move the touch.
      if followedSlot == nil && !waitingForLastLift { followedSlot = slot }
      guard slot == followedSlot else { return }
      report?.hasPosition = true
    case ("EV_SYN", "SYN_MT_REPORT"):
      // Protocol A (Documentation/input/multi-touch-protocol.rst): ends one contact's data;
      // an empty one (no contact data) in a report means every finger lifted.
      report?.contactReportLine = number
      if let contact = report?.contact, !contact.isEmpty { report?.contacts.append(contact) }
      report?.contact = Contact()
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
    if report.contactReportLine != nil {
      try flushContacts(report)
      return
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

  /// Applies a protocol A report (one that holds `SYN_MT_REPORT`): finds the followed contact
  /// among the report's contacts and writes its `down`, `move` or `up`.
  private mutating func flushContacts(_ report: Report) throws(FieldProblem) {
    // A touch that began in reports without SYN_MT_REPORT continues from its slot's position.
    let carried = raw[followedSlot ?? slot]
    if current != nil, followedContact == nil, !waitingForLastLift, let x = carried?.x,
      let y = carried?.y
    {
      previousContacts = [(nil, x, y)]
      followedContact = 0
    }
    // Each contact takes an axis it did not report from the contact it continues (or, for the
    // report's first contact, from slot 0's carried-forward position).
    let matches = assignContacts(report.contacts)
    var contacts: [(trackingID: UInt32?, x: Double, y: Double)] = []
    for (index, contact) in report.contacts.enumerated() {
      let earlier = matches[index].map { previousContacts[$0] }
      let fallback = index == 0 ? carried : nil
      guard let x = contact.x ?? earlier?.x ?? fallback?.x,
        let y = contact.y ?? earlier?.y ?? fallback?.y
      else {
        throw FieldProblem(
          field: contact.x == nil ? "ABS_MT_POSITION_X" : "ABS_MT_POSITION_Y",
          message: "contact \(index + 1) of the report has no "
            + "\(contact.x == nil ? "ABS_MT_POSITION_X" : "ABS_MT_POSITION_Y") and no earlier "
            + "position to carry forward", line: report.contactReportLine)
      }
      contacts.append((contact.trackingID, x, y))
    }
    let previousFollowed = followedContact
    previousContacts = contacts
    followedContact = nil
    let line = report.button?.line ?? report.contactReportLine ?? 0
    if waitingForLastLift {
      if contacts.isEmpty || report.button?.isDown == false { waitingForLastLift = false }
      return
    }
    func points(_ contact: (trackingID: UInt32?, x: Double, y: Double)) -> TraceEvent {
      TraceEvent(
        time: report.time, kind: .move, x: options.pointsX(raw: contact.x),
        y: options.pointsY(raw: contact.y))
    }
    guard var touch = current?.touch else {
      if report.button?.isDown == false {
        warnings.append(
          "\(file):\(line): BTN_TOUCH UP without a DOWN before it (the recording started "
            + "during a touch?): that partial touch is skipped")
        return
      }
      guard let first = contacts.first else {
        if report.button?.isDown == true {
          throw FieldProblem(
            field: "BTN_TOUCH",
            message: "DOWN with no known position: no contact reported before SYN_MT_REPORT",
            line: line)
        }
        return
      }
      var down = points(first)
      down.kind = .down
      followedContact = 0
      current = (GeteventTouch(downTime: report.time, events: [down]), line)
      emit(down)
      return
    }
    if report.button?.isDown == true {
      throw FieldProblem(
        field: "BTN_TOUCH",
        message: "DOWN while the finger is already down (since line \(current?.line ?? 0))",
        line: line)
    }
    let followed = previousFollowed.flatMap { previous in
      matches.firstIndex { $0 == previous }
    }
    if let followed, report.button?.isDown != false {
      followedContact = followed
      let move = points(contacts[followed])
      if keepsTouches { current?.touch.events.append(move) }
      emit(move)
      return
    }
    // The followed finger lifted (alone, or while others stay down): its `up` at its last
    // position; the others are never followed in its place.
    let last = touch.events[touch.events.count - 1]
    let up = TraceEvent(time: report.time, kind: .up, x: last.x, y: last.y)
    touch.events.append(up)
    if keepsTouches { touches.append(touch) }
    current = nil
    waitingForLastLift = !contacts.isEmpty && report.button?.isDown != false
    emit(up)
  }

  /// For each contact of a protocol A report, the index of the previous report's contact it
  /// continues, or `nil` for a finger that just landed. With tracking ids: the contact with the
  /// same id. Without: closest pairs first (squared distance in panel units, ties in report
  /// order), each previous contact used once, as Android's
  /// `TouchInputMapper::assignPointerIds` (frameworks/native/services/inputflinger) assigns
  /// pointer ids to devices that report none.
  private func assignContacts(_ contacts: [Contact]) -> [Int?] {
    var matches = [Int?](repeating: nil, count: contacts.count)
    if contacts.allSatisfy({ $0.trackingID != nil }),
      previousContacts.allSatisfy({ $0.trackingID != nil })
    {
      for (index, contact) in contacts.enumerated() {
        matches[index] = previousContacts.firstIndex { $0.trackingID == contact.trackingID }
      }
      return matches
    }
    var pairs: [(distance: Double, current: Int, previous: Int)] = []
    for (index, contact) in contacts.enumerated() {
      for (earlier, previous) in previousContacts.enumerated() {
        let dx = (contact.x ?? previous.x) - previous.x
        let dy = (contact.y ?? previous.y) - previous.y
        pairs.append((dx * dx + dy * dy, index, earlier))
      }
    }
    pairs.sort { ($0.distance, $0.current, $0.previous) < ($1.distance, $1.current, $1.previous) }
    var used = Set<Int>()
    for pair in pairs where matches[pair.current] == nil && !used.contains(pair.previous) {
      matches[pair.current] = pair.previous
      used.insert(pair.previous)
    }
    return matches
  }

  /// The followed finger's carried-forward position in points (the current slot's when no
  /// finger is followed), or `nil` until both of its axes have been reported.
  private func position() -> (x: Double, y: Double)? {
    guard let axes = raw[followedSlot ?? slot], let x = axes.x, let y = axes.y else { return nil }
    return (options.pointsX(raw: x), options.pointsY(raw: y))
  }
}
