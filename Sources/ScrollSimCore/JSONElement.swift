/// A value of a JSON document with its JSON path, for decoding typed values: every accessor
/// checks the type and throws a ``JSONProblem`` that names the path and the place in the file
/// (`$.outputs[2].keyframes[1].at: a string: expected a number`).
package struct JSONElement: Sendable {
  /// The value and its place.
  package let node: JSONNode
  /// Its JSON path, `$` for the root.
  package let path: String

  /// The root of a document.
  package init(root: JSONNode) {
    node = root
    path = "$"
  }

  /// `node` at `path`.
  package init(_ node: JSONNode, path: String) {
    self.node = node
    self.path = path
  }

  /// A problem with this value.
  package func fail(_ message: String) -> JSONProblem {
    JSONProblem(message, at: node, path: path)
  }

  /// The members of an object, after checking that every key is in `allowed`.
  /// - Throws: ``JSONProblem`` when the value is not an object (`an array: expected an
  ///   object`) or at the first key (alphabetically) not allowed.
  package func object(allowed: [String]) throws(JSONProblem) -> JSONObject {
    guard case .object(let members) = node.value else {
      throw fail("\(node.typeName): expected an object")
    }
    let unknown = members.filter { !allowed.contains($0.key) }.min { $0.key < $1.key }
    if let unknown {
      throw JSONProblem(
        "unknown key '\(InputError.excerpt(unknown.key))': expected one of "
          + allowed.joined(separator: ", ")
          + Suggestion.didYouMean(unknown.key, among: allowed), at: unknown.value,
        path: path + "." + InputError.excerpt(unknown.key))
    }
    return JSONObject(members: members, path: path, node: node)
  }

  /// The elements of an array, each with its path (`$.outputs[2]`).
  /// - Throws: ``JSONProblem`` when the value is not an array.
  package func array() throws(JSONProblem) -> [JSONElement] {
    guard case .array(let elements) = node.value else {
      throw fail("\(node.typeName): expected an array")
    }
    return elements.enumerated().map { JSONElement($0.element, path: "\(path)[\($0.offset)]") }
  }

  /// The number (finite: the reader accepts no other).
  /// - Throws: ``JSONProblem`` when the value is not a number.
  package func number() throws(JSONProblem) -> Double {
    guard case .number(let number) = node.value else {
      throw fail("\(node.typeName): expected a number")
    }
    return number
  }

  /// The number as an integer of magnitude below 10⁹.
  /// - Throws: ``JSONProblem`` when the value is not a whole number in range.
  package func integer() throws(JSONProblem) -> Int {
    let number = try number()
    guard number == number.rounded(), abs(number) < 1e9 else {
      throw fail("\(number): expected an integer")
    }
    return Int(number)
  }

  /// The string.
  /// - Throws: ``JSONProblem`` when the value is not a string.
  package func string() throws(JSONProblem) -> String {
    guard case .string(let string) = node.value else {
      throw fail("\(node.typeName): expected a string")
    }
    return string
  }

  /// The boolean.
  /// - Throws: ``JSONProblem`` when the value is not `true` or `false`.
  package func bool() throws(JSONProblem) -> Bool {
    guard case .bool(let bool) = node.value else {
      throw fail("\(node.typeName): expected true or false")
    }
    return bool
  }

  /// The string as a case of `T` (by raw value).
  /// - Throws: ``JSONProblem`` when the value is not a string or names no case.
  package func oneOf<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(JSONProblem) -> T
  where T.RawValue == String {
    let text = try string()
    guard let value = T(rawValue: text) else {
      throw fail(
        "'\(InputError.excerpt(text))': expected one of "
          + T.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return value
  }
}

/// The members of a JSON object with the object's path, for ``JSONElement`` look-ups.
package struct JSONObject: Sendable {
  /// The members in document order.
  package let members: [JSONMember]
  /// The object's JSON path.
  package let path: String
  /// The object itself (its place in the file).
  package let node: JSONNode

  /// The members of `node` at `path`.
  package init(members: [JSONMember], path: String, node: JSONNode) {
    self.members = members
    self.path = path
    self.node = node
  }

  /// True when `key` is present.
  package func contains(_ key: String) -> Bool { members.contains { $0.key == key } }

  /// The member `key` with its path, or `nil` when absent.
  package subscript(key: String) -> JSONElement? {
    guard let member = members.first(where: { $0.key == key }) else { return nil }
    return JSONElement(member.value, path: path + "." + key)
  }

  /// The member `key`.
  /// - Throws: ``JSONProblem`` at `path.key` (placed at the object) when it is absent:
  ///   `missing: expected <expected>`.
  package func required(_ key: String, expected: String) throws(JSONProblem) -> JSONElement {
    guard let element = self[key] else {
      throw JSONProblem("missing: expected \(expected)", at: node, path: path + "." + key)
    }
    return element
  }
}
