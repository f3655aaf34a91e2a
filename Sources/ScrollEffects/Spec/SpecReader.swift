import ScrollSimCore

/// Reads one JSON value of a spec with its JSON path, so that every error names the file, the
/// line and column, the path and what was expected. A thin layer over the package's JSON reader
/// (`JSONElement`) that adds the file name. Decoding happens once, at load time, never per
/// frame.
struct SpecReader {
  let file: String
  let element: JSONElement

  /// The root of a parsed spec document.
  init(file: String, root: JSONNode) {
    self.file = file
    element = JSONElement(root: root)
  }

  init(file: String, element: JSONElement) {
    self.file = file
    self.element = element
  }

  /// The JSON path, e.g. `$.outputs[2]`.
  var path: String { element.path }
  /// The value.
  var value: JSONNode.Value { element.node.value }

  /// An error at this value (its line, column and path).
  func fail(_ message: String) -> InputError {
    InputError(
      file: file, line: element.node.line, column: element.node.column, path: path,
      message: message)
  }

  /// An error at `path` placed at this value (e.g. a missing key of this object).
  func fail(path: String, _ message: String) -> InputError {
    InputError(
      file: file, line: element.node.line, column: element.node.column, path: path,
      message: message)
  }

  func error(_ problem: JSONProblem) -> InputError { problem.inputError(file: file) }

  /// The object with every key checked against `allowed`.
  func object(allowed: [String]) throws(InputError) -> SpecObject {
    do throws(JSONProblem) {
      return SpecObject(object: try element.object(allowed: allowed))
    } catch {
      throw self.error(error)
    }
  }

  /// The object, keys unchecked, or `nil` when the value is not an object.
  var objectIfAny: SpecObject? {
    guard let members = element.node.members else { return nil }
    return SpecObject(object: JSONObject(members: members, path: path, node: element.node))
  }

  func array() throws(InputError) -> [SpecReader] {
    do throws(JSONProblem) {
      return try element.array().map { SpecReader(file: file, element: $0) }
    } catch {
      throw self.error(error)
    }
  }

  func number() throws(InputError) -> Double {
    do throws(JSONProblem) { return try element.number() } catch { throw self.error(error) }
  }

  func integer() throws(InputError) -> Int {
    do throws(JSONProblem) { return try element.integer() } catch { throw self.error(error) }
  }

  func string() throws(InputError) -> String {
    do throws(JSONProblem) { return try element.string() } catch { throw self.error(error) }
  }

  func bool() throws(InputError) -> Bool {
    do throws(JSONProblem) { return try element.bool() } catch { throw self.error(error) }
  }

  func oneOf<T: RawRepresentable>(_ type: T.Type) throws(InputError) -> T
  where T: CaseIterable, T.RawValue == String {
    do throws(JSONProblem) { return try element.oneOf(type) } catch { throw self.error(error) }
  }
}

/// The members of a spec object, for look-ups that name the file on failure.
struct SpecObject {
  let object: JSONObject

  /// True when `key` is present.
  subscript(key: String) -> JSONNode? { object[key]?.node }

  /// The reader of `key` under `parent`, or nil when absent.
  func reader(_ key: String, in parent: SpecReader) -> SpecReader? {
    object[key].map { SpecReader(file: parent.file, element: $0) }
  }

  /// The reader of required `key`, or an error naming it.
  func required(_ key: String, in parent: SpecReader, expected: String) throws(InputError)
    -> SpecReader
  {
    guard let r = reader(key, in: parent) else {
      throw parent.fail(path: object.path + "." + key, "missing: expected \(expected)")
    }
    return r
  }
}
