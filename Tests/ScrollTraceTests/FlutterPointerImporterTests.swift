import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

@Suite struct FlutterPointerImporterTests {
  /// Flutter's 13 real velocity-tracker gestures written as PointerData (physical pixels at
  /// devicePixelRatio 3.5, µs time stamps, `add`/`remove` around each touch), see
  /// traces/flutter-velocitytracker/README.md.
  static let bundled = Repository.path(
    "traces/flutter-velocitytracker/velocity_events.pointerdata.json")
  static let header = WebDriverActionsTests.header
  static let importer = FlutterPointerImporter(devicePixelRatio: 3.5)

  static func trace(_ text: String, ratio: Double = 2) throws -> FlutterPointerImporter.Recording {
    try FlutterPointerImporter(devicePixelRatio: ratio).recording(
      fromText: text, file: "p.json", header: header)
  }

  /// The PointerData form imports to the trace the CSV form gives (converter.dart: position =
  /// physical / devicePixelRatio), add and remove skipped; every release velocity is Flutter's
  /// published one (velocity_tracker_test.dart, 0.1 %) through the least-squares tracker.
  @Test func flutterTestDataAsPointerDataMatchesTheCSV() throws {
    let text = try String(contentsOfFile: Self.bundled, encoding: .utf8)
    let recording = try Self.importer.recording(fromText: text, file: "p", header: Self.header)
    let csv = try CSVTouchImporter(mapping: CSVTouchImporterTests.mapping).trace(
      fromText: String(contentsOfFile: CSVTouchImporterTests.flutterPath, encoding: .utf8),
      file: "c", header: Self.header)
    #expect(recording.skipped == ["add": 13, "remove": 13])
    #expect(recording.trace.events.count == 306)
    #expect(recording.trace.header.timeOrigin == csv.header.timeOrigin)
    for (a, b) in zip(recording.trace.events, csv.events) {
      #expect(a.kind == b.kind && abs(a.time - b.time) < 1e-12)
      #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
    }
  }

  /// Two fingers: the first down is followed; the second's moves are skipped; when the first
  /// lifts, the touch ends at its own lift and the second finger is never followed in its
  /// place; a later down starts the next touch. Enum values by name, `Type.name` or index.
  @Test func followsOnePointerAndNeverSubstitutesAnother() throws {
    let text = """
      [{"data":[{"timeStamp":1000000,"change":"add","device":7},
                {"timeStamp":1000000,"change":"down","device":7,"pointerIdentifier":1,"physicalX":200,"physicalY":1600}]},
       {"data":[{"timeStamp":1008000,"change":"PointerChange.move","device":7,"pointerIdentifier":1,"physicalX":200,"physicalY":1500},
                {"timeStamp":1008000,"change":4,"device":8,"pointerIdentifier":2,"physicalX":600,"physicalY":400}]},
       {"data":[{"timeStamp":1016000,"change":5,"device":8,"pointerIdentifier":2,"physicalX":600,"physicalY":450},
                {"timeStamp":1016000,"change":"move","device":7,"pointerIdentifier":1,"physicalX":200,"physicalY":1380}]},
       {"data":[{"timeStamp":1024000,"change":"up","device":7,"pointerIdentifier":1,"physicalX":200,"physicalY":1380}]},
       {"data":[{"timeStamp":1032000,"change":"move","device":8,"pointerIdentifier":2,"physicalX":600,"physicalY":520},
                {"timeStamp":1040000,"change":"up","device":8,"pointerIdentifier":2,"physicalX":600,"physicalY":520}]},
       {"data":[{"timeStamp":1100000,"change":"down","device":7,"pointerIdentifier":3,"physicalX":100,"physicalY":100},
                {"timeStamp":1110000,"change":"cancel","device":7,"pointerIdentifier":3,"physicalX":100,"physicalY":100}]}]
      """
    let recording = try Self.trace(text)
    let events = recording.trace.events
    #expect(events.map(\.kind) == [.down, .move, .move, .up, .down, .cancel])
    #expect(events.map(\.time) == [0, 0.008, 0.016, 0.024, 0.1, 0.11])
    #expect(events.map(\.y) == [800, 750, 690, 690, 50, 50])
    #expect(recording.skipped == ["add": 1, "otherPointer": 4])
    #expect(recording.trace.header.timeOrigin == 1)
  }

  /// A scroll signal is a wheel control of scrollDeltaY / devicePixelRatio points (one during a
  /// touch is skipped with a warning); a trackpad pan is a drag to position + pan.
  @Test func scrollSignalsAreWheelsAndPansAreDrags() throws {
    let lines = [
      #"{"data":[{"timeStamp":0,"change":"hover","kind":"mouse","physicalX":10,"physicalY":10}]}"#,
      #"{"data":[{"timeStamp":5000,"change":"hover","kind":"mouse","signalKind":"scroll","physicalX":10,"physicalY":10,"scrollDeltaY":240}]}"#,
      #"{"data":[{"timeStamp":10000,"change":"panZoomStart","kind":"trackpad","device":3,"physicalX":400,"physicalY":800}]}"#,
      #"{"data":[{"timeStamp":18000,"change":"panZoomUpdate","kind":"trackpad","device":3,"physicalX":400,"physicalY":800,"panX":0,"panY":-60}]}"#,
      #"{"data":[{"timeStamp":20000,"change":"hover","kind":"mouse","signalKind":1,"physicalX":10,"physicalY":10,"scrollDeltaY":40}]}"#,
      #"{"data":[{"timeStamp":26000,"change":"panZoomUpdate","kind":"trackpad","device":3,"physicalX":400,"physicalY":800,"panX":0,"panY":-150}]}"#,
      #"{"data":[{"timeStamp":30000,"change":"panZoomEnd","kind":"trackpad","device":3,"physicalX":400,"physicalY":800}]}"#,
      #"{"data":[{"timeStamp":40000,"change":"hover","kind":"mouse","signalKind":"scale","physicalX":10,"physicalY":10}]}"#,
    ]
    let recording = try Self.trace(lines.joined(separator: "\n") + "\n")
    let trace = recording.trace
    #expect(trace.controls.map(\.kind) == [.wheel(deltaY: 120)])
    #expect(trace.controls.map(\.time) == [0.005])
    #expect(trace.events.map(\.kind) == [.down, .move, .move, .up])
    #expect(trace.events.map(\.y) == [400, 370, 325, 325])
    #expect(trace.header.version == 2 && trace.header.kind == .input)
    #expect(recording.warnings.count == 1)
    #expect(recording.warnings[0].hasPrefix("p.json:5: "))
    #expect(recording.skipped == ["hover": 1, "scale": 1, "scroll": 1])
  }

