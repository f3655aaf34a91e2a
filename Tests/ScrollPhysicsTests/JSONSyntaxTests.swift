import Foundation
import Testing

@testable import ScrollPhysics

struct JSONSyntaxTests {
  func problem(_ text: String) -> JSONSyntax.Problem? {
    do {
      try JSONSyntax.validate(Data(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "well-formed documents pass",
    arguments: [
      #"{}"#, #"[]"#, #" {"a": [1, -2.5e-3, 0, true, false, null, "x\"\u00e9\n"], "b": {}} "#,
      #"{"a": 1, "A": 2, "a\u0062": 3, "ab2": 4}"#, "\"é\"", "0", "-0.0E+12",
    ])
  func wellFormed(text: String) {
    #expect(problem(text) == nil)
  }

  @Test(
    "malformed documents name line, column and path",
    arguments: [
      (#"{"a": 1, "a": 2}"#, 1, 10, "$.a", "duplicate key 'a'"),
      ("{\n  \"o\": {\"k\": 1,\n  \"k\": 2}}", 3, 3, "$.o.k", "duplicate key 'k'"),
      (#"{"a\u0062": 1, "ab": 2}"#, 1, 16, "$.ab", "duplicate key 'ab'"),
      (#"{"a": 1,}"#, 1, 8, "$", "trailing comma before '}'"),
      ("[1,\n 2 , ]", 2, 4, "$", "trailing comma before ']'"),
      (#"{"a": [1, 2,]}"#, 1, 12, "$.a", "trailing comma before ']'"),
      (#"{"a" 1}"#, 1, 6, "$.a", "expected ':' after the key, found '1'"),
      (#"{a: 1}"#, 1, 2, "$", "expected a key in double quotes, found 'a'"),
      ("[1] x", 1, 5, "$", "unexpected text after the JSON value"),
      ("[01]", 1, 3, "$", "expected ',' or ']' after a value, found '1'"),
      ("[.5]", 1, 2, "$[0]", "expected a value, found '.'"),
      ("[1.]", 1, 4, "$[0]", "expected a digit after '.'"),
      ("[NaN]", 1, 2, "$[0]", "expected a value, found 'N'"),
      ("// c\n{}", 1, 1, "$", "expected a value, found '/'"),
      ("{\"é\": tru}", 1, 10, "$.é", "expected a value, found '}'"),
      ("\"abc", 1, 1, "$", "unterminated string"),
      (#"["\x"]"#, 1, 4, "$[0]", #"invalid escape \'x'"#),
      ("", 1, 1, "$", "expected a value, found the end of the file"),
    ])
  func malformed(text: String, line: Int, column: Int, path: String, message: String) {
    #expect(problem(text) == .init(line: line, column: column, path: path, message: message))
  }

  /// Numbers are the correctly rounded `Double` of their text (Foundation's parser on Linux is
  /// one ulp off for these), booleans and null keep their Foundation types.
  @Test func parsedValuesRoundTrip() throws {
    let values: [Double] = [0.9666666666666667, 0.8749999999999999, 1e-300, -2.5e300, 0.1]
    let text = "[" + values.map { "\($0)" }.joined(separator: ", ") + ", true, null]"
    let parsed = try #require(try JSONSyntax.parse(Data(text.utf8)) as? [Any])
    #expect(parsed.prefix(5).compactMap { ($0 as? NSNumber)?.doubleValue } == values)
    #expect((parsed[5] as? NSNumber).map { String(cString: $0.objCType) } == "c")
    #expect(parsed[6] is NSNull)
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let text = String(repeating: "[", count: 100_000)
    #expect(problem(text)?.message == "nested deeper than 256 levels")
  }

  /// Foundation's own output, for generated documents, always passes.
  @Test func generatedDocumentsPass() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    func value(_ depth: Int) -> Any {
      switch next() % (depth > 3 ? 4 : 6) {
      case 0: return Double(Int64(bitPattern: next()) % 1_000_000) / 7
      case 1: return next() % 2 == 0
      case 2: return "k\(next() % 50)\u{e9}\"\n"
      case 3: return NSNull()
      case 4: return (0..<Int(next() % 4)).map { _ in value(depth + 1) }
      default:
        var object: [String: Any] = [:]
        for _ in 0..<Int(next() % 5) { object["k\(next() % 20)"] = value(depth + 1) }
        return object
      }
    }
    for _ in 0..<300 {
      let data = try JSONSerialization.data(
        withJSONObject: [value(0)], options: [.prettyPrinted, .fragmentsAllowed])
      #expect(problem(String(decoding: data, as: UTF8.self)) == nil)
    }
  }
}
