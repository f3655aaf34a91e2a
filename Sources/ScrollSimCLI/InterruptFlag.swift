import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if os(Linux)
  import Synchronization
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

  #if os(Linux)
    /// The first signal's number, 0 before any: a frame's poll is one atomic load (the lock
    /// took ≈ 80 instructions per frame of a replay). `Atomic` needs macOS 15 / iOS 18, later
    /// than the package's platforms, so Apple platforms keep the lock.
    private let caught = Atomic<Int32>(0)
  #else
    private let lock = NSLock()
    private var caught: Int32 = 0
  #endif
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
    #if os(Linux)
      let number = caught.load(ordering: .acquiring)
    #else
      lock.lock()
      let number = caught
      lock.unlock()
    #endif
    return number == 0 ? nil : number
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
    #if os(Linux)
      let first = caught.compareExchange(
        expected: 0, desired: number, ordering: .acquiringAndReleasing
      ).exchanged
    #else
      lock.lock()
      let first = caught == 0
      if first { caught = number }
      lock.unlock()
    #endif
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
