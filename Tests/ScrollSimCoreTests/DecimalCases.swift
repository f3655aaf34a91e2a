// The number harness of Fuzz/Targets/FuzzJSON.swift as deterministic cases: decimals drawn
// from SplitMix64, each read by JSONReader and compared with `Double(String)` (strtod), bit for
// bit. Used by JSONNumberFuzzTests and, compiled with `-D NUMBER_LOOP` into ScrollSimCore, by
// Fuzz/number-loop.sh for millions of cases. No Testing here, so both can compile it.
#if !NUMBER_LOOP
  @testable import ScrollSimCore
#endif

enum DecimalCases {
  /// The next test decimal: a mix of random lengths (1–40 digits) and exponents (±400), long
  /// decimals of 15–20 digits scaled by 10^±22 (the extended-precision path and its fallback),
  /// integers at and next to the midpoint between two doubles in [2⁵³, 2⁶⁴), and numbers near
  /// the ends of the range (subnormals, underflow to 0, overflow).
  static func next(_ random: inout SplitMix64) -> String {
    let sign = random.next() & 1 == 1 ? "-" : ""
    switch random.next() % 10 {
    case 0..<4:
      let count = 1 + Int(random.next() % 40)
      let exponent = random.next() & 1 == 1 ? Int(random.next() % 801) - 400 : nil
      return sign + decimal(digits(count, &random), &random, exponent: exponent)
    case 4..<7:
      let count = 15 + Int(random.next() % 6)
      let exponent = Int(random.next() % 45) - 22
      return sign + decimal(digits(count, &random), &random, exponent: exponent)
    case 7..<9:
      return sign + midpoint(&random)
    default:
      let count = 1 + Int(random.next() % 25)
      let exponent = (random.next() & 1 == 1 ? -330 : 300) + Int(random.next() % 16)
      return sign + decimal(digits(count, &random), &random, exponent: exponent)
    }
  }

  /// `count` random digits, the first not 0.
  static func digits(_ count: Int, _ random: inout SplitMix64) -> String {
    var text = String(1 + random.next() % 9)
    for _ in 1..<count { text += String(random.next() % 10) }
    return text
  }

  /// `digits` with a point at a random place (or none) and an optional exponent.
  static func decimal(_ digits: String, _ random: inout SplitMix64, exponent: Int?) -> String {
    let point = Int(random.next() % UInt64(digits.count + 1))
    var text: String
    if point == 0 {
      text = "0." + String(repeating: "0", count: Int(random.next() % 3)) + digits
    } else if point == digits.count {
      text = digits
    } else {
      text = digits.prefix(point) + "." + digits.dropFirst(point)
    }
    if let exponent {
      text += random.next() & 1 == 1 ? "e" : "E"
      if exponent >= 0, random.next() & 1 == 1 { text += "+" }
      text += String(exponent)
    }
    return text
  }

  /// An integer halfway between two adjacent doubles in [2⁵³, 2⁶⁴), or one off it, written as an
  /// integer, with a trailing `.0…`, or as `d.ddd…e+k` (the same value).
  static func midpoint(_ random: inout SplitMix64) -> String {
    let raw = random.next() >> (random.next() % 11) | 1 << 53
    var value = Double(raw)
    if value >= 0x1p64 { value = value.nextDown }
    let middle = UInt64(value) + UInt64(value.ulp / 2)
    let off = random.next() % 3  // 0: the midpoint, 1: one below, 2: one above
    let text = String(off == 1 ? middle - 1 : off == 2 ? middle + 1 : middle)
    switch random.next() % 3 {
    case 0: return text
    case 1: return text + "." + String(repeating: "0", count: 1 + Int(random.next() % 4))
    default: return text.prefix(1) + "." + text.dropFirst() + "e+" + String(text.count - 1)
    }
  }

  /// `nil` when JSONReader reads `text` as strtod does (or rejects it exactly when strtod gives
  /// ±∞, or 0 for a non-zero decimal), else what differs.
  static func mismatch(_ text: String) -> String? {
    guard let reference = Double(text) else { return "\(text): not a number for Double(String)" }
    let isZero = text.prefix { $0 != "e" && $0 != "E" }.allSatisfy { "-0.".contains($0) }
    let parsed: Double?
    let message: String?
    do throws(JSONProblem) {
      parsed = try JSONReader.parse(text).number
      message = nil
    } catch {
      parsed = nil
      message = error.message
    }
    if reference.isFinite, reference != 0 || isZero {
      guard let parsed else { return "\(text): rejected (\(message ?? "")), strtod \(reference)" }
      if parsed.bitPattern != reference.bitPattern {
        return "\(text): read as \(parsed) (\(parsed.bitPattern)), strtod \(reference) "
          + "(\(reference.bitPattern))"
      }
      return nil
    }
    // Overflow and underflow are refused, each with its own words.
    let refused = ["is not a finite number", "closer to 0 than a 64-bit double"]
    guard parsed == nil, let message, refused.contains(where: message.contains) else {
      return "\(text): accepted as \(String(describing: parsed)), strtod \(reference)"
    }
    return nil
  }
}
