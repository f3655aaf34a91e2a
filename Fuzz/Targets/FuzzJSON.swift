// modules: ScrollSimCore
// libFuzzer target: the package's JSON reader, differential against Foundation's
// JSONSerialization (.fragmentsAllowed), plus the writer, the flat-object fast path and the
// number parser. Compiled into ScrollSimCore (internal API visible). Invariants, on every input:
// 1. if our reader accepts, JSONSerialization accepts and gives the same value: numbers with the
//    same bits as the oracle's number converted to Double (its NSDecimalNumbers through their
//    decimal text; `-0` may come back as the integer 0 or a Decimal 0), strings with the same
//    scalars, objects with the same member set; every number also equals `Double(String)` of
//    its own text;
// 2. if JSONSerialization accepts and we reject, the rejection is one of our documented
//    stricter rules (duplicate key, non-finite / overflowing / underflowing number, depth > 64,
//    invalid UTF-8, lone surrogate escape, byte order mark not at the start) or a trailing
//    comma (which the oracle wrongly accepts: RFC 8259 has none); inputs with a NUL byte or a
//    UTF-16/32 byte order mark are not compared (the oracle reads them as UTF-16/32);
// 3. JSONWriter's text of an accepted value reads back equal (numbers bit for bit);
// 4. readFlatObject agrees with the general reader (same members and values, same error);
// 5. a decimal built from the input bytes (up to 40 digits, exponent up to ±400) parses with
//    the same bits as `Double(String)` (strtod), or is rejected exactly when that is non-finite
//    or a non-zero decimal that rounds to 0.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let ours = Result { () throws(JSONProblem) in try JSONReader.parse(bytes) }
  fuzzCompareWithOracle(bytes, ours)
  if case .success(let root) = ours { fuzzCheckWriter(root) }
  fuzzCheckFlatPath(bytes)
  fuzzCheckNumber(FuzzDecimal.make(bytes))
  return 0
}

/// `precondition` that prints its message in an optimized build too (`-O` drops it).
func fuzzRequire(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}

// MARK: 1–2: JSONSerialization

func fuzzCompareWithOracle(
  _ bytes: UnsafeBufferPointer<UInt8>, _ ours: Result<JSONNode, JSONProblem>
) {
  let oracle = Result {
    try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
  }
  switch (ours, oracle) {
  case (.success(let root), .success(let value)):
    if let difference = fuzzDifference(root, value, bytes, path: "$") {
      fatalError("reader and JSONSerialization disagree at \(difference)")
    }
  case (.success(let root), .failure(let error)):
    fatalError("we accept (\(root.typeName)), JSONSerialization rejects: \(error)")
  case (.failure(let problem), .success):
    if bytes.contains(0) { return }  // read by the oracle as UTF-16/32
    if bytes.count >= 2,
      (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)
    {
      return
    }
    let stricter = [
      "duplicate key", "is not a finite number", "closer to 0 than a 64-bit double",
      "nested deeper than", "not valid UTF-8",
      "inside a UTF-8 sequence", "lone surrogate escape", "byte order mark", "trailing comma",
    ]
    fuzzRequire(
      stricter.contains { problem.message.contains($0) },
      "JSONSerialization accepts, we reject for an undocumented reason: \(problem.message) at "
        + "\(problem.path), offset \(problem.offset)")
  case (.failure, .failure): break
  }
}

