import ScrollTrace

/// The items a ``FrameLoop`` replays, in file order, each with its 1-based line number: a trace
/// held in memory, or a file streamed line by line in bounded memory (``TraceStreamReader``).
///
/// `@unchecked Sendable`: the stream reader is a class, but a frame loop is driven by one
/// thread at a time (clocks never call their body concurrently), so it is never shared.
struct TraceItemSource: @unchecked Sendable {
  private enum Storage {
    case memory([TraceItem], next: Int)
    case stream(TraceStreamReader)
  }

  private var storage: Storage

  /// The items of `trace`, numbered as in its file (header on line 1).
  init(_ trace: Trace) {
    storage = .memory(trace.items, next: 0)
  }

  /// The items `reader` has not read yet.
  init(_ reader: TraceStreamReader) {
    storage = .stream(reader)
  }

  /// The next item and its line, or nil at the end.
  /// - Throws: ``InputError`` for a malformed line of a streamed file.
  /// - Complexity: O(1) in memory; O(line length) streamed.
  mutating func next() throws(InputError) -> (item: TraceItem, line: Int)? {
    switch storage {
    case .memory(let items, let next):
      guard next < items.count else { return nil }
      storage = .memory(items, next: next + 1)
      return (items[next], next + 2)
    case .stream(let reader):
      guard let item = try reader.next() else { return nil }
      return (item, reader.lineNumber)
    }
  }
}
