import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records a trace to a file as it happens, crash-safely: the API an app embeds to record
/// touches or `contentOffset` samples, and what `scrollsim record` uses.
///
/// The file is opened append-only and every event is validated with the reader's rules, then
/// written as one complete line with a single `write(2)` (retried for short writes) before
/// ``record(_:)-(TraceItem)`` returns, in order. So if the process dies at any moment (SIGKILL included)
/// the file holds the header, every recorded event, and at most one partial last line, which
/// ``TraceStreamReader`` skips with a warning. Durability against power loss is the
/// ``SyncPolicy``'s job: by default data reaches the kernel per event and is `fsync`ed on
/// ``close()``.
///
/// Thread-safe: calls are serialized by a lock. Not for per-frame hot paths of a simulation
/// (each event encodes JSON and makes a system call).
public final class TraceRecorder: @unchecked Sendable {
  /// When the recorder calls `fsync(2)`.
  public enum SyncPolicy: String, Sendable, Equatable, CaseIterable {
    /// Never: the kernel writes data back on its own. Survives a killed process, not power loss.
    case never
    /// On ``TraceRecorder/close()`` only (default): a cleanly closed file is on disk.
    case onClose
    /// After every event: survives power loss up to the last event; slow on flash storage.
    case everyEvent
  }

  /// The file being written, as given.
  public let path: String
  /// The header written on line 1.
  public let header: TraceHeader
  /// The fsync policy.
  public let sync: SyncPolicy

  private let lock = NSLock()
  private var descriptor: Int32
  private var checker: EventSequenceChecker
  private var written = 0
  private var touches = 0

  /// Creates (or truncates) the file at `path` and writes `header` as line 1.
  /// - Parameters:
  ///   - path: the file to write; its folder must exist.
  ///   - header: the header; its ``TraceHeader/kind`` decides whether touches or offsets are
  ///     accepted.
  ///   - sync: when to `fsync` (default ``SyncPolicy/onClose``).
  /// - Throws: ``/ScrollSimCore/InputError`` at line 1 for an invalid header, at line 0 when the file cannot
  ///   be created or written.
  public init(path: String, header: TraceHeader, sync: SyncPolicy = .onClose) throws(InputError) {
    if let problem = header.validationProblem() { throw problem.error(file: path, line: 1) }
    let line = TraceWriter.headerLine(header)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw InputError(
        .unreadable, file: path, line: 0, field: "",
        message: "cannot create: \(String(cString: strerror(errno)))")
    }
    self.path = path
    self.header = header
    self.sync = sync
    descriptor = fd
    checker = EventSequenceChecker(header: header)
    try writeLine(line)
  }

  deinit {
    if descriptor >= 0 { _ = closeDescriptor(descriptor) }
  }

  /// Events written so far (not counting the header).
  public var eventCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return written
  }

  /// Appends `item` as one line, flushed to the kernel before returning.
  /// - Throws: ``/ScrollSimCore/InputError`` naming the line it would be on and the field when the item
  ///   breaks a format rule (then nothing is written), or at line 0 when the file is closed or
  ///   the write fails.
  public func record(_ item: TraceItem) throws(InputError) {
    lock.lock()
    defer { lock.unlock() }
    guard descriptor >= 0 else {
      throw InputError(file: path, line: 0, field: "", message: "recorder is closed")
    }
    let line = written + 2
    var item = item
    if case .control(var control) = item {
      control.eventIndex = touches
      item = .control(control)
    }
    var next = checker
    if let problem = next.check(item, line: line) { throw problem.error(file: path, line: line) }
    try writeLine(TraceWriter.line(item))
    checker = next
    written += 1
    if case .touch = item { touches += 1 }
  }

  /// Appends a touch event (input traces); see ``record(_:)-(TraceItem)``.
  public func record(_ event: TraceEvent) throws(InputError) {
    try record(.touch(event))
  }

  /// Appends a touch at `time` in the app's clock (e.g. `CACurrentMediaTime()`), seconds; the
  /// trace time is `time − (header.timeOrigin ?? 0)`. Position in points on screen.
  /// - Throws: as ``record(_:)-(TraceItem)``.
  public func touch(_ kind: TraceEvent.Kind, x: Double, y: Double, at time: Double)
    throws(InputError)
  {
    try record(.touch(TraceEvent(time: time - (header.timeOrigin ?? 0), kind: kind, x: x, y: y)))
  }

  /// Appends a `contentOffset` sample (offset traces) at `time` in the app's clock, seconds;
  /// the trace time is `time − (header.timeOrigin ?? 0)`. Offsets in points.
  /// - Throws: as ``record(_:)-(TraceItem)``.
  public func contentOffset(x: Double = 0, y: Double, at time: Double) throws(InputError) {
    try record(.offset(OffsetSample(time: time - (header.timeOrigin ?? 0), x: x, y: y)))
  }

  /// Appends a control event (version-2 input traces: wheel delta, programmatic scroll,
  /// content or viewport height; a wheel delta with a phase needs a version-3 header) at
  /// `time` in the app's clock, seconds; the trace time is
  /// `time − (header.timeOrigin ?? 0)`.
  /// - Throws: as ``record(_:)-(TraceItem)``.
  public func control(_ kind: TraceControl.Kind, at time: Double) throws(InputError) {
    let control = TraceControl(time: time - (header.timeOrigin ?? 0), kind: kind, eventIndex: 0)
    try record(.control(control))
  }

  /// Syncs (per the policy) and closes the file. Calling it again does nothing.
  /// - Throws: ``/ScrollSimCore/InputError`` at line 0 when `fsync` or `close` fails.
  public func close() throws(InputError) {
    lock.lock()
    defer { lock.unlock() }
    guard descriptor >= 0 else { return }
    let fd = descriptor
    descriptor = -1
    if sync != .never, fsync(fd) != 0 {
      _ = closeDescriptor(fd)
      throw ioError("cannot fsync")
    }
    if closeDescriptor(fd) != 0 { throw ioError("cannot close") }
  }

  private func writeLine(_ line: String) throws(InputError) {
    var bytes = Array(line.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ioError("cannot write")
      }
      bytes = bytes.dropFirst(count)
    }
    if sync == .everyEvent, fsync(descriptor) != 0 { throw ioError("cannot fsync") }
  }

  private func ioError(_ what: String) -> InputError {
    InputError(
      .unreadable, file: path, line: 0, field: "",
      message: "\(what): \(String(cString: strerror(errno)))")
  }
}

/// `close(2)` (the method name `close()` shadows it inside ``TraceRecorder``).
private func closeDescriptor(_ fd: Int32) -> Int32 {
  close(fd)
}
