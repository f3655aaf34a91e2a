import Testing

@testable import ScrollSimCore

@Suite struct JSONReaderTests {
  func problem(_ text: String) -> JSONProblem? {
    problem(Array(text.utf8))
  }

  func problem(_ bytes: [UInt8], allowsByteOrderMark: Bool = true) -> JSONProblem? {
    do throws(JSONProblem) {
      _ = try JSONReader.parse(bytes, allowsByteOrderMark: allowsByteOrderMark)
      return nil
    } catch {
      return error
    }
  }

  @Test func parsesValuesWithTheirPlaces() throws {
    let text =
      "{\n  \"a\": [1, -2.5e3,\n    \"x\\u00e9\\ud83d\\ude00\"],\n  \"b\": {\"c\": null, \"d\": true}\n}"
    let root = try JSONReader.parse(text)
    #expect(root.line == 1 && root.column == 1)
    let a = try #require(root["a"]?.elements)
    #expect(a.map(\.line) == [2, 2, 3])
    #expect(a[0].number == 1 && a[0].column == 9)
    #expect(a[1].number == -2500)
    #expect(a[2].string == "xé😀" && a[2].column == 5)
    #expect(root["b"]?["c"]?.value == .null)
    #expect(root["b"]?["d"]?.bool == true)
    #expect(root["b"]?.line == 4)
  }

  @Test(
    "well-formed documents pass",
    arguments: [
      #"{}"#, #"[]"#, #" {"a": [1, -2.5e-3, 0, true, false, null, "x\"\u00e9\n"], "b": {}} "#,
      #"{"a": 1, "A": 2, "a\u0063": 3, "ab2": 4}"#, "\"é\"", "0", "-0.0E+12", "0e-400",
      "\"\\ud83d\\ude00 \\/ \\b\\f\\n\\r\\t\"",
    ])
  func wellFormed(text: String) {
    #expect(problem(text) == nil)
  }

