import Foundation

/// A strict JSON syntax check (RFC 8259) run before Foundation's parser by the profile and
/// effect-spec readers, which Foundation alone lets through or reports without a position:
/// duplicate keys in an object (Foundation keeps one of them silently), trailing commas
/// (Foundation's parser accepts `[1,]` and `{"a": 1,}`), comments, and every other syntax error,
/// each with its line and column.
///
/// Source: RFC 8259 §2–7 (grammar; §4: "The names within an object SHOULD be unique", made an
/// error here so that a repeated field never passes silently).
public enum JSONSyntax {
  /// The first syntax problem of a document.
  public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Line of the offending character, 1-based.
    public let line: Int
    /// Column of the offending character, 1-based, in Unicode scalars.
    public let column: Int
    /// JSON path of the value being read (`$`, `$.outputs[2]`; a duplicate key's own path).
    public let path: String
    /// What is wrong, e.g. `duplicate key 'name'`.
    public let message: String

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
  }

  /// Deepest nesting accepted (deeper documents are rejected instead of exhausting the stack).
  public static let maximumDepth = 256

  /// Throws the first syntax problem of `data`, or returns for a well-formed document.
  /// - Complexity: O(n) in the document's size; load-time only, never per frame.
  /// - Throws: ``Problem`` with the line, column and JSON path.
  public static func validate(_ data: Data) throws(Problem) {
    _ = try parse(data)
  }

  /// Parses a well-formed document into Foundation values, as `JSONSerialization` would
  /// (`[String: Any]`, `[Any]`, `String`, `NSNumber` for numbers and booleans, `NSNull`), but
  /// with every number the correctly rounded `Double` of its text (swift-corelibs-foundation's
  /// parser can be one ulp off, e.g. `0.9666666666666667`, which breaks a write/read round trip).
  /// - Complexity: O(n) in the document's size; load-time only.
  /// - Throws: ``Problem`` with the line, column and JSON path of the first syntax problem.
  public static func parse(_ data: Data) throws(Problem) -> Any {
    var scanner = Scanner(bytes: [UInt8](data))
    scanner.skipSpace()
    let root = try scanner.value(path: "$", depth: 0)
    scanner.skipSpace()
    if scanner.index < scanner.bytes.count {
      throw scanner.problem("$", "unexpected text after the JSON value")
    }
    return root
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func problem(_ path: String, _ message: String, at position: Int? = nil) -> Problem {
      let end = Swift.min(position ?? index, bytes.count)
      var line = 1
      var column = 1
      for byte in bytes[0..<end] {
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      return Problem(line: line, column: column, path: path, message: message)
    }

    func found() -> String {
      guard let byte = current else { return "the end of the file" }
      if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
      return String(format: "byte 0x%02X", byte)
    }

    mutating func skipSpace() {
      while let byte = current,
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
          || byte == UInt8(ascii: "\r")
      {
        index += 1
      }
    }

    mutating func value(path: String, depth: Int) throws(Problem) -> Any {
      guard depth < JSONSyntax.maximumDepth else {
        throw problem(path, "nested deeper than \(JSONSyntax.maximumDepth) levels")
      }
      switch current ?? 0 {
      case UInt8(ascii: "{"): return try object(path: path, depth: depth)
      case UInt8(ascii: "["): return try array(path: path, depth: depth)
      case UInt8(ascii: "\""): return try string(path: path)
      case UInt8(ascii: "t"):
        try literal("true", path: path)
        return NSNumber(value: true)
      case UInt8(ascii: "f"):
        try literal("false", path: path)
        return NSNumber(value: false)
      case UInt8(ascii: "n"):
        try literal("null", path: path)
        return NSNull()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(path: path)
      default: throw problem(path, "expected a value, found \(found())")
      }
    }

    mutating func object(path: String, depth: Int) throws(Problem) -> [String: Any] {
      index += 1
      skipSpace()
      var members: [String: Any] = [:]
      if current == UInt8(ascii: "}") {
        index += 1
        return members
      }
      while true {
        guard current == UInt8(ascii: "\"") else {
          throw problem(path, "expected a key in double quotes, found \(found())")
        }
        let start = index
        let key = try string(path: path)
        let keyPath = path + "." + key
        guard members[key] == nil else {
          throw problem(keyPath, "duplicate key '\(key)'", at: start)
        }
        skipSpace()
        guard current == UInt8(ascii: ":") else {
          throw problem(keyPath, "expected ':' after the key, found \(found())")
        }
        index += 1
        skipSpace()
        members[key] = try value(path: keyPath, depth: depth + 1)
        skipSpace()
        if current == UInt8(ascii: "}") {
          index += 1
          return members
        }
        guard current == UInt8(ascii: ",") else {
          throw problem(path, "expected ',' or '}' after a value, found \(found())")
        }
        let comma = index
        index += 1
        skipSpace()
        if current == UInt8(ascii: "}") {
          throw problem(path, "trailing comma before '}'", at: comma)
        }
      }
    }

    mutating func array(path: String, depth: Int) throws(Problem) -> [Any] {
      index += 1
      skipSpace()
      var items: [Any] = []
      if current == UInt8(ascii: "]") {
        index += 1
        return items
      }
      while true {
        items.append(try value(path: "\(path)[\(items.count)]", depth: depth + 1))
        skipSpace()
        if current == UInt8(ascii: "]") {
          index += 1
          return items
        }
        guard current == UInt8(ascii: ",") else {
          throw problem(path, "expected ',' or ']' after a value, found \(found())")
        }
        let comma = index
        index += 1
        skipSpace()
        if current == UInt8(ascii: "]") {
          throw problem(path, "trailing comma before ']'", at: comma)
        }
      }
    }

    /// Reads a string and returns its decoded text (escapes resolved).
    mutating func string(path: String) throws(Problem) -> String {
      let start = index
      index += 1
      var escaped = false
      while true {
        guard let byte = current else {
          throw problem(path, "unterminated string", at: start)
        }
        if byte == UInt8(ascii: "\"") { break }
        if byte < 0x20 {
          throw problem(path, "control character in a string (escape it)")
        }
        if byte == UInt8(ascii: "\\") {
          escaped = true
          index += 1
          switch current ?? 0 {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            break
          case UInt8(ascii: "u"):
            for _ in 0..<4 {
              index += 1
              guard let hex = current, Self.isHexDigit(hex) else {
                throw problem(path, "expected 4 hex digits after \\u")
              }
            }
          default:
            throw problem(path, "invalid escape \\\(found())")
          }
        }
        index += 1
      }
      index += 1
      let slice = Data(bytes[start..<index])
      if !escaped {
        return String(decoding: slice.dropFirst().dropLast(), as: UTF8.self)
      }
      let decoded = try? JSONSerialization.jsonObject(with: slice, options: .fragmentsAllowed)
      return decoded as? String ?? String(decoding: slice, as: UTF8.self)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    mutating func literal(_ word: String, path: String) throws(Problem) {
      for expected in word.utf8 {
        guard current == expected else {
          throw problem(path, "expected a value, found \(found())")
        }
        index += 1
      }
    }

    /// Reads a number; its value is Swift's correctly rounded `Double(text)` (±infinity past
    /// the `Double` range, for the readers to reject).
    mutating func number(path: String) throws(Problem) -> NSNumber {
      func digits() -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
          index += 1
        }
        return index - start
      }
      let start = index
      if current == UInt8(ascii: "-") { index += 1 }
      if current == UInt8(ascii: "0") {
        index += 1
      } else if digits() == 0 {
        throw problem(path, "expected a digit, found \(found())")
      }
      if current == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { throw problem(path, "expected a digit after '.'") }
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        index += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw problem(path, "expected a digit in the exponent") }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      return NSNumber(value: Double(text) ?? .nan)
    }
  }
}
