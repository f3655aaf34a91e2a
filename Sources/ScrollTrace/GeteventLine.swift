/// One line of Android `getevent -lt` output:
/// `[   21576.084956] /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    000001e3`.
struct GeteventLine: Sendable, Equatable {
  /// Seconds since boot (CLOCK_MONOTONIC), microsecond resolution.
  var time: Double
  /// The input device (`/dev/input/event3`), or nil when the line does not name one.
  var device: String?
  /// Event type, e.g. `EV_ABS`, `EV_KEY`, `EV_SYN`.
  var type: String
  /// Event code, e.g. `ABS_MT_POSITION_X`, `BTN_TOUCH`, `SYN_REPORT`.
  var code: String
  /// Value as printed: hex digits (`000001e3`) or a label (`DOWN`, `UP`).
  var value: String

  /// Parses `line`; `nil` for blank lines and the banner (`add device …`, `name: …`,
  /// `could not get driver version …`).
  /// - Throws: ``FieldProblem`` with field `timestamp` for a bad time, `""` for a line that is
  ///   not getevent output.
  static func parse(_ line: Substring) throws(FieldProblem) -> GeteventLine? {
    let text = line.drop { $0.isWhitespace }
    if text.isEmpty || text.hasPrefix("add device") || text.hasPrefix("name:")
      || text.hasPrefix("could not get")
    {
      return nil
    }
    guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else {
      throw FieldProblem(
        field: "",
        message: "not a getevent -lt line; expected \"[ seconds.micros] /dev/input/eventN: "
          + "TYPE CODE VALUE\"")
    }
    let stamp = text[text.index(after: text.startIndex)..<close].drop { $0 == " " }
    guard let time = parseTime(stamp) else {
      throw FieldProblem(
        field: "timestamp",
        message: "\"\(stamp)\" is not a time; expected seconds such as 21576.084956")
    }
    var words = text[text.index(after: close)...].split(whereSeparator: \.isWhitespace)
    var device: String?
    if let first = words.first, first.hasSuffix(":") {
      device = String(first.dropLast())
      words.removeFirst()
    }
    guard words.count == 3 else {
      throw FieldProblem(
        field: "",
        message: "expected TYPE CODE VALUE after the timestamp, found \(words.count) words")
    }
    return GeteventLine(
      time: time, device: device, type: String(words[0]), code: String(words[1]),
      value: String(words[2]))
  }

  /// Whether the line is part of a touch (positions, slots, tracking ids, the touch button or
  /// a multi-touch contact report), as opposed to another device's keys or sensors.
  var isTouch: Bool {
    code.hasPrefix("ABS_MT_") || code == "BTN_TOUCH" || code == "SYN_MT_REPORT"
  }

  /// Seconds from `digits[.digits]`; `nil` for anything else (signs, exponents, `inf`).
  static func parseTime(_ text: Substring) -> Double? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !parts[0].isEmpty,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      parts.count == 1 || !parts[1].isEmpty
    else { return nil }
    return Double(text).flatMap { $0.isFinite ? $0 : nil }
  }

  /// The value as an unsigned hex number (1–8 digits), or `nil`.
  var hexValue: UInt32? {
    guard (1...8).contains(value.count), value.allSatisfy(\.isHexDigit) else { return nil }
    return UInt32(value, radix: 16)
  }
}
