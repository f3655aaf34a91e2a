import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT (Ctrl-C) and SIGTERM into a flag that a long command polls at its frame (or
/// report) boundaries, so it stops cleanly: it flushes what it wrote, prints one line saying
/// where it stopped and why, and exits with ``status`` (130) instead of dying mid-write.
///
/// The signals' default actions are ignored while the flag is installed (from before the
/// command's first read until ``release()``); they are delivered to a dispatch source, never to
/// an asynchronous handler, so no code runs inside a signal handler. A command blocked in a
/// read waits on ``wakeDescriptor`` as well, which becomes readable when a signal arrives.
final class InterruptFlag: @unchecked Sendable {
  /// The exit status of an interrupted command, for SIGINT and SIGTERM alike (128 + SIGINT, the
  /// status shells give Ctrl-C).
  static let status = ExitStatus.interrupted

  private let lock = NSLock()
  private var caught: Int32?
  private var sources: [(any DispatchSourceSignal, Int32)] = []
  private var wakePipe: [Int32] = [-1, -1]

  /// Read end of a pipe that becomes readable when a signal arrives, for a `poll(2)` beside
  /// a blocking input.
  var wakeDescriptor: Int32 { wakePipe[0] }

  /// Catches SIGINT and SIGTERM until ``release()``.
  static func catchingInterrupts() -> InterruptFlag {
    let flag = InterruptFlag()
    // Close-on-exec: a child process the command starts must not inherit it.
    _ = flag.wakePipe.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
    for descriptor in flag.wakePipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { flag.raise(number) }
      source.resume()
      flag.sources.append((source, number))
    }
    return flag
  }

  /// Whether SIGINT or SIGTERM has arrived.
  var isSet: Bool { signalNumber != nil }

  /// The first signal that arrived, or `nil`.
  var signalNumber: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return caught
  }

  /// `SIGINT (Ctrl-C)`, `SIGTERM` or `a signal`: why the command stopped.
  var reason: String {
    switch signalNumber {
    case SIGINT: "SIGINT (Ctrl-C)"
    case SIGTERM: "SIGTERM"
    default: "a signal"
    }
  }

  private func raise(_ number: Int32) {
    lock.lock()
    let first = caught == nil
    if first { caught = number }
    lock.unlock()
    if first {
      var byte: UInt8 = 1
      _ = write(wakePipe[1], &byte, 1)
    }
  }

  /// Stops catching the signals and restores their default actions.
  func release() {
    for (source, number) in sources {
      source.cancel()
      signal(number, SIG_DFL)
    }
    sources = []
    for descriptor in wakePipe where descriptor >= 0 { close(descriptor) }
    wakePipe = [-1, -1]
  }
}
