import Foundation
import Testing

@testable import ScrollTrace

@Suite struct TraceReaderTests {
  typealias F = TraceFixtures

  @Test func readsAValidTrace() throws {
    let trace = try Trace.parse(F.text([F.down, F.move, F.up]), file: "t.jsonl")
    #expect(trace.header.device.screenWidth == 390)
    #expect(trace.header.scroll.contentHeight == 2000)
    #expect(trace.header.physics == "ios")
    #expect(trace.header.source == nil)
    #expect(trace.events.map(\.kind) == [.down, .move, .up])
    #expect(trace.events[1] == TraceEvent(time: 0.01, kind: .move, x: 100, y: 450))
    #expect(trace.duration == 0.02)
  }

  @Test func acceptsMissingTrailingNewlineAndFingerStillDown() throws {
    let text = [F.header, F.down, F.move].joined(separator: "\n")
    let trace = try Trace.parse(text, file: "t.jsonl")
    #expect(trace.events.last?.kind == .move)
  }

  @Test func acceptsHeaderOnlyAndOptionalFields() throws {
    let header = F.header(
      replacing: #""physics":"ios""#,
      with: #""physics":"ios","source":"test","timeOrigin":12.5"#)
    let trace = try Trace.parse(header + "\n", file: "t.jsonl")
    #expect(trace.events.isEmpty)
    #expect(trace.header.source == "test")
    #expect(trace.header.timeOrigin == 12.5)
  }

  @Test func acceptsEqualTimesAndSeveralTouches() throws {
    let events = [
      F.down, #"{"t":0,"type":"move","x":1,"y":2}"#, #"{"t":0,"type":"cancel","x":1,"y":2}"#,
      #"{"t":1,"type":"down","x":1,"y":2}"#,
    ]
    #expect(try Trace.parse(F.text(events), file: "t").events.count == 4)
  }

  /// One bad input, the line and field it must be reported at, and a word of the message.
  struct BadCase: Sendable, CustomStringConvertible {
    var name: String
    var text: String
    var line: Int
    var field: String
    var says: String
    var description: String { name }
  }

  static let badHeaders: [BadCase] = [
    .init(name: "empty", text: "", line: 0, field: "", says: "empty"),
    .init(name: "only newline", text: "\n", line: 0, field: "", says: "empty"),
    .init(name: "header not object", text: "[1,2]\n", line: 1, field: "", says: "object"),
    .init(name: "header not JSON", text: "hello\n", line: 1, field: "", says: "invalid JSON"),
    .init(name: "event as header", text: F.down + "\n", line: 1, field: "format", says: "header"),
    .init(
      name: "wrong format", text: F.header(replacing: "scrollsim-trace", with: "other") + "\n",
      line: 1, field: "format", says: "other"),
    .init(
      name: "version 5", text: F.header(replacing: #""version":1"#, with: #""version":5"#) + "\n",
      line: 1, field: "version", says: "supports version 1, 2, 3, 4"),
    .init(
      name: "version string",
      text: F.header(replacing: #""version":1"#, with: #""version":"1""#) + "\n",
      line: 1, field: "version", says: "number"),
    .init(
      name: "version 1.5",
      text: F.header(replacing: #""version":1"#, with: #""version":1.5"#) + "\n",
      line: 1, field: "version", says: "not an integer"),
    .init(
      name: "time unit ms",
      text: F.header(replacing: #""time":"s""#, with: #""time":"ms""#) + "\n",
      line: 1, field: "units.time", says: "\"s\""),
    .init(
      name: "length unit px",
      text: F.header(replacing: #""length":"pt""#, with: #""length":"px""#) + "\n",
      line: 1, field: "units.length", says: "\"pt\""),
    .init(
      name: "unknown header key",
      text: F.header(replacing: #""physics":"ios""#, with: #""physics":"ios","phyzics":1"#) + "\n",
      line: 1, field: "phyzics", says: "did you mean 'physics'?"),
    .init(
      name: "unknown device key",
      text: F.header(replacing: #""scale":3"#, with: #""scale":3,"dpi":460"#) + "\n",
      line: 1, field: "device.dpi", says: "unknown key"),
    .init(
      name: "missing scale", text: F.header(replacing: #""scale":3,"#, with: "") + "\n",
      line: 1, field: "device.scale", says: "missing"),
    .init(
      name: "zero scale", text: F.header(replacing: #""scale":3"#, with: #""scale":0"#) + "\n",
      line: 1, field: "device.scale", says: "0.25 ... 10"),
    .init(
      name: "NaN scale", text: F.header(replacing: #""scale":3"#, with: #""scale":NaN"#) + "\n",
      line: 1, field: "device.scale", says: "finite"),
    .init(
      name: "huge refresh rate",
      text: F.header(replacing: #""refreshRate":60"#, with: #""refreshRate":1e999"#) + "\n",
      line: 1, field: "device.refreshRate", says: "finite"),
    .init(
      name: "negative refresh rate",
      text: F.header(replacing: #""refreshRate":60"#, with: #""refreshRate":-60"#) + "\n",
      line: 1, field: "device.refreshRate", says: "1 ... 1000 Hz"),
    .init(
      name: "zero viewport",
      text: F.header(replacing: #""viewportHeight":844"#, with: #""viewportHeight":0"#) + "\n",
      line: 1, field: "scroll.viewportHeight", says: "(0, 1e7]"),
    .init(
      name: "negative content",
      text: F.header(replacing: #""contentHeight":2000"#, with: #""contentHeight":-1"#) + "\n",
      line: 1, field: "scroll.contentHeight", says: "0 ... 1e7"),
    .init(
      name: "negative inset",
      text: F.header(replacing: #""contentInsetTop":0"#, with: #""contentInsetTop":-5"#) + "\n",
      line: 1, field: "scroll.contentInsetTop", says: "0 ... 1e7"),
    .init(
      name: "start offset past max",
      text: F.header(replacing: #""startOffset":0"#, with: #""startOffset":1156.5"#) + "\n",
      line: 1, field: "scroll.startOffset", says: "0 ... 1156"),
    .init(
      name: "negative start offset",
      text: F.header(replacing: #""startOffset":0"#, with: #""startOffset":-1"#) + "\n",
      line: 1, field: "scroll.startOffset", says: "out of range"),
    .init(
      name: "device not object",
      text: F.header(
        replacing: #"{"refreshRate":60,"scale":3,"screenHeight":844,"screenWidth":390}"#,
        with: "7") + "\n",
      line: 1, field: "device", says: "object"),
  ]

  static let badEvents: [BadCase] = [
    .init(name: "event not JSON", text: F.text([F.down, "{"]), line: 3, field: "", says: "JSON"),
    .init(
      name: "blank line in middle", text: F.text([F.down, "", F.up]), line: 3, field: "",
      says: "blank"),
    .init(
      name: "two trailing newlines", text: F.text([F.down]) + "\n", line: 3, field: "",
      says: "blank"),
    .init(
      name: "missing t", text: F.text([#"{"type":"down","x":1,"y":2}"#]), line: 2, field: "t",
      says: "missing"),
    .init(
      name: "missing y", text: F.text([#"{"t":0,"type":"down","x":1}"#]), line: 2, field: "y",
      says: "missing"),
    .init(
      name: "x is a string", text: F.text([#"{"t":0,"type":"down","x":"1","y":2}"#]), line: 2,
      field: "x", says: "number"),
    .init(
      name: "y is null", text: F.text([#"{"t":0,"type":"down","x":1,"y":null}"#]), line: 2,
      field: "y", says: "null"),
    .init(
      name: "type is a number", text: F.text([#"{"t":0,"type":3,"x":1,"y":2}"#]), line: 2,
      field: "type", says: "string"),
    .init(
      name: "unknown type", text: F.text([#"{"t":0,"type":"tap","x":1,"y":2}"#]), line: 2,
      field: "type", says: "allowed: down, move, up, cancel"),
    .init(
      name: "unknown key", text: F.text([#"{"t":0,"type":"down","x":1,"y":2,"pressure":1}"#]),
      line: 2, field: "pressure", says: "unknown key"),
    .init(
      name: "duplicate key",
      text: F.text([#"{"t":0,"type":"down","x":1,"y":450,"y":300}"#]),
      line: 2, field: "y", says: "duplicate key \"y\""),
    .init(
      name: "duplicate key in the header",
      text: F.header(replacing: #""scale":3"#, with: #""scale":3,"scale":2"#) + "\n",
      line: 1, field: "device.scale", says: "duplicate key"),
    .init(
      name: "typo key", text: F.text([#"{"time":0,"type":"down","x":1,"y":2}"#]), line: 2,
      field: "time", says: "unknown key"),
    .init(
      name: "misspelt key", text: F.text([#"{"t":0,"type":"down","x":1,"y":2,"yy":3}"#]),
      line: 2, field: "yy", says: "did you mean 'y'?"),
    .init(
      name: "NaN x", text: F.text([F.down, #"{"t":0.01,"type":"move","x":NaN,"y":2}"#]), line: 3,
      field: "x", says: "finite"),
    .init(
      name: "Infinity t", text: F.text([#"{"t":-Infinity,"type":"down","x":1,"y":2}"#]), line: 2,
      field: "t", says: "finite"),
    .init(
      name: "1e999 y", text: F.text([#"{"t":0,"type":"down","x":1,"y":1e999}"#]), line: 2,
      field: "y", says: "finite"),
    .init(
      name: "negative time", text: F.text([#"{"t":-0.5,"type":"down","x":1,"y":2}"#]), line: 2,
      field: "t", says: "expected 0 ... 86400 s"),
    .init(
      name: "time goes back",
      text: F.text([F.down, F.up, #"{"t":0.015,"type":"down","x":1,"y":2}"#]),
      line: 4, field: "t", says: "0.015 s is earlier than 0.02 s"),
    .init(
      name: "move without down", text: F.text([F.move]), line: 2, field: "type",
      says: "no finger down"),
    .init(
      name: "up after up", text: F.text([F.down, F.up, #"{"t":0.03,"type":"up","x":1,"y":2}"#]),
      line: 4, field: "type", says: "no finger down"),
    .init(
      name: "cancel without down", text: F.text([#"{"t":0,"type":"cancel","x":1,"y":2}"#]),
      line: 2, field: "type", says: "no finger down"),
    .init(
      name: "down while down", text: F.text([F.down, #"{"t":0.01,"type":"down","x":1,"y":2}"#]),
      line: 3, field: "type", says: "already down"),
  ]

  @Test(arguments: badHeaders + badEvents)
  func reportsLineAndField(_ bad: BadCase) throws {
    let error = try #require(F.error(parsing: bad.text))
    #expect(error.file == "t.jsonl")
    #expect(error.line == bad.line)
    #expect(error.field == bad.field)
    #expect(error.message.contains(bad.says), "\(error)")
  }

  @Test func reportsTheFirstOfSeveralTimeViolations() throws {
    let text = F.text([
      F.down, #"{"t":0.5,"type":"move","x":1,"y":2}"#, #"{"t":0.2,"type":"move","x":1,"y":2}"#,
      #"{"t":0.1,"type":"move","x":1,"y":2}"#,
    ])
    let error = try #require(F.error(parsing: text))
    #expect(error.line == 4)
    #expect(error.field == "t")
    #expect(error.message.contains("0.2 s is earlier than 0.5 s"))
    #expect(error.description.hasPrefix("t.jsonl:4: t: 0.2 s"))
  }

  @Test func readsFilesAndReportsMissingOnes() throws {
    let missing = "/nonexistent/dir/trace.jsonl"
    #expect(
      throws: InputError(.unreadable, file: missing, line: 0, field: "", message: "no such file")
    ) {
      try Trace.load(path: missing)
    }
    let folder = FileManager.default.temporaryDirectory.path
    #expect(throws: InputError.self) { try Trace.load(path: folder) }
    let path = folder + "/scrolltrace-reader-\(UUID().uuidString).jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(F.text([F.down]).utf8).write(to: URL(fileURLWithPath: path))
    #expect(try Trace.load(path: path).events.count == 1)
    try Data([0x7b, 0x0a, 0xff, 0xfe]).write(to: URL(fileURLWithPath: path))
    let error = try #require(throws: InputError.self) { try Trace.load(path: path) }
    #expect(error.line == 2)
    #expect(error.message.contains("UTF-8"))
  }

  @Test(arguments: [
    "", "\n", "{}", "[]", "null", "{\"format\":", "\u{0}", "{\"t\":1e-999}", "\"\\",
    "{\"format\":\"scrollsim-trace\",\"version\":99999999999999999999}", "{\"a\":[[[[[[",
  ])
  func neverCrashesOnJunk(_ junk: String) {
    #expect(F.error(parsing: junk) != nil)
    if !junk.isEmpty { #expect(F.error(parsing: F.header + "\n" + junk) != nil) }
  }
}

extension TraceReaderTests {
  @Test func acceptsWindowsLineEnds() throws {
    let text = [F.header, F.down, F.up].joined(separator: "\r\n") + "\r\n"
    #expect(try Trace.parse(text, file: "t").events.count == 2)
  }
}
