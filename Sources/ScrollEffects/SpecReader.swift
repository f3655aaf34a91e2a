import Foundation

/// Reads one JSON value of a spec with its JSON path, so that every error names the file, the
/// path and what was expected. Decoding happens once, at load time, never per frame.
struct SpecReader {
  let file: String
  let path: String
  let value: Any

  func fail(_ message: String) -> EffectSpecError {
    EffectSpecError(file: file, path: path, message: message)
  }

  /// The JSON type name of `value`, for messages.
  var typeName: String {
    switch value {
    case is NSNull: return "null"
    case is String: return "a string"
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    case let n as NSNumber: return String(cString: n.objCType) == "c" ? "a boolean" : "a number"
    default: return "an unknown value"
    }
  }

  func object(allowed: [String]) throws(EffectSpecError) -> [String: Any] {
    guard let dictionary = value as? [String: Any] else {
      throw fail("\(typeName): expected an object")
    }
    for key in dictionary.keys.sorted() where !allowed.contains(key) {
      throw EffectSpecError(
        file: file, path: path + "." + key,
        message: "unknown key '\(key)': expected one of \(allowed.joined(separator: ", "))")
    }
    return dictionary
  }

  func array() throws(EffectSpecError) -> [SpecReader] {
    guard let items = value as? [Any] else { throw fail("\(typeName): expected an array") }
    return items.enumerated().map {
      SpecReader(file: file, path: "\(path)[\($0.offset)]", value: $0.element)
    }
  }

  func number() throws(EffectSpecError) -> Double {
    guard let n = value as? NSNumber, String(cString: n.objCType) != "c" else {
      throw fail("\(typeName): expected a number")
    }
    let d = n.doubleValue
    if !d.isFinite { throw fail("\(d): expected a finite number") }
    return d
  }

  func integer() throws(EffectSpecError) -> Int {
    let d = try number()
    guard d == d.rounded(), abs(d) < 1e9 else { throw fail("\(d): expected an integer") }
    return Int(d)
  }

  func string() throws(EffectSpecError) -> String {
    guard let s = value as? String else { throw fail("\(typeName): expected a string") }
    return s
  }

  func bool() throws(EffectSpecError) -> Bool {
    guard let n = value as? NSNumber, String(cString: n.objCType) == "c" else {
      throw fail("\(typeName): expected true or false")
    }
    return n.boolValue
  }

  func oneOf<T: RawRepresentable>(_ type: T.Type) throws(EffectSpecError) -> T
  where T: CaseIterable, T.RawValue == String {
    let s = try string()
    guard let v = T(rawValue: s) else {
      throw fail("'\(s)': expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return v
  }
}

extension Dictionary where Key == String, Value == Any {
  /// The reader of `key` under `parent`, or nil when absent.
  func reader(_ key: String, in parent: SpecReader) -> SpecReader? {
    guard let v = self[key] else { return nil }
    return SpecReader(file: parent.file, path: parent.path + "." + key, value: v)
  }

  /// The reader of required `key`, or an error naming it.
  func required(_ key: String, in parent: SpecReader, expected: String) throws(EffectSpecError)
    -> SpecReader
  {
    guard let r = reader(key, in: parent) else {
      throw EffectSpecError(
        file: parent.file, path: parent.path + "." + key, message: "missing: expected \(expected)")
    }
    return r
  }
}
