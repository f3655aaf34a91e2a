import Testing

@testable import ScrollSimCore

/// Numbers and strings at every place in a text: at its very end (nothing after the last digit
/// or quote), inside a flat object, padded, of every length up to past the 19 digits a number
/// keeps, with the fraction's leading zeros that only scale. References: `Double(String)`
/// (strtod) for values, the RFC 8259 grammar and the reader's documented messages for errors.
@Suite struct JSONScalarEdgeTests {
  /// `text` read whole, or its problem.
  func read(_ text: String) -> Result<JSONNode, JSONProblem> {
    Result { () throws(JSONProblem) in try JSONReader.parse(text) }
  }

  /// The number of `text` read as a member of a flat object (`{"y":…}`), or its problem.
  func flatNumber(_ text: String, padding: Int) -> Result<Double?, JSONProblem> {
    let line = #"{"y":"# + text + String(repeating: " ", count: padding) + "}"
    return Array(line.utf8).withUnsafeBufferPointer { bytes in
      Result { () throws(JSONProblem) in
        var number: Double?
        _ = try JSONReader.readFlatObject(bytes) { (_, value) throws(JSONProblem) in
          if case .number(let value) = value { number = value }
        }
        return number
      }
    }
  }

  static let numbers = [
    "0", "-0", "-0.0", "7", "12", "200", "643.271", "0.104167", "0.004167", "12345678",
    "123456789", "1234567890123456", "9007199254740993", "1234567890123456789",
    "12345678901234567890", "123456789012345678901234", "0.1234567890123456789",
    "1234567890.1234567890", "0.0000000000000000000000000000012345", "00000001e5",
    "1.00000000000000000000000000000001", "99999999.99999999", "1e5", "1E-5", "1.5e+22",
    "123456.78e-3", "4.9e-324", "2.2250738585072011e-308", "1.7976931348623157e308",
    "18446744073709551615", "18446744073709551616", "0.30000000000000004",
  ]

  @Test(arguments: numbers)
  func numbersReadAsStrtodWhereverTheyStand(_ text: String) {
    let expected = Double(text)
    for prefix in 0..<9 {
      for suffix in 0..<9 {
        let padded =
          String(repeating: " ", count: prefix) + text + String(repeating: " ", count: suffix)
        switch read(padded) {
        case .success(let node):
          #expect(node.number?.bitPattern == expected?.bitPattern, "\(padded.debugDescription)")
        case .failure(let problem):
          // Only a leading zero before a digit is not JSON here.
          #expect(text.hasPrefix("00"), "\(padded.debugDescription): \(problem.message)")
        }
      }
      let flat = flatNumber(text, padding: prefix)
      if case .success(let number) = flat {
        #expect(number?.bitPattern == expected?.bitPattern, "\(text) in a flat object")
      } else {
        #expect(text.hasPrefix("00"), "\(text) in a flat object")
      }
    }
  }

  @Test func decimalsOfEveryLengthAtEveryOffset() {
    var random = SplitMix64(seed: 14)
    for _ in 0..<4_000 {
      let count = 1 + Int(random.next() % 24)
      let digits = DecimalCases.digits(count, &random)
      let text = DecimalCases.decimal(digits, &random, exponent: nil)
      let expected = Double(text)
      for padding in 0..<10 {
        let flat = flatNumber(text, padding: padding)
        guard case .success(let number) = flat else {
          Issue.record("\(text): rejected")
          continue
        }
        #expect(number?.bitPattern == expected?.bitPattern, "\(text) + \(padding) spaces")
      }
      if let mismatch = DecimalCases.mismatch(text) { Issue.record("\(mismatch)") }
    }
  }

  @Test func malformedNumbersKeepTheirMessages() {
    let cases: [(String, String, Int)] = [
      ("01", "invalid JSON: leading zero in a number", 2),
      ("-01234567890", "invalid JSON: leading zero in a number", 3),
      ("1.", "invalid JSON: unexpected end of text; expected a digit after '.'", 3),
      ("12345678.x", "invalid JSON: expected a digit after '.', found 'x'", 10),
      ("1.5e", "invalid JSON: unexpected end of text; expected a digit in the exponent", 5),
      ("123456789e+]", "invalid JSON: expected a digit in the exponent, found ']'", 12),
      ("1e999", "1e999 is not a finite number", 1),
      ("-12345678901234567890e-999", "-12345678901234567890e-999 is closer to 0 than", 1),
    ]
    for (text, message, column) in cases {
      guard case .failure(let problem) = read(text) else {
        Issue.record("\(text): accepted")
        continue
      }
      #expect(problem.message.hasPrefix(message), "\(text): \(problem.message)")
      #expect(problem.column == column, "\(text): column \(problem.column)")
    }
  }

