/// Converts Android `adb shell getevent -lt` text into traces (one per touch).
public struct GeteventImporter: Sendable {
  /// Creates an importer with default options.
  public init() {}

  /// Splits `text` into gestures, one trace per touch (BTN_TOUCH DOWN … UP).
  /// - Throws: ``TraceError`` naming the file, line and field of the first malformed line.
  public func gestures(fromText text: String, file: String) throws(TraceError) -> [Trace] {
    throw TraceError(file: file, line: 0, field: "", message: "not implemented")
  }
}
