import Foundation
import ScrollRuntime

/// Writes frames to a file as a run produces them: a frame file (`--output`, JSON Lines or CSV
/// by extension) or Chrome trace-event JSON (`--trace-events`). Buffered; written through an
/// ``OutputFile``, so the file appears at its path only when ``finish(complete:)`` ends a whole
/// run, with the frame file's closing record.
final class FrameSink {
  enum Kind {
    case frames(FrameFile.Format)
    case chromeTrace(ChromeTraceWriter)
  }

  private let file: OutputFile
  private var kind: Kind
  private var outputs: [String] = []
  private var buffer = ""
  private var frameCount = 0
  /// The first write error; later frames are dropped and the run stops.
  private(set) var failure: CommandError?

  /// The path as given.
  var path: String { file.path }

  /// Starts writing the file at `path` (created or replaced at the end).
  /// - Throws: ``CommandError/output(_:)`` when the file cannot be created.
  init(path: String, kind: Kind) throws(CommandError) {
    self.file = try OutputFile(path: path)
    self.kind = kind
  }

  /// A frame-file sink; the format comes from the extension of `path` (given with `option`,
  /// named in the error for another extension).
  static func frames(path: String, option: String = "--out") throws(CommandError) -> FrameSink {
    guard let format = FrameFile.Format(path: path) else {
      throw .usage("\(option) \(path): expected a .jsonl or .csv file name")
    }
    return try FrameSink(path: path, kind: .frames(format))
  }

  /// Writes the header (frame file) or the opening (Chrome trace).
  func begin(_ header: FrameFile.Header) {
    outputs = header.outputs
    switch kind {
    case .frames(let format): append(FrameFile.headerLine(header, format: format))
    case .chromeTrace(var writer):
      append(
        writer.begin(
          outputs: header.outputs,
          title: (["scrollsim", header.effect, header.trace].filter { !$0.isEmpty })
            .joined(separator: " ")))
      kind = .chromeTrace(writer)
    }
  }

  /// Writes one frame.
  func write(_ record: FrameRecord) {
    frameCount += 1
    switch kind {
    case .frames(let format): append(FrameFile.line(record, outputs: outputs, format: format))
    case .chromeTrace(var writer):
      append(writer.events(for: record))
      kind = .chromeTrace(writer)
    }
  }

  /// Ends the file and puts it in place: the closing record (frame file; left out when
  /// `complete` is false, as when exporting a file that was itself cut) or the end of the JSON
  /// (Chrome trace), then ``OutputFile/commit()``.
  /// - Throws: ``CommandError/output(_:)`` when writing fails; the file is then not created.
  func finish(complete: Bool = true) throws(CommandError) {
    try close(complete: complete)
    try file.commit()
  }

  /// ``finish(complete:)`` but for the rename: the whole file, closed, stays at its temporary
  /// name, which this returns (nil when it is written directly), for
  /// ``OutputFile/commit(_:to:)`` later or removal.
  /// - Throws: as ``finish(complete:)``.
  func closeForLaterCommit() throws(CommandError) -> String? {
    try close(complete: true)
    return file.temporary
  }

  /// Writes the end (the closing record when `complete`) and closes the file.
  private func close(complete: Bool) throws(CommandError) {
    switch kind {
    case .frames(let format):
      if complete { buffer += FrameFile.endLine(frames: frameCount, format: format) }
    case .chromeTrace(let writer): buffer += writer.end()
    }
    flush()
    if let failure {
      file.discard()
      throw failure
    }
    try file.close()
  }

  /// A run stopped early (a signal): writes what is buffered without a closing record and
  /// keeps it under the cut name. Returns a clause for the interruption message, e.g.
  /// `frames.jsonl left unchanged; the 120 frames written are in frames.cut.jsonl (no closing
  /// record)`.
  func stop() -> String {
    flush()
    guard failure == nil else {
      file.discard()
      return "\(path) not written"
    }
    let frames = CheckReportFormatter.plural(frameCount, "frame")
    guard let kept = file.keepCut() else { return "\(path) not written" }
    if kept == path { return "\(path) holds the \(frames) written (no closing record)" }
    return "\(path) left as it was; the \(frames) written are in \(kept) (no closing record)"
  }

  /// Abandons the file after an error elsewhere: the temporary file is removed.
  func discard() {
    buffer = ""
    file.discard()
  }

  private func append(_ text: String) {
    buffer += text
    if buffer.utf8.count >= 1 << 16 { flush() }
  }

  private func flush() {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil, !buffer.isEmpty else { return }
    do {
      try file.write(buffer)
    } catch {
      failure = error
    }
  }
}
