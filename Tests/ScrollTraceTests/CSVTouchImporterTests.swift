import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

@Suite struct CSVTouchImporterTests {
  static let flutterPath = Repository.path(
    "traces/flutter-velocitytracker/flutter_velocity_events.csv")
  static let header = WebDriverActionsTests.header
  static let mapping = CSVTouchImporter.Mapping(
    time: "time_ms", type: "event", x: "x_lpx", y: "y_lpx")

  /// Flutter's 13 real gestures (306 events; README of traces/flutter-velocitytracker) import
  /// one by one, each DOWN … UP, times in seconds from its DOWN.
  @Test func importsFlutterVelocityTrackerGestures() throws {
    let text = try String(contentsOfFile: Self.flutterPath, encoding: .utf8)
    var total = 0
    for gesture in 1...13 {
      var mapping = Self.mapping
      mapping.filter = ("gesture", String(gesture))
      let trace = try CSVTouchImporter(mapping: mapping).trace(
        fromText: text, file: "f.csv", header: Self.header)
      #expect(trace.events.first?.kind == .down)
      #expect(trace.events.last?.kind == .up)
      #expect(trace.events.first?.time == 0)
      total += trace.events.count
    }
    #expect(total == 306)
    var mapping = Self.mapping
    mapping.filter = ("gesture", "1")
    let first = try CSVTouchImporter(mapping: mapping).trace(
      fromText: text, file: "f.csv", header: Self.header)
    // Row 2: 1,DOWN,1,216690896,270.0,538.2857055664062; row 3 is 10 ms later.
    #expect(first.header.timeOrigin == 216690.896)
    #expect(first.events[0] == TraceEvent(time: 0, kind: .down, x: 270, y: 538.2857055664062))
    #expect(first.events[1].time == 0.01)
  }

  @Test func quotedCellsFollowRFC4180() throws {
    #expect(try CSVTouchImporter.cells(#"a,"b,c","d""e",,"""#) == ["a", "b,c", #"d"e"#, "", ""])
    #expect(throws: FieldProblem.self) { try CSVTouchImporter.cells(#"a,"b"#) }
    #expect(throws: FieldProblem.self) { try CSVTouchImporter.cells(#""a"b"#) }
  }

  @Test(arguments: [
    ("t,e,x,y\n0,DOWN,1,2\n5,HOVER,1,2\n", 3, "e", "unknown event type"),
    ("t,e,x,y\n0,DOWN,1,2\n5,MOVE,nan,2\n", 3, "x", "not a finite number"),
    ("t,e,x,y\n5,DOWN,1,2\n4,MOVE,1,2\n", 3, "t", "earlier"),
    ("t,e,x,y\n0,MOVE,1,2\n", 2, "e", "no finger down"),
    ("t,e,x,y\n0,DOWN,1\n", 2, "", "3 cells"),
    ("t,e,x,z\n0,DOWN,1,2\n", 1, "mapping.y", "no column \"y\""),
  ])
  func errorsNameLineAndColumn(_ text: String, line: Int, field: String, message: String) throws {
    let mapping = CSVTouchImporter.Mapping(time: "t", type: "e", x: "x", y: "y")
    let error = try #require(throws: InputError.self) {
      try CSVTouchImporter(mapping: mapping).trace(
        fromText: text, file: "l.csv", header: Self.header)
    }
    #expect(error.line == line, "\(error)")
    #expect(error.field == field, "\(error)")
    #expect(error.message.contains(message), "\(error)")
  }
}
