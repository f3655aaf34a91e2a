import Testing
import XCTest

/// Where a check was called: the four defaulted parameters every public check takes.
struct CallerLocation: Sendable {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt

  /// The test file's name without extension (`HeaderTests` for `…/HeaderTests.swift`).
  var fileName: String {
    let path = "\(filePath)"
    let last = path.split(separator: "/").last.map(String.init) ?? path
    return last.hasSuffix(".swift") ? String(last.dropLast(6)) : last
  }

  /// The directory of the test file.
  var directory: String {
    let path = "\(filePath)"
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }
}

/// Records `message` as a failure of the running test: a Swift Testing issue when a Swift
/// Testing test is running (`Test.current != nil`), else `XCTFail` (which has no column).
/// Every failure of ScrollSimTesting goes through here.
func record(_ message: String, location: CallerLocation) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(location.fileID)", filePath: "\(location.filePath)",
        line: Int(location.line), column: Int(location.column)))
  } else {
    XCTFail(message, file: location.filePath, line: location.line)
  }
}

/// Records `message` as a warning: a Swift Testing issue of severity `.warning` (it does not
/// fail the test), or printed under XCTest (which has no warnings).
func warn(_ message: String, location: CallerLocation) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message), severity: .warning,
      sourceLocation: SourceLocation(
        fileID: "\(location.fileID)", filePath: "\(location.filePath)",
        line: Int(location.line), column: Int(location.column)))
  } else {
    print("\(location.filePath):\(location.line): warning: \(message)")
  }
}
