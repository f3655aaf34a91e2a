import Foundation

/// Progress on standard error while the suite runs, only when standard error is a terminal
/// (quiet in pipes and CI logs).
struct Progress {
  let enabled = isatty(STDERR_FILENO) == 1

  /// Shows `text` on the progress line.
  func show(_ text: String) {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
  }

  /// Clears the progress line.
  func clear() { show("") }
}