  @Test(
    "malformed documents name line, column and path",
    arguments: [
      (#"{"a": 1, "a": 2}"#, 1, 10, "$.a", "duplicate key \"a\""),
      ("{\n  \"o\": {\"k\": 1,\n  \"k\": 2}}", 3, 3, "$.o.k", "duplicate key \"k\""),
      (#"{"a\u0062": 1, "ab": 2}"#, 1, 16, "$.ab", "duplicate key \"ab\""),
      (#"{"t":1,"\u0074":2}"#, 1, 8, "$.t", "duplicate key \"t\""),
      (#"{"a": 1,}"#, 1, 8, "$", "trailing comma before '}'"),
      ("[1,\n 2 , ]", 2, 4, "$", "trailing comma before ']'"),
      // The comma's own line and column, the newlines after it read (a fresh tester's
      // multi-line spec said line 6, no column, for a comma on line 5).
      ("[1,\n 2,\n\n ]", 2, 3, "$", "trailing comma before ']'"),
      ("{\"a\": 1,\r\n}", 1, 8, "$", "trailing comma before '}'"),
      (#"{"a": [1, 2,]}"#, 1, 12, "$.a", "trailing comma before ']'"),
      (#"{"a" 1}"#, 1, 6, "$", "expected ':' after the key, found '1'"),
      (#"{a: 1}"#, 1, 2, "$", "expected a key in double quotes, found 'a'"),
      ("[1] x", 1, 5, "$", "unexpected text after the JSON value"),
      ("[01]", 1, 3, "$[0]", "leading zero"),
      ("[.5]", 1, 2, "$[0]", "expected a value, found '.5'"),
      ("[1.]", 1, 4, "$[0]", "expected a digit after '.', found ']'"),
      ("[NaN]", 1, 2, "$[0]", "NaN is not a finite number"),
      ("{\"x\": -Infinity}", 1, 7, "$.x", "-Infinity is not a finite number"),
      ("[1e999]", 1, 2, "$[0]", "1e999 is not a finite number"),
      ("[-1e999]", 1, 2, "$[0]", "-1e999 is not a finite number"),
      ("[1e-400]", 1, 2, "$[0]", "1e-400 is closer to 0 than a 64-bit double can be"),
      ("// c\n{}", 1, 1, "$", "expected a value, found '//'"),
      ("{\"é\": tru}", 1, 8, "$.é", "expected a value, found 'tru'"),
      ("\"abc", 1, 1, "$", "unterminated string"),
      (#"["\x"]"#, 1, 4, "$[0]", #"unknown escape \'x'"#),
      ("\"\\ud800\"", 1, 2, "$", "lone surrogate"),
      ("\"\\ud800\\u0041\"", 1, 2, "$", "lone surrogate"),
      ("\"\\udc00\"", 1, 2, "$", "lone surrogate"),
      ("\"\\u+0ab\"", 1, 4, "$", "4 hex digits"),
      ("\"a\nb\"", 1, 3, "$", "control character U+000A"),
      ("", 1, 1, "$", "unexpected end of text"),
      ("-", 1, 2, "$", "unexpected end of text"),
    ])
  func malformed(text: String, line: Int, column: Int, path: String, message: String) throws {
    let problem = try #require(self.problem(text))
    #expect(problem.line == line, "\(problem)")
    #expect(problem.column == column, "\(problem)")
    #expect(problem.path == path, "\(problem)")
    #expect(problem.message.contains(message), "\(problem)")
  }

  @Test func invalidUTF8IsRejectedEvenInsideStrings() throws {
    for bytes: [UInt8] in [
      [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x28, 0xA1, 0x22], [0xFF],
    ] {
      let problem = try #require(self.problem(bytes), "\(bytes)")
      #expect(!problem.isUnexpectedEnd)
    }
    // Cut inside a sequence: the text ended early.
    #expect(problem([0x22, 0xE2, 0x82])?.isUnexpectedEnd == true)
  }

  @Test func aByteOrderMarkIsSkippedOnlyAtTheVeryStart() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    #expect(problem(bom + Array("{\"a\":1}".utf8)) == nil)
    let later = try #require(problem(bom + Array("{\"a\":1}".utf8), allowsByteOrderMark: false))
    #expect(later.message.contains("byte order mark"))
    let inside = try #require(problem(Array("[1,".utf8) + bom + Array("2]".utf8)))
    #expect(inside.message.contains("byte order mark"))
    #expect(problem(bom + bom + Array("1".utf8)) != nil)
  }

  @Test func depthIsLimitedTo64() throws {
    let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(problem(ok) == nil)
    let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
    #expect(problem(deep)?.message.contains("nested deeper than 64") == true)
    let objects = String(repeating: "{\"a\":", count: 65) + "1" + String(repeating: "}", count: 65)
    #expect(problem(objects)?.message.contains("nested deeper than 64") == true)
    let huge = String(repeating: "[", count: 100_000)
    #expect(problem(huge)?.message.contains("nested deeper than 64") == true)
  }

  @Test func errorsNeverEchoALongValue() throws {
    let hex = String(repeating: "0123456789abcdef", count: 65_536)  // 1 MiB
    for text in [
      "{\"x\": 0x" + hex + "}", "{\"x\": " + hex + "}", "{\"x\": tr" + hex + "}",
      "{\"x\": 1e" + hex + "}", "{\"" + hex + "\": 1, \"" + hex + "\": 2}",
      "[\"" + hex + "\\q\"]", "{\"x\": NaN" + hex + "}",
    ] {
      let problem = try #require(self.problem(text))
      #expect(problem.message.count < 200, "\(problem.message.prefix(300))")
      #expect(problem.inputError(file: "f.json").description.count < 260)
    }
    let digits = String(repeating: "9", count: 1_000_000)
    let overflow = try #require(problem("[" + digits + "]"))
    #expect(overflow.message.count < 200)
    #expect(overflow.message.contains("…"))
  }

  @Test func numbersAreCorrectlyRounded() throws {
    let texts = [
      "0.9666666666666667", "0.8749999999999999", "1e-300", "-2.5e300", "0.1", "0.0167",
      "914.2857142857143", "411.42857142857144", "9007199254740993", "123456789012345678901234",
      "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308", "0.000001", "1E2",
      "-0", "12345678901234567890e-20",
    ]
    for text in texts {
      let value = try #require(try JSONReader.parse(text).number)
      #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)")
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let value = Double(bitPattern: state >> 2)
      guard value.isFinite else { continue }
      for text in [value.description, JSONWriter.number(value), JSONWriter.number(value / 1e300)]
      where text != "null" {
        let parsed = try #require(try JSONReader.parse(text).number)
        #expect(parsed.bitPattern == Double(text)!.bitPattern, "\(text)")
      }
    }
  }

  /// Long decimals (16–19 digits, the extended-precision path and its fallback) against
  /// `Double(String)`, including ones next to the midpoint between two doubles.
  @Test func longDecimalsAreCorrectlyRounded() throws {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
    var texts: [String] = []
    for _ in 0..<50_000 {
      let digits = 16 + Int(next() % 4)
      var mantissa = String(next() % 9 + 1)
      for _ in 1..<digits { mantissa += String(next() % 10) }
      let point = 1 + Int(next() % UInt64(digits - 1))
      let exponent = Int(next() % 45) - 22
      var text = mantissa
      text.insert(".", at: text.index(text.startIndex, offsetBy: point))
      texts.append(text + "e\(exponent)")
      texts.append(String(mantissa.prefix(point)) + "." + mantissa.dropFirst(point))
    }
    // Midpoints: the exact decimal halfway between two adjacent doubles, and its neighbours.
    for value in [0.1, 914.2857142857143, 1.0 / 3, 2.0 / 3, 123.456, 1e-5, 7e15] {
      let midpoint = (Float80(value) + Float80(value.nextUp)) / 2
      texts.append(String(describing: midpoint))
    }
    for text in texts {
      let value = try #require(try JSONReader.parse(text).number, "\(text)")
      #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)")
    }
  }

  @Test func stringsRoundTripThroughTheWriter() throws {
    var all = ""
    for code in 0..<0x80 { all.unicodeScalars.append(Unicode.Scalar(code)!) }
    let texts = [
      all, "", "\"quoted\" \\ back", "tab\there\r\n", "é ü ß 日本 😀 𝄞", "\u{2028}\u{2029}\u{FEFF}",
      "a/b", "\u{7F}\u{80}\u{10FFFF}",
    ]
    for text in texts {
      let literal = JSONWriter.string(text)
      #expect(!literal.utf8.contains { $0 < 0x20 })
      #expect(try JSONReader.parse(literal).string == text)
      let object = "{" + literal + ":" + literal + "}"
      #expect(try JSONReader.parse(object)[text]?.string == text)
    }
    #expect(JSONWriter.string("a\u{1}\u{8}\u{C}\u{1F}") == #""a\u0001\b\f\u001f""#)
  }

  @Test func numbersAreWrittenAsFoundationsEncoderDoes() {
    let cases: [(Double, String)] = [
      (0, "0"), (-0.0, "-0"), (1e15, "1000000000000000"), (1e16, "1e+16"), (0.1, "0.1"),
      (1e-5, "1e-05"), (120, "120"), (-2.5, "-2.5"), (.nan, "null"), (.infinity, "null"),
      (914.2857142857143, "914.2857142857143"), (.leastNonzeroMagnitude, "5e-324"),
    ]
    for (value, text) in cases { #expect(JSONWriter.number(value) == text, "\(value)") }
  }

  @Test func theFlatPathReportsMembersInOrder() throws {
    let text = #"{"t":0.0167,"type":"move","x":540,"y":1200,"n":null,"b":true,"o":{"a":[1]}}"#
    var keys: [String] = []
    var values: [String] = []
    let isObject = try Array(text.utf8).withUnsafeBufferPointer { bytes in
      try JSONReader.readFlatObject(bytes) { (key, value) throws(JSONProblem) in
        keys.append(key.string)
        switch value {
        case .string(let string):
          #expect(string.equals("move") && !string.equals("mov") && !string.equals("moves"))
          values.append("s:" + string.string)
        case .number(let number): values.append("\(number)")
        default: values.append(value.typeName)
        }
      }
    }
    #expect(isObject)
    #expect(keys == ["t", "type", "x", "y", "n", "b", "o"])
    #expect(
      values == ["0.0167", "s:move", "540.0", "1200.0", "null", "a boolean", "an object"])
    // Escaped keys and values arrive decoded.
    let escaped = #"{"\u0074":"m\u006fve"}"#
    try Array(escaped.utf8).withUnsafeBufferPointer { bytes in
      _ = try JSONReader.readFlatObject(bytes) { (key, value) throws(JSONProblem) in
        #expect(key.equals("t") && key.string == "t")
        guard case .string(let string) = value else { return }
        #expect(string.equals("move") && string.index(in: ["up", "move"]) == 1)
      }
    }
    let notObject = try Array("[1]".utf8).withUnsafeBufferPointer { bytes in
      try JSONReader.readFlatObject(bytes) { (_, _) throws(JSONProblem) in }
    }
    #expect(!notObject)
  }

  @Test func theFlatPathKeepsTheRules() throws {
    for text in [
      #"{"t":NaN}"#, #"{"t":1e999}"#, #"{"t":1} x"#, #"{"t":"\ud800"}"#, #"{"t":[1,]}"#,
      #"{"t":1,}"#,
    ] {
      let failed = Array(text.utf8).withUnsafeBufferPointer { bytes in
        do throws(JSONProblem) {
          _ = try JSONReader.readFlatObject(bytes) { (_, _) throws(JSONProblem) in }
          return false
        } catch {
          return true
        }
      }
      #expect(failed, "\(text)")
    }
  }

  @Test func theEndOfTextIsToldApartFromOtherProblems() {
    for cut in [#"{"t":0.01,"type":"mo"#, #"{"t":0.0"#, "{", "[1,", "\"\\u00", "tr", "-"] {
      #expect(problem(cut)?.isUnexpectedEnd == true, "\(cut)")
    }
    for bad in [#"{"t":xx}"#, #"{"t":1}}"#, "[1 2]", "{\"a\":1,\"a\":2}"] {
      #expect(problem(bad)?.isUnexpectedEnd == false, "\(bad)")
    }
  }

  @Test func typedAccessorsNameThePath() throws {
    let root = try JSONReader.parse("{\n  \"outputs\": [{\"at\": \"x\"}],\n  \"n\": 1.5\n}")
    let element = JSONElement(root: root)
    let object = try element.object(allowed: ["outputs", "n"])
    let outputs = try object.required("outputs", expected: "an array").array()
    let at = try #require(try outputs[0].object(allowed: ["at"])["at"])
    #expect(throws: JSONProblem.self) { try at.number() }
    do throws(JSONProblem) {
      _ = try at.number()
    } catch {
      let message = error.inputError(file: "s.json").description
      #expect(message == "s.json:2:22: $.outputs[0].at: a string: expected a number")
    }
    do throws(JSONProblem) {
      _ = try object["n"]!.integer()
    } catch {
      #expect(error.path == "$.n" && error.line == 3)
    }
    do throws(JSONProblem) {
      _ = try element.object(allowed: ["n"])
    } catch {
      #expect(error.path == "$.outputs" && error.message.hasPrefix("unknown key 'outputs'"))
    }
  }
}
