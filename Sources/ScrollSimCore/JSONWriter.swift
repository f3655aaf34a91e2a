/// The package's one JSON writer: numbers and string literals for every file it writes
/// (traces, frame files, effect specs, Chrome traces, summaries, WebDriver actions), so the
/// same value is always written the same way and reads back with ``JSONReader`` unchanged.
package enum JSONWriter {
  /// The shortest decimal that reads back to `value` bit for bit: `120`, `0.1`, `1e-05`,
  /// `-0`, `1e+16` (Swift's `description` without a trailing `.0`, as Foundation's
  /// `JSONEncoder` writes it); `null` for a non-finite value, which JSON cannot carry.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == 0 { return value.sign == .minus ? "-0" : "0" }
    if value == value.rounded(.towardZero), abs(value) < 1e15 { return String(Int(value)) }
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// `text` as a JSON string literal: `"` and `\` escaped, `\b \f \n \r \t` as short escapes,
  /// every other control character as `\u00xx`; everything else, `/` and non-ASCII included,
  /// written as is (UTF-8).
  package static func string(_ text: String) -> String {
    var result = ""
    appendString(text, to: &result)
    return result
  }

  /// Appends `text` as a JSON string literal (see ``string(_:)``) to `output`.
  package static func appendString(_ text: String, to output: inout String) {
    output.append("\"")
    var plainStart = text.utf8.startIndex
    var index = plainStart
    let utf8 = text.utf8
    while index != utf8.endIndex {
      let byte = utf8[index]
      let escape: String? =
        switch byte {
        case UInt8(ascii: "\""): "\\\""
        case UInt8(ascii: "\\"): "\\\\"
        case 0x08: "\\b"
        case 0x0C: "\\f"
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x09: "\\t"
        case ..<0x20:
          "\\u00" + String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
        default: nil
        }
      if let escape {
        output.append(contentsOf: text[plainStart..<index])
        output.append(escape)
        plainStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    output.append(contentsOf: text[plainStart..<index])
    output.append("\"")
  }
}
