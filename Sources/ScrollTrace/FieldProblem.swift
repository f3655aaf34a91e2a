/// A problem with one field of one line, before the file and line number are known.
///
/// Package access (the frame-file reader uses it too): parsing code throws it, and the driver turns it into an `InputError` with
/// ``error(file:line:)``.
package struct FieldProblem: Error, Sendable, Equatable {
  /// The field at fault (`"t"`, `"device.scale"`, `"ABS_MT_POSITION_Y"`), `""` for the line.
  package var field: String
  /// What is wrong and what was expected.
  package var message: String
  /// The 1-based line at fault when it is not the line being read (e.g. the `BTN_TOUCH` line of
  /// a report that ends later); `nil` means the current line.
  package var line: Int? = nil
  /// The 1-based byte column on the line being read where the JSON went wrong, or 0 when not
  /// known (a rule about a whole value or line).
  package var column = 0

  /// A field problem.
  package init(field: String, message: String, line: Int? = nil) {
    self.field = field
    self.message = message
    self.line = line
  }

  /// A JSON problem of the line being read, its path as the field (`device.scale`), at its
  /// column (when the text read was that one line).
  package init(_ problem: JSONProblem) {
    self.init(field: problem.field, message: problem.message)
    if problem.line == 1 { column = problem.column }
  }

  /// The same problem located in `file` at 1-based `line` (and at ``column`` when the problem
  /// is on the line being read).
  package func error(file: String, line: Int) -> InputError {
    InputError(
      file: file, line: line, column: self.line == nil && line > 0 ? column : 0, field: field,
      message: message)
  }
}

/// `value` without a fractional part when it is a whole number that fits an `Int` (`1080`),
/// otherwise as ``describe(_:)`` does (`1080.5`). Never traps.
func wholeNumber(_ value: Double) -> String {
  Int(exactly: value).map(String.init) ?? describe(value)
}

extension String {
  /// The lines of the text, split at `\n` or `\r\n` (a Swift `Character` each), keeping empty
  /// lines; a trailing line end yields a final empty line.
  func lines() -> [Substring] {
    split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
  }
}

/// Formats a number for an error message with full precision (`0.1`, `1e+300`, `nan`).
func describe(_ value: Double) -> String {
  "\(value)"
}
