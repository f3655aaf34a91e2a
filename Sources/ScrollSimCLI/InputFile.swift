import Foundation
import ScrollSimCore

/// The check every command makes before it opens an input file: a missing file, a directory or a
/// file without read permission is an unreadable input (exit 74) named at once, whichever
/// library reads it next.
enum InputFile {
  /// Throws an unreadable-input error unless `path` is a readable file (or a pipe or device,
  /// such as `<(…)`).
  /// - Parameter kind: what the file should be, in the directory message (`trace file`).
  static func check(_ path: String, kind: String = "file") throws(CommandError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .unreadable(path, "no such file")
    }
    if isDirectory.boolValue { throw .unreadable(path, "is a directory, not a \(kind)") }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw .unreadable(path, "cannot be read (no permission)")
    }
  }

  /// Writes `text` to `path` (atomically: the whole file or nothing).
  /// - Throws: an output error naming `path`.
  static func write(_ text: String, to path: String) throws(CommandError) {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .output("\(path): cannot write: \(error.localizedDescription)")
    }
  }
}
