import Foundation
import Testing

@testable import ScrollTrace

private typealias F = TraceFixtures

@Suite struct GeteventRecorderTests {
  @Test func liveRecordingOfTheRealLogEqualsTheImportedSession() throws {
    let path = F.temporaryPath("live")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = try String(contentsOfFile: GeteventImporterTests.realPath, encoding: .utf8)
    let recorder = try GeteventRecorder(path: path)
    for line in text.lines() { try recorder.consume(line) }
    #expect(try recorder.finish() == 593)
    let recorded = try Trace.load(path: path)
    let imported = try GeteventImporter().session(fromText: text, file: "x")
    #expect(recorded.events == imported.events)
    #expect(recorded.header.timeOrigin == imported.header.timeOrigin)
  }

  /// Protocol A as in the kernel's Documentation/input/multi-touch-protocol.rst: contacts end
  /// with SYN_MT_REPORT, an empty SYN_MT_REPORT report lifts the last finger; a second contact
  /// in a report is ignored (single finger).
  @Test func readsProtocolA() throws {
    let lines = [
      "[  100.000000] /dev/input/event1: EV_ABS ABS_MT_POSITION_X 00000064",
      "[  100.000000] /dev/input/event1: EV_ABS ABS_MT_POSITION_Y 000003e8",
      "[  100.000000] /dev/input/event1: EV_SYN SYN_MT_REPORT 00000000",
      "[  100.000000] /dev/input/event1: EV_SYN SYN_REPORT 00000000",
      "[  100.010000] /dev/input/event1: EV_ABS ABS_MT_POSITION_X 00000064",
      "[  100.010000] /dev/input/event1: EV_ABS ABS_MT_POSITION_Y 00000384",
      "[  100.010000] /dev/input/event1: EV_SYN SYN_MT_REPORT 00000000",
      "[  100.010000] /dev/input/event1: EV_ABS ABS_MT_POSITION_X 00000200",
      "[  100.010000] /dev/input/event1: EV_ABS ABS_MT_POSITION_Y 00000010",
      "[  100.010000] /dev/input/event1: EV_SYN SYN_MT_REPORT 00000000",
      "[  100.010000] /dev/input/event1: EV_SYN SYN_REPORT 00000000",
      "[  100.020000] /dev/input/event1: EV_SYN SYN_MT_REPORT 00000000",
      "[  100.020000] /dev/input/event1: EV_SYN SYN_REPORT 00000000",
    ]
    let options = GeteventImporter.Options(
      screenWidthPixels: 1000, screenHeightPixels: 2000, scale: 2)
    let trace = try GeteventImporter(options: options).session(
      fromText: lines.joined(separator: "\n"), file: "a.txt")
    // px = raw · 1000 / 1000, pt = px / 2.
    #expect(
      trace.events == [
        TraceEvent(time: 0, kind: .down, x: 50, y: 500),
        TraceEvent(time: 0.01, kind: .move, x: 50, y: 450),
        TraceEvent(time: 0.02, kind: .up, x: 50, y: 450),
      ])
  }

  @Test func aBadLineNamesTheStreamLineAndKeepsEarlierEvents() throws {
    let path = F.temporaryPath("live-bad")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try GeteventRecorder(path: path, input: "<stdin>")
    let good = [
      "[ 1.000000] /dev/input/event3: EV_ABS ABS_MT_POSITION_X 00000010",
      "[ 1.000000] /dev/input/event3: EV_ABS ABS_MT_POSITION_Y 00000100",
      "[ 1.000000] /dev/input/event3: EV_KEY BTN_TOUCH DOWN",
      "[ 1.000000] /dev/input/event3: EV_SYN SYN_REPORT 00000000",
    ]
    for line in good { try recorder.consume(line[...]) }
    let error = try #require(throws: InputError.self) {
      try recorder.consume("[ 1.010000] /dev/input/event3: EV_ABS ABS_MT_POSITION_Y zz")
    }
    #expect(error.description.hasPrefix("<stdin>:5: ABS_MT_POSITION_Y:"))
    try recorder.finish()
    #expect(try Trace.load(path: path).events.map(\.kind) == [.down])
  }

  @Test("an interrupted recording drops the report it was reading instead of inventing an axis")
  func interruptionDropsThePendingReport() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("interrupted-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try GeteventRecorder(path: path)
    for line in [
      "[ 1.000000] /dev/input/event3: EV_ABS ABS_MT_POSITION_X 00000100",
      "[ 1.000000] /dev/input/event3: EV_ABS ABS_MT_POSITION_Y 00000100",
      "[ 1.000000] /dev/input/event3: EV_KEY BTN_TOUCH DOWN",
      "[ 1.010000] /dev/input/event3: EV_ABS ABS_MT_POSITION_X 00000120",
      "[ 1.010000] /dev/input/event3: EV_ABS ABS_MT_POSITION_Y 000000f0",
      // Interrupted here: the X of the next report has arrived, its Y has not.
      "[ 1.020000] /dev/input/event3: EV_ABS ABS_MT_POSITION_X 00000140",
    ] { try recorder.consume(line[...]) }
    try recorder.finish(interrupted: true)
    let events = try Trace.load(path: path).events
    #expect(events.map(\.kind) == [.down, .move])
    #expect(events.last?.time == 0.01)
  }
}
