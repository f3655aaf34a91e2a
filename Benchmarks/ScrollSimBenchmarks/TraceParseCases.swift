import ScrollTrace

/// Trace parsing as replay does it: `TraceStreamReader` over the trace's bytes in memory, one
/// line at a time (line splitting, JSON, validation), reported per byte, in MB/s and, with
/// `--instructions`, in instructions per byte.
enum TraceParseCases {
  /// Every line of `text` through the streaming reader per iteration.
  static func stream(_ name: String, _ text: String) -> BenchmarkCase {
    let bytes = Array(text.utf8)
    return BenchmarkCase(
      name, unit: "byte", unitsPerIteration: Double(bytes.count), throughputUnit: "MB/s"
    ) {
      { n in
        for _ in 0..<n {
          var count = 0
          if let reader = try? TraceStreamReader(bytes: bytes, file: name, warn: { _ in }) {
            while (try? reader.next()) != nil { count += 1 }
          }
          blackHole(count)
        }
      }
    }
  }
}
