/// The package's one JSON reader: strict RFC 8259 over UTF-8 bytes, for traces, frame files,
/// effect specs, physics profiles and WebDriver files.
///
/// Rules (each an error naming line, byte column and JSON path):
/// - duplicate keys are rejected, compared after escapes are resolved (`{"t":1,"\u0074":2}`);
/// - numbers must be finite doubles: no `NaN`/`Infinity`, and `1e999` is an error, not ±∞
///   (as is `1e-999`, a non-zero number that would read as 0);
///   values are correctly rounded (`Double(text)`), with a fast exact path for short decimals;
/// - the text must be UTF-8, strings included; an escape for a lone surrogate is an error;
/// - a UTF-8 byte order mark is skipped at the very start of a file (`allowsByteOrderMark`,
///   the first line of a line-based file) and an error anywhere else;
/// - arrays and objects nest at most ``maximumDepth`` deep;
/// - nothing but whitespace may follow the value.
///
/// Source: RFC 8259 §2–8 (grammar; §4 "names … SHOULD be unique", made an error here so a
/// repeated field never passes silently; §8.1 UTF-8).
@usableFromInline
package enum JSONReader {
  /// Deepest accepted nesting of arrays and objects: 64.
  package static let maximumDepth = 64

  /// Parses one JSON document (or one line of a line-based file).
  /// - Parameters:
  ///   - bytes: the UTF-8 text.
  ///   - allowsByteOrderMark: skip a UTF-8 BOM (`EF BB BF`) at the very start; true for the
  ///     start of a file, false for later lines.
  /// - Returns: the root value with its place and those of all its parts.
  /// - Throws: ``JSONProblem`` for the first rule broken.
  /// - Complexity: O(n) in the length of the text.
  package static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, allowsByteOrderMark: Bool = true
  ) throws(JSONProblem) -> JSONNode {
    var parser = JSONParser(bytes: bytes)
    parser.skipByteOrderMark(allowsByteOrderMark)
    parser.skipSpace()
    let root = try parser.value(depth: 0)
    try parser.expectEnd()
    return root
  }

  /// Parses `bytes`; see ``parse(_:allowsByteOrderMark:)-(UnsafeBufferPointer<UInt8>,_)``.
  package static func parse(
    _ bytes: some Collection<UInt8>, allowsByteOrderMark: Bool = true
  ) throws(JSONProblem) -> JSONNode {
    let result =
      bytes.withContiguousStorageIfAvailable { buffer in
        Result { () throws(JSONProblem) in
          try parse(buffer, allowsByteOrderMark: allowsByteOrderMark)
        }
      }
      ?? Array(bytes).withUnsafeBufferPointer { buffer in
        Result { () throws(JSONProblem) in
          try parse(buffer, allowsByteOrderMark: allowsByteOrderMark)
        }
      }
    return try result.get()
  }

  /// Parses `text`; see ``parse(_:allowsByteOrderMark:)-(UnsafeBufferPointer<UInt8>,_)``.
  package static func parse(_ text: String, allowsByteOrderMark: Bool = true) throws(JSONProblem)
    -> JSONNode
  {
    var text = text
    return try text.withUTF8 { buffer in
      Result { () throws(JSONProblem) in
        try parse(buffer, allowsByteOrderMark: allowsByteOrderMark)
      }
    }.get()
  }

  /// A value of a flat object member, as ``readFlatObject(_:allowsByteOrderMark:visit:)``
  /// reports it: scalars with their value, nested containers (validated) by kind only.
  @usableFromInline
  package enum FlatValue: Equatable {
    /// A finite number.
    case number(Double)
    /// A string, escapes resolved (valid only during the visit).
    case string(FlatString)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An object (its contents checked and skipped).
    case object
    /// An array (its contents checked and skipped).
    case array

    /// The JSON type for messages, as ``JSONNode/typeName``.
    package var typeName: String {
      switch self {
      case .object: "an object"
      case .array: "an array"
      case .string: "a string"
      case .number: "a number"
      case .bool: "a boolean"
      case .null: "null"
      }
    }
  }

  /// A key or string value on the flat-object path: its UTF-8 bytes, escapes resolved. They are
  /// the line's own bytes when the string has no escapes (no copy, no `String`), else the
  /// decoded text in memory the flat path owns; either way valid only while the visitor runs:
  /// compare them there, or keep ``string``. A plain value (a pointer and a length): handing one
  /// over costs no reference counting.
  @usableFromInline
  package struct FlatString: Equatable, CustomStringConvertible {
    /// The string's UTF-8 bytes, escapes resolved (valid only while the visitor runs).
    @usableFromInline package let bytes: UnsafeBufferPointer<UInt8>

    /// The string of `bytes`.
    @usableFromInline init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The string.
    @usableFromInline package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// True when the string is `text` (byte for byte, escapes resolved).
    package func equals(_ text: StaticString) -> Bool {
      guard bytes.count == text.utf8CodeUnitCount else { return false }
      let expected = text.utf8Start
      for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
      return true
    }

    /// The index in `names` of the string, or `nil`.
    package func index(in names: [StaticString]) -> Int? {
      names.firstIndex { equals($0) }
    }

    /// Equal text.
    @usableFromInline
    package static func == (a: FlatString, b: FlatString) -> Bool { a.string == b.string }

    /// The string.
    @usableFromInline package var description: String { string }
  }

  /// The fast path for small flat objects such as trace event lines
  /// (`{"t":0.0167,"type":"move","x":540,"y":1200}`): the same rules as
  /// ``parse(_:allowsByteOrderMark:)-(UnsafeBufferPointer<UInt8>,_)``, but each member is handed
  /// to `visit` as it is read instead of building a tree (``FlatObject``, member by member).
  ///
  /// `visit` sees keys in file order, escapes resolved; duplicate keys are the visitor's to
  /// reject (it knows its fields), as are unknown ones. Keys and string values are handed over
  /// as ``FlatString``s, valid during the call only.
  /// - Returns: `false` when the value is valid JSON but not an object (nothing was visited).
  /// - Throws: ``JSONProblem`` for a syntax error, or what `visit` throws.
  package static func readFlatObject(
    _ bytes: UnsafeBufferPointer<UInt8>, allowsByteOrderMark: Bool = false,
    visit: (_ key: FlatString, _ value: FlatValue) throws(JSONProblem) -> Void
  ) throws(JSONProblem) -> Bool {
    var object = FlatObject(bytes, allowsByteOrderMark: allowsByteOrderMark)
    guard try object.open() else { return false }
    while let (key, value) = try object.next() { try visit(key, value) }
    return true
  }

  /// A flat object read member by member, the caller pulling each (``next()``): the fast path
  /// of ``readFlatObject(_:allowsByteOrderMark:visit:)`` without a closure call per member, so
  /// a caller's handling of a member compiles into its own loop.
  ///
  /// ```swift
  /// var object = JSONReader.FlatObject(line)
  /// guard try object.open() else { /* valid JSON, not an object */ }
  /// while let (key, value) = try object.next() { /* compare key.bytes, keep value */ }
  /// ```
  /// Errors are those of ``parse(_:allowsByteOrderMark:)-(UnsafeBufferPointer<UInt8>,_)``, in
  /// the same order: a member's value is checked before it is returned, the comma or brace
  /// after it (and the end of the text after the brace) by the next call.
  @usableFromInline
  package struct FlatObject: ~Copyable {
    @usableFromInline var parser: JSONParser
    /// Decoded keys and string values of the member being returned, allocated at the first
    /// escape (most lines have none). A decoded string is never longer than its text in the
    /// line, so the line's length holds a key and its value.
    @usableFromInline var decoded = DecodedStrings()
    /// Whether a member has been returned (the next call reads the comma or brace after it).
    @usableFromInline var afterMember = false
    /// Whether the closing brace and the end of the text have been read.
    @usableFromInline var done = false

    /// An object to read from `bytes` (the text of the value and nothing else but whitespace).
    /// - Parameter allowsByteOrderMark: skip a UTF-8 BOM at the very start (the start of a file).
    @inlinable @inline(__always)
    package init(_ bytes: UnsafeBufferPointer<UInt8>, allowsByteOrderMark: Bool = false) {
      parser = JSONParser(bytes: bytes)
      parser.skipByteOrderMark(allowsByteOrderMark)
    }

    deinit { decoded.deallocate() }

    /// Reads the opening brace (and an empty object whole).
    /// - Returns: `false` when the text is valid JSON but not an object (it has been read and
    ///   checked to its end; there are no members).
    /// - Throws: ``JSONProblem`` for a syntax error.
    @inlinable @inline(__always)
    package mutating func open() throws(JSONProblem) -> Bool {
      parser.skipSpace()
      guard parser.peek == UInt8(ascii: "{") else {
        _ = try parser.value(depth: 0)
        try parser.expectEnd()
        done = true
        return false
      }
      parser.index += 1
      parser.skipSpace()
      if parser.peek == UInt8(ascii: "}") {
        parser.index += 1
        try parser.expectEnd()
        done = true
      }
      return true
    }

    /// The next member, keys in file order and escapes resolved, or `nil` after the closing
    /// brace (the rest of the text checked to be whitespace). Its ``FlatString``s are valid
    /// until the next call.
    ///
    /// Compact members (``compactMember(at:end:afterMember:)``) and the closing brace at the
    /// end of the text are read first, on a pointer; anything else, from the same place, on the
    /// general path.
    /// - Throws: ``JSONProblem`` for a syntax error (inside a value: with the key in its path).
    @inlinable @inline(__always)
    package mutating func next() throws(JSONProblem) -> (key: FlatString, value: FlatValue)? {
      if done { return nil }
      if let base = parser.bytes.baseAddress {
        let end = base + parser.bytes.count
        let p = base + parser.index
        if afterMember, p < end, p.pointee == UInt8(ascii: "}"), p + 1 == end {
          parser.index += 1
          done = true
          return nil
        }
        var after = p
        if let (key, value) = Self.compactMember(at: &after, end: end, afterMember: afterMember) {
          parser.index = base.distance(to: after)
          afterMember = true
          return (key, value)
        }
      }
      if afterMember, try parser.endOrComma("}") {
        try parser.expectEnd()
        done = true
        return nil
      }
      afterMember = true
      return try parser.flatMember(into: &decoded)
    }

    /// The common member, read on a pointer from `p` (before `end`): the comma before it (when
    /// `afterMember`), a key, the colon and a value with nothing between them, the key and a
    /// string value plain (``JSONParser/plainStringEnd(from:end:)``), or the value a short
    /// number (``JSONParser/shortNumber(at:end:)``). Moves `p` past it; for anything else
    /// returns `nil` (nothing read: ``next()`` reads the member again on the general path,
    /// which finds and words every error, and so every error is the same).
    @inlinable @inline(__always)
    static func compactMember(
      at p: inout UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, afterMember: Bool
    ) -> (key: FlatString, value: FlatValue)? {
      if afterMember {
        guard p < end, p.pointee == UInt8(ascii: ",") else { return nil }
        p += 1
      }
      guard p < end, p.pointee == UInt8(ascii: "\"") else { return nil }
      let keyStart = p + 1
      // A one-letter key (`"t":`, `"x":`) without a scan, else the plain scan.
      let keyEnd: UnsafePointer<UInt8>
      if end - keyStart > 3, keyStart[1] == UInt8(ascii: "\""), keyStart[0] &- 0x20 <= 0x5F,
        keyStart[0] != UInt8(ascii: "\\"), keyStart[0] != UInt8(ascii: "\"")
      {
        keyEnd = keyStart + 1
      } else {
        guard let close = JSONParser.plainStringEnd(from: keyStart, end: end) else { return nil }
        keyEnd = close
      }
      guard end - keyEnd > 2, keyEnd[1] == UInt8(ascii: ":") else { return nil }
      let key = FlatString(bytes: UnsafeBufferPointer(start: keyStart, count: keyEnd - keyStart))
      p = keyEnd + 2
      if p.pointee == UInt8(ascii: "\"") {
        let start = p + 1
        guard let close = JSONParser.plainStringEnd(from: start, end: end) else { return nil }
        p = close + 1
        return (
          key, .string(FlatString(bytes: UnsafeBufferPointer(start: start, count: close - start)))
        )
      }
      guard let number = JSONParser.shortNumber(at: &p, end: end) else { return nil }
      return (key, .number(number))
    }
  }
}

