// modules: ScrollSimCore ScrollTrace
// libFuzzer target: the CSV touch-log importer (RFC 4180 cells, column mapping).
// Invariants: never crash; an imported trace is valid (the writer accepts it).

let header = TraceHeader(
  device: .init(screenWidth: 390, screenHeight: 844, scale: 3, refreshRate: 120),
  scroll: .init(viewportHeight: 844, contentHeight: 4000))
let mapping = CSVTouchImporter.Mapping(time: "t", type: "type", x: "x", y: "y")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let trace = try CSVTouchImporter(mapping: mapping).trace(
      fromText: text, file: "fuzz", header: header)
    _ = try TraceWriter.text(trace)
  } catch {
    precondition(error.line >= 0 && !error.message.isEmpty, "malformed error \(error)")
  }
  return 0
}
