import ScrollRuntime

extension CommandInput {
  /// Every frame of the frame file at `path` (a pipe is read once), with its header, checked
  /// whole (a cut file is an error unless `allowPartial`) and not empty; `partial` says where a
  /// cut file allowed by `allowPartial` stops (`cut after frame 98`), nil for a whole one.
  /// - Parameter purpose: what the frames are for, in the error for a file without any
  ///   (`no frames to report`).
  /// - Throws: an unreadable input (exit 74), an invalid one (exit 65: a bad line, a cut file,
  ///   no frames).
  static func wholeFrames(
    _ path: String, allowPartial: Bool, purpose: String, console: Console
  ) throws(CommandError) -> (
    header: FrameFile.Header, records: [FrameRecord], partial: String?
  ) {
    let reader = try frameReader(path, console: console)
    var records: [FrameRecord] = []
    do {
      while let record = try reader.next() { records.append(record) }
    } catch {
      throw .input(error)
    }
    let whole = try checkWhole(reader, allowPartial: allowPartial, console: console)
    guard !records.isEmpty else { throw .invalid(path, "no frames to \(purpose)") }
    return (
      reader.header, records,
      whole ? nil : "cut after frame \(records.last!.frame) (no closing record)"
    )
  }
}
