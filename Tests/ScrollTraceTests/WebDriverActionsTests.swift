import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

@Suite struct WebDriverActionsTests {
  static let header = TraceHeader(
    device: .init(screenWidth: 390, screenHeight: 844, scale: 3, refreshRate: 120),
    scroll: .init(viewportHeight: 844, contentHeight: 4000))

  /// A trace already on whole milliseconds and points, moves ≤ 17 ms apart, survives
  /// export → import unchanged.
  @Test func roundTripsQuantizedTraces() throws {
    var generator = SplitMix64(seed: 3)
    for _ in 0..<30 {
      var events: [TraceEvent] = []
      var ms = 0.0
      for _ in 0..<3 {
        ms += Double(generator.next() % 400)
        var y = Double(300 + generator.next() % 400)
        events.append(TraceEvent(time: ms / 1000, kind: .down, x: 100, y: y))
        for _ in 0..<Int(generator.next() % 12) {
          ms += Double(1 + generator.next() % 17)
          y -= Double(generator.next() % 40)
          events.append(TraceEvent(time: ms / 1000, kind: .move, x: 100, y: y))
        }
        ms += Double(generator.next() % 17)
        events.append(
          TraceEvent(time: ms / 1000, kind: generator.next() % 5 == 0 ? .cancel : .up, x: 100, y: y)
        )
      }
      let trace = Trace(header: Self.header, events: events)
      let imported = try WebDriverActions.parse(
        WebDriverActions.export(trace), file: "a.json", header: Self.header)
      #expect(imported.events.count == events.count)
      for (a, b) in zip(imported.events, events) {
        #expect(a.kind == b.kind && a.x == b.x && a.y == b.y)
        #expect(abs(a.time - b.time) < 1e-12)
      }
    }
  }

