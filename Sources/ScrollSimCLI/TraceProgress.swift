import Foundation

/// The progress line of a run over many traces (`check --traces`, `replay` of a folder):
/// `check: 12/34 traces` on standard error, rewritten in place after each trace; shown only
/// when standard error is a terminal, never in pipes or CI logs. Counts traces, never reads a
/// clock.
final class TraceProgress: Sendable {
  private let enabled: Bool
  private let label: String
  private let total: Int

  /// A progress line for `total` traces of command `label`, on `console`'s standard error.
  init(_ label: String, total: Int, console: Console) {
    enabled = console.errorIsTerminal && total > 1
    self.label = label
    self.total = total
  }

  /// Shows that `finished` traces are done (called serially, from any thread).
  @Sendable func update(_ finished: Int) {
    guard enabled else { return }
    write("\r\u{1B}[K\(label): \(finished)/\(total) traces")
  }

  /// Clears the line (before the results are printed).
  func finish() {
    guard enabled else { return }
    write("\r\u{1B}[K")
  }

  private func write(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }
}
