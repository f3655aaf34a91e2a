import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file a command writes (`--out`, `--output`, `--trace-events`) that is never presented as
/// whole when it is cut.
///
/// The bytes go to a temporary file in the same folder (`.NAME.scrollsim-PID.tmp`), renamed
/// onto the path by ``commit()`` only when the run ends normally, so an existing file there is
/// replaced in one step or not at all. A run stopped by a signal keeps what it wrote under a
/// clearly cut name (``keepCut()``: `frames.jsonl` → `frames.cut.jsonl`); a run that fails to
/// write (a full disk, `ulimit -f`) removes the temporary file (``discard()``).
///
/// A path that exists and is not a regular file (`/dev/stdout`, `/dev/full`, a FIFO) is written
/// directly: it cannot be replaced by a rename. Every `write(2)` is checked; with SIGXFSZ
/// ignored (``ScrollSimCommand/main(_:console:)``) a file-size limit is an error like any other.
final class OutputFile {
  /// The path as the user gave it.
  let path: String
  /// The temporary file renamed onto ``path`` at the end; `nil` when writing directly.
  let temporary: String?
  private var descriptor: Int32
  /// Bytes written so far.
  private(set) var byteCount = 0

  /// Creates the temporary file beside `path` (or opens `path` itself when it is not a
  /// regular file).
  /// - Throws: ``CommandError/output(_:)`` when it cannot be created.
  init(path: String) throws(CommandError) {
    self.path = path
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      if status.st_mode & S_IFMT == S_IFDIR { throw .output("\(path): is a directory, not a file") }
      descriptor = systemOpen(path, O_WRONLY | O_CLOEXEC)
      temporary = nil
    } else {
      let url = URL(fileURLWithPath: path)
      let name = ".\(url.lastPathComponent).scrollsim-\(getpid()).tmp"
      let temporary = url.deletingLastPathComponent().appendingPathComponent(name).path
      descriptor = systemOpen(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
      self.temporary = temporary
    }
    guard descriptor >= 0 else {
      throw .output("\(path): cannot create the file: \(String(cString: strerror(errno)))")
    }
  }

  deinit {
    if descriptor >= 0 { discard() }
  }

  /// Writes all of `text`.
  /// - Throws: ``CommandError/output(_:)`` naming the path and the system's reason (`File too
  ///   large`, `No space left on device`).
  func write(_ text: String) throws(CommandError) {
    if let failure = Self.writeAll(text, to: descriptor) {
      throw .output("\(path): cannot write: \(failure)")
    }
    byteCount += text.utf8.count
  }

  /// Writes all of `text` to `descriptor` with `write(2)` (retrying after EINTR): the one write
  /// loop of the command line, for output files and standard output alike.
  /// - Returns: `nil`, or the system's reason for the first failed write (`No space left on
  ///   device`, `File too large`).
  static func writeAll(_ text: String, to descriptor: Int32) -> String? {
    var text = text
    let failure: Int32? = text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += count
      }
      return nil
    }
    return failure.map { String(cString: strerror($0)) }
  }

  /// Writes a whole small file (an SVG, WebDriver actions, one trace) in one step: `text` goes
  /// to the temporary file, which replaces `path` only when every byte is written.
  /// - Throws: ``CommandError/output(_:)`` naming `path` and the system's reason.
  static func write(_ text: String, to path: String) throws(CommandError) {
    let file = try OutputFile(path: path)
    do throws(CommandError) {
      try file.write(text)
    } catch {
      file.discard()
      throw error
    }
    try file.commit()
  }

  /// Closes the file and renames it onto ``path``.
  /// - Throws: ``CommandError/output(_:)`` when closing or renaming fails (the temporary file is
  ///   removed then).
  func commit() throws(CommandError) {
    try close()
    guard let temporary else { return }
    try Self.commit(temporary, to: path)
  }

  /// Closes the file, keeping the temporary file for ``commit(_:to:)`` once the run knows it
  /// wants it (a many-trace replay commits its traces' files in path order at its end).
  /// - Throws: ``CommandError/output(_:)`` when closing fails (the temporary file is removed).
  func close() throws(CommandError) {
    guard descriptor >= 0 else { return }
    let result = systemClose(descriptor)
    descriptor = -1
    guard result == 0 else {
      let reason = String(cString: strerror(errno))
      if let temporary { unlink(temporary) }
      throw .output("\(path): cannot write: \(reason)")
    }
  }

  /// Renames the closed `temporary` file onto `path`, replacing it in one step.
  /// - Throws: ``CommandError/output(_:)`` when renaming fails (the temporary file is removed).
  static func commit(_ temporary: String, to path: String) throws(CommandError) {
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .output("\(path): cannot replace the file: \(reason)")
    }
  }

  /// Closes the file and keeps what was written under the cut name (``cutPath(for:)``),
  /// leaving ``path`` untouched. Returns the name it is kept under (``path`` itself when
  /// written directly), or `nil` when nothing could be kept.
  @discardableResult func keepCut() -> String? {
    if descriptor >= 0 { systemClose(descriptor) }
    descriptor = -1
    guard let temporary else { return path }
    let cut = Self.cutPath(for: path)
    guard rename(temporary, cut) == 0 else {
      unlink(temporary)
      return nil
    }
    return cut
  }

  /// Closes the file and removes the temporary file (``path`` is left as it was).
  func discard() {
    if descriptor >= 0 { systemClose(descriptor) }
    descriptor = -1
    if let temporary { unlink(temporary) }
  }

  /// The name a cut output is kept under: `.cut` before the extension
  /// (`frames.jsonl` → `frames.cut.jsonl`, `run` → `run.cut`).
  static func cutPath(for path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let ext = url.pathExtension
    guard !ext.isEmpty else { return path + ".cut" }
    return String(path.dropLast(ext.count + 1)) + ".cut." + ext
  }
}

// File-scope names for the C calls that the methods of ``OutputFile`` hide.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags, 0o666) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
@discardableResult private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