/// Where `node` and the oracle's `value` differ, or `nil`.
func fuzzDifference(
  _ node: JSONNode, _ value: Any, _ source: UnsafeBufferPointer<UInt8>, path: String
)
  -> String?
{
  switch node.value {
  case .null:
    return value is NSNull ? nil : "\(path): null vs \(value)"
  case .bool(let bool):
    guard let number = value as? NSNumber, String(cString: number.objCType) == "c",
      number.boolValue == bool
    else { return "\(path): \(bool) vs \(value)" }
    return nil
  case .number(let double):
    let text = fuzzNumberText(source, at: node.offset)
    guard let reference = Double(text), reference.bitPattern == double.bitPattern else {
      return
        "\(path): \(text) read as \(double), Double(String) gives \(String(describing: Double(text)))"
    }
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
      return "\(path): \(double) vs \(value)"
    }
    let type = String(cString: number.objCType)
    let theirs: Double
    if let decimal = number as? NSDecimalNumber {
      // NSDecimalNumber.doubleValue is not correctly rounded; its exact text through strtod is.
      // A Decimal keeps 38 digits: a longer decimal may already differ from the input.
      guard let value = Double(decimal.stringValue) else { return "\(path): decimal \(decimal)" }
      if decimal.stringValue.filter(\.isNumber).count >= 38 { return nil }
      if value == 0, double == 0 { return nil }  // a Decimal has no -0 ("-0.00000000000000000")
      theirs = value
    } else {
      theirs = number.doubleValue
    }
    if theirs.bitPattern == double.bitPattern { return nil }
    if double == 0, theirs == 0, type != "d", type != "f" { return nil }  // "-0" as the integer 0
    return "\(path): \(text) read as \(double) (\(double.bitPattern)), JSONSerialization "
      + "\(theirs) (\(theirs.bitPattern), \(type))"
  case .string(let string):
    guard let theirs = value as? String,
      Array(theirs.unicodeScalars) == Array(string.unicodeScalars)
        || fuzzOracleScalars(theirs) == fuzzOracleScalars(string)
    else { return "\(path): \(string.debugDescription) vs \(value)" }
    return nil
  case .array(let elements):
    guard let theirs = value as? [Any], theirs.count == elements.count else {
      return "\(path): array of \(elements.count) vs \(value)"
    }
    for (index, element) in elements.enumerated() {
      if let difference = fuzzDifference(element, theirs[index], source, path: "\(path)[\(index)]")
      {
        return difference
      }
    }
    return nil
  case .object(let members):
    let keys = members.map { fuzzOracleString($0.key) }
    guard let theirs = value as? [String: Any],
      (Set(keys).count...members.count).contains(theirs.count)
    else {
      return "\(path): object of \(members.count) members vs \(value)"
    }
    for (member, key) in zip(members, keys) {
      guard
        let other = theirs[member.key]
          ?? theirs.first(where: { fuzzOracleString($0.key) == key })?.value
      else {
        return "\(path): no member \(member.key.debugDescription)"
      }
      // "\u{FEFF}k" and "k": the oracle keeps one of them.
      if keys.count(where: { $0 == key }) > 1 { continue }
      if let difference = fuzzDifference(member.value, other, source, path: "\(path).\(member.key)")
      {
        return difference
      }
    }
    return nil
  }
}

/// A string without U+FEFF: JSONSerialization drops a raw U+FEFF at the start of each run of
/// unescaped text in a string (`"\u{FEFF}a"` → `"a"`, `"\n\u{FEFF}a"` → `"\na"`; an escaped
/// `\ufeff` is kept), as if it were a byte order mark. Our reader keeps it: RFC 8259 has no such
/// rule. Not a finding; strings and keys that differ only there compare equal.
func fuzzOracleScalars(_ string: String) -> [Unicode.Scalar] {
  string.unicodeScalars.filter { $0 != "\u{FEFF}" }
}

func fuzzOracleString(_ string: String) -> String {
  var result = ""
  result.unicodeScalars.append(contentsOf: fuzzOracleScalars(string))
  return result
}

/// The text of the number that starts at `offset`.
func fuzzNumberText(_ source: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
  var end = offset
  while end < source.count, "+-.eE0123456789".utf8.contains(source[end]) { end += 1 }
  return String(decoding: UnsafeBufferPointer(rebasing: source[offset..<end]), as: UTF8.self)
}

// MARK: 3: the writer

func fuzzWrite(_ node: JSONNode, to output: inout String) {
  switch node.value {
  case .null: output += "null"
  case .bool(let bool): output += bool ? "true" : "false"
  case .number(let number): output += JSONWriter.number(number)
  case .string(let string): JSONWriter.appendString(string, to: &output)
  case .array(let elements):
    output += "["
    for (index, element) in elements.enumerated() {
      if index > 0 { output += "," }
      fuzzWrite(element, to: &output)
    }
    output += "]"
  case .object(let members):
    output += "{"
    for (index, member) in members.enumerated() {
      if index > 0 { output += "," }
      JSONWriter.appendString(member.key, to: &output)
      output += ":"
      fuzzWrite(member.value, to: &output)
    }
    output += "}"
  }
}

/// Same values (numbers bit for bit, strings scalar for scalar), places ignored.
func fuzzSame(_ a: JSONNode, _ b: JSONNode) -> Bool {
  switch (a.value, b.value) {
  case (.null, .null): return true
  case (.bool(let x), .bool(let y)): return x == y
  case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
  case (.string(let x), .string(let y)): return Array(x.unicodeScalars) == Array(y.unicodeScalars)
  case (.array(let x), .array(let y)):
    return x.count == y.count && zip(x, y).allSatisfy { fuzzSame($0, $1) }
  case (.object(let x), .object(let y)):
    return x.count == y.count
      && zip(x, y).allSatisfy {
        Array($0.key.unicodeScalars) == Array($1.key.unicodeScalars) && fuzzSame($0.value, $1.value)
      }
  default: return false
  }
}

func fuzzCheckWriter(_ root: JSONNode) {
  var text = ""
  fuzzWrite(root, to: &text)
  do throws(JSONProblem) {
    let again = try JSONReader.parse(text)
    fuzzRequire(fuzzSame(root, again), "writer round trip changed the value: \(text.prefix(200))")
  } catch {
    fatalError("the writer's text does not read back: \(error.message) in \(text.prefix(200))")
  }
}

// MARK: 4: the flat-object path

enum FuzzFlatValue: Equatable {
  case number(UInt64)
  case string([Unicode.Scalar])
  case bool(Bool)
  case null, object, array
}

