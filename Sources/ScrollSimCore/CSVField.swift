/// One field of a CSV row as RFC 4180 (section 2, rules 6 and 7) writes it: a field holding a
/// double quote, a comma, a carriage return or a line feed is enclosed in double quotes and each
/// of its double quotes doubled; any other field is written as it is. The one CSV field writer
/// of the command line's tables.
package enum CSVField {
  /// `text` as a CSV field.
  package static func text(_ text: String) -> String {
    // Scalars, not Characters: `"\r\n"` is one Character, equal to neither `\r` nor `\n`.
    guard text.unicodeScalars.contains(where: { "\",\r\n".unicodeScalars.contains($0) })
    else { return text }
    var quoted = "\""
    for scalar in text.unicodeScalars {
      if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
      quoted.unicodeScalars.append(scalar)
    }
    return quoted + "\""
  }

  /// `fields` as one CSV row (no line ending).
  package static func row(_ fields: [String]) -> String {
    fields.map(text).joined(separator: ",")
  }
}
