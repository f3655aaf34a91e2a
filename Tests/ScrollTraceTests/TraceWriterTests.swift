import Foundation
import Testing

@testable import ScrollTrace

@Suite struct TraceWriterTests {
  static let header = TraceHeader(
    device: .init(
      name: "Test phone \"quoted\" / slash", screenWidth: 390, screenHeight: 844, scale: 3,
      refreshRate: 120),
    scroll: .init(
      viewportHeight: 844, contentHeight: 5000, contentInsetTop: 47, contentInsetBottom: 34,
      startOffset: 12.25),
    source: "unit test", timeOrigin: 21576.084956)

  /// Doubles that a careless writer would round: thirds, tiny, huge, negative zero.
  static let awkward = Trace(
    header: header,
    events: [
      TraceEvent(time: 0, kind: .down, x: 0.1 + 0.2, y: 1.0 / 3.0),
      TraceEvent(time: Double.leastNonzeroMagnitude, kind: .move, x: -0.0, y: 9_999_999.999999998),
      TraceEvent(time: 21578.005621 - 21577.975899, kind: .move, x: 0x354 / 2.625, y: 2400 / 2.625),
      TraceEvent(time: 0.1, kind: .up, x: -12.5, y: Double.leastNormalMagnitude),
      TraceEvent(time: 0.1, kind: .down, x: 1, y: 2),
      TraceEvent(time: 0.2, kind: .cancel, x: 1, y: 2),
      TraceEvent(time: 0.3, kind: .down, x: 1, y: 2),
    ])

  @Test func roundTripIsBitIdentical() throws {
    let text = try TraceWriter.text(Self.awkward)
    let back = try Trace.parse(text, file: "mem")
    #expect(back == Self.awkward)
    for (written, read) in zip(Self.awkward.events, back.events) {
      #expect(written.time.bitPattern == read.time.bitPattern)
      #expect(written.x.bitPattern == read.x.bitPattern)
      #expect(written.y.bitPattern == read.y.bitPattern)
    }
    #expect(back.header.timeOrigin?.bitPattern == Self.header.timeOrigin?.bitPattern)
  }

  @Test func writesSortedKeysOneEventPerLine() throws {
    let trace = Trace(
      header: TraceHeader(
        device: .init(screenWidth: 390, screenHeight: 844, scale: 3, refreshRate: 60),
        scroll: .init(viewportHeight: 844, contentHeight: 2000)),
      events: [TraceEvent(time: 0.0125, kind: .down, x: 180.5, y: 640.25)])
    let text = try TraceWriter.text(trace)
    #expect(
      text
        == #"{"device":{"refreshRate":60,"scale":3,"screenHeight":844,"screenWidth":390},"#
        + #""format":"scrollsim-trace","physics":"ios","scroll":{"contentHeight":2000,"#
        + #""contentInsetBottom":0,"contentInsetTop":0,"startOffset":0,"viewportHeight":844},"#
        + #""units":{"length":"pt","time":"s"},"version":1}"# + "\n"
        + #"{"t":0.0125,"type":"down","x":180.5,"y":640.25}"# + "\n")
    #expect(try TraceWriter.text(trace) == text)
  }

  @Test func writesAndReadsAFile() throws {
    let path =
      FileManager.default.temporaryDirectory.path
      + "/scrolltrace-writer-\(UUID().uuidString).jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try TraceWriter.write(Self.awkward, to: path)
    #expect(try Trace.load(path: path) == Self.awkward)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(bytes.last == UInt8(ascii: "\n"))
    #expect(bytes.filter { $0 == UInt8(ascii: "\n") }.count == Self.awkward.events.count + 1)
  }

  @Test func writeFailureNamesTheFile() {
    let path = "/nonexistent/dir/out.jsonl"
    let error = #expect(throws: InputError.self) { try TraceWriter.write(Self.awkward, to: path) }
    #expect(error?.file == path)
    #expect(error?.line == 0)
    #expect(error?.message.hasPrefix("cannot write") == true)
  }

  @Test func refusesToWriteWhatTheReaderWouldReject() {
    var badTime = Self.awkward
    badTime.events[2].time = .nan
    let timeError = #expect(throws: InputError.self) { try TraceWriter.text(badTime, file: "o") }
    #expect(timeError?.line == 4)
    #expect(timeError?.field == "t")

    var badOrder = Self.awkward
    badOrder.events.insert(TraceEvent(time: 0, kind: .move, x: 0, y: 0), at: 0)
    let orderError = #expect(throws: InputError.self) { try TraceWriter.text(badOrder) }
    #expect(orderError?.line == 2)
    #expect(orderError?.field == "type")

    var badHeader = Self.awkward
    badHeader.header.scroll.startOffset = 1e6
    let headerError = #expect(throws: InputError.self) { try TraceWriter.text(badHeader) }
    #expect(headerError?.line == 1)
    #expect(headerError?.field == "scroll.startOffset")

    var badUnits = Self.awkward
    badUnits.header.units.time = "ms"
    #expect(throws: InputError.self) { try TraceWriter.text(badUnits) }
  }
}
