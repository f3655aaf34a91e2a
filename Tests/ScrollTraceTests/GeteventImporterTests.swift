import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

@Suite struct GeteventImporterTests {
  /// The real swipe-shield recording (33 touches), copied unchanged into `traces/`.
  static let realPath = Repository.path(
    "traces/swipe-shield/source/data_first33gestures.getevent-lt.txt")

  /// A `getevent -lt` line for `/dev/input/event3`.
  static func line(_ time: String, _ type: String, _ code: String, _ value: String) -> String {
    "[\(String(repeating: " ", count: max(0, 15 - time.count)))\(time)] /dev/input/event3: "
      + "\(type)       \(code)    \(value)            "
  }

  static func x(_ time: String, _ hex: String) -> String {
    line(time, "EV_ABS", "ABS_MT_POSITION_X", hex)
  }
  static func y(_ time: String, _ hex: String) -> String {
    line(time, "EV_ABS", "ABS_MT_POSITION_Y", hex)
  }
  static func button(_ time: String, _ state: String) -> String {
    line(time, "EV_KEY", "BTN_TOUCH", state)
  }

  static func realGestures() throws -> [Trace] {
    try GeteventImporter().gestures(path: realPath)
  }

  @Test func realFileHasThirtyThreeTouches() throws {
    let gestures = try Self.realGestures()
    #expect(gestures.count == 33)
    for gesture in gestures {
      #expect(gesture.events.first?.kind == .down)
      #expect(gesture.events.first?.time == 0)
      #expect(gesture.events.last?.kind == .up)
      #expect(gesture.events.dropFirst().dropLast().allSatisfy { $0.kind == .move })
      #expect(zip(gesture.events, gesture.events.dropFirst()).allSatisfy { $0.time <= $1.time })
      #expect(try Trace.parse(try TraceWriter.text(gesture), file: "g") == gesture)
    }
    #expect(gestures.map { $0.events.count - 2 }.reduce(0, +) == 527)
  }

