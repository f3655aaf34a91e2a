import Foundation
import ScrollRuntime
import ScrollTrace

/// Opening the files a command reads (traces, frame files), with the messages and exit status
/// every command shares.
enum CommandInput {
  /// Opens `path` (`-` is standard input; a pipe, process substitution or FIFO is read once,
  /// here). When a FIFO has no writer yet, says so on standard error and waits for one.
  /// - Throws: an unreadable input (exit 74) for a missing file, a directory, no permission or
  ///   a read error.
  static func open(_ path: String, console: Console) throws(CommandError) -> InputSource {
    do {
      return try InputSource.open(path) { note in console.error("scrollsim: \(note)") }
    } catch {
      throw .input(error)
    }
  }

  /// Every byte of `path` (a pipe read once; `-` is standard input), for JSON documents
  /// (specs, profiles), and the name its errors give it (`<stdin>` for `-`, as for a trace).
  /// - Throws: an unreadable input (exit 74) when it cannot be read.
  static func data(_ path: String) throws(CommandError) -> (name: String, data: Data) {
    do {
      let input = try InputSource.open(path)
      return (input.name, Data(try input.bytes()))
    } catch {
      throw .input(error)
    }
  }

  /// The whole text of `path` (a pipe read once; `-` is standard input).
  /// - Throws: an unreadable input when it cannot be read, an invalid one naming the first line
  ///   that is not UTF-8.
  static func text(_ path: String, console: Console) throws(CommandError) -> String {
    let input = try open(path, console: console)
    let bytes: [UInt8]
    do {
      bytes = try input.bytes()
    } catch {
      throw .input(error)
    }
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var line = 1
    for part in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if String(validating: part, as: UTF8.self) == nil { break }
      line += 1
    }
    throw .invalid(input.name, line: line, "not valid UTF-8 text")
  }

  /// The line printed when a signal stops a run: `scrollsim: stopped by SIGINT (Ctrl-C) after
  /// frame 120 (t = 1.000 s; 121 frames written): …` followed by what became of each output.
  static func interruption(
    _ interrupt: InterruptFlag, what: String, outputs: [String] = []
  ) -> String {
    "scrollsim: stopped by \(interrupt.reason) \(what)"
      + (outputs.isEmpty ? "" : "; " + outputs.joined(separator: "; "))
  }
}

extension CommandInput {
  /// Opens the frame file at `path` (a pipe is read once) and reads its header.
  /// - Throws: an unreadable input when it cannot be read, an invalid one for an unknown type,
  ///   an empty file or a bad header.
  static func frameReader(_ path: String, console: Console) throws(CommandError)
    -> FrameFileReader
  {
    let input = try open(path, console: console)
    do {
      return try FrameFileReader(input: input)
    } catch {
      throw .input(error)
    }
  }

  /// Whether `reader`, read to its end, was whole. A cut file (no closing record) is an error
  /// (exit 65) unless `allowPartial`; then a warning says how much of it is used.
  /// - Throws: an invalid input (exit 65) for a cut file without `allowPartial`.
  @discardableResult
  static func checkWhole(_ reader: FrameFileReader, allowPartial: Bool, console: Console)
    throws(CommandError) -> Bool
  {
    guard case .cut(let frames, let lastFrame) = reader.ending else { return true }
    let cut =
      "is cut " + (lastFrame.map { "after frame \($0)" } ?? "before its first frame")
      + " (no closing record)"
    guard allowPartial else {
      throw .invalid(
        reader.file,
        cut + ": a run that was stopped or could not finish writing, or a file written before "
          + "frame files had closing records; pass --allow-partial to use its "
          + CheckReportFormatter.plural(frames, "frame"))
    }
    console.error(
      "scrollsim: warning: \(reader.file): \(cut); using its \(CheckReportFormatter.plural(frames, "frame")) "
        + "(--allow-partial)")
    return false
  }
}
