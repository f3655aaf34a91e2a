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
