import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input file opened once: a regular file (read again by path as often as a command needs),
/// or the bytes of anything else — a pipe, a process substitution (`<(cat t.jsonl)`), a FIFO,
/// a terminal, standard input (`-`) — read to the end exactly once and kept in memory.
///
/// Commands that read a trace, frame file, spec or profile open it with ``open(_:waiting:)``
/// first, so a pipe never reads as an empty file on a second pass, and a missing file, a
/// directory or an unreadable file is reported before anything else happens.
public struct InputSource: Sendable {
  /// Where the bytes are.
  public enum Content: Sendable, Equatable {
    /// A regular file at this path: seekable, read by path (streamed, bounded memory).
    case file(String)
    /// The whole content of a non-seekable input, read once.
    case bytes([UInt8])
  }

  /// The name used in messages: the path as given, or `"<stdin>"` for `-`.
  public let name: String
  /// Where the bytes are.
  public let content: Content

  /// The path that names standard input.
  public static let standardInputPath = "-"
  /// The name standard input has in messages (``name``).
  package static let standardInputName = "<stdin>"

  /// An input whose bytes are already in memory (tests, fuzzing).
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.content = .bytes(bytes)
  }

  private init(name: String, content: Content) {
    self.name = name
    self.content = content
  }

  /// Whether the input is a regular file that can be read again by path.
  public var isSeekable: Bool {
    if case .file = content { return true }
    return false
  }

  /// Opens `path` (`-` is standard input). A regular file is checked for reading and left to
  /// be read by path; any other kind of file is read to the end now.
  /// - Parameters:
  ///   - path: the path as the user gave it.
  ///   - waiting: called once (from another thread) when opening a FIFO has not returned after
  ///     ``waitingNoteDelay`` seconds because no process has opened it for writing yet, with a
  ///     one-line note such as `waiting for a writer on FIFO p (open it for writing, or Ctrl-C)`.
  ///     Opening blocks until a writer comes, as `cat` does.
  /// - Throws: ``InputError`` at line 0 (the file as a whole): no such file, a directory, no
  ///   permission, a read error. Every such error means the input is unreadable (exit 74).
  public static func open(_ path: String, waiting: (@Sendable (String) -> Void)? = nil)
    throws(InputError) -> InputSource
  {
    if path == standardInputPath {
      return InputSource(
        name: standardInputName,
        content: .bytes(try readAll(STDIN_FILENO, name: standardInputName)))
    }
    let (descriptor, isRegular) = try openForReading(path, waiting: waiting)
    defer { close(descriptor) }
    if isRegular { return InputSource(name: path, content: .file(path)) }
    return InputSource(name: path, content: .bytes(try readAll(descriptor, name: path)))
  }

  /// Opens `path` for reading, as ``open(_:waiting:)`` does (the same errors, the same note
  /// for a FIFO without a writer), and returns the descriptor (close-on-exec; the caller closes
  /// it) and whether it is a regular file. For inputs read live, such as `record --input`.
  /// - Throws: ``InputError`` at line 0: no such file, a directory, no permission.
  public static func openForReading(
    _ path: String, waiting: (@Sendable (String) -> Void)? = nil
  ) throws(InputError) -> (descriptor: Int32, isRegular: Bool) {
    var status = stat()
    guard stat(path, &status) == 0 else { throw failure(path, errno) }
    let type = status.st_mode & S_IFMT
    if type == S_IFDIR {
      throw InputError(
        .unreadable, file: path, line: 0, field: "", message: "is a directory, not a file")
    }
    var note: DispatchWorkItem?
    if type == S_IFIFO, let waiting {
      let item = DispatchWorkItem {
        waiting(
          "waiting for a writer on FIFO \(path) (open it for writing, or press Ctrl-C to stop)")
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + waitingNoteDelay, execute: item)
      note = item
    }
    var descriptor: Int32
    repeat {
      descriptor = openDescriptor(path)
    } while descriptor < 0 && errno == EINTR
    note?.cancel()
    guard descriptor >= 0 else { throw failure(path, errno) }
    return (descriptor, type == S_IFREG)
  }

  /// Seconds a FIFO may take to open before the `waiting` note of ``open(_:waiting:)``.
  public static let waitingNoteDelay = 0.2

  /// The lines of the input, from the start.
  /// - Throws: ``InputError`` at line 0 when a regular file can no longer be opened.
  package func lines(maximumLineLength: Int = 1 << 20) throws(InputError) -> LineReader {
    switch content {
    case .file(let path): try LineReader(path: path, maximumLineLength: maximumLineLength)
    case .bytes(let bytes):
      LineReader(bytes: bytes, file: name, maximumLineLength: maximumLineLength)
    }
  }

  /// Every byte of the input.
  /// - Throws: ``InputError`` at line 0 when a regular file cannot be read.
  public func bytes() throws(InputError) -> [UInt8] {
    switch content {
    case .bytes(let bytes): return bytes
    case .file(let path):
      let descriptor = openDescriptor(path)
      guard descriptor >= 0 else { throw Self.failure(path, errno) }
      defer { close(descriptor) }
      return try Self.readAll(descriptor, name: path)
    }
  }

  /// Reads `descriptor` to its end.
  static func readAll(_ descriptor: Int32, name: String) throws(InputError) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: LineReader.chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        result.append(contentsOf: chunk[0..<count])
      } else if count == 0 {
        return result
      } else if errno != EINTR {
        throw failure(name, errno)
      }
    }
  }

  /// The error for a failed system call on `path`.
  static func failure(_ path: String, _ code: Int32) -> InputError {
    let message =
      switch code {
      case ENOENT: "no such file"
      case EISDIR: "is a directory, not a file"
      default: "cannot read: \(String(cString: strerror(code)))"
      }
    return InputError(.unreadable, file: path, line: 0, field: "", message: message)
  }
}

/// `open(2)` for reading, close-on-exec (a file-scope name: ``InputSource/open(_:waiting:)``
/// hides the C function inside the type).
private func openDescriptor(_ path: String) -> Int32 {
  open(path, O_RDONLY | O_CLOEXEC)
}
