import Foundation
import Testing

@testable import ScrollTrace

private typealias F = TraceFixtures

/// Format version 2 control events of input traces: wheel, scrollTo, content, viewport.
@Suite struct TraceControlTests {
  /// A version-2 input header (content 2000 pt, viewport 844 pt: maxOffset 1156 pt).
  static let inputHeader = F.header(replacing: #""version":1"#, with: #""version":2"#)
    .replacingOccurrences(of: #""physics""#, with: #""kind":"input","physics""#)

  static let lines = [
    #"{"height":3000,"t":0,"type":"content"}"#,
    F.down, F.move, F.up,
    #"{"dy":40,"t":0.5,"type":"wheel"}"#,
    #"{"animated":true,"t":0.6,"type":"scrollTo","y":1800}"#,
    #"{"height":700,"t":0.7,"type":"viewport"}"#,
  ]

  @Test func readsControlsInFileOrderAmongTouches() throws {
    let trace = try Trace.parse(F.text(Self.lines, header: Self.inputHeader), file: "c")
    #expect(trace.events.count == 3)
    #expect(
      trace.controls == [
        TraceControl(time: 0, kind: .contentHeight(3000), eventIndex: 0),
        TraceControl(time: 0.5, kind: .wheel(deltaY: 40), eventIndex: 3),
        TraceControl(time: 0.6, kind: .scrollTo(offset: 1800, animated: true), eventIndex: 3),
        TraceControl(time: 0.7, kind: .viewportHeight(700), eventIndex: 3),
      ])
    #expect(trace.duration == 0.7)
    // scrollTo 1800 is valid only because the content grew to 3000 pt first (maxOffset 2156).
    let text = try TraceWriter.text(trace)
    #expect(text == F.text(Self.lines, header: Self.inputHeader))
  }

  @Test func scrollToTopReadsAndWritesBack() throws {
    let lines = [F.down, F.move, F.up, #"{"t":0.5,"type":"scrollToTop"}"#]
    let trace = try Trace.parse(F.text(lines, header: Self.inputHeader), file: "c")
    #expect(trace.controls == [TraceControl(time: 0.5, kind: .scrollToTop, eventIndex: 3)])
    #expect(try TraceWriter.text(trace) == F.text(lines, header: Self.inputHeader))
  }

  /// A misspelt or miscased event type names the closest one, as a misspelt phase does.
  @Test(arguments: [("scrolltotop", "scrollToTop"), ("mvoe", "move"), ("scrollto", "scrollTo")])
  func aMisspeltTypeSuggestsTheClosest(typed: String, meant: String) throws {
    let lines = [F.down, F.move, F.up, #"{"t":0.5,"type":"\#(typed)"}"#]
    #expect {
      try Trace.parse(F.text(lines, header: Self.inputHeader), file: "c")
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.message.hasSuffix("; did you mean '\(meant)'?") && error.line == 5
    }
  }

  @Test func streamingReaderAndRecorderAgree() throws {
    let text = F.text(Self.lines, header: Self.inputHeader)
    let reader = try TraceStreamReader(bytes: Array(text.utf8), file: "c")
    var items: [TraceItem] = []
    while let item = try reader.next() { items.append(item) }
    let trace = try Trace.parse(text, file: "c")
    #expect(items == trace.items)

    let path = F.temporaryPath("controls")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try TraceRecorder(path: path, header: trace.header)
    for item in items { try recorder.record(item) }
    try recorder.close()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var line: Int
    var field: String
    var says: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    .init(
      name: "control in a v1 trace", text: F.text([#"{"dy":1,"t":0,"type":"wheel"}"#]),
      line: 2, field: "type", says: "version-2 input trace"),
    .init(
      name: "control in an offset trace",
      text: F.text([#"{"height":5,"t":0,"type":"content"}"#], header: F.offsetHeader),
      line: 2, field: "type", says: "version-2 input trace"),
    .init(
      name: "scrollTo past maxOffset",
      text: F.text([#"{"animated":false,"t":0,"type":"scrollTo","y":1157}"#], header: inputHeader),
      line: 2, field: "y", says: "0 ... 1156"),
    .init(
      name: "scrollToTop during a touch",
      text: F.text([F.down, #"{"t":0.001,"type":"scrollToTop"}"#], header: inputHeader),
      line: 3, field: "type", says: "scrollToTop while the finger is down (since line 2)"),
    .init(
      name: "scrollToTop with a position",
      text: F.text([#"{"t":0,"type":"scrollToTop","y":0}"#], header: inputHeader),
      line: 2, field: "y", says: "allowed keys here: t, type"),
    .init(
      name: "scrollToTop in a v1 trace", text: F.text([#"{"t":0,"type":"scrollToTop"}"#]),
      line: 2, field: "type", says: "version-2 input trace"),
    .init(
      name: "wheel during a touch",
      text: F.text([F.down, #"{"dy":1,"t":0.001,"type":"wheel"}"#], header: inputHeader),
      line: 3, field: "type", says: "finger is down (since line 2)"),
    .init(
      name: "viewport height 0",
      text: F.text([#"{"height":0,"t":0,"type":"viewport"}"#], header: inputHeader),
      line: 2, field: "height", says: "> 0"),
    .init(
      name: "wheel with x",
      text: F.text([#"{"dy":1,"t":0,"type":"wheel","x":2}"#], header: inputHeader),
      line: 2, field: "x", says: "unknown key"),
    .init(
      name: "scrollTo without animated",
      text: F.text([#"{"t":0,"type":"scrollTo","y":5}"#], header: inputHeader),
      line: 2, field: "animated", says: "missing"),
    .init(
      name: "wheel NaN", text: F.text([#"{"dy":NaN,"t":0,"type":"wheel"}"#], header: inputHeader),
      line: 2, field: "dy", says: "not a finite number"),
    .init(
      name: "control time backwards",
      text: F.text([F.down, F.up, #"{"dy":1,"t":0.01,"type":"wheel"}"#], header: inputHeader),
      line: 4, field: "t", says: "earlier than 0.02 s"),
  ]

  @Test(arguments: cases + WheelPhaseTraceTests.cases)
  func rejects(_ c: Case) throws {
    let error = try #require(F.error(parsing: c.text))
    #expect(error.line == c.line, "\(error)")
    #expect(error.field == c.field, "\(error)")
    #expect(error.message.contains(c.says), "\(error)")
  }
}
