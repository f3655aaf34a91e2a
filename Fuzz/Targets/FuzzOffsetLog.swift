// modules: ScrollSimCore ScrollTrace
// libFuzzer target: the iOS contentOffset log importer (JSON Lines or CSV, UIKit field names).
// Invariants: never crash; an imported offset trace is valid (the writer accepts it); every
// error names a line ≥ 0 and says something.

let header = TraceHeader(
  device: .init(screenWidth: 390, screenHeight: 844, scale: 3, refreshRate: 120),
  scroll: .init(viewportHeight: 844, contentHeight: 4000))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOffsetLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let log = try OffsetLogImporter().log(fromText: text, file: "fuzz", header: header)
    _ = try TraceWriter.text(log.trace)
  } catch {
    precondition(error.line >= 0 && !error.message.isEmpty, "malformed error \(error)")
  }
  return 0
}