  @Test func firstTouchIsATap() throws {
    let tap = try #require(try Self.realGestures().first)
    #expect(tap.header.timeOrigin == 21576.084956)
    #expect(
      tap.events == [
        TraceEvent(time: 0, kind: .down, x: Double(0x1e3) / 2.625, y: Double(0x948) / 2.625),
        TraceEvent(
          time: 0.060475, kind: .up, x: Double(0x1e3) / 2.625,
          y: Double(0x948) / 2.625),
      ])
    #expect(tap.header.source?.hasSuffix("touch 1 of 33") == true)
  }

  @Test func secondTouchFirstMove() throws {
    let swipe = try Self.realGestures()[1]
    #expect(swipe.header.timeOrigin == 21577.975899)
    #expect(swipe.events[0] == TraceEvent(time: 0, kind: .down, x: 0x354 / 2.625, y: 0x67c / 2.625))
    #expect(
      swipe.events[1]
        == TraceEvent(
          time: 0.029722, kind: .move, x: 0x34c / 2.625, y: 0x66a / 2.625))
    #expect(swipe.events.count == 14)
    // Whole microseconds after the DOWN, as recorded.
    #expect(swipe.events.last?.time == 0.099873)
    #expect(swipe.events.last?.y == 0x4b8 / 2.625)
  }

  @Test func carriesTheUnchangedAxisForward() throws {
    // Line 50 holds only ABS_MT_POSITION_Y at 21579.000763; x stays 0x356 from line 48.
    let third = try Self.realGestures()[2]
    #expect(third.header.timeOrigin == 21578.906342)
    let event = try #require(third.events.first { $0.time == 0.094421 })
    #expect(event.kind == .move)
    #expect(event.x == 0x356 / 2.625)
    #expect(event.y == 0x3fa / 2.625)
  }

  @Test func headerDescribesTheAssumedPhone() throws {
    let header = try Self.realGestures()[0].header
    #expect(header.device.screenWidth == 1080 / 2.625)
    #expect(header.device.screenHeight == 2400 / 2.625)
    #expect(abs(header.device.screenHeight - 914.29) < 0.01)
    #expect(header.device.scale == 2.625)
    #expect(header.device.refreshRate == 60)
    #expect(header.scroll == .init(viewportHeight: 2400 / 2.625, contentHeight: 8000))
    #expect(header.physics == "ios")
  }

  /// Vertical swipe: |Δy| > 100 px and at least twice |Δx| (the README counts touch 29, a
  /// 72 px right, 118 px up drag, as diagonal, not as a swipe).
  @Test func swipeDirectionsMatchTheREADME() throws {
    var up = 0
    var down = 0
    for gesture in try Self.realGestures() {
      let first = try #require(gesture.events.first)
      let last = try #require(gesture.events.last)
      let dx = (last.x - first.x) * 2.625
      let dy = (last.y - first.y) * 2.625
      guard abs(dy) > 100, abs(dy) >= 2 * abs(dx) else { continue }
      if dy < 0 { up += 1 } else { down += 1 }
    }
    #expect(up == 23)
    #expect(down == 7)
  }

  @Test func durationsMatchTheREADME() throws {
    let durations = try Self.realGestures().map(\.duration).sorted()
    #expect(abs(durations[0] - 0.0527) < 0.0001)
    #expect(abs(durations[32] - 0.6895) < 0.0001)
  }

  @Test func sessionHoldsAllTouchesInOrder() throws {
    let importer = GeteventImporter()
    let session = try importer.session(path: Self.realPath)
    let gestures = try Self.realGestures()
    #expect(session.header.timeOrigin == 21576.084956)
    #expect(session.events.count == gestures.map(\.events.count).reduce(0, +))
    #expect(session.events.filter { $0.kind == .down }.count == 33)
    #expect(session.events.first?.time == 0)
    #expect(session.events.last?.time == 39.222118)
    #expect(try Trace.parse(try TraceWriter.text(session), file: "s") == session)
  }

  @Test func optionsScaleRawValues() throws {
    let text = [
      Self.x("1.000000", "000003ff"), Self.y("1.000000", "00000800"),
      Self.button("1.000000", "DOWN"),
    ].joined(separator: "\n")
    let options = GeteventImporter.Options(
      screenWidthPixels: 1440, screenHeightPixels: 3200, axisMaximumX: 4095, axisMaximumY: 4095,
      scale: 3.5, source: "synthetic")
    let trace = try #require(
      try GeteventImporter(options: options).gestures(fromText: text, file: "f").first)
    #expect(
      trace.events == [
        TraceEvent(
          time: 0, kind: .down, x: 1023.0 * 1440 / 4096 / 3.5, y: 2048.0 * 3200 / 4096 / 3.5)
      ])
    #expect(trace.header.source == "synthetic, touch 1 of 1")
  }

  @Test func toleratesRealGeteventNoise() throws {
    let text = [
      "add device 1: /dev/input/event3",
      "  name:     \"sec_touchscreen\"",
      Self.line("5.000000", "EV_ABS", "ABS_MT_SLOT", "00000000"),
      Self.line("5.000000", "EV_ABS", "ABS_MT_TRACKING_ID", "0000002a"),
      Self.x("5.000000", "00000100"), Self.y("5.000000", "00000200"),
      Self.line("5.000000", "EV_ABS", "ABS_MT_PRESSURE", "00000021"),
      Self.line("5.000000", "EV_KEY", "BTN_TOOL_FINGER", "DOWN"),
      Self.button("5.000000", "DOWN"),
      Self.line("5.000000", "EV_SYN", "SYN_REPORT", "00000000"),
      Self.y("5.008000", "000001f0"),
      Self.line("5.008000", "EV_SYN", "SYN_REPORT", "00000000"),
      Self.y("5.008000", "000001e0"),
      Self.line("5.008000", "EV_SYN", "SYN_MT_REPORT", "00000000"),
      Self.line("5.008000", "EV_SYN", "SYN_REPORT", "00000000"),
      Self.line("5.016000", "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"),
      Self.button("5.016000", "UP"),
      Self.line("5.016000", "EV_SYN", "SYN_REPORT", "00000000"),
      "",
    ].joined(separator: "\n")
    let trace = try #require(try GeteventImporter().gestures(fromText: text, file: "f").first)
    #expect(trace.events.map(\.kind) == [.down, .move, .move, .up])
    let raw: [Double] = [0x200, 0x1f0, 0x1e0, 0x1e0]
    #expect(trace.events.map(\.y) == raw.map { $0 / 2.625 })
    let times: [Double] = [0, 0.008, 0.008, 0.016]
    #expect(trace.events.map(\.time) == times)
  }

  /// Protocol B with two fingers: the first finger (slot 0) is followed; the second finger's
  /// positions (slot 1) do not move it; when the first lifts while the second stays down, its
  /// `up` is written then (so its fling is kept) and nothing more until the last finger lifts,
  /// even when a new finger lands in slot 0.
  @Test func followsTheFirstFingerOfAMultiTouch() throws {
    let slot = { (t: String, n: String) in Self.line(t, "EV_ABS", "ABS_MT_SLOT", n) }
    let id = { (t: String, n: String) in Self.line(t, "EV_ABS", "ABS_MT_TRACKING_ID", n) }
    let sync = { (t: String) in Self.line(t, "EV_SYN", "SYN_REPORT", "00000000") }
    let text = [
      slot("1.000", "00000000"), id("1.000", "00000007"), Self.x("1.000", "00000100"),
      Self.y("1.000", "00000400"), Self.button("1.000", "DOWN"), sync("1.000"),
      // Second finger lands in slot 1 far away, then both move.
      slot("1.010", "00000001"), id("1.010", "00000008"), Self.x("1.010", "00000300"),
      Self.y("1.010", "00000050"), sync("1.010"),
      slot("1.020", "00000000"), Self.y("1.020", "000003f0"), slot("1.020", "00000001"),
      Self.y("1.020", "00000060"), sync("1.020"),
      // The first finger lifts; a new finger lands in slot 0; the second moves; all lift.
      slot("1.030", "00000000"), id("1.030", "ffffffff"), sync("1.030"),
      id("1.040", "00000009"), Self.y("1.040", "00000100"), sync("1.040"),
      slot("1.050", "00000001"), Self.y("1.050", "00000070"), sync("1.050"),
      id("1.060", "ffffffff"), slot("1.060", "00000000"), id("1.060", "ffffffff"),
      Self.button("1.060", "UP"), sync("1.060"),
      // The next touch, in slot 1 this time, is followed from its first position.
      slot("2.000", "00000001"), id("2.000", "0000000a"), Self.x("2.000", "00000200"),
      Self.y("2.000", "00000200"), Self.button("2.000", "DOWN"), sync("2.000"),
      Self.y("2.010", "00000210"), sync("2.010"), Self.button("2.020", "UP"), sync("2.020"),
      "",
    ].joined(separator: "\n")
    let traces = try GeteventImporter().gestures(fromText: text, file: "f")
    #expect(traces.count == 2)
    #expect(traces[0].events.map(\.kind) == [.down, .move, .up])
    #expect(traces[0].events.map(\.time) == [0, 0.02, 0.03])
    let firstY: [Double] = [0x400, 0x3f0, 0x3f0]
    #expect(traces[0].events.map(\.y) == firstY.map { $0 / 2.625 })
    let secondY: [Double] = [0x200, 0x210, 0x210]
    #expect(traces[1].events.map(\.y) == secondY.map { $0 / 2.625 })
  }

  /// A protocol A report (Linux multi-touch-protocol.rst, type A): each contact's data then
  /// `SYN_MT_REPORT`, the report ended by `SYN_REPORT`; `ids` adds `ABS_MT_TRACKING_ID` per
  /// contact. Contacts are `(id, x, y)` in raw panel units; none is an empty `SYN_MT_REPORT`.
  static func protocolAReport(
    _ time: String, _ contacts: [(id: Int, x: Int, y: Int)], ids: Bool, button: String? = nil
  ) -> [String] {
    var lines: [String] = []
    for contact in contacts {
      if ids {
        lines.append(
          line(time, "EV_ABS", "ABS_MT_TRACKING_ID", String(format: "%08x", contact.id)))
      }
      lines.append(line(time, "EV_ABS", "ABS_MT_TOUCH_MAJOR", "00000004"))
      lines.append(x(time, String(format: "%08x", contact.x)))
      lines.append(y(time, String(format: "%08x", contact.y)))
      lines.append(line(time, "EV_SYN", "SYN_MT_REPORT", "00000000"))
    }
    if contacts.isEmpty { lines.append(line(time, "EV_SYN", "SYN_MT_REPORT", "00000000")) }
    if let button { lines.append(self.button(time, button)) }
    lines.append(line(time, "EV_SYN", "SYN_REPORT", "00000000"))
    return lines
  }

  /// A hand-written protocol A recording in the style of the real one (5.4 ms reports): finger
  /// 1 swipes up from y 2000; finger 2 lands at y 600 and, when `secondFirst`, is listed before
  /// finger 1; finger 1 lifts at 21000.0270 while finger 2 stays down and moves on; then all
  /// lift, and a one-finger tap follows.
  static func protocolARecording(ids: Bool, secondFirst: Bool) -> String {
    let one = [2000, 1900, 1780, 1640, 1480]
    var lines: [String] = []
    lines += protocolAReport("21000.000000", [(1, 500, one[0])], ids: ids, button: "DOWN")
    lines += protocolAReport("21000.005400", [(1, 502, one[1])], ids: ids)
    for (index, time) in ["21000.010800", "21000.016200", "21000.021600"].enumerated() {
      let first = (id: 1, x: 500 + index, y: one[index + 2])
      let second = (id: 2, x: 300, y: 600 - 10 * index)
      lines += protocolAReport(time, secondFirst ? [second, first] : [first, second], ids: ids)
    }
    // Finger 1 has lifted: only finger 2, which keeps moving (down the screen).
    lines += protocolAReport("21000.027000", [(2, 300, 640)], ids: ids)
    lines += protocolAReport("21000.032400", [(2, 300, 700)], ids: ids)
    lines += protocolAReport("21000.037800", [], ids: ids, button: "UP")
    lines += protocolAReport("21001.000000", [(3, 700, 1200)], ids: ids, button: "DOWN")
    lines += protocolAReport("21001.050000", [], ids: ids, button: "UP")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Protocol A, two fingers: the first finger is followed by its tracking id, or without ids
  /// by matching contacts to the previous report's (closest first), whatever order the
  /// contacts come in; its lift (the first report without it) ends the touch with an `up` at
  /// its last position, while finger 2 stays down: finger 2 is never followed in its place,
  /// so the trace never jumps to y 600 and the release velocity is finger 1's.
  @Test(arguments: [(true, false), (true, true), (false, false), (false, true)])
  func protocolAFollowsOneFingerToItsLift(ids: Bool, secondFirst: Bool) throws {
    let text = Self.protocolARecording(ids: ids, secondFirst: secondFirst)
    let traces = try GeteventImporter().gestures(fromText: text, file: "a.txt")
    #expect(traces.count == 2)
    let first = traces[0].events
    #expect(first.map(\.kind) == [.down, .move, .move, .move, .move, .up])
    #expect(first.map(\.time) == [0, 0.0054, 0.0108, 0.0162, 0.0216, 0.027])
    let raw: [Double] = [2000, 1900, 1780, 1640, 1480, 1480]
    #expect(first.map(\.y) == raw.map { $0 / 2.625 })
    #expect(first.last?.x == 502 / 2.625)
    #expect(traces[1].events.map(\.kind) == [.down, .up])
    #expect(traces[1].events[0].y == 1200 / 2.625)
    // The session holds the same touches; nothing of finger 2.
    let session = try GeteventImporter().session(fromText: text, file: "a.txt")
    #expect(session.events.count == 8)
    #expect(!session.events.contains { $0.y < 1000 / 2.625 })
  }

  /// Protocol A without tracking ids: when the *other* finger lifts, the followed one goes on,
  /// even though its place in the report changes (second, then first).
  @Test func protocolAWithoutIdsKeepsTheFollowedFingerWhenTheOtherLifts() throws {
    var lines: [String] = []
    lines += Self.protocolAReport("7.000", [(0, 500, 2000)], ids: false, button: "DOWN")
    lines += Self.protocolAReport("7.010", [(0, 900, 300), (0, 500, 1900)], ids: false)
    lines += Self.protocolAReport("7.020", [(0, 900, 310), (0, 500, 1800)], ids: false)
    lines += Self.protocolAReport("7.030", [(0, 500, 1700)], ids: false)
    lines += Self.protocolAReport("7.040", [], ids: false, button: "UP")
    let trace = try #require(
      try GeteventImporter().gestures(fromText: lines.joined(separator: "\n"), file: "f").first)
    #expect(trace.events.map(\.kind) == [.down, .move, .move, .move, .up])
    let raw: [Double] = [2000, 1900, 1800, 1700, 1700]
    #expect(trace.events.map(\.y) == raw.map { $0 / 2.625 })
    #expect(trace.events.last?.time == 0.04)
  }

  /// A protocol B recording in the style of the real one: the followed finger (slot 0) flings
  /// up and lifts while finger 2 (slot 1) stays down and moves; the trace ends at slot 0's lift
  /// with its last position, and finger 2's positions never enter it.
  @Test func protocolBEndsAtTheFollowedFingersLift() throws {
    let slot = { (t: String, n: String) in Self.line(t, "EV_ABS", "ABS_MT_SLOT", n) }
    let id = { (t: String, n: String) in Self.line(t, "EV_ABS", "ABS_MT_TRACKING_ID", n) }
    let sync = { (t: String) in Self.line(t, "EV_SYN", "SYN_REPORT", "00000000") }
    let text = [
      slot("300.000000", "00000000"), id("300.000000", "00000031"),
      Self.x("300.000000", "000001f4"), Self.y("300.000000", "000007d0"),
      Self.button("300.000000", "DOWN"), sync("300.000000"),
      Self.y("300.005400", "0000076c"), sync("300.005400"),
      slot("300.010800", "00000001"), id("300.010800", "00000032"),
      Self.x("300.010800", "0000012c"), Self.y("300.010800", "00000258"),
      slot("300.010800", "00000000"), Self.y("300.010800", "000006f4"), sync("300.010800"),
      Self.y("300.016200", "00000668"), slot("300.016200", "00000001"),
      Self.y("300.016200", "0000024e"), sync("300.016200"),
      slot("300.021600", "00000000"), id("300.021600", "ffffffff"), sync("300.021600"),
      slot("300.027000", "00000001"), Self.y("300.027000", "00000280"), sync("300.027000"),
      id("300.032400", "ffffffff"), Self.button("300.032400", "UP"), sync("300.032400"), "",
    ].joined(separator: "\n")
    let trace = try #require(try GeteventImporter().gestures(fromText: text, file: "b").first)
    #expect(trace.events.map(\.kind) == [.down, .move, .move, .move, .up])
    let raw: [Double] = [0x7d0, 0x76c, 0x6f4, 0x668, 0x668]
    #expect(trace.events.map(\.y) == raw.map { $0 / 2.625 })
    #expect(trace.events.last?.time == 0.0216)
  }

  /// Positions carry forward per slot: a touch in slot 0 that reports only X (its Y unchanged
  /// since that slot's last touch) takes slot 0's Y, not the Y of a touch in slot 1 between.
  @Test func positionsCarryForwardPerSlot() throws {
    let slot = { (t: String, n: String) in Self.line(t, "EV_ABS", "ABS_MT_SLOT", n) }
    let sync = { (t: String) in Self.line(t, "EV_SYN", "SYN_REPORT", "00000000") }
    let text = [
      slot("1.0", "00000000"), Self.x("1.0", "00000100"), Self.y("1.0", "00000300"),
      Self.button("1.0", "DOWN"), sync("1.0"), Self.button("1.1", "UP"), sync("1.1"),
      slot("2.0", "00000001"), Self.x("2.0", "00000200"), Self.y("2.0", "00000900"),
      Self.button("2.0", "DOWN"), sync("2.0"), Self.button("2.1", "UP"), sync("2.1"),
      slot("3.0", "00000000"), Self.x("3.0", "00000110"), Self.button("3.0", "DOWN"),
      sync("3.0"), Self.button("3.1", "UP"), sync("3.1"), "",
    ].joined(separator: "\n")
    let traces = try GeteventImporter().gestures(fromText: text, file: "f")
    #expect(traces.map { $0.events[0].y } == [0x300, 0x900, 0x300].map { Double($0) / 2.625 })
  }

  /// A recording that starts during a touch: the partial touch is skipped with a warning
  /// naming the line, the touches after it are kept.
  @Test func aRecordingThatStartsMidTouchKeepsTheRest() throws {
    let text = [
      Self.x("1.0", "00000100"), Self.y("1.0", "00000300"), Self.y("1.1", "00000310"),
      Self.button("1.2", "UP"), Self.x("2.0", "00000100"), Self.y("2.0", "00000500"),
      Self.button("2.0", "DOWN"), Self.y("2.1", "00000510"), Self.button("2.2", "UP"), "",
    ].joined(separator: "\n")
    var warnings: [String] = []
    let traces = try GeteventImporter().gestures(fromText: text, file: "f") { warnings.append($0) }
    #expect(traces.count == 1)
    #expect(traces.first?.events.map(\.kind) == [.down, .move, .up])
    #expect(
      warnings == [
        "f:4: BTN_TOUCH UP without a DOWN before it (the recording started during a touch?): "
          + "that partial touch is skipped"
      ])
  }

  /// `getevent -lt` without a device prints every device: the first one reporting a touch is
  /// followed, another touch panel's lines (and its SYN_REPORTs) are skipped with one warning.
  @Test func followsOneDevice() throws {
    let other = { (t: String, code: String, value: String) in
      "[\(t)] /dev/input/event5: EV_ABS \(code) \(value)"
    }
    let text = [
      "[1.000] /dev/input/event1: EV_KEY KEY_VOLUMEDOWN DOWN",
      Self.x("1.000", "00000100"), Self.y("1.000", "00000400"), Self.button("1.000", "DOWN"),
      other("1.005", "ABS_MT_POSITION_Y", "00000010"),
      "[1.005] /dev/input/event5: EV_SYN SYN_REPORT 00000000",
      Self.y("1.010", "000003f0"), Self.button("1.020", "UP"), "",
    ].joined(separator: "\n")
    var warnings: [String] = []
    let traces = try GeteventImporter().gestures(fromText: text, file: "f") { warnings.append($0) }
    let y: [Double] = [0x400, 0x3f0, 0x3f0]
    #expect(traces.first?.events.map(\.y) == y.map { $0 / 2.625 })
    #expect(
      warnings == [
        "f:5: lines from /dev/input/event5 are ignored: the touches come from /dev/input/event3 "
          + "(record one device: getevent -lt /dev/input/event3)"
      ])
  }

  @Test func keepsATouchStillDownAtTheEnd() throws {
    let text = [
      Self.x("2.0", "10"), Self.y("2.0", "20"), Self.button("2.0", "DOWN"),
      Self.y("2.5", "30"),
    ].joined(separator: "\n")
    let trace = try #require(try GeteventImporter().gestures(fromText: text, file: "f").first)
    #expect(trace.events.map(\.kind) == [.down, .move])
    #expect(try GeteventImporter().session(fromText: "", file: "f").events.isEmpty)
    #expect(try GeteventImporter().gestures(fromText: "", file: "f").isEmpty)
  }

  struct BadCase: Sendable, CustomStringConvertible {
    var name: String
    var lines: [String]
    var line: Int
    var field: String
    var says: String
    var description: String { name }
  }

  static let badCases: [BadCase] = [
    .init(name: "not getevent", lines: ["hello world"], line: 1, field: "", says: "not a getevent"),
    .init(
      name: "bad timestamp",
      lines: [x("1.0", "10"), line("1.O", "EV_ABS", "ABS_MT_POSITION_Y", "10")],
      line: 2, field: "timestamp", says: "not a time"),
    .init(
      name: "exponent timestamp", lines: [line("1e3", "EV_KEY", "BTN_TOUCH", "DOWN")],
      line: 1, field: "timestamp", says: "not a time"),
    .init(
      name: "missing value", lines: ["[ 1.000000] /dev/input/event3: EV_ABS ABS_MT_POSITION_Y"],
      line: 1, field: "", says: "found 2 words"),
    .init(
      name: "non-hex y", lines: [x("1.0", "10"), y("1.0", "00000g48")], line: 2,
      field: "ABS_MT_POSITION_Y", says: "hexadecimal"),
    .init(
      name: "non-hex x", lines: [x("1.0", "-10")], line: 1, field: "ABS_MT_POSITION_X",
      says: "hexadecimal"),
    .init(
      name: "time goes back", lines: [x("2.0", "10"), y("1.999999", "10")], line: 2,
      field: "timestamp", says: "earlier than 2.0 s on line 1"),
    .init(
      name: "down without position", lines: [x("1.0", "10"), button("1.0", "DOWN")], line: 2,
      field: "BTN_TOUCH", says: "no ABS_MT_POSITION_Y"),
    .init(
      name: "down while down",
      lines: [
        x("1.0", "10"), y("1.0", "10"), button("1.0", "DOWN"), y("1.1", "11"),
        button("1.2", "DOWN"),
      ],
      line: 5, field: "BTN_TOUCH", says: "already down (since line 3)"),
    .init(
      name: "bad button", lines: [button("1.0", "MAYBE")], line: 1, field: "BTN_TOUCH",
      says: "DOWN or UP"),
  ]

  @Test(arguments: badCases)
  func reportsLineAndField(_ bad: BadCase) throws {
    let text = bad.lines.joined(separator: "\n") + "\n"
    let error = try #require(throws: InputError.self) {
      try GeteventImporter().gestures(fromText: text, file: "g.txt")
    }
    #expect(error.file == "g.txt")
    #expect(error.line == bad.line)
    #expect(error.field == bad.field)
    #expect(error.message.contains(bad.says), "\(error)")
  }

  @Test(arguments: [
    (GeteventImporter.Options(scale: 0), "options.scale"),
    (GeteventImporter.Options(screenWidthPixels: .nan), "options.screenWidthPixels"),
    (GeteventImporter.Options(axisMaximumY: -1), "options.axisMaximumY"),
    (GeteventImporter.Options(refreshRate: .infinity), "options.refreshRate"),
    (GeteventImporter.Options(contentHeight: -1), "options.contentHeight"),
    (GeteventImporter.Options(startOffset: 1e9), "options.startOffset"),
  ])
  func rejectsInvalidOptions(_ options: GeteventImporter.Options, _ field: String) throws {
    let error = try #require(throws: InputError.self) {
      try GeteventImporter(options: options).session(fromText: "", file: "g.txt")
    }
    #expect(error.line == 0)
    #expect(error.field == field)
  }

  @Test func missingFileIsLineZero() throws {
    let error = try #require(throws: InputError.self) {
      try GeteventImporter().gestures(path: "/nonexistent/getevent.txt")
    }
    #expect(error.line == 0)
    #expect(error.message == "no such file")
  }
}

extension GeteventImporterTests {
  @Test func acceptsWindowsLineEnds() throws {
    let text = try String(contentsOfFile: Self.realPath, encoding: .utf8)
    let crlf = text.split(separator: "\n").joined(separator: "\r\n") + "\r\n"
    let importer = GeteventImporter()
    #expect(
      try importer.gestures(fromText: crlf, file: "f")
        == (try importer.gestures(fromText: text, file: "f")))
  }

  @Test func hugeOptionsAndTimesNeverTrap() throws {
    let huge = GeteventImporter(options: .init(screenWidthPixels: 1e300, screenHeightPixels: 1e300))
    let text = [Self.x("1.0", "ffffffff"), Self.y("1.0", "ffffffff"), Self.button("1.0", "DOWN")]
      .joined(separator: "\n")
    #expect(throws: InputError.self) { try huge.gestures(fromText: text, file: "f") }
    let longTime = "[ " + String(repeating: "9", count: 400) + ".0] /dev/input/event3: A B C"
    let error = #expect(throws: InputError.self) {
      try GeteventImporter().gestures(fromText: longTime, file: "f")
    }
    #expect(error?.field == "timestamp")
  }
}