  @Test(arguments: [
    (
      #"[{"data":[{"timeStamp":0,"change":"down","physicalX":1,"physicalY":1,"presure":1}]}]"#, 1,
      "[0].data[0].presure", "did you mean 'pressure'"
    ),
    (
      #"[{"data":[{"timeStamp":0,"change":"press","physicalX":1,"physicalY":1}]}]"#, 1,
      "[0].data[0].change", "unknown value \"press\""
    ),
    (#"[{"data":[{"timeStamp":0,"change":12}]}]"#, 1, "[0].data[0].change", "not an index"),
    (
      #"[{"data":[{"change":"down","physicalX":1,"physicalY":1}]}]"#, 1, "[0].data[0].timeStamp",
      "missing"
    ),
    (
      #"[{"data":[{"timeStamp":0,"change":"down","physicalX":1}]}]"#, 1, "[0].data[0].physicalY",
      "missing"
    ),
    (
      "[{\"data\":[{\"timeStamp\":9,\"change\":\"down\",\"physicalX\":1,\"physicalY\":1}]},\n"
        + "{\"data\":[{\"timeStamp\":5,\"change\":\"move\",\"physicalX\":1,\"physicalY\":1}]}]", 2,
      "[1].data[0].timeStamp", "earlier"
    ),
    (#"[{"data":[{"timeStamp":0,"change":"move","physicalX":1,"physicalY":1}]}]"#, 1, "", ""),
    (#"{"data":5}"#, 1, ".data", "expected an array"),
    (
      "{\"data\":[]}\n{\"data\":[{\"timeStamp\":0.5,\"change\":\"down\"}]}\n", 2,
      "[0].timeStamp", "integer"
    ),
  ])
  func errorsNameLineAndPath(_ text: String, line: Int, field: String, message: String) throws {
    if field.isEmpty {
      // A move of no followed pointer is another pointer's: skipped, not an error.
      #expect(try Self.trace(text).skipped == ["otherPointer": 1])
      return
    }
    let error = try #require(throws: InputError.self) { try Self.trace(text) }
    #expect(error.file == "p.json")
    #expect(error.line == line, "\(error)")
    #expect(error.field.hasSuffix(field), "\(error)")
    #expect(error.message.contains(message), "\(error)")
  }

  /// Framework PointerEvent records, as flutter_test's PointerEventRecord dumps write them
  /// (hand-written in that form: `ts`, `events`, `type`, `pointer`, logical `position`): the
  /// same rules, no division by the ratio.
  @Test func readsPointerEventRecords() throws {
    let text = """
      [
        {"ts": 500100, "events": [
          {"type": "PointerAddedEvent", "timeStamp": 500000, "position": [120.0, 600.5]},
          {"type": "PointerDownEvent", "timeStamp": 500000, "pointer": 4, "position": [120.0, 600.5],
           "buttons": 1, "down": true, "pressure": 0.4, "radiusMajor": 1.5}]},
        {"ts": 509000, "events": [
          {"type": "PointerMoveEvent", "timeStamp": 508000, "pointer": 4, "position": [120.0, 590.0],
           "delta": [0.0, -10.5], "buttons": 1, "down": true}]},
        {"ts": 518000, "events": [
          {"type": "PointerUpEvent", "timeStamp": 516000, "pointer": 4, "position": [120.0, 590.0]}]},
        {"ts": 600000, "events": [
          {"type": "PointerScrollEvent", "timeStamp": 600000, "kind": "mouse", "position": [5, 5],
           "scrollDelta": [0.0, 53.0]}]}
      ]
      """
    let recording = try Self.trace(text, ratio: 2.75)
    #expect(recording.trace.events.map(\.kind) == [.down, .move, .up])
    #expect(recording.trace.events.map(\.y) == [600.5, 590, 590])
    #expect(recording.trace.events.map(\.time) == [0, 0.008, 0.016])
    #expect(recording.trace.controls.map(\.kind) == [.wheel(deltaY: 53)])
    #expect(recording.skipped == ["add": 1])
    let error = try #require(throws: InputError.self) {
      try Self.trace(#"[{"ts":1,"events":[{"type":"PointerMovEvent","timeStamp":1}]}]"#)
    }
    #expect(error.field == "[0].events[0].type")
    #expect(error.message.contains("did you mean 'PointerMoveEvent'"), "\(error)")
  }

  @Test func aBadRatioIsLineZero() throws {
    let error = try #require(throws: InputError.self) { try Self.trace("[]", ratio: 0) }
    #expect(error.line == 0 && error.field == "devicePixelRatio")
  }
}