func fuzzCheckFlatPath(_ bytes: UnsafeBufferPointer<UInt8>) {
  let general = Result { () throws(JSONProblem) in
    try JSONReader.parse(bytes, allowsByteOrderMark: false)
  }
  var visited: [(key: [Unicode.Scalar], value: FuzzFlatValue)] = []
  var keys = Set<String>()  // String equality, as the general reader's duplicate check
  let duplicate = "fuzz: duplicate key"
  let flat = Result { () throws(JSONProblem) in
    try JSONReader.readFlatObject(bytes, allowsByteOrderMark: false) {
      (key, value) throws(JSONProblem) in
      guard keys.insert(key.string).inserted else { throw JSONProblem(duplicate) }
      let copy: FuzzFlatValue =
        switch value {
        case .number(let number): .number(number.bitPattern)
        case .string(let string): .string(Array(string.string.unicodeScalars))
        case .bool(let bool): .bool(bool)
        case .null: .null
        case .object: .object
        case .array: .array
        }
      visited.append((Array(key.string.unicodeScalars), copy))
    }
  }
  switch (general, flat) {
  case (.success(let root), .success(let isObject)):
    guard case .object(let members) = root.value else {
      fuzzRequire(!isObject && visited.isEmpty, "flat path reports an object for \(root.typeName)")
      return
    }
    fuzzRequire(isObject && members.count == visited.count, "flat path: member count differs")
    for (member, seen) in zip(members, visited) {
      fuzzRequire(Array(member.key.unicodeScalars) == seen.key, "flat path: key differs")
      let expected: FuzzFlatValue =
        switch member.value.value {
        case .number(let number): .number(number.bitPattern)
        case .string(let string): .string(Array(string.unicodeScalars))
        case .bool(let bool): .bool(bool)
        case .null: .null
        case .object: .object
        case .array: .array
        }
      fuzzRequire(expected == seen.value, "flat path: value of \(member.key) differs")
    }
  case (.failure(let problem), .failure(let flatProblem)):
    if flatProblem.message == duplicate {
      fuzzRequire(problem.message.contains("duplicate key"), "only the flat path sees a duplicate")
    } else if problem.message.contains("duplicate key"), flatProblem.offset > problem.offset {
      // A duplicate key of the root: the visitor sees it only after its value, which failed.
    } else {
      fuzzRequire(
        problem == flatProblem,
        "flat path error differs: \(flatProblem.message) \(flatProblem.path) @\(flatProblem.offset) "
          + "vs \(problem.message) \(problem.path) @\(problem.offset)")
    }
  case (.success, .failure(let problem)):
    fatalError("flat path rejects what the reader accepts: \(problem.message)")
  case (.failure(let problem), .success):
    fatalError("flat path accepts what the reader rejects: \(problem.message)")
  }
}

// MARK: 5: numbers

/// A JSON number built from fuzz bytes: up to 40 digits, a fraction, an exponent up to ±400.
enum FuzzDecimal {
  static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var index = 0
    func next() -> UInt8 {
      defer { index += 1 }
      return index < bytes.count ? bytes[index] : 0
    }
    let shape = next()
    let count = 1 + Int(next() % 40)
    let point = Int(next()) % (count + 1)  // digits before the point (0: "0.")
    var digits = ""
    for position in 0..<count {
      let digit = next() % 10
      digits += String(position == 0 && point > 1 && digit == 0 ? 1 : digit)
    }
    var text = shape & 1 == 1 ? "-" : ""
    if point == 0 {
      text += "0." + digits
    } else if point == count {
      text += digits  // a single digit may be 0
    } else {
      text += digits.prefix(point) + "." + digits.dropFirst(point)
    }
    if shape & 2 == 2 {
      let high = Int(next())
      let low = Int(next())
      let exponent = (high << 8 | low) % 801 - 400
      text +=
        (shape & 4 == 4 ? "E" : "e") + (exponent >= 0 && shape & 8 == 8 ? "+" : "")
        + String(exponent)
    }
    return text
  }
}

func fuzzCheckNumber(_ text: String) {
  let reference = Double(text)!
  let isZero = text.prefix { $0 != "e" && $0 != "E" }.allSatisfy {
    $0 == "0" || $0 == "." || $0 == "-"
  }
  let ours = Result { () throws(JSONProblem) in try JSONReader.parse(text) }
  if reference.isFinite, reference != 0 || isZero {
    guard case .success(let node) = ours, let number = node.number else {
      fatalError("\(text) rejected; Double(String) gives \(reference)")
    }
    fuzzRequire(
      number.bitPattern == reference.bitPattern,
      "\(text) read as \(number) (\(number.bitPattern)), strtod \(reference) (\(reference.bitPattern))"
    )
  } else {
    guard case .failure(let problem) = ours,
      problem.message.contains("is not a finite number")
        || problem.message.contains("closer to 0 than a 64-bit double")
    else {
      fatalError("\(text) accepted; Double(String) gives \(reference)")
    }
  }
}
