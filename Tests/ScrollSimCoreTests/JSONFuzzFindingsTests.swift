import Testing

@testable import ScrollSimCore

/// Inputs found by the JSON fuzz target (Fuzz/Targets/FuzzJSON.swift), inlined.
@Suite struct JSONFuzzFindingsTests {
  /// 2026-12-01, FuzzJSON (flat path vs general reader): from the 16th member on, duplicate keys
  /// are found with a set, but the set was built from the first 15 keys only, so the 16th key
  /// repeated as the 17th passed (the oracle keeps the last value: `"k16"` read as 17).
  @Test func theSixteenthKeyRepeatedIsADuplicate() {
    let members = (1...16).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    let text = "{" + members + ",\"k16\":17}"
    do throws(JSONProblem) {
      _ = try JSONReader.parse(text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.message.contains("duplicate key \"k16\""))
      #expect(error.path == "$.k16")
      #expect(error.offset == text.utf8.count - 9)
    }
  }

  /// Every key of objects of 1 to 40 members, repeated once at the end, is a duplicate.
  @Test func everyRepeatedKeyIsADuplicate() {
    for count in 1...40 {
      let members = (0..<count).map { "\"k\($0)\":\($0)" }
      for repeated in 0..<count {
        let text = "{" + (members + ["\"k\(repeated)\":0"]).joined(separator: ",") + "}"
        #expect(throws: JSONProblem.self, "\(text)") { try JSONReader.parse(text) }
      }
    }
  }

  /// 2026-12-01, FuzzJSON: a raw U+FEFF at the start of a string is text, not a byte order mark:
  /// kept (JSONSerialization, the fuzz oracle, drops it; RFC 8259 has no such rule).
  @Test func aByteOrderMarkCharacterStartingAStringIsKept() throws {
    let value = try JSONReader.parse([0x22, 0xEF, 0xBB, 0xBF, 0x3A, 0x6B, 0x30, 0x22])
    #expect(value.string == "\u{FEFF}:k0")
  }
}
