import Foundation
import Testing

/// A fresh temporary folder for a trial-finding test.
func trialFolder(_ name: String) throws -> String {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
    "trial-\(name)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  return dir.path
}
