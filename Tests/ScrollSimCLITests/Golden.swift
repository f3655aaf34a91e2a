import Foundation
import ScrollSimTestSupport
import Testing

/// Golden files beside the tests (`__Goldens__/`), compared exactly. They are re-recorded only
/// when the environment variable `SCROLLSIM_RECORD_GOLDENS=1` is set; CI never sets it.
enum Golden {
  /// The folder of the golden files.
  static let folder = Repository.root.appendingPathComponent("Tests/ScrollSimCLITests/__Goldens__")

  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["SCROLLSIM_RECORD_GOLDENS"] == "1"
  }

  /// Compares `actual` with the golden file `name`, reporting the first differing line.
  static func assertMatches(
    _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let file = folder.appendingPathComponent(name)
    if isRecording {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try actual.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
      Issue.record(
        "golden \(name) is missing: run with SCROLLSIM_RECORD_GOLDENS=1 to record it",
        sourceLocation: sourceLocation)
      return
    }
    if expected == actual { return }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let index = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
    Issue.record(
      """
      \(name) differs from its golden at line \(index + 1):
        golden: \(index < e.count ? String(e[index]) : "<end>")
        actual: \(index < a.count ? String(a[index]) : "<end>")
      """, sourceLocation: sourceLocation)
  }
}
