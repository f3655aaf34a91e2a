import Testing

@testable import ScrollTrace

@Suite struct LocatedJSONTests {
  @Test func parsesValuesWithTheirLines() throws {
    let text =
      "{\n  \"a\": [1, -2.5e3,\n    \"x\\u00e9\\ud83d\\ude00\"],\n  \"b\": {\"c\": null, \"d\": true}\n}"
    let value = try LocatedJSON.parse(text, file: "j.json")
    #expect(value.line == 1)
    guard case .array(let items, let line)? = value["a"] else {
      Issue.record("a is not an array")
      return
    }
    #expect(line == 2)
    #expect(items[0] == .number(1, line: 2))
    #expect(items[1] == .number(-2500, line: 2))
    #expect(items[2] == .string("xé😀", line: 3))
    #expect(value["b"]?["c"] == .null(line: 4))
    #expect(value["b"]?["d"] == .bool(true, line: 4))
  }

  @Test(arguments: [
    ("", 1, "unexpected end"), ("{\n\"a\":1,\n}", 3, "expected a key"),
    ("[1,\n2", 2, "unexpected end"),
    ("{\"a\":1,\"a\":2}", 1, "duplicate key"), ("01", 1, "leading zero"),
    ("1e999", 1, "does not fit"),
    ("\"abc", 1, "unterminated"), ("[1]\n[2]", 2, "after the JSON value"),
    ("\"\\ud800\"", 1, "surrogate"),
    ("\"\\u+0ab\"", 1, "4 hex digits"), ("nul", 1, "unexpected character"),
    ("-", 1, "unexpected character"),
    ("\"a\nb\"", 1, "control character"),
  ])
  func rejectsWithALine(_ text: String, line: Int, message: String) throws {
    let error = try #require(throws: TraceError.self) {
      try LocatedJSON.parse(text, file: "j.json")
    }
    #expect(error.line == line, "\(error)")
    #expect(error.message.contains(message), "\(error)")
  }

  @Test func deepNestingIsAnErrorNotACrash() throws {
    let deep = String(repeating: "[", count: 100_000)
    let error = try #require(throws: TraceError.self) {
      try LocatedJSON.parse(deep, file: "j.json")
    }
    #expect(error.message.contains("nested deeper than 64"))
  }
}
