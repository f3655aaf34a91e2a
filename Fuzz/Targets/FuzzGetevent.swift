// modules: ScrollSimCore ScrollTrace
// libFuzzer target: the Android getevent -lt importer (protocol A and B) and the live recorder's
// line parser. Invariants: never crash; a successful import gives traces the writer accepts.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGetevent(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let session = try GeteventImporter().session(fromText: text, file: "fuzz")
    _ = try TraceWriter.text(session)
    for gesture in try GeteventImporter().gestures(fromText: text, file: "fuzz") {
      _ = try TraceWriter.text(gesture)
    }
  } catch {
    precondition(error.line >= 0 && !error.message.isEmpty, "malformed error \(error)")
  }
  return 0
}
