import Foundation
import Testing

@testable import ScrollTrace

private typealias F = TraceFixtures

/// The package's strict JSON rules as traces meet them: every rule has a case that a looser
/// reader would let through.
@Suite struct TraceJSONRulesTests {
  /// The error of reading `bytes` with the streaming reader, or nil.
  static func streamError(_ bytes: [UInt8]) -> InputError? {
    do {
      let reader = try TraceStreamReader(bytes: bytes, file: "s.jsonl", warn: { _ in })
      while try reader.next() != nil {}
      return nil
    } catch {
      return error
    }
  }

  @Test func aDuplicateKeyIsFoundAfterUnescaping() throws {
    let text = F.text([#"{"t":1,"\u0074":2,"type":"down","x":1,"y":2}"#])
    let error = try #require(F.error(parsing: text))
    #expect(error.line == 2 && error.field == "t", "\(error)")
    #expect(error.message.contains("duplicate key \"t\""))
    #expect(Self.streamError(Array(text.utf8))?.message == error.message)
    let header = F.header(replacing: #""scale":3"#, with: #""scale":3,"sc\u0061le":2"#)
    let headerError = try #require(F.error(parsing: header + "\n"))
    #expect(headerError.line == 1 && headerError.field == "device.scale", "\(headerError)")
  }

  /// A line with an unknown key, event type or wheel phase is read a second time keeping the
  /// names (the first reading keeps no `String`): the first problem of the line is still the
  /// one reported, whichever comes first.
  @Test(arguments: [
    (#"{"zz":1,"zz":2,"t":x}"#, "zz", "duplicate key \"zz\""),
    (#"{"zz":1,"t":x}"#, "t", "invalid JSON: expected a value, found 'x'"),
    (#"{"t":0,"type":"mvoe","x":1,"y":2}"#, "type", "unknown event type \"mvoe\""),
    (#"{"t":0,"type":"mvoe","x":1,"y":2,"y":3}"#, "y", "duplicate key \"y\""),
    (#"{"t":0,"type":"down","x":1,"y":2,"\u007a":1}"#, "z", "unknown key \"z\"; allowed keys"),
    (#"{"t":0,"type":"down","x":1,"y":2,"b":1,"a":1}"#, "a", "unknown key \"a\"; allowed keys"),
    // Keys and event types of the same length as a known one, or sharing its first bytes (the
    // known ones are matched by length and a load of their bytes).
    (#"{"t":0,"type":"down","typo":1,"x":1,"y":2}"#, "typo", "unknown key \"typo\"; allowed keys"),
    (
      #"{"t":0,"type":"down","types":1,"x":1,"y":2}"#, "types",
      "unknown key \"types\"; allowed keys"
    ),
    (#"{"typ":0,"t":0,"type":"down","x":1,"y":2}"#, "typ", "unknown key \"typ\"; allowed keys"),
    (#"{"t":0,"type":"down","x":1,"yy":2}"#, "yy", "unknown key \"yy\"; allowed keys"),
    (#"{"T":0,"type":"down","x":1,"y":2}"#, "T", "unknown key \"T\"; allowed keys"),
    (#"{"t":0,"type":"mova","x":1,"y":2}"#, "type", "unknown event type \"mova\""),
    (#"{"t":0,"type":"Down","x":1,"y":2}"#, "type", "unknown event type \"Down\""),
    (#"{"t":0,"type":"downs","x":1,"y":2}"#, "type", "unknown event type \"downs\""),
    (#"{"t":0,"type":"u","x":1,"y":2}"#, "type", "unknown event type \"u\""),
  ])
  func linesWithUnknownNamesReportTheirFirstProblem(
    _ line: String, field: String, message: String
  ) throws {
    let text = F.text([line])
    let error = try #require(F.error(parsing: text))
    #expect(error.line == 2 && error.field == field, "\(error)")
    #expect(error.message.hasPrefix(message), "\(error)")
    #expect(Self.streamError(Array(text.utf8))?.message == error.message)
  }

  /// Events whose times, x or y are out of range or not increasing are found wherever the
  /// event stands (the first event has no previous one; the common case is checked first).
  @Test(arguments: [
    ([#"{"t":-0.5,"type":"down","x":1,"y":2}"#], 2, "t", "-0.5 s is out of range"),
    ([#"{"t":86400.5,"type":"down","x":1,"y":2}"#], 2, "t", "86400.5 s is out of range"),
    ([#"{"t":0,"type":"down","x":1e8,"y":2}"#], 2, "x", "100000000.0 points is out of range"),
    (
      ["{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":2}", #"{"t":1,"type":"move","x":1,"y":-1e8}"#],
      3, "y", "-100000000.0 points is out of range"
    ),
    (
      [#"{"t":1,"type":"down","x":1,"y":2}"#, #"{"t":0.5,"type":"move","x":1,"y":2}"#], 3, "t",
      "0.5 s is earlier than 1.0 s of the previous event (line 2)"
    ),
    (
      [#"{"t":1,"type":"down","x":1,"y":2}"#, #"{"t":86401,"type":"move","x":1,"y":2}"#], 3, "t",
      "86401.0 s is out of range"
    ),
  ])
  func outOfRangeEventsAreFoundOnAnyLine(
    _ lines: [String], line: Int, field: String, message: String
  ) throws {
    let text = F.text(lines)
    let error = try #require(F.error(parsing: text))
    #expect(error.line == line && error.field == field, "\(error)")
    #expect(error.message.hasPrefix(message), "\(error)")
    #expect(Self.streamError(Array(text.utf8))?.message == error.message)
  }

  @Test func invalidUTF8IsAnErrorInsideAString() throws {
    let line =
      Array(#"{"t":0,"type":"down","x":1,"y":2,"na":"#.utf8) + [0x22, 0xC3, 0x28, 0x22, 0x7D]
    let bytes = Array((F.header + "\n").utf8) + line + [0x0A]
    let error = try #require(Self.streamError(bytes))
    #expect(error.line == 2 && error.message.contains("UTF-8"), "\(error)")
  }

  @Test func aByteOrderMarkIsSkippedOnlyAtTheStartOfTheFile() throws {
    let text = F.text([F.down, F.up])
    #expect(F.error(parsing: "\u{FEFF}" + text) == nil)
    #expect(Self.streamError([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == nil)
    let later = F.text(["\u{FEFF}" + F.down])
    let error = try #require(F.error(parsing: later))
    #expect(error.line == 2 && error.message.contains("byte order mark"), "\(error)")
    #expect(Self.streamError(Array(later.utf8))?.message == error.message)
  }

  @Test(arguments: [
    #"{"t":0,"type":"down","x":1,"y":2} x"#, #"{"t":0,"type":"down","x":1,"y":2}{}"#,
    #"{"t":0,"type":"down","x":1,"y":2,}"#,
    #"{"t":0,"type":"down","x":1,"y":2,"z":"# + String(repeating: "[", count: 65)
      + String(repeating: "]", count: 65) + "}",
  ])
  func malformedLinesAreErrors(_ line: String) throws {
    let error = try #require(F.error(parsing: F.text([line])))
    #expect(error.line == 2 && error.message.contains("invalid JSON"), "\(error)")
  }

  @Test func aHugeBadValueGivesAShortError() throws {
    let hex = String(repeating: "0123456789abcdef", count: 65_536)  // 1 MiB
    for line in [
      #"{"t":0,"type":""# + hex + #"","x":1,"y":2}"#, #"{"t":0,"type":"down","x":0x"# + hex + "}",
      #"{"t":0,"type":"down","x":1,"y":2,""# + hex + #"":1}"#,
      #"{"t":0,"type":"down","x":1,"y":1e"# + hex + "}",
    ] {
      let error = try #require(F.error(parsing: F.text([line])))
      #expect(error.description.count < 200, "\(error.description.prefix(300))")
    }
    let header = F.header(
      replacing: #""physics":"ios""#, with: #""physics":"ios","# + #"""# + hex + #"":1"#)
    let error = try #require(F.error(parsing: header + "\n"))
    #expect(error.description.count < 200, "\(error.description.prefix(300))")
  }

  /// The last-line rule: a final line without a newline that is a complete JSON value is
  /// validated like any other; only a line the text ends inside is a partial write.
  @Test(arguments: [
    #"{"t":0.01,"type":"move","x":1,"y":2,"y":3}"#, #"{"t":0.01,"type":"move","x":NaN,"y":2}"#,
    #"{"t":0.01,"type":"move","x":1}"#, #"[1,2]"#, #"{"t":-1,"type":"move","x":1,"y":2}"#,
    #"{"t":0.01,"type":"move","x":1,"y":2} {"#,
  ])
  func aCompleteButInvalidLastLineIsAnError(_ last: String) throws {
    let text = F.header + "\n" + F.down + "\n" + last
    var warnings: [InputError] = []
    let error = try #require(throws: InputError.self) {
      let reader = try TraceStreamReader(
        bytes: Array(text.utf8), file: "s.jsonl", warn: { warnings.append($0) })
      while try reader.next() != nil {}
    }
    #expect(error.line == 3, "\(error)")
    #expect(warnings.isEmpty)
    let path = F.temporaryPath("lastline")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: InputError.self) { try Trace.load(path: path, recovering: { _ in }) }
  }

  @Test(arguments: [
    #"{"t":0.01,"type":"mo"#, #"{"t":0.01,"#, #"{"t":0.0"#, "{",
    #"{"t":0.01,"type":"move","x":1,"y":2"#,
    #"{"t":0.01,"type":"move","x":1,"y":"#, #"{"t":0.01,"type":"\u00"#,
  ])
  func aLastLineCutMidValueIsAPartialWrite(_ last: String) throws {
    let text = F.header + "\n" + F.down + "\n" + last
    var warnings: [InputError] = []
    let reader = try TraceStreamReader(
      bytes: Array(text.utf8), file: "s.jsonl", warn: { warnings.append($0) })
    var items = 0
    while try reader.next() != nil { items += 1 }
    #expect(items == 1)
    #expect(warnings.map(\.line) == [3])
  }

  /// Written traces read back bit for bit, escapes included.
  @Test func writtenStringsAndNumbersReadBack() throws {
    var header = try Trace.parse(F.text([]), file: "t").header
    header.source = "quote \" backslash \\ tab \t newline \n nul \u{0} astral 😀 slash /"
    header.device.name = "Pixel 9 \u{1F}\u{7F}"
    header.timeOrigin = 21576.084956
    let events = [
      TraceEvent(time: 0, kind: .down, x: 0.1, y: 914.2857142857143),
      TraceEvent(time: 1e-5, kind: .move, x: -0.0, y: 1e7),
      TraceEvent(time: 0.0167, kind: .up, x: 411.42857142857144, y: .leastNonzeroMagnitude),
    ]
    let trace = Trace(header: header, events: events)
    let text = try TraceWriter.text(trace)
    let back = try Trace.parse(text, file: "t")
    #expect(back == trace)
    #expect(back.events.map(\.x.bitPattern) == events.map(\.x.bitPattern))
    #expect(text.contains(#""t":1e-05,"type":"move","x":-0,"y":10000000}"#))
  }
}