  @Test func exportRoundsTimesCumulativelyAndKeepsExactPositions() {
    let trace = Trace(
      header: Self.header,
      events: [
        TraceEvent(time: 0.0004, kind: .down, x: 10.4, y: 500.6),
        TraceEvent(time: 0.0106, kind: .move, x: 10.4, y: 490.2),
        TraceEvent(time: 0.0204, kind: .move, x: 10.4, y: 480.5),
        TraceEvent(time: 0.0304, kind: .up, x: 10.4, y: 480.5),
      ])
    func lines(_ positions: WebDriverActions.Positions) -> [String] {
      WebDriverActions.export(trace, positions: positions).split(separator: "\n").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    let exact = lines(.exact)
    #expect(
      exact.contains(
        #"{"duration":0,"origin":"viewport","type":"pointerMove","x":10.4,"y":500.6},"#))
    // 11 ms then 9 ms: from rounded cumulative times 0, 11, 20 (not 10 + 10).
    #expect(
      exact.contains(
        #"{"duration":11,"origin":"viewport","type":"pointerMove","x":10.4,"y":490.2},"#))
    #expect(
      exact.contains(
        #"{"duration":9,"origin":"viewport","type":"pointerMove","x":10.4,"y":480.5},"#))
    #expect(exact.contains(#"{"duration":10,"type":"pause"},"#))
    #expect(exact.contains(#"{"button":0,"type":"pointerUp"}"#))
    let whole = lines(.wholePoints)
    #expect(
      whole.contains(#"{"duration":0,"origin":"viewport","type":"pointerMove","x":10,"y":501},"#))
    #expect(
      whole.contains(#"{"duration":11,"origin":"viewport","type":"pointerMove","x":10,"y":490},"#))
  }

  /// Export → import keeps the header (device, geometry, physics, source, time origin) through
  /// `"scrollsim:header"`, and every event is the original with its time rounded to the
  /// nearest millisecond: nothing else is lost (moves ≤ 17 ms apart, so none is interpolated).
  @Test func roundTripKeepsTheHeaderAndLosesOnlyMilliseconds() throws {
    var header = Self.header
    header.device.name = "iPhone 15 Pro"
    header.scroll = .init(
      viewportHeight: 700, contentHeight: 5000, contentInsetTop: 97, contentInsetBottom: 34,
      startOffset: 120)
    header.physics = "flutter"
    header.source = "hand-made"
    header.timeOrigin = 1234.5
    var generator = SplitMix64(seed: 11)
    var events: [TraceEvent] = []
    var time = 0.0
    var y = 600.0
    events.append(TraceEvent(time: 0, kind: .down, x: 120.25, y: y))
    for _ in 0..<40 {
      time += Double(2000 + generator.next() % 14_000) / 1_000_000
      y -= Double(generator.next() % 3000) / 97
      events.append(TraceEvent(time: time, kind: .move, x: 120.25, y: y))
    }
    events.append(TraceEvent(time: time + 0.004, kind: .up, x: 120.25, y: y))
    let trace = Trace(header: header, events: events)
    let imported = try WebDriverActions.parse(
      WebDriverActions.export(trace), file: "a.json", header: Self.header)
    #expect(imported.header == header)
    #expect(imported.events.count == events.count)
    for (a, b) in zip(imported.events, events) {
      #expect(a.kind == b.kind && a.x == b.x && a.y == b.y)
      #expect(a.time == (b.time * 1000).rounded() / 1000)
    }
  }

  @Test(arguments: [
    (
      #"{"actions":[],"scrollsim:header":{"format":"scrollsim-trace","version":7}}"#,
      "scrollsim:header.version"
    ),
    (#"{"actions":[],"scrollsim:header":5}"#, "scrollsim:header"),
  ])
  func aBadEmbeddedHeaderIsNamed(_ text: String, field: String) throws {
    let error = try #require(throws: InputError.self) {
      try WebDriverActions.parse(text, file: "a.json", header: Self.header)
    }
    #expect(error.field == field, "\(error)")
    #expect(error.line == 1)
  }

  /// A 100 ms swipe of 170 pt becomes moves at 17, 34, 51, 68, 85 ms (interpolated, Servo's
  /// 17 ms interval) and the target at 100 ms.
  @Test func longMovesAreInterpolatedEvery17Milliseconds() throws {
    let text = """
      {"actions":[{"type":"none","id":"n","actions":[]},{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[
        {"type":"pointerMove","duration":0,"x":100,"y":600},
        {"type":"pointerDown","button":0},
        {"type":"pointerMove","duration":100,"x":100,"y":430},
        {"type":"pointerUp","button":0}]}]}
      """
    let trace = try WebDriverActions.parse(text, file: "a.json", header: Self.header)
    #expect(trace.events.map(\.kind) == [.down, .move, .move, .move, .move, .move, .move, .up])
    #expect(trace.events.map(\.time) == [0, 0.017, 0.034, 0.051, 0.068, 0.085, 0.1, 0.1])
    #expect(abs(trace.events[1].y - (600 - 170 * 0.17)) < 1e-9)
    #expect(trace.events[6].y == 430)
  }

  @Test(arguments: [
    (
      #"{"actions":[{"type":"pointer","actions":[{"type":"pause","duration":-1}]}]}"#, 1,
      "actions[0].actions[0].duration"
    ),
    (
      "{\"actions\":[{\"type\":\"pointer\",\"actions\":[\n{\"type\":\"pointerUp\"}]}]}", 2,
      "actions[0].actions[0].type"
    ),
    (
      "{\"actions\":[{\"type\":\"pointer\",\"actions\":[\n{\"type\":\"pointerMove\",\"x\":\"a\",\"y\":1}]}]}",
      2, "actions[0].actions[0].x"
    ),
    (
      #"{"actions":[{"type":"pointer","actions":[{"type":"scroll"}]}]}"#, 1,
      "actions[0].actions[0].type"
    ),
    (
      #"{"actions":[{"type":"pointer","actions":[]},{"type":"pointer","actions":[]}]}"#, 1,
      "actions[1]"
    ),
    (#"{"actions":[{"type":"pen"}]}"#, 1, "actions[0].type"),
    (#"{"actions":5}"#, 1, "actions"),
    (
      #"{"actions":[{"type":"pointer","actions":[{"type":"pointerMove","x":1,"y":1,"origin":"pointer"}]}]}"#,
      1, "actions[0].actions[0].origin"
    ),
    (
      #"{"actions":[{"type":"pointer","actions":[{"type":"pointerMove","x":1,"y":1,"origin":{"element-6066-11e4-a23e-4f88c5dd7aa1":"abc"}}]}]}"#,
      1, "actions[0].actions[0].origin"
    ),
    (
      #"{"actions":[{"type":"pointer","actions":[{"type":"pointerMove","x":1,"y":1,"origin":42}]}]}"#,
      1, "actions[0].actions[0].origin"
    ),
    (
      #"{"actions":[{"type":"pointer","actions":[{"type":"pause","duration":1e300}]}]}"#, 1,
      "actions[0].actions[0].duration"
    ),
  ])
  func errorsNameLineAndField(_ text: String, line: Int, field: String) throws {
    let error = try #require(throws: InputError.self) {
      try WebDriverActions.parse(text, file: "a.json", header: Self.header)
    }
    #expect(error.line == line, "\(error)")
    #expect(error.field == field, "\(error)")
  }
}
