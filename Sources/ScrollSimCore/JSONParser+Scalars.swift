extension JSONParser {
  // MARK: Strings

  /// A string at the opening quote, escapes resolved; UTF-8 is validated on the way.
  mutating func string() throws(JSONProblem) -> String {
    switch try scanString() {
    case .plain(let text): String(decoding: text, as: UTF8.self)
    case .decoded(let text): String(decoding: text, as: UTF8.self)
    }
  }

  /// A string at the opening quote for the flat path: the bytes of the text when it has no
  /// escapes, else the decoded text copied into `decoded` (valid until `decoded` is reset).
  @inlinable @inline(__always)
  mutating func flatString(into decoded: inout DecodedStrings) throws(JSONProblem)
    -> JSONReader.FlatString
  {
    switch try scanString() {
    case .plain(let text): return JSONReader.FlatString(bytes: text)
    case .decoded(let text):
      return JSONReader.FlatString(bytes: decoded.append(text, capacity: bytes.count))
    }
  }

  /// Reads a string at the opening quote and steps over it, validating its UTF-8: the bytes of
  /// its text when it has no escapes, else the decoded text.
  ///
  /// Plain ASCII text (no escape, no control character, nothing past U+007F: every key and
  /// event type of a trace) is scanned on a pointer here; a string with anything else is read
  /// again from its opening quote by ``scanStringInFull()``.
  @inlinable @inline(__always)
  mutating func scanString() throws(JSONProblem) -> ScannedString {
    if let base = bytes.baseAddress {
      let start = base + index + 1
      if let close = Self.plainStringEnd(from: start, end: base + bytes.count) {
        index = base.distance(to: close) + 1
        return .plain(UnsafeBufferPointer(start: start, count: start.distance(to: close)))
      }
    }
    return try scanStringInFull()
  }

  /// The closing quote of a plain string whose text starts at `start` (after the opening
  /// quote), or `nil` at a backslash, a byte outside 0x20...0x7F or `end` (which the full
  /// scanner then reads and words).
  @inlinable @inline(__always)
  static func plainStringEnd(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)
    -> UnsafePointer<UInt8>?
  {
    var p = start
    while p < end {
      let byte = p.pointee
      if byte == UInt8(ascii: "\"") { return p }
      // A backslash, or a byte outside 0x20...0x7F.
      if byte == UInt8(ascii: "\\") || byte &- 0x20 > 0x5F { return nil }
      p += 1
    }
    return nil
  }

  /// ``scanString()`` for any string: escapes, UTF-8 validation, the errors.
  @usableFromInline
  mutating func scanStringInFull() throws(JSONProblem) -> ScannedString {
    let open = index
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        return .plain(slice)
      }
      if byte == UInt8(ascii: "\\") { return .decoded(try escapedString(from: start, open: open)) }
      if byte < 0x20 { throw controlCharacter(byte) }
      if byte < 0x80 {
        index += 1
      } else {
        try utf8Sequence()
      }
    }
    throw problem("unterminated string", at: open, unexpectedEnd: true)
  }

  @usableFromInline
  func controlCharacter(_ byte: UInt8) -> JSONProblem {
    problem("control character U+00\(Self.hex(byte)) in a string (write it as an escape)")
  }

  /// The rest of a string that holds escapes, from `start` (after the opening quote at `open`),
  /// decoded.
  @usableFromInline
  mutating func escapedString(from start: Int, open: Int) throws(JSONProblem) -> [UInt8] {
    var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return scratch
      }
      if byte < 0x20 { throw controlCharacter(byte) }
      if byte >= 0x80 {
        let first = index
        try utf8Sequence()
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first..<index]))
        continue
      }
      index += 1
      guard byte == UInt8(ascii: "\\") else {
        scratch.append(byte)
        continue
      }
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "u"):
        let escapeStart = index - 2
        var code = try hex4()
        if (0xDC00..<0xE000).contains(code) {
          throw problem("lone surrogate escape (a low surrogate with no high one)", at: escapeStart)
        }
        if (0xD800..<0xDC00).contains(code) {
          let left = bytes.count - index
          if left == 0 || (left == 1 && bytes[index] == UInt8(ascii: "\\")) {
            throw problem("unterminated string", at: open, unexpectedEnd: true)
          }
          guard left >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          else {
            throw problem(
              "lone surrogate escape (a high surrogate not followed by a low one)", at: escapeStart)
          }
          index += 2
          let low = try hex4()
          guard (0xDC00..<0xE000).contains(low) else {
            throw problem(
              "lone surrogate escape (a high surrogate not followed by a low one)", at: escapeStart)
          }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        Self.appendUTF8(code, to: &scratch)
      default:
        index -= 1
        throw problem("unknown escape \\\(found())")
      }
    }
    throw problem("unterminated string", at: open, unexpectedEnd: true)
  }

  static func appendUTF8(_ code: UInt32, to scratch: inout [UInt8]) {
    switch code {
    case ..<0x80: scratch.append(UInt8(code))
    case ..<0x800:
      scratch.append(UInt8(0xC0 | (code >> 6)))
      scratch.append(UInt8(0x80 | (code & 0x3F)))
    case ..<0x10000:
      scratch.append(UInt8(0xE0 | (code >> 12)))
      scratch.append(UInt8(0x80 | ((code >> 6) & 0x3F)))
      scratch.append(UInt8(0x80 | (code & 0x3F)))
    default:
      scratch.append(UInt8(0xF0 | (code >> 18)))
      scratch.append(UInt8(0x80 | ((code >> 12) & 0x3F)))
      scratch.append(UInt8(0x80 | ((code >> 6) & 0x3F)))
      scratch.append(UInt8(0x80 | (code & 0x3F)))
    }
  }

  mutating func hex4() throws(JSONProblem) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw unexpected("expected 4 hex digits after \\u") }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw unexpected("expected 4 hex digits after \\u")
      }
      code = code << 4 | UInt32(digit)
      index += 1
    }
    return code
  }

  /// Checks one multi-byte UTF-8 sequence at the current (non-ASCII) byte and steps over it:
  /// no overlong forms, no surrogates, nothing above U+10FFFF (RFC 3629 §4).
  @usableFromInline
  mutating func utf8Sequence() throws(JSONProblem) {
    let first = bytes[index]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: throw invalidUTF8()
    }
    for offset in 1..<length {
      guard index + offset < bytes.count else {
        throw problem("unexpected end of text inside a UTF-8 sequence", unexpectedEnd: true)
      }
      let byte = bytes[index + offset]
      guard offset == 1 ? secondRange.contains(byte) : (0x80...0xBF).contains(byte) else {
        throw invalidUTF8()
      }
    }
    index += length
  }

  func invalidUTF8() -> JSONProblem {
    problem("not valid UTF-8 (byte 0x\(Self.hex(bytes[index])) in a string)")
  }

  // MARK: Numbers

  /// Exact powers of ten up to 10²² (the largest exactly representable in a `Double`).
  @usableFromInline static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// A number: RFC 8259 grammar, a finite correctly rounded `Double`; a number past the
  /// range of a double (`1e999`, `1e-999`) is an error.
  ///
  /// Fast path (Clinger 1990): when the decimal digits form an integer m ≤ 2⁵³ and the scale is
  /// 10^e with |e| ≤ 22, m and 10^e are exact doubles and one IEEE multiply or divide rounds
  /// correctly; anything else goes through `Double(String)`.
  @inlinable @inline(__always)
  mutating func number() throws(JSONProblem) -> Double {
    if let base = bytes.baseAddress {
      var p = base + index
      if let value = Self.shortNumber(at: &p, end: base + bytes.count) {
        index = base.distance(to: p)
        return value
      }
    }
    return try numberInFull()
  }

  /// The common short number, read on a pointer from `p` (before `end`): `-`? then an
  /// integer part (`0` or digits without a leading zero), then an optional fraction, no
  /// exponent, 19 digits at most in all, the digits forming an integer m ≤ 2⁵³ and at most 22
  /// of them after the point: m / 10^k, Clinger's exact case (one IEEE division of two exact
  /// doubles rounds correctly). Moves `p` past it and returns the value; for anything else
  /// returns `nil` (`p` then means nothing), and ``numberInFull()`` reads the number from its
  /// start, with the same result where both apply (the same m and k, the same division).
  @inlinable @inline(__always)
  static func shortNumber(at p: inout UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)
    -> Double?
  {
    guard p < end else { return nil }
    let negative = p.pointee == UInt8(ascii: "-")
    if negative { p += 1 }
    guard p < end else { return nil }
    var digit = p.pointee &- UInt8(ascii: "0")
    guard digit <= 9 else { return nil }
    let digitsStart = p
    var mantissa = UInt64(digit)
    p += 1
    if digit == 0 {
      // `0` alone: a digit after it is a leading zero (an error the full path words).
      if p < end, p.pointee &- UInt8(ascii: "0") <= 9 { return nil }
    } else {
      while p < end {
        digit = p.pointee &- UInt8(ascii: "0")
        if digit > 9 { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        p += 1
      }
    }
    var fractionDigits = 0
    if p < end, p.pointee == UInt8(ascii: ".") {
      p += 1
      let fractionStart = p
      while p < end {
        digit = p.pointee &- UInt8(ascii: "0")
        if digit > 9 { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        p += 1
      }
      fractionDigits = fractionStart.distance(to: p)
      guard fractionDigits > 0 else { return nil }
    }
    if p < end, p.pointee | 0x20 == UInt8(ascii: "e") { return nil }
    // At most 19 digits (no wrap in 64 bits), m exact in a double, 10^k exact.
    guard digitsStart.distance(to: p) - (fractionDigits > 0 ? 1 : 0) <= 19,
      mantissa <= 1 << 53, fractionDigits <= 22
    else { return nil }
    var value = Double(mantissa)
    if fractionDigits > 0 { value /= powersOfTen[fractionDigits] }
    return negative ? -value : value
  }

  /// ``number()`` for any number: the full grammar, its errors, and the slower exact paths.
  @usableFromInline
  mutating func numberInFull() throws(JSONProblem) -> Double {
    let start = index
    var negative = false
    if peek == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard let first = peek, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
      if let word = nonFiniteWord(from: start) { throw nonFinite(word, at: start) }
      if index >= bytes.count { throw unexpected("expected a digit") }
      index = start
      throw problem("expected a value, found \(tokenExcerpt())")
    }
    var mantissa: UInt64 = 0
    var significant = 0
    var exponent = 0
    index += 1
    if first == UInt8(ascii: "0") {
      if let next = peek, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
        throw problem("leading zero in a number")
      }
    } else {
      mantissa = UInt64(first - UInt8(ascii: "0"))
      significant = 1
      // One unsigned compare per byte: a digit is `byte - 48 <= 9`.
      while index < bytes.count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        if digit > 9 { break }
        if significant < 19 {
          mantissa = mantissa &* 10 &+ UInt64(digit)
        } else {
          exponent += 1
        }
        significant += 1
        index += 1
      }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      // Digits are significant from the first non-zero one on: zeros before it only scale.
      if mantissa == 0 {
        while index < bytes.count, bytes[index] == UInt8(ascii: "0") {
          exponent -= 1
          index += 1
        }
      }
      while index < bytes.count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        if digit > 9 { break }
        if significant < 19 {
          mantissa = mantissa &* 10 &+ UInt64(digit)
          exponent -= 1
          significant += 1
        } else if digit != 0 {
          significant += 1
        }
        index += 1
      }
      guard index > fractionStart else { throw unexpected("expected a digit after '.'") }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      var exponentNegative = false
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
        exponentNegative = peek == UInt8(ascii: "-")
        index += 1
      }
      var digits = 0
      var written = 0
      while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        if written < 100_000 { written = written * 10 + Int(byte - UInt8(ascii: "0")) }
        digits += 1
        index += 1
      }
      guard digits > 0 else { throw unexpected("expected a digit in the exponent") }
      exponent += exponentNegative ? -written : written
    }
    if significant <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      var value = Double(mantissa)
      if exponent >= 0 {
        value *= Self.powersOfTen[exponent]
      } else {
        value /= Self.powersOfTen[-exponent]
      }
      return negative ? -value : value
    }
    #if arch(x86_64) && !os(Windows)
      if significant <= 19, exponent >= -22, exponent <= 22,
        let value = Self.extendedPrecision(mantissa, exponent)
      {
        return negative ? -value : value
      }
    #endif
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    // Past the range of a double: overflow (±∞) and underflow of a non-zero decimal to zero
    // (`1e-999`) are both errors, never a silently different value.
    guard let value = Double(text), value.isFinite else { throw nonFinite(text, at: start) }
    guard value != 0 || significant == 0 else {
      var problem = problem("", at: start)
      problem.message =
        "\(InputError.excerpt(text)) is closer to 0 than a 64-bit double can be (it would read "
        + "as 0): write 0, or a number of magnitude at least 5e-324"
      throw problem
    }
    return value
  }

  #if arch(x86_64) && !os(Windows)
    /// m·10^e for a 64-bit m (all the decimal's digits) and |e| ≤ 22, correctly rounded, or
    /// `nil` when this path cannot tell. m and 10^e are exact in `Float80` (64-bit significand),
    /// so one multiply or divide rounds once to 64 bits; rounding that to 53 bits again gives
    /// the correctly rounded double unless the 64-bit result lies within one unit of its last
    /// place from a midpoint between two doubles (the 11 dropped bits `0x3FF`…`0x401`), the
    /// only case where the true value could round the other way: those go to `strtod`.
    @usableFromInline
    static func extendedPrecision(_ mantissa: UInt64, _ exponent: Int) -> Double? {
      let m = Float80(mantissa)
      let scale = Float80(powersOfTen[abs(exponent)])
      let product = exponent >= 0 ? m * scale : m / scale
      let dropped = product.significandBitPattern & 0x7FF
      guard dropped < 0x3FF || dropped > 0x401 else { return nil }
      return Double(product)
    }
  #endif

  /// `NaN`, `Infinity`, `-Infinity` (and `inf`, `nan` spellings) at `start`, or `nil`.
  @usableFromInline
  func nonFiniteWord(from start: Int) -> String? {
    var end = start
    while end < bytes.count, end - start < 12, !Self.isDelimiter(bytes[end]) { end += 1 }
    let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    let bare = word.lowercased().drop { $0 == "-" || $0 == "+" }
    return ["nan", "inf", "infinity"].contains(String(bare)) ? word : nil
  }

  @usableFromInline
  func nonFinite(_ token: String, at start: Int) -> JSONProblem {
    var problem = problem("", at: start)
    problem.message =
      "\(InputError.excerpt(token)) is not a finite number (JSON has no NaN or infinity, and "
      + "the value must fit a 64-bit double)"
    return problem
  }
}

