/// A small strict JSON parser (RFC 8259) that remembers the 1-based line of every value, so
/// importers of multi-line JSON files (WebDriver actions) can report `file:line: field`.
///
/// Numbers must be finite doubles; nesting is limited to ``maximumDepth`` so hostile input
/// cannot exhaust the stack.
public indirect enum LocatedJSON: Sendable, Equatable {
  /// `{…}`: members in file order (duplicate keys are rejected).
  case object([(key: String, value: LocatedJSON)], line: Int)
  /// `[…]`.
  case array([LocatedJSON], line: Int)
  /// A string.
  case string(String, line: Int)
  /// A finite number.
  case number(Double, line: Int)
  /// `true` or `false`.
  case bool(Bool, line: Int)
  /// `null`.
  case null(line: Int)

  /// Deepest accepted nesting of arrays and objects: 64.
  public static let maximumDepth = 64

  /// The 1-based line where the value starts.
  public var line: Int {
    switch self {
    case .object(_, let line), .array(_, let line), .string(_, let line), .number(_, let line),
      .bool(_, let line), .null(let line):
      line
    }
  }

  /// The member `key` of an object, or `nil`.
  public subscript(key: String) -> LocatedJSON? {
    guard case .object(let members, _) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// Equality of structure, values and lines.
  public static func == (a: LocatedJSON, b: LocatedJSON) -> Bool {
    switch (a, b) {
    case (.object(let x, let l1), .object(let y, let l2)):
      l1 == l2 && x.count == y.count
        && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.array(let x, let l1), .array(let y, let l2)): l1 == l2 && x == y
    case (.string(let x, let l1), .string(let y, let l2)): l1 == l2 && x == y
    case (.number(let x, let l1), .number(let y, let l2)): l1 == l2 && x == y
    case (.bool(let x, let l1), .bool(let y, let l2)): l1 == l2 && x == y
    case (.null(let l1), .null(let l2)): l1 == l2
    default: false
    }
  }

  /// Parses `text`.
  /// - Throws: ``TraceError`` naming `file` and the line of the first syntax error (field `""`).
  /// - Complexity: O(text length).
  public static func parse(_ text: String, file: String) throws(TraceError) -> LocatedJSON {
    var parser = Parser(bytes: Array(text.utf8))
    do throws(FieldProblem) {
      parser.skipSpace()
      let value = try parser.value(depth: 0)
      parser.skipSpace()
      guard parser.index == parser.bytes.count else {
        throw parser.problem("unexpected text after the JSON value")
      }
      return value
    } catch {
      throw TraceError(file: file, line: parser.line, field: "", message: error.message)
    }
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var line = 1

    func problem(_ message: String) -> FieldProblem {
      FieldProblem(field: "", message: "invalid JSON: \(message)")
    }

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\n"): line += 1
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
        default: return
        }
        index += 1
      }
    }

    mutating func value(depth: Int) throws(FieldProblem) -> LocatedJSON {
      guard depth < LocatedJSON.maximumDepth else {
        throw problem("nested deeper than \(LocatedJSON.maximumDepth)")
      }
      guard index < bytes.count else { throw problem("unexpected end of text") }
      let start = line
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var members: [(key: String, value: LocatedJSON)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members, line: start)
        }
        while true {
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw problem("expected a key string")
          }
          let key = try string()
          if members.contains(where: { $0.key == key }) {
            throw problem("duplicate key \"\(key)\"")
          }
          skipSpace()
          try expect(":")
          skipSpace()
          members.append((key, try value(depth: depth + 1)))
          skipSpace()
          if try endOrComma("}") { return .object(members, line: start) }
        }
      case UInt8(ascii: "["):
        index += 1
        var elements: [LocatedJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(elements, line: start)
        }
        while true {
          skipSpace()
          elements.append(try value(depth: depth + 1))
          skipSpace()
          if try endOrComma("]") { return .array(elements, line: start) }
        }
      case UInt8(ascii: "\""):
        return .string(try string(), line: start)
      case UInt8(ascii: "t"):
        try literal("true")
        return .bool(true, line: start)
      case UInt8(ascii: "f"):
        try literal("false")
        return .bool(false, line: start)
      case UInt8(ascii: "n"):
        try literal("null")
        return .null(line: start)
      default:
        return .number(try number(), line: start)
      }
    }

    mutating func expect(_ character: Unicode.Scalar) throws(FieldProblem) {
      guard index < bytes.count, bytes[index] == UInt8(ascii: character) else {
        throw problem("expected \"\(character)\"")
      }
      index += 1
    }

    /// After a member or element: `true` at the closing bracket, `false` after a comma.
    mutating func endOrComma(_ close: Unicode.Scalar) throws(FieldProblem) -> Bool {
      guard index < bytes.count else {
        throw problem("unexpected end of text; expected \",\" or \"\(close)\"")
      }
      if bytes[index] == UInt8(ascii: close) {
        index += 1
        return true
      }
      guard bytes[index] == UInt8(ascii: ",") else {
        throw problem("expected \",\" or \"\(close)\"")
      }
      index += 1
      return false
    }

    mutating func literal(_ word: String) throws(FieldProblem) {
      let expected = Array(word.utf8)
      guard bytes.count - index >= expected.count,
        Array(bytes[index..<(index + expected.count)]) == expected
      else { throw problem("unexpected character") }
      index += expected.count
    }

    mutating func number() throws(FieldProblem) -> Double {
      let start = index
      func digits() -> Int {
        let first = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
          index += 1
        }
        return index - first
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      let integerStart = index
      guard digits() > 0 else { throw problem("unexpected character") }
      if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
        throw problem("leading zero in a number")
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { throw problem("expected digits after \".\"") }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
      {
        index += 1
        if index < bytes.count,
          bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
          index += 1
        }
        guard digits() > 0 else { throw problem("expected digits in the exponent") }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let value = Double(text), value.isFinite else {
        throw problem("\(text) does not fit a 64-bit double")
      }
      return value
    }

    mutating func string() throws(FieldProblem) -> String {
      index += 1  // opening quote
      var scalars = String.UnicodeScalarView()
      var run = index
      func flush(_ end: Int) throws(FieldProblem) {
        guard let text = String(validating: bytes[run..<end], as: UTF8.self) else {
          throw problem("string is not UTF-8")
        }
        scalars.append(contentsOf: text.unicodeScalars)
      }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          try flush(index)
          index += 1
          return String(scalars)
        }
        if byte < 0x20 { throw problem("control character in a string") }
        if byte == UInt8(ascii: "\\") {
          try flush(index)
          index += 1
          guard index < bytes.count else { break }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""): scalars.append("\"")
          case UInt8(ascii: "\\"): scalars.append("\\")
          case UInt8(ascii: "/"): scalars.append("/")
          case UInt8(ascii: "b"): scalars.append("\u{8}")
          case UInt8(ascii: "f"): scalars.append("\u{c}")
          case UInt8(ascii: "n"): scalars.append("\n")
          case UInt8(ascii: "r"): scalars.append("\r")
          case UInt8(ascii: "t"): scalars.append("\t")
          case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800..<0xDC00).contains(code) {
              guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
              else { throw problem("unpaired surrogate") }
              index += 2
              let low = try hex4()
              guard (0xDC00..<0xE000).contains(low) else { throw problem("unpaired surrogate") }
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw problem("unpaired surrogate") }
            scalars.append(scalar)
          default: throw problem("unknown escape")
          }
          run = index
          continue
        }
        index += 1
      }
      throw problem("unterminated string")
    }

    mutating func hex4() throws(FieldProblem) -> UInt32 {
      guard bytes.count - index >= 4,
        bytes[index..<(index + 4)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
        let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
      else { throw problem("expected 4 hex digits after \\u") }
      index += 4
      return code
    }
  }
}
