/// Why a profile file could not be used: the file, the JSON path of the bad value and what was
/// expected.
public struct ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file's path as given.
  public var file: String
  /// JSON path of the bad value, e.g. `$.springMass`; `$` for the whole document.
  public var path: String
  /// What is wrong and what was expected.
  public var message: String

  /// Creates an error (file path, JSON path, message).
  public init(file: String, path: String, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  /// `file: $.path: message`.
  public var description: String { "\(file): \(path): \(message)" }
}
