import Foundation

@testable import ScrollTrace

/// Small traces and helpers shared by the tests.
enum TraceFixtures {
  /// A valid header line (390×844 pt phone, 2000 pt content).
  static let header =
    #"{"device":{"refreshRate":60,"scale":3,"screenHeight":844,"screenWidth":390},"#
    + #""format":"scrollsim-trace","physics":"ios","scroll":{"contentHeight":2000,"#
    + #""contentInsetBottom":0,"contentInsetTop":0,"startOffset":0,"viewportHeight":844},"#
    + #""units":{"length":"pt","time":"s"},"version":1}"#

  /// `header` with `replacement` substituted for `original` (which must occur in it).
  static func header(replacing original: String, with replacement: String) -> String {
    precondition(header.contains(original), "fixture header lacks \(original)")
    return header.replacingOccurrences(of: original, with: replacement)
  }

  /// A header line and then `events`, one per line, with a trailing newline.
  static func text(_ events: [String], header: String = header) -> String {
    ([header] + events).joined(separator: "\n") + "\n"
  }

  static let down = #"{"t":0,"type":"down","x":100,"y":500}"#
  static let move = #"{"t":0.01,"type":"move","x":100,"y":450}"#
  static let up = #"{"t":0.02,"type":"up","x":100,"y":400}"#

  /// The error thrown by parsing `text`, or `nil` if it parses.
  static func error(parsing text: String) -> InputError? {
    do {
      _ = try Trace.parse(text, file: "t.jsonl")
      return nil
    } catch {
      return error
    }
  }
}

extension TraceFixtures {
  /// A valid version-2 offset-trace header (same device and geometry as `header`).
  static let offsetHeader = header(
    replacing: #""version":1"#, with: #""kind":"offset","version":2"#)

  /// An offset event line.
  static func offset(_ t: Double, _ y: Double) -> String {
    #"{"t":\#(t),"type":"offset","x":0,"y":\#(y)}"#
  }

  /// A unique temporary file path (not created).
  static func temporaryPath(_ name: String) -> String {
    NSTemporaryDirectory() + "/scrolltrace-\(name)-\(UUID().uuidString).jsonl"
  }
}
