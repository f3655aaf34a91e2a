/// Bad input: a trace, recording, frame file, effect spec, physics profile or WebDriver file
/// that cannot be used, located as precisely as the reader knows; or a user's Swift effect that
/// threw or broke its contract during a run (kind ``Kind/effectFailed``).
///
/// Every reader of the package throws this one type. Its ``description`` is one line, ready to
/// print as a command-line error:
/// - `file:line: field: message` for line-based files (traces, recordings, frame files);
/// - `file:line:column: $.json.path: message` for JSON documents (specs, profiles, WebDriver);
/// parts that are not known are left out.
///
/// The command-line tool maps ``kind`` to its exit status in one place
/// (`unreadable` → 74 `EX_IOERR`, `invalid` and `unsupported` → 65 `EX_DATAERR`,
/// `effectFailed` → 70 `EX_SOFTWARE`).
///
/// Two errors are equal when every field but ``underlying`` is equal.
public struct InputError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
  /// What kind of problem it is; decides the exit status of the command-line tool.
  public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The file could not be read at all: missing, a directory, no permission, an I/O error.
    case unreadable
    /// The content is wrong: bad syntax, a value out of range, a broken sequence rule.
    case invalid
    /// The content is well formed but asks for something this build does not support
    /// (a newer format version, an unknown kind of file).
    case unsupported
    /// A user's Swift effect (a ``/ScrollEffects/ScrollEffect`` conformance in ScrollEffects) threw while
    /// evaluating a frame, wrote an output it does not declare, or resized its values: ``file``
    /// is the effect's name, ``field`` the output or `evaluate`, the message names the frame,
    /// and ``underlying`` holds the error it threw.
    case effectFailed
  }

  /// What kind of problem it is.
  public var kind: Kind
  /// Path of the file as the user gave it, `"<stdin>"` for standard input, or the name of an
  /// in-memory document (a spec built in code).
  public var file: String
  /// 1-based line; 0 when the problem is the file as a whole or the line is not known.
  public var line: Int
  /// 1-based column in bytes (UTF-8) on ``line``; 0 when not known.
  public var column: Int
  /// JSON path of the value at fault (`$.outputs[2].keyframes[1].at`), `""` when not a JSON
  /// document or the document as a whole.
  public var path: String
  /// The field at fault (a JSON key such as `"t"`, a column such as `"ABS_MT_POSITION_Y"`),
  /// `""` when the whole line or document is at fault.
  public var field: String
  /// What is wrong and what was expected. Never echoes more than a short excerpt of the input.
  public var message: String
  /// The error a user's code threw (kind ``Kind/effectFailed``), or nil.
  public var underlying: (any Error)?

  /// Creates an error.
  /// - Parameters:
  ///   - kind: what kind of problem; `.invalid` unless said otherwise.
  ///   - file: the path as given by the user.
  ///   - line: 1-based line, 0 for the whole file or unknown.
  ///   - column: 1-based byte column, 0 for unknown.
  ///   - path: JSON path, `""` for none.
  ///   - field: the field at fault, `""` for the whole line.
  ///   - message: what is wrong and what was expected.
  ///   - underlying: the error a user's code threw, if that is the cause.
  public init(
    _ kind: Kind = .invalid, file: String, line: Int = 0, column: Int = 0, path: String = "",
    field: String = "", message: String, underlying: (any Error)? = nil
  ) {
    self.underlying = underlying
    self.kind = kind
    self.file = file
    self.line = line
    self.column = column
    self.path = path
    self.field = field
    self.message = message
  }

  /// Whether every field but ``underlying`` is equal.
  public static func == (a: InputError, b: InputError) -> Bool {
    a.kind == b.kind && a.file == b.file && a.line == b.line && a.column == b.column
      && a.path == b.path && a.field == b.field && a.message == b.message
  }

  /// Hashes every field but ``underlying``.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(file)
    hasher.combine(line)
    hasher.combine(column)
    hasher.combine(path)
    hasher.combine(field)
    hasher.combine(message)
  }

  /// The one-line text: `file[:line[:column]]: [path: | field: ]message` (the place, `": "`,
  /// and what is wrong).
  public var description: String { location + ": " + detail }

  /// Where the problem is: `file`, `file:line` or `file:line:column`, as compilers name a
  /// place (the parts not known are left out).
  package var location: String {
    guard line > 0 else { return file }
    return column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)"
  }

  /// What is wrong, without the place: `path: message`, `field: message` or `message`.
  package var detail: String {
    if !path.isEmpty { return "\(path): \(message)" }
    if !field.isEmpty { return "\(field): \(message)" }
    return message
  }
}