  /// A string of `length` plain letters with `insert` at `position`, in quotes, then `tail`.
  func string(_ length: Int, _ insert: [UInt8], at position: Int, tail: String = "")
    -> [UInt8]
  {
    var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
    bytes.insert(contentsOf: insert, at: position)
    return [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")] + Array(tail.utf8)
  }

  func parse(_ bytes: [UInt8]) -> Result<JSONNode, JSONProblem> {
    Result { () throws(JSONProblem) in try JSONReader.parse(bytes) }
  }

  @Test(arguments: [0, 1, 5, 7, 8, 9, 15, 16, 17, 30])
  func stringsAreCheckedAtEveryPosition(_ length: Int) throws {
    for position in 0...length {
      let column = position + 2
      // Text that needs a look: decoded or checked exactly as a byte at a time.
      for (insert, decoded) in [
        (Array("é".utf8), "é"), (Array("😀".utf8), "😀"), (Array(#"\n"#.utf8), "\n"),
        (Array(#"\""#.utf8), "\""), (Array(#"\u00e9"#.utf8), "é"), (Array("~ !#".utf8), "~ !#"),
      ] {
        for tail in ["", "  ", ",", "  \n  "] {
          let text = string(length, insert, at: position, tail: tail)
          let expected =
            String(repeating: "a", count: position) + decoded
            + String(repeating: "a", count: length - position)
          switch parse(text) {
          case .success(let node): #expect(node.string == expected)
          case .failure(let problem):
            #expect(tail == ",", "\(expected.debugDescription): \(problem.message)")
          }
        }
      }
      for (insert, message) in [
        ([UInt8(0x01)], "invalid JSON: control character U+0001 in a string"),
        ([UInt8(0x1F)], "invalid JSON: control character U+001F in a string"),
        ([UInt8(0x0A)], "invalid JSON: control character U+000A in a string"),
        ([UInt8(0x00)], "invalid JSON: control character U+0000 in a string"),
        ([UInt8(0xFF)], "invalid JSON: not valid UTF-8 (byte 0xFF in a string)"),
        (
          [UInt8(0xC3), UInt8(ascii: "a")], "invalid JSON: not valid UTF-8 (byte 0xC3 in a string)"
        ),
        ([UInt8(0xED), 0xA0, 0x80], "invalid JSON: not valid UTF-8 (byte 0xED in a string)"),
        (Array(#"\q"#.utf8), #"invalid JSON: unknown escape \'q'"#),
      ] {
        guard case .failure(let problem) = parse(string(length, insert, at: position)) else {
          Issue.record("\(insert) at \(position) of \(length): accepted")
          continue
        }
        #expect(problem.message.hasPrefix(message), "\(problem.message)")
        let offset = insert.first == UInt8(ascii: "\\") ? 1 : 0
        #expect(problem.column == column + offset, "\(insert) at \(position) of \(length)")
      }
    }
    // Cut anywhere before the closing quote: unterminated, at the opening quote.
    let whole = string(length, Array("é".utf8), at: length / 2)
    for end in 1..<(whole.count - 1) {
      guard case .failure(let problem) = parse(Array(whole.prefix(end))) else {
        Issue.record("cut at \(end) of \(length): accepted")
        continue
      }
      #expect(problem.isUnexpectedEnd, "cut at \(end) of \(length): \(problem.message)")
    }
  }

  @Test func stringsThatEndTheTextAreReadOrCut() throws {
    // Short texts, and strings that end the text.
    for text in [#""""#, #""a""#, #"{"t":1}"#, #"{"":1}"#, #"["ab"]"#, #"{"abcdefgh":"ijklmnop"}"#]
    {
      guard case .success = read(text) else {
        Issue.record("\(text): rejected")
        continue
      }
    }
    for cut in [#"{"t"#, #"{"abcdefg"#, #"{"a":"bcdefghijk"#, #"""#] {
      guard case .failure(let problem) = read(cut) else {
        Issue.record("\(cut): accepted")
        continue
      }
      #expect(problem.isUnexpectedEnd, "\(cut): \(problem.message)")
    }
  }
}
