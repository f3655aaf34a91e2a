import Dispatch
import Foundation

/// Turns Ctrl-C (SIGINT) into a flag a frame loop polls, so a real-time replay stops cleanly,
/// flushes its buffered rows and prints its summary instead of dying mid-write.
final class InterruptFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var raised = false
  private var source: DispatchSourceSignal?

  /// Ignores SIGINT's default action and raises the flag when it arrives, until ``release()``.
  static func catchingInterrupt() -> InterruptFlag {
    let flag = InterruptFlag()
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { flag.raise() }
    source.resume()
    flag.source = source
    return flag
  }

  /// Whether SIGINT has arrived.
  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return raised
  }

  private func raise() {
    lock.lock()
    raised = true
    lock.unlock()
  }

  /// Stops catching SIGINT and restores its default action.
  func release() {
    source?.cancel()
    source = nil
    signal(SIGINT, SIG_DFL)
  }
}
