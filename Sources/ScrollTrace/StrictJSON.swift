import Foundation

/// A coding key for any string, used to list and reject unknown keys (also by the frame file
/// reader in ScrollRuntime).
package struct AnyKey: CodingKey, Hashable {
  package var stringValue: String
  package var intValue: Int?

  /// The key `name`.
  package init(_ name: String) {
    stringValue = name
    intValue = nil
  }

  package init?(stringValue: String) { self.init(stringValue) }

  package init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

/// Strict decoding of one JSON line with Foundation's `JSONDecoder`, turning every failure into a
/// ``FieldProblem`` that names the field.
enum StrictJSON {
  /// Decodes `T` from one line of JSON text.
  /// - Parameter qualifiedNames: full field paths for bare key names, used only to name the field
  ///   of a literal `NaN`/`Infinity`/`1e999` (JSON syntax errors carry no coding path).
  /// - Throws: ``FieldProblem`` naming the field (`""` for the whole line).
  static func decode<T: Decodable>(
    _ type: T.Type, from line: Substring, qualifiedNames: [String: String] = [:]
  ) throws(FieldProblem) -> T {
    if let key = duplicateKey(in: line) {
      throw FieldProblem(
        field: qualifiedNames[key] ?? key,
        message: "duplicate key \"\(key)\": each key may appear once (JSON readers differ on "
          + "which one wins)")
    }
    do {
      return try JSONDecoder().decode(T.self, from: Data(line.utf8))
    } catch let problem as FieldProblem {
      throw problem
    } catch let error as DecodingError {
      throw problem(for: error, line: line, qualifiedNames: qualifiedNames)
    } catch {
      throw FieldProblem(field: "", message: "invalid JSON: \(error)")
    }
  }

  /// The first key that appears twice in one object of `line` (Foundation's decoder silently
  /// keeps one of them), or nil. A single pass over the bytes: strings (with escapes) are
  /// skipped, and a string followed by `:` is a key of the innermost open object.
  static func duplicateKey(in line: Substring) -> String? {
    let bytes = Array(line.utf8)
    var objects: [[ArraySlice<UInt8>]?] = []  // per open bracket: its keys (nil for arrays)
    var i = 0
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "{"): objects.append([])
      case UInt8(ascii: "["): objects.append(nil)
      case UInt8(ascii: "}"), UInt8(ascii: "]"): if !objects.isEmpty { objects.removeLast() }
      case UInt8(ascii: "\""):
        let start = i + 1
        i += 1
        while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
          i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        let text = bytes[start..<Swift.min(i, bytes.count)]
        var next = i + 1
        while next < bytes.count && (bytes[next] == 0x20 || bytes[next] == 0x09) { next += 1 }
        if next < bytes.count, bytes[next] == UInt8(ascii: ":"), let keys = objects.last,
          var keys
        {
          if keys.contains(text) { return String(decoding: text, as: UTF8.self) }
          keys.append(text)
          objects[objects.count - 1] = keys
        }
      default: break
      }
      i += 1
    }
    return nil
  }

  /// Throws for the first key of `container` (alphabetically) that is not in `allowed`.
  static func rejectUnknownKeys(
    in container: KeyedDecodingContainer<AnyKey>, allowed: [String]
  ) throws(FieldProblem) {
    let unknown = container.allKeys.map(\.stringValue).filter { !allowed.contains($0) }.sorted()
    guard let first = unknown.first else { return }
    throw FieldProblem(
      field: path(container.codingPath + [AnyKey(first)]),
      message: "unknown key \"\(first)\"; allowed keys here: \(allowed.joined(separator: ", "))")
  }

  /// A coding path as a dotted field name, e.g. `device.scale`.
  static func path(_ codingPath: [any CodingKey]) -> String {
    codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
      .joined(separator: ".")
  }

  static func problem(
    for error: DecodingError, line: Substring, qualifiedNames: [String: String]
  ) -> FieldProblem {
    switch error {
    case .typeMismatch(let type, let context):
      if context.codingPath.isEmpty {
        return FieldProblem(field: "", message: "expected a JSON object {…} on this line")
      }
      return FieldProblem(
        field: path(context.codingPath),
        message: "wrong type: expected \(typeName(type)) (\(context.debugDescription))")
    case .valueNotFound(let type, let context):
      return FieldProblem(
        field: path(context.codingPath), message: "is null; expected \(typeName(type))")
    case .keyNotFound(let key, let context):
      return FieldProblem(
        field: path(context.codingPath + [key]), message: "missing required field")
    case .dataCorrupted(let context):
      if !context.codingPath.isEmpty {
        return FieldProblem(field: path(context.codingPath), message: context.debugDescription)
      }
      if let bad = BadNumberLocator.find(in: line) {
        return FieldProblem(
          field: qualifiedNames[bad.key] ?? bad.key,
          message: "\(bad.token) is not a finite number (JSON has no NaN or infinity, and "
            + "the value must fit a 64-bit double)")
      }
      return FieldProblem(field: "", message: "invalid JSON (\(context.debugDescription))")
    @unknown default:
      return FieldProblem(field: "", message: "invalid JSON (\(error))")
    }
  }

  static func typeName(_ type: Any.Type) -> String {
    if type == Double.self { return "a number" }
    if type == Int.self { return "an integer" }
    if type == String.self { return "a string" }
    return "a JSON object"
  }
}
