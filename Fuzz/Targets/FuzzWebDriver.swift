// modules: ScrollSimCore ScrollTrace
// libFuzzer target: the package's JSON reader and the WebDriver actions importer.
// Invariants: never crash; an imported trace is valid (the writer accepts it) and its export
// parses again.

let header = TraceHeader(
  device: .init(screenWidth: 390, screenHeight: 844, scale: 3, refreshRate: 120),
  scroll: .init(viewportHeight: 844, contentHeight: 4000))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebDriver(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let trace = try WebDriverActions.parse(text, file: "fuzz", header: header)
    _ = try TraceWriter.text(trace)
    let export = WebDriverActions.export(trace)
    precondition((try? JSONReader.parse(export)) != nil, "export does not parse")
  } catch {
    precondition(error.line >= 0 && !error.message.isEmpty, "malformed error \(error)")
  }
  return 0
}
