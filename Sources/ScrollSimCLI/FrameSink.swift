import Foundation
import ScrollRuntime

/// Writes frames to a file as a run produces them: a frame file (`--output`, JSON Lines or CSV
/// by extension) or Chrome trace-event JSON (`--trace-events`). Buffered; ``close()`` flushes.
final class FrameSink {
  enum Kind {
    case frames(FrameFile.Format)
    case chromeTrace(ChromeTraceWriter)
  }

  private let path: String
  private let handle: FileHandle
  private var kind: Kind
  private var outputs: [String] = []
  private var buffer = ""
  private var writeError: String?

  /// Creates (or replaces) the file at `path`.
  /// - Throws: ``CommandError/usage(_:)`` for a frame file with an unknown extension,
  ///   ``CommandError/output(_:)`` when the file cannot be created.
  init(path: String, kind: Kind) throws(CommandError) {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw .output("\(path): cannot create the file") }
    self.path = path
    self.handle = handle
    self.kind = kind
  }

  /// A frame-file sink; the format comes from the extension of `path` (given with `option`,
  /// named in the error for another extension).
  static func frames(path: String, option: String = "--output") throws(CommandError) -> FrameSink {
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
    switch kind {
    case .frames(let format): append(FrameFile.line(record, outputs: outputs, format: format))
    case .chromeTrace(var writer):
      append(writer.events(for: record))
      kind = .chromeTrace(writer)
    }
  }

  /// Finishes the file and closes it.
  /// - Throws: ``CommandError/output(_:)`` when writing fails.
  func close() throws(CommandError) {
    if case .chromeTrace(let writer) = kind { buffer += writer.end() }
    if let writeError { throw .output("\(path): cannot write: \(writeError)") }
    do {
      try handle.write(contentsOf: Data(buffer.utf8))
      try handle.close()
    } catch {
      throw .output("\(path): cannot write: \(error.localizedDescription)")
    }
    buffer = ""
  }

  private func append(_ text: String) {
    buffer += text
    guard buffer.utf8.count >= 1 << 16, writeError == nil else { return }
    do {
      try handle.write(contentsOf: Data(buffer.utf8))
    } catch {
      writeError = error.localizedDescription
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
