/// Bad trace or recording data: names the file, the 1-based line and the field at fault.
///
/// Its ``description`` is one line, `file:line: field: message`, ready to print as a
/// command-line error.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of problem: `.unreadable` when the file could not be opened, read or written
  /// (the command-line tool exits 74), else `.invalid` (65).
  public var kind: InputError.Kind
  /// Path of the file as the user gave it (or `"<stdin>"`).
  public var file: String
  /// 1-based line number; 0 when the problem is the file as a whole (missing, empty, unreadable).
  public var line: Int
  /// The field at fault (a JSON key such as `"t"`, a column such as `"ABS_MT_POSITION_Y"`),
  /// or `""` when the whole line is at fault.
  public var field: String
  /// What is wrong and what was expected.
  public var message: String

  /// Creates an error.
  /// - Parameters:
  ///   - kind: `.unreadable` for a file that cannot be opened, read or written; `.invalid`
  ///     (the default) for bad content.
  ///   - file: the path as given by the user.
  ///   - line: 1-based line, 0 for the whole file.
  ///   - field: the field at fault, `""` for the whole line.
  ///   - message: what is wrong and what was expected.
  public init(
    _ kind: InputError.Kind = .invalid, file: String, line: Int, field: String, message: String
  ) {
    self.kind = kind
    self.file = file
    self.line = line
    self.field = field
    self.message = message
  }

  /// `file:line: field: message` (the parts that are known).
  public var description: String {
    var text = file
    if line > 0 { text += ":\(line)" }
    text += ": "
    if !field.isEmpty { text += "\(field): " }
    return text + message
  }
}
