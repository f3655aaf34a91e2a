import Foundation

/// Records a live Android `adb shell getevent -lt` stream into a trace file, event by event:
/// what `scrollsim record` runs on standard input.
///
/// Lines are parsed as ``GeteventImporter`` does (multi-touch protocol B with `BTN_TOUCH`, or
/// protocol A with `SYN_MT_REPORT`, single finger); each touch event is written through a
/// ``TraceRecorder`` as soon as its report ends (`SYN_REPORT`, or the next timestamp). The file
/// is created at the first touch-down, whose timestamp becomes the header's `timeOrigin` and
/// trace time 0; times are rounded to whole microseconds as getevent prints them.
///
/// Thread-safe (a lock serializes ``consume(_:)`` and ``finish(interrupted:)``), so a signal handler on
/// another queue may call ``finish(interrupted:)`` while the main thread reads.
public final class GeteventRecorder: @unchecked Sendable {
  /// The trace file to write.
  public let path: String
  private let options: GeteventImporter.Options
  private let sync: TraceRecorder.SyncPolicy
  private let lock = NSLock()
  private var parser: GeteventTouchParser
  private var recorder: TraceRecorder?
  private var lineNumber = 0
  private var finished = false
  private let warn: @Sendable (String) -> Void
  /// Parser warnings already passed to ``warn``.
  private var warned = 0

  /// Prepares to record to `path`; nothing is written before the first touch-down.
  /// - Parameters:
  ///   - path: the trace file (created or truncated at the first touch-down).
  ///   - options: raw-to-point conversion and header geometry (see ``GeteventImporter/Options``).
  ///   - input: the name of the stream in errors, e.g. `"<stdin>"`.
  ///   - sync: the recorder's fsync policy.
  ///   - warn: called with each warning, `input:line: message` (a touch already down when the
  ///     recording starts is skipped, not an error).
  /// - Throws: ``/ScrollSimCore/InputError`` at line 0 with field `options.<name>` for invalid options.
  public init(
    path: String, options: GeteventImporter.Options = .init(), input: String = "<stdin>",
    sync: TraceRecorder.SyncPolicy = .onClose, warn: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(InputError) {
    self.warn = warn
    if let problem = options.validationProblem() { throw problem.error(file: input, line: 0) }
    self.path = path
    self.options = options
    self.sync = sync
    parser = GeteventTouchParser(options: options, file: input)
    parser.keepsTouches = false
  }

  /// Touch events written so far.
  public var eventCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return recorder?.eventCount ?? 0
  }

  /// Parses the next getevent line and writes the events it completes.
  /// - Throws: ``/ScrollSimCore/InputError`` naming the input line and field of a malformed line, or the trace
  ///   file at line 0 when writing fails. After ``finish(interrupted:)`` lines are ignored.
  public func consume(_ line: Substring) throws(InputError) {
    lock.lock()
    defer { lock.unlock() }
    guard !finished else { return }
    lineNumber += 1
    try parser.consume(line, number: lineNumber)
    try write(parser.takeNewEvents())
    forwardWarnings()
  }

  private func forwardWarnings() {
    while warned < parser.warnings.count {
      warn(parser.warnings[warned])
      warned += 1
    }
  }

  /// Ends the pending report, writes its events and closes the file (a finger still down stays
  /// down: the trace ends mid-touch). Calling it again does nothing.
  /// - Parameter interrupted: the input was cut off (SIGINT, SIGTERM) rather than ended: the
  ///   report still being read may be missing axes, so it is dropped instead of written.
  /// - Returns: the number of events written.
  /// - Throws: ``/ScrollSimCore/InputError`` for a malformed last report or a failed write/close.
  @discardableResult
  public func finish(interrupted: Bool = false) throws(InputError) -> Int {
    lock.lock()
    defer { lock.unlock() }
    guard !finished else { return recorder?.eventCount ?? 0 }
    finished = true
    try parser.finish(discardingPendingReport: interrupted)
    try write(parser.takeNewEvents())
    forwardWarnings()
    try recorder?.close()
    return recorder?.eventCount ?? 0
  }

  private func write(_ events: [TraceEvent]) throws(InputError) {
    for event in events {
      if recorder == nil {
        let header = options.header(
          source: options.source ?? "scrollsim record (live getevent -lt)",
          timeOrigin: event.time)
        recorder = try TraceRecorder(path: path, header: header, sync: sync)
      }
      guard let recorder else { return }
      let origin = recorder.header.timeOrigin ?? 0
      let time = ((event.time - origin) * 1_000_000).rounded() / 1_000_000
      try recorder.record(TraceEvent(time: time, kind: event.kind, x: event.x, y: event.y))
    }
  }
}