/// A string as the reader found it: its text when it has no escapes, else decoded.
@usableFromInline
enum ScannedString {
  /// The text between the quotes (the reader's own bytes).
  case plain(UnsafeBufferPointer<UInt8>)
  /// The text with its escapes resolved.
  case decoded([UInt8])
}

/// The decoded strings of one flat-object member (its key and a string value), in memory the
/// flat path owns: allocated at the first escape with the length of the text, which bounds
/// them (an escape is never shorter than what it decodes to), and freed when the object ends.
@usableFromInline
struct DecodedStrings {
  @usableFromInline var storage: UnsafeMutableBufferPointer<UInt8>?
  /// Bytes in use; set to 0 before each member.
  @usableFromInline var count = 0

  @inlinable init() {}

  /// A copy of `text` in the storage (allocated with `capacity` bytes if need be).
  @usableFromInline
  mutating func append(_ text: [UInt8], capacity: Int) -> UnsafeBufferPointer<UInt8> {
    let storage = self.storage ?? .allocate(capacity: max(capacity, 1))
    self.storage = storage
    precondition(count + text.count <= storage.count, "a decoded string outgrew its text")
    let slice = UnsafeMutableBufferPointer(rebasing: storage[count..<count + text.count])
    _ = slice.initialize(from: text)
    count += text.count
    return UnsafeBufferPointer(slice)
  }

  /// Frees the storage (inline: most lines have none to free).
  @inlinable
  func deallocate() { storage?.deallocate() }
}
