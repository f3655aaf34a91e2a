import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads `\n`-separated lines from a file, a pipe or memory with bounded memory: one read
/// chunk plus the longest line. Used by ``TraceStreamReader`` and the frame-file readers.
package final class LineReader {
  /// Bytes requested per read: 64 KiB.
  package static let chunkSize = 1 << 16

  /// The name used in errors.
  package let file: String
  /// Longest accepted line, bytes.
  package let maximumLineLength: Int
  /// 1-based number of the last line returned; 0 before the first.
  package var lineNumber: Int { linesReturned }

  // The per-line state is read and written only by this class's own methods, never across a
  // call that could re-enter them (`source` reads bytes, nothing else), so the run-time
  // exclusivity checks Swift makes on class properties (`swift_beginAccess`, about 85
  // instructions per line each) are turned off for them. (Private, behind `lineNumber`: a
  // stored property read from another module is checked there whatever its attribute.)
  @exclusivity(unchecked) private var linesReturned = 0

  /// Reads up to the buffer's size into it: the count read, 0 at the end.
  private let source: (UnsafeMutableRawBufferPointer) throws(InputError) -> Int
  /// Keeps the file handle (and so its descriptor) open while reading.
  private var retainedHandle: FileHandle?
  private var stopState: StopState?
  /// The bytes read and not yet dropped: `storage[0..<count]`, the next line from `start`.
  /// Memory the reader owns (not an array), so a line is handed out as a pointer and a length:
  /// no reference counting per line.
  @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var capacity = 0
  @exclusivity(unchecked) private var count = 0
  @exclusivity(unchecked) private var start = 0
  @exclusivity(unchecked) private var atEnd = false

  /// Lines of the file at `path`.
  /// - Throws: ``InputError`` at line 0 when the file is missing, a folder or unreadable.
  package convenience init(path: String, maximumLineLength: Int = 1 << 20) throws(InputError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path)
    else {
      let why = isDirectory.boolValue ? "is a directory, not a file" : "no such file"
      throw InputError(.unreadable, file: path, line: 0, field: "", message: why)
    }
    self.init(handle: handle, file: path, maximumLineLength: maximumLineLength)
  }

  /// Lines read from `handle` (a file or a pipe). Each `read(2)` returns what is available, so
  /// lines from a live pipe (`adb shell getevent | scrollsim record`) arrive as they are written.
  package convenience init(handle: FileHandle, file: String, maximumLineLength: Int = 1 << 20) {
    self.init(
      handle: handle, file: file, stopWhenReadable: nil, maximumLineLength: maximumLineLength)
  }

  /// Lines read from `handle`, stopping early when `stop` becomes readable (a pipe written by
  /// a signal's handler): the input is then read only as far as it is already available (at most 16 chunks), and
  /// the reader ends as if at the end of the input, with ``wasStopped`` set. A read blocked on
  /// a live pipe (`adb shell getevent | scrollsim record`) so ends at once on Ctrl-C, keeping
  /// the lines written before it.
  package convenience init(
    handle: FileHandle, file: String, stopWhenReadable stop: Int32?,
    maximumLineLength: Int = 1 << 20
  ) {
    let descriptor = handle.fileDescriptor
    let state = StopState()
    self.init(file: file, maximumLineLength: maximumLineLength) {
      (chunk: UnsafeMutableRawBufferPointer) throws(InputError) -> Int in
      while true {
        if let stop {
          if state.stopped {
            // Only what is already there, and at most 16 chunks of a producer that keeps on.
            state.drainedChunks += 1
            guard state.drainedChunks <= 16, Self.isReadable(descriptor, timeout: 0) else {
              return 0
            }
          }
          if !state.stopped {
            var fds = [
              pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
              pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if fds[1].revents != 0 {
              state.stopped = true
              continue
            }
          }
        }
        // Straight into the reader's buffer: no copy of the chunk.
        let count = read(descriptor, chunk.baseAddress, chunk.count)
        if count >= 0 { return count }
        if errno != EINTR {
          throw InputError(
            .unreadable, file: file, line: 0, field: "",
            message: "cannot read: \(String(cString: strerror(errno)))")
        }
      }
    }
    retainedHandle = handle
    stopState = state
  }

  /// Whether the reader ended because its stop descriptor became readable
  /// (``init(handle:file:stopWhenReadable:maximumLineLength:)``), not at the end of the input.
  package var wasStopped: Bool { stopState?.stopped ?? false }

  /// Whether `descriptor` has bytes (or its end) to read within `timeout` milliseconds.
  private static func isReadable(_ descriptor: Int32, timeout: Int32) -> Bool {
    var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    return poll(&fds, 1, timeout) > 0
  }

  /// Whether a reader was stopped; shared with its read closure.
  private final class StopState {
    var stopped = false
    var drainedChunks = 0
  }

  /// Lines of `bytes` held in memory (tests, fuzzing).
  package convenience init(bytes: [UInt8], file: String, maximumLineLength: Int = 1 << 20) {
    var remaining = bytes[...]
    self.init(file: file, maximumLineLength: maximumLineLength) { chunk in
      let part = remaining.prefix(chunk.count)
      remaining = remaining.dropFirst(part.count)
      UnsafeMutableRawBufferPointer(rebasing: chunk[..<part.count]).copyBytes(from: part)
      return part.count
    }
  }

  private init(
    file: String, maximumLineLength: Int,
    source: @escaping (UnsafeMutableRawBufferPointer) throws(InputError) -> Int
  ) {
    self.file = file
    self.maximumLineLength = maximumLineLength
    self.source = source
    storage = .allocate(capacity: 0)
  }

  deinit { storage.deallocate() }

  /// The next line without its `\n` (a trailing `\r` is kept) and whether a newline ended it;
  /// `nil` at the end. The bytes are the reader's own: valid until the next call (read them or
  /// copy them before).
  /// - Throws: ``InputError`` for a read failure or a line longer than ``maximumLineLength``.
  /// - Complexity: amortized O(line length).
  package func next() throws(InputError) -> (bytes: UnsafeBufferPointer<UInt8>, terminated: Bool)? {
    var searchFrom = start
    while true {
      if searchFrom < count,
        let found = memchr(storage + searchFrom, Int32(UInt8(ascii: "\n")), count - searchFrom)
      {
        // `memchr`: a word at a time, where a byte loop costs several instructions per byte.
        let newline = UnsafeRawPointer(storage).distance(to: UnsafeRawPointer(found))
        let lineStart = start
        start = newline + 1
        linesReturned += 1
        return (UnsafeBufferPointer(start: storage + lineStart, count: newline - lineStart), true)
      }
      if atEnd {
        guard start < count else { return nil }
        defer { start = count }
        linesReturned += 1
        return (UnsafeBufferPointer(start: storage + start, count: count - start), false)
      }
      if count - start > maximumLineLength {
        throw InputError(
          file: file, line: lineNumber + 1, field: "",
          message: "line longer than \(maximumLineLength) bytes")
      }
      // Drop consumed bytes before reading more: the buffer holds at most one line + a chunk.
      if start > 0 {
        memmove(storage, storage + start, count - start)
        count -= start
        start = 0
      }
      searchFrom = count
      reserveChunk()
      let read = try source(
        UnsafeMutableRawBufferPointer(start: storage + count, count: Self.chunkSize))
      if read == 0 { atEnd = true }
      count += read
    }
  }

  /// Room for a chunk after the bytes held, growing the buffer (at least doubling) if need be.
  private func reserveChunk() {
    guard count + Self.chunkSize > capacity else { return }
    let grown = max(count + Self.chunkSize, capacity * 2)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    larger.initialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity = grown
  }

  /// The next line as text (without `\n` or `\r\n`), or `nil` at the end.
  /// - Throws: ``InputError`` as ``next()``, or naming the line when it is not UTF-8.
  package func nextText() throws(InputError) -> Substring? {
    guard let line = try next() else { return nil }
    guard let text = String(validating: line.bytes, as: UTF8.self) else {
      throw InputError(file: file, line: lineNumber, field: "", message: "not valid UTF-8 text")
    }
    return text.hasSuffix("\r") ? text.dropLast() : text[...]
  }
}
