import Foundation

/// When ``assertReplay(of:trace:named:refreshRate:tolerance:record:goldenDirectory:fileID:filePath:testName:line:column:)``
/// writes a golden: the four modes of swift-snapshot-testing, with the same names and meanings.
/// Every write also records an issue, so a recording run is never green.
public enum ScrollSimRecordMode: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
  /// Record every golden (compare nothing).
  case all
  /// Record goldens that do not exist; compare the others.
  case missing
  /// Compare, and record the golden again where the comparison fails (for tolerance tuning).
  case failed
  /// Record nothing: a missing golden is a failure. The default, and CI's mode.
  case never

  /// The environment variable that sets the mode for the process: `SCROLLSIM_RECORD=all`,
  /// `missing`, `failed` or `never`.
  public static let environmentVariable = "SCROLLSIM_RECORD"

  /// The mode the environment asks for: nil when `SCROLLSIM_RECORD` is unset or empty.
  /// - Throws: ``ScrollSimConfigurationError`` naming the allowed values when it is set to
  ///   anything else (never silently ignored).
  public static func fromEnvironment(_ environment: [String: String])
    throws(ScrollSimConfigurationError) -> ScrollSimRecordMode?
  {
    guard let text = environment[environmentVariable], !text.isEmpty else { return nil }
    guard let mode = ScrollSimRecordMode(rawValue: text) else {
      throw ScrollSimConfigurationError(
        message: "\(environmentVariable)=\(text) is not a record mode; expected one of "
          + allCases.map(\.rawValue).joined(separator: ", ") + " (or unset: never)")
    }
    return mode
  }
}

/// A setting of ScrollSimTesting that cannot be used (an unknown `SCROLLSIM_RECORD` value).
public struct ScrollSimConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong and what is expected.
  public var message: String
  /// The message.
  public var description: String { message }
}
