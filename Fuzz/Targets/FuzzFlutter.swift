// modules: ScrollSimCore ScrollTrace
// libFuzzer target: the Flutter pointer-data importer (PointerData packets, JSON Lines of
// packets, PointerEvent records).
// Invariants: never crash; an imported trace is valid (the writer accepts it); every error
// names a line ≥ 0 and says something.

let header = TraceHeader(
  device: .init(screenWidth: 390, screenHeight: 844, scale: 3, refreshRate: 120),
  scroll: .init(viewportHeight: 844, contentHeight: 4000))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFlutter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let recording = try FlutterPointerImporter(devicePixelRatio: 2.75).recording(
      fromText: text, file: "fuzz", header: header)
    _ = try TraceWriter.text(recording.trace)
  } catch {
    precondition(error.line >= 0 && !error.message.isEmpty, "malformed error \(error)")
  }
  return 0
}
