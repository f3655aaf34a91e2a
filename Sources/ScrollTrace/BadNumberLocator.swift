/// Finds the key of a value that JSON cannot hold as a finite Double (`NaN`, `Infinity`,
/// `1e999`, `1e-999`) in a line that failed to parse, so the error can name the field.
///
/// This is a diagnostic scan for error messages, not a JSON parser: the line has already been
/// rejected by `JSONDecoder`.
enum BadNumberLocator {
  /// The first `"key": token` pair whose token is a non-finite or out-of-range number.
  static func find(in line: Substring) -> (key: String, token: String)? {
    let chars = Array(line)
    var index = 0
    while index < chars.count {
      guard chars[index] == "\"" else {
        index += 1
        continue
      }
      var key = ""
      var cursor = index + 1
      while cursor < chars.count, chars[cursor] != "\"" {
        if chars[cursor] == "\\" { cursor += 1 }
        if cursor < chars.count { key.append(chars[cursor]) }
        cursor += 1
      }
      index = cursor + 1
      cursor = skipSpace(chars, from: index)
      guard cursor < chars.count, chars[cursor] == ":" else { continue }
      cursor = skipSpace(chars, from: cursor + 1)
      var token = ""
      while cursor < chars.count, !",}] \t\r\n".contains(chars[cursor]) {
        token.append(chars[cursor])
        cursor += 1
      }
      if isBadNumber(token) { return (key, token) }
    }
    return nil
  }

  static func skipSpace(_ chars: [Character], from start: Int) -> Int {
    var index = start
    while index < chars.count, chars[index] == " " || chars[index] == "\t" { index += 1 }
    return index
  }

  /// True for NaN/infinity spellings and for numbers that overflow or underflow a Double.
  static func isBadNumber(_ token: String) -> Bool {
    let word = token.lowercased().trimmingPrefix { $0 == "-" || $0 == "+" }
    if ["nan", "inf", "infinity"].contains(String(word)) { return true }
    guard let first = token.first, first == "-" || first.isNumber,
      let value = Double(token)
    else { return false }
    if !value.isFinite { return true }
    let mantissa = token.prefix { $0 != "e" && $0 != "E" }
    return value == 0 && mantissa.contains { "123456789".contains($0) }
  }
}
