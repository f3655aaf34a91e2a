/// One value of a JSON document read by ``JSONReader``, with where it starts: the byte offset
/// in the document and the 1-based line and byte column, so that every later check (a wrong
/// type, an unknown key, a value out of range) can name the place in the file.
@usableFromInline
package struct JSONNode: Sendable, Equatable {
  /// The value.
  package indirect enum Value: Sendable, Equatable {
    /// `{…}`: members in document order; keys are unique (duplicates are rejected when read).
    case object([JSONMember])
    /// `[…]`.
    case array([JSONNode])
    /// A string, escapes resolved.
    case string(String)
    /// A finite number.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
  }

  /// The value.
  package var value: Value
  /// Byte offset of the value's first byte in the document (0-based).
  package var offset: Int
  /// 1-based line of the value's first byte.
  package var line: Int
  /// 1-based column, in bytes, of the value's first byte on ``line``.
  package var column: Int

  /// A node (tests and code that builds documents).
  package init(_ value: Value, offset: Int = 0, line: Int = 1, column: Int = 1) {
    self.value = value
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// The member `key` of an object, or `nil` (also for a value that is not an object).
  package subscript(key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The members of an object, or `nil`.
  package var members: [JSONMember]? {
    if case .object(let members) = value { return members }
    return nil
  }

  /// The elements of an array, or `nil`.
  package var elements: [JSONNode]? {
    if case .array(let elements) = value { return elements }
    return nil
  }

  /// The number, or `nil` when the value is not a number.
  package var number: Double? {
    if case .number(let number) = value { return number }
    return nil
  }

  /// The string, or `nil` when the value is not a string.
  package var string: String? {
    if case .string(let string) = value { return string }
    return nil
  }

  /// The boolean, or `nil` when the value is not `true` or `false`.
  package var bool: Bool? {
    if case .bool(let bool) = value { return bool }
    return nil
  }

  /// The JSON type for messages: `an object`, `an array`, `a string`, `a number`,
  /// `a boolean`, `null`.
  package var typeName: String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }
}

/// One member of a JSON object: its key (escapes resolved), where the key starts, its value.
@usableFromInline
package struct JSONMember: Sendable, Equatable {
  /// The key, escapes resolved.
  package var key: String
  /// Byte offset of the key's opening quote.
  package var keyOffset: Int
  /// The value.
  package var value: JSONNode

  /// A member.
  package init(key: String, keyOffset: Int = 0, value: JSONNode) {
    self.key = key
    self.keyOffset = keyOffset
    self.value = value
  }
}
