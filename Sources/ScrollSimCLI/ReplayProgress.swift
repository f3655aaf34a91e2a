import Dispatch
import Foundation

/// A one-line progress display on standard error for long real-time replays: shown only when
/// standard error is a terminal (quiet in pipes and CI logs), refreshed about 4 times per second
/// of replay, written from a background queue so the frame loop never waits on the terminal.
final class ReplayProgress: @unchecked Sendable {
  private let enabled = isatty(STDERR_FILENO) == 1
  private let queue = DispatchQueue(label: "scrollsim.progress", qos: .utility)
  private var nextUpdate = 0.0

  /// A display for a streamed trace (its length is not known in advance).
  init() {}

  /// Called once per frame from the frame loop (never concurrently): shows the replay time,
  /// frames and missed frames every 0.25 s of replay time.
  func update(time: Double, frames: Int, missed: Int) {
    guard enabled, time >= nextUpdate else { return }
    nextUpdate = time + 0.25
    let text =
      "\r\u{1B}[Kreplay \(Number.fixed(time, 2)) s, "
      + "\(frames) frames, \(missed) missed"
    queue.async { try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) }
  }

  /// Clears the line (after the run).
  func finish() {
    guard enabled else { return }
    queue.sync { try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K".utf8)) }
  }
}
