import Foundation
import ScrollSimCore

/// Where a command writes: standard output and standard error, buffered, or memory (tests).
///
/// Output is collected in a buffer and written in large chunks, so printing frames never stalls
/// a frame loop on the terminal; ``flush()`` writes what is pending (the commands flush at the
/// end and before an error message).
public final class Console: @unchecked Sendable {
  private var outBuffer = ""
  private let capture: Bool
  /// Everything written to standard output, when capturing (tests).
  public private(set) var capturedOutput = ""
  /// Everything written to standard error, when capturing (tests).
  public private(set) var capturedErrors = ""
  /// Why writing standard output failed (e.g. a full disk or a closed pipe), or nil. Output
  /// after a failure is dropped; the command reports it and exits with status 74.
  public private(set) var writeFailure: String?
  /// Write every line at once instead of in chunks (real-time runs, so frames appear live).
  public var isUnbuffered = false

  /// Whether standard error is a terminal (never when capturing): progress lines are shown
  /// only then, never in pipes or CI logs.
  package var errorIsTerminal: Bool { !capture && isatty(STDERR_FILENO) == 1 }

  /// Flush standard output once this many UTF-8 bytes are pending.
  private static let chunk = 1 << 16

  /// A console on the process's standard output and error.
  public static func standard() -> Console { Console(capture: false) }

  /// A console that keeps everything in memory (``capturedOutput``, ``capturedErrors``).
  public static func capturing() -> Console { Console(capture: true) }

  private init(capture: Bool) { self.capture = capture }

  /// Appends `text` and a newline to standard output (buffered).
  public func line(_ text: String) {
    outBuffer += text
    outBuffer += "\n"
    if isUnbuffered || outBuffer.utf8.count >= Self.chunk { flush() }
  }

  /// Writes `text` and a newline to standard error at once, after flushing standard output.
  public func error(_ text: String) {
    flush()
    if capture {
      capturedErrors += text + "\n"
    } else {
      try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
    }
  }

  /// How grave a diagnostic is, as compilers name it.
  package enum Severity: String, Sendable {
    case error, warning
  }

  /// Writes `problem` to standard error as one diagnostic line (``diagnosticText(_:_:)``).
  package func diagnostic(_ severity: Severity, _ problem: InputError) {
    error(Self.diagnosticText(severity, problem))
  }

  /// `problem` as one line. With a line number it is `file:line[:column]: severity: detail`,
  /// the form compilers write, so Xcode (a build-tool plugin's failure), VS Code's problem
  /// matchers and CI log annotators link it to the place; otherwise
  /// `scrollsim: severity: file: detail`, as for every other message of the command.
  /// Control characters a message quotes from the input (a key or value with an escaped
  /// newline, a NUL, a terminal escape; a file name with a newline) are written as escapes
  /// (`\n`, `\u{1B}`), so the diagnostic stays one line and the terminal is not driven.
  package static func diagnosticText(_ severity: Severity, _ problem: InputError) -> String {
    oneLine(
      problem.line > 0
        ? "\(problem.location): \(severity.rawValue): \(problem.detail)"
        : "scrollsim: \(severity.rawValue): \(problem)")
  }

  /// `text` with every control character (C0, DEL, C1) as an escape: `\n`, `\r`, `\t`, else
  /// `\u{XX}` in hexadecimal.
  package static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where isControl(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
  }

  /// Writes pending standard output.
  public func flush() {
    guard !outBuffer.isEmpty else { return }
    if capture {
      capturedOutput += outBuffer
    } else if writeFailure == nil {
      if let failure = OutputFile.writeAll(outBuffer, to: STDOUT_FILENO) {
        writeFailure = "cannot write standard output: \(failure)"
      }
    }
    outBuffer.removeAll(keepingCapacity: true)
  }
}