/// The state of one parse. Lines are counted as whitespace is skipped (a raw newline can only
/// be whitespace), so every node knows its line and column at no extra pass.
///
/// The flat-object path (``JSONReader/FlatObject``) is `@inlinable`, so a caller in another
/// module (the trace reader) compiles it into its own loop; the rarer paths it calls (escapes,
/// errors, nested values) stay here, `@usableFromInline`.
@usableFromInline
struct JSONParser {
  @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
  @usableFromInline var index = 0
  @usableFromInline var line = 1
  @usableFromInline var lineStart = 0
  @inlinable
  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  @inlinable
  var peek: UInt8? {
    @inline(__always) get { index < bytes.count ? bytes[index] : nil }
  }

  @inlinable
  mutating func skipByteOrderMark(_ allowed: Bool) {
    if allowed, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      index = 3
    }
  }

  // MARK: Problems

  @usableFromInline
  func problem(_ message: String, at position: Int? = nil, unexpectedEnd: Bool = false)
    -> JSONProblem
  {
    let at = position ?? index
    // A position before the current line (a trailing comma, with the newlines after it
    // read): its own line and column, counted back from this line's start.
    var (atLine, atLineStart) = (line, lineStart)
    while at < atLineStart && atLineStart > 0 {
      atLine -= 1
      atLineStart -= 1
      while atLineStart > 0 && bytes[atLineStart - 1] != UInt8(ascii: "\n") { atLineStart -= 1 }
    }
    return JSONProblem(
      "invalid JSON: " + message, offset: at, line: atLine, column: at - atLineStart + 1,
      isUnexpectedEnd: unexpectedEnd)
  }

  /// A problem at the current byte: the end of the text, or what was found instead.
  @usableFromInline
  func unexpected(_ expected: String) -> JSONProblem {
    guard index < bytes.count else {
      return problem("unexpected end of text; \(expected)", unexpectedEnd: true)
    }
    return problem("\(expected), found \(found())")
  }

  func found() -> String {
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte == 0xEF, bytes.count - index >= 3, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
      return "a byte order mark (U+FEFF; allowed only at the very start of a file)"
    }
    return "byte 0x" + Self.hex(byte)
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }

  // MARK: Structure

  @inlinable @inline(__always)
  mutating func skipSpace() {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x0D {
        index += 1
      } else if byte == 0x0A {
        index += 1
        line += 1
        lineStart = index
      } else {
        return
      }
    }
  }

  @inlinable
  mutating func expectEnd() throws(JSONProblem) {
    skipSpace()
    if index < bytes.count { throw problem("unexpected text after the JSON value") }
  }

  @usableFromInline
  mutating func value(depth: Int) throws(JSONProblem) -> JSONNode {
    guard index < bytes.count else { throw unexpected("expected a value") }
    let (offset, line, column) = (index, self.line, index - lineStart + 1)
    let value: JSONNode.Value
    switch bytes[index] {
    case UInt8(ascii: "{"): value = .object(try object(depth: depth + 1))
    case UInt8(ascii: "["): value = .array(try array(depth: depth + 1))
    case UInt8(ascii: "\""): value = .string(try string())
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      value = try boolOrNull().map { .bool($0) } ?? .null
    default: value = .number(try number())
    }
    return JSONNode(value, offset: offset, line: line, column: column)
  }

  /// `true`, `false` or `null` at the index (the caller has seen its first letter): the
  /// boolean, or `nil` for `null`.
  @usableFromInline
  mutating func boolOrNull() throws(JSONProblem) -> Bool? {
    switch bytes[index] {
    case UInt8(ascii: "t"):
      try literal("true")
      return true
    case UInt8(ascii: "f"):
      try literal("false")
      return false
    default:
      try literal("null")
      return nil
    }
  }

  mutating func checkDepth(_ depth: Int) throws(JSONProblem) {
    if depth > JSONReader.maximumDepth {
      throw problem("nested deeper than \(JSONReader.maximumDepth) arrays and objects")
    }
  }

  @usableFromInline
  mutating func object(depth: Int) throws(JSONProblem) -> [JSONMember] {
    try checkDepth(depth)
    index += 1
    skipSpace()
    var members: [JSONMember] = []
    if peek == UInt8(ascii: "}") {
      index += 1
      return members
    }
    var keys: Set<String>? = nil
    while true {
      let keyOffset = index
      let key = try key()
      if members.count < 16 {
        if members.contains(where: { $0.key == key }) { throw duplicate(key, at: keyOffset) }
        // From the 16th key on, a set: it holds every key so far, this one included.
        if members.count == 15 { keys = Set(members.map(\.key) + [key]) }
      } else if keys?.insert(key).inserted == false {
        throw duplicate(key, at: keyOffset)
      }
      let value: JSONNode
      do throws(JSONProblem) {
        value = try self.value(depth: depth)
      } catch {
        throw error.inside(key: key)
      }
      members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
      if try endOrComma("}") { return members }
    }
  }

  /// A key, the colon and the whitespace after it.
  mutating func key() throws(JSONProblem) -> String {
    guard peek == UInt8(ascii: "\"") else { throw unexpected("expected a key in double quotes") }
    let key = try string()
    skipSpace()
    guard peek == UInt8(ascii: ":") else { throw unexpected("expected ':' after the key") }
    index += 1
    skipSpace()
    return key
  }

  func duplicate(_ key: String, at offset: Int) -> JSONProblem {
    var problem = problem(
      "duplicate key \"\(InputError.excerpt(key))\": each key may appear once (JSON readers "
        + "differ on which one wins)", at: offset)
    problem.pathSuffix = "." + InputError.excerpt(key)
    return problem
  }

  /// After a member or element: `true` at the closing bracket, `false` after a comma.
  @inlinable @inline(__always)
  mutating func endOrComma(_ close: Unicode.Scalar) throws(JSONProblem) -> Bool {
    skipSpace()
    if peek == UInt8(ascii: close) {
      index += 1
      return true
    }
    guard peek == UInt8(ascii: ",") else {
      throw unexpected("expected ',' or '\(close)' after a value")
    }
    let comma = index
    index += 1
    skipSpace()
    if peek == UInt8(ascii: close) {
      throw problem("trailing comma before '\(close)'", at: comma)
    }
    return false
  }

  @usableFromInline
  mutating func array(depth: Int) throws(JSONProblem) -> [JSONNode] {
    try checkDepth(depth)
    index += 1
    skipSpace()
    var elements: [JSONNode] = []
    if peek == UInt8(ascii: "]") {
      index += 1
      return elements
    }
    while true {
      do throws(JSONProblem) {
        elements.append(try value(depth: depth))
      } catch {
        throw error.inside(index: elements.count)
      }
      if try endOrComma("]") { return elements }
    }
  }

  /// One member of a flat object at its key: the key and the value (nested containers checked
  /// and skipped), with the index after the value.
  @inlinable @inline(__always)
  mutating func flatMember(into decoded: inout DecodedStrings) throws(JSONProblem)
    -> (key: JSONReader.FlatString, value: JSONReader.FlatValue)
  {
    guard peek == UInt8(ascii: "\"") else {
      throw unexpected("expected a key in double quotes")
    }
    decoded.count = 0
    let key = try flatString(into: &decoded)
    skipSpace()
    guard peek == UInt8(ascii: ":") else { throw unexpected("expected ':' after the key") }
    index += 1
    skipSpace()
    let value: JSONReader.FlatValue
    do throws(JSONProblem) {
      guard let byte = peek else { throw unexpected("expected a value") }
      switch byte {
      case UInt8(ascii: "\""): value = .string(try flatString(into: &decoded))
      case UInt8(ascii: "{"):
        _ = try object(depth: 2)
        value = .object
      case UInt8(ascii: "["):
        _ = try array(depth: 2)
        value = .array
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        value = try boolOrNull().map { .bool($0) } ?? .null
      default: value = .number(try number())
      }
    } catch {
      throw error.inside(key: key.string)
    }
    return (key, value)
  }

  mutating func literal(_ word: StaticString) throws(JSONProblem) {
    let start = index
    let count = word.utf8CodeUnitCount
    for offset in 0..<count {
      guard start + offset < bytes.count else {
        index = start + offset
        throw unexpected("expected '\(word)'")
      }
      guard bytes[start + offset] == word.utf8Start[offset] else {
        index = start
        throw problem("expected a value, found \(tokenExcerpt())")
      }
    }
    index = start + count
  }

  /// The word at the current byte, shortened, for a message (`NaN`, `nul…`).
  @usableFromInline
  func tokenExcerpt() -> String {
    if bytes[index] >= 0x80 { return found() }
    var end = index
    while end < bytes.count, end - index <= InputError.excerptLength,
      !Self.isDelimiter(bytes[end])
    {
      end += 1
    }
    if end == index { return found() }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
    return "'" + InputError.excerpt(text) + "'"
  }

  static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"),
      UInt8(ascii: ":"), UInt8(ascii: "\""):
      true
    default: false
    }
  }
}
