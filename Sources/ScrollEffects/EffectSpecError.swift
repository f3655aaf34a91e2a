/// A spec that cannot be used: bad JSON, an unknown key, a wrong type, a reversed or empty
/// range, a reference to a timeline or output that does not exist.
public struct EffectSpecError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The spec file's path, or the spec's name for a spec built in code.
  public var file: String
  /// JSON path of the offending value, e.g. `$.outputs[2].keyframes[1].at`.
  public var path: String
  /// What is wrong and what was expected.
  public var message: String

  /// An error at `path` of `file`.
  public init(file: String, path: String, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  /// `file: path: message`, one line.
  public var description: String { "\(file): \(path): \(message)" }
}
