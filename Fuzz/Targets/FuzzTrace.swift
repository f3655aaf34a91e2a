// modules: ScrollSimCore ScrollTrace
// libFuzzer target: the trace reader (whole text and streaming) and writer.
// Invariants: never crash; both readers agree on newline-terminated input; a parsed trace
// writes and reads back equal; every error names a line ≥ 0 and has a message.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  let whole: Result<Trace, InputError> = Result { () throws(InputError) in
    try Trace.parse(text, file: "fuzz")
  }
  var streamed: Result<[TraceItem], InputError>
  do {
    let reader = try TraceStreamReader(bytes: bytes, file: "fuzz", warn: { _ in })
    var items: [TraceItem] = []
    while let item = try reader.next() { items.append(item) }
    streamed = .success(items)
  } catch {
    streamed = .failure(error)
  }
  if case .failure(let error) = whole { check(error) }
  if case .failure(let error) = streamed { check(error) }
  if case .success(let trace) = whole {
    let written = try! TraceWriter.text(trace)  // the writer accepts what the reader accepts
    let again = try! Trace.parse(written, file: "fuzz")
    precondition(again == trace, "write/read round trip changed the trace")
    // Valid UTF-8 ending in a newline: the streaming reader must agree.
    if String(validating: bytes, as: UTF8.self) != nil, bytes.last == UInt8(ascii: "\n"),
      case .success(let items) = streamed
    {
      precondition(items == trace.items, "stream and whole-text readers disagree")
    }
  }
  return 0
}

func check(_ error: InputError) {
  precondition(error.line >= 0 && !error.message.isEmpty, "malformed error \(error)")
}
