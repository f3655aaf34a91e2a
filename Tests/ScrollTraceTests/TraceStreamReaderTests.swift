import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

private typealias F = TraceFixtures

@Suite struct TraceStreamReaderTests {
  /// All items of `bytes`, and the warnings.
  static func readAll(_ bytes: [UInt8]) throws(InputError) -> (
    items: [TraceItem], warnings: [InputError]
  ) {
    let reader = try TraceStreamReader(bytes: bytes, file: "s.jsonl", warn: { _ in })
    var items: [TraceItem] = []
    while let item = try reader.next() { items.append(item) }
    return (items, reader.warnings)
  }

  @Test func yieldsTheSameEventsAsTheWholeFileReader() throws {
    for name in ["session.jsonl", "gesture-01.jsonl", "gesture-33.jsonl"] {
      let path = Repository.path("traces/swipe-shield/\(name)")
      let whole = try Trace.load(path: path)
      let reader = try TraceStreamReader(path: path)
      var items: [TraceItem] = []
      while let item = try reader.next() { items.append(item) }
      #expect(reader.header == whole.header)
      #expect(items == whole.items)
      #expect(reader.warnings.isEmpty)
      #expect(reader.lineNumber == whole.events.count + 1)
    }
  }

  @Test func skipsAPartialLastLineWithAWarningNamingTheLine() throws {
    let text = F.header + "\n" + F.down + "\n" + #"{"t":0.01,"type":"mo"#
    let result = try Self.readAll(Array(text.utf8))
    #expect(result.items.count == 1)
    let warning = try #require(result.warnings.first)
    #expect(warning.file == "s.jsonl")
    #expect(warning.line == 3)
    #expect(warning.message.contains("incomplete last line"))
  }

  @Test func aCompleteLastLineWithoutNewlineIsAnEvent() throws {
    let result = try Self.readAll(Array((F.header + "\n" + F.down + "\n" + F.move).utf8))
    #expect(result.items.count == 2)
    #expect(result.warnings.isEmpty)
  }

  @Test func aPartialLineThatIsNotLastIsAnError() throws {
    let text = F.text([F.down, #"{"t":0.01,"type":"mo"#, F.up])
    let error = try #require(throws: InputError.self) { try Self.readAll(Array(text.utf8)) }
    #expect(error.line == 3)
    #expect(error.message.contains("invalid JSON"))
  }

  @Test func aValidButWrongLastLineStaysAnError() throws {
    // Valid JSON without a newline is a complete line: its problems are errors, not warnings.
    let text = F.header + "\n" + F.down + "\n" + #"{"t":0.01,"type":"hop","x":1,"y":2}"#
    let error = try #require(throws: InputError.self) { try Self.readAll(Array(text.utf8)) }
    #expect(error.line == 3)
    #expect(error.field == "type")
  }

  @Test func aTruncatedMultibyteCharacterIsPartial() throws {
    let full = Array(
      (F.header + "\n" + F.down + "\n" + #"{"t":1,"type":"move","x":1,"y":2,"é":1}"#).utf8)
    let cut = Array(full.prefix(full.count - 5))  // ends inside "é"
    let result = try Self.readAll(cut)
    #expect(result.items.count == 1)
    #expect(result.warnings.count == 1)
  }

  @Test func rejectsOverlongLinesWithoutReadingThemWhole() throws {
    let long =
      F.header + "\n" + String(repeating: " ", count: TraceStreamReader.maximumLineLength + 10)
    let error = try #require(throws: InputError.self) { try Self.readAll(Array(long.utf8)) }
    #expect(error.line == 2)
    #expect(error.message.contains("longer than"))
  }

  @Test func emptyAndHeaderOnlyInputs() throws {
    let empty = try #require(throws: InputError.self) { try Self.readAll([]) }
    #expect(empty.line == 0)
    #expect(try Self.readAll(Array((F.header + "\n").utf8)).items.isEmpty)
    #expect(try Self.readAll(Array(F.header.utf8)).items.isEmpty)
  }

  /// The strict whole-text reader and the streaming reader agree on every valid or invalid input
  /// that does not end in a partial line.
  @Test(arguments: [
    [F.down, F.up], [F.down, F.move, F.up, F.down], [F.up], [F.down, ""], [F.down, F.down],
    [#"{"t":-1,"type":"down","x":0,"y":0}"#], [F.down, #"{"t":0.01,"type":"move","x":1}"#],
  ])
  func agreesWithTraceReader(_ events: [String]) {
    let text = F.text(events)
    let strict = Result { () throws(InputError) in
      try Trace.parse(text, file: "s.jsonl").items
    }
    let streamed = Result { () throws(InputError) in try Self.readAll(Array(text.utf8)).items }
    switch (strict, streamed) {
    case (.success(let a), .success(let b)): #expect(a == b)
    case (.failure(let a), .failure(let b)): #expect(a == b)
    default: Issue.record("readers disagree on \(events): \(strict) vs \(streamed)")
    }
  }

  @Test func recoveringReadReportsThroughTheCallback() throws {
    let path = F.temporaryPath("recover")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data((F.header + "\n" + F.down + "\n{\"t\":0.0").utf8).write(to: URL(fileURLWithPath: path))
    var warnings: [InputError] = []
    let trace = try Trace.load(path: path, recovering: { warnings.append($0) })
    #expect(trace.events.count == 1)
    #expect(warnings.map(\.line) == [3])
    #expect(throws: InputError.self) { try Trace.load(path: path) }
  }
}
