import Testing

@testable import ScrollSimCore

/// The flat-object path reads compact members (no whitespace, plain keys and strings, short
/// numbers) on a pointer and everything else on the general path: both must give what the tree
/// reader gives, the same values and the same problem (message, line, column, path), wherever
/// the text stops or turns unusual.
@Suite struct JSONFlatPathTests {
  /// The members of `text` read on the flat path (numbers, strings; other kinds by name), or
  /// its problem.
  func flat(_ text: String) -> Result<[String], JSONProblem> {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      Result { () throws(JSONProblem) in
        var members: [String] = []
        _ = try JSONReader.readFlatObject(bytes) { (key, value) throws(JSONProblem) in
          switch value {
          case .number(let number): members.append("\(key.string)=\(number.bitPattern)")
          case .string(let string): members.append("\(key.string)=s:\(string.string)")
          default: members.append("\(key.string)=\(value.typeName)")
          }
        }
        return members
      }
    }
  }

  /// The members of `text` read by the tree reader, in the form of ``flat(_:)``.
  func tree(_ text: String) -> Result<[String], JSONProblem> {
    Result { () throws(JSONProblem) in
      let root = try JSONReader.parse(text, allowsByteOrderMark: false)
      guard case .object(let members) = root.value else { return [] }
      return members.map { member in
        switch member.value.value {
        case .number(let number): "\(member.key)=\(number.bitPattern)"
        case .string(let string): "\(member.key)=s:\(string)"
        default: "\(member.key)=\(member.value.typeName)"
        }
      }
    }
  }

  static let lines = [
    #"{"t":0.004167,"type":"move","x":200,"y":770.770}"#,
    #"{"t":-0,"type":"up","x":-12.5,"y":0}"#,
    // The text stops inside or right after a member.
    #"{"y":1"#, #"{"y":-"#, #"{"y":1."#, #"{"y":-0"#, #"{"y":0"#, #"{"y":"#, #"{"y""#,
    #"{"y"#, #"{""#, #"{"#, #"{"t":1,"#, #"{"t":1,""#, #"{"t":"mo"#, #"{"t":"move""#,
    #"{"t":1}"#, #"{"t":1} "#, #"{"t":1}x"#, #"{"t":1},"#, #"{"t":1,}"#, #"{"t":1,,"x":2}"#,
    // Numbers the short path leaves to the full one, and its grammar errors.
    #"{"y":01}"#, #"{"y":-01}"#, #"{"y":00}"#, #"{"y":1e}"#, #"{"y":1e5}"#, #"{"y":1E-5}"#,
    #"{"y":1.5e+3,"x":1}"#, #"{"y":1.}"#, #"{"y":1.x}"#, #"{"y":.5}"#, #"{"y":+1}"#,
    #"{"y":-}"#, #"{"y":-x}"#, #"{"y":12abc}"#, #"{"y":1.2.3}"#, #"{"y":NaN}"#,
    #"{"y":-Infinity}"#, #"{"y":9007199254740992}"#, #"{"y":9007199254740993}"#,
    #"{"y":1234567890123456789}"#, #"{"y":12345678901234567890}"#,
    #"{"y":0.1234567890123456789012}"#, #"{"y":0.12345678901234567890123}"#,
    #"{"y":0.0000000000000000000001}"#, #"{"y":1e999}"#, #"{"y":1e-999}"#,
    // Keys and strings the plain scan leaves to the full one.
    #"{"\u0074":1,"type":"m\u006fve"}"#, #"{"t":"\u00e9"}"#, "{\"t\":\"\u{E9}\"}",
    "{\"t\":\"a\u{01}\"}", "{\"t\u{7F}\":1}", #"{"t":"a\"}"#, #"{"t":"a\\"}"#, #"{"t":"\x"}"#,
    // Whitespace, literals, containers: the general path.
    #"{ "t":1}"#, #"{"t" :1}"#, #"{"t": 1}"#, #"{"t":1 ,"x":2}"#, #"{"t":1, "x":2}"#,
    "{\"t\":1,\n\"x\":2}", #"{"t":true,"x":null,"y":false}"#, #"{"t":tru}"#,
    #"{"t":[1,2],"x":{"a":1}}"#, #"{"t":[1,]}"#, #"{"t" 1}"#, #"{t:1}"#, #"{"t":"a","#,
    // One-letter keys (read without a scan) and the keys next to them.
    #"{"":1}"#, #"{"\\":1}"#, #"{"\"":1}"#, #"{"a":1,"":2}"#, #"{"t"}"#, #"{"t":}"#, #"{"t""#,
    #"{"t"#, #"{"t":"#, "{\"\u{E9}\":1}", "{\"\u{7F}\":1}", "{\"\u{1F}\":1}",
    // Keys that share a prefix or a length with trace keys.
    #"{"ty":1,"typ":2,"typo":3,"types":4,"tt":5}"#,
  ]

  @Test(arguments: lines)
  func theFlatPathAgreesWithTheTreeReader(_ line: String) {
    switch (flat(line), tree(line)) {
    case (.success(let flat), .success(let tree)):
      #expect(flat == tree, "\(line)")
    case (.failure(let flat), .failure(let tree)):
      #expect(flat == tree, "\(line): \(flat) against \(tree)")
    case (let flat, let tree):
      Issue.record("\(line): flat \(flat), tree \(tree)")
    }
  }

  @Test func shortNumbersReadAsStrtodAtTheEndOfTheText() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<3_000 {
      let whole = random.next() % 1_000_000
      let digits = Int(random.next() % 9)
      let fraction = random.next() % 1_000_000_000
      var text = (random.next() % 2 == 0 ? "-" : "") + "\(whole)"
      if digits > 0 {
        let padded = String(String(fraction).suffix(digits))
        text += "." + String(repeating: "0", count: digits - padded.count) + padded
      }
      let expected = Double(text)?.bitPattern
      for line in [#"{"y":"# + text, #"{"y":"# + text + "}", #"{"y":"# + text + #","x":1}"#] {
        let read = Array(line.utf8).withUnsafeBufferPointer { bytes in
          var object = JSONReader.FlatObject(bytes)
          return Result { () throws(JSONProblem) -> Double? in
            _ = try object.open()
            guard case .number(let number)? = try object.next()?.value else { return nil }
            return number
          }
        }
        #expect((try? read.get())??.bitPattern == expected, "\(line)")
      }
    }
  }
}
