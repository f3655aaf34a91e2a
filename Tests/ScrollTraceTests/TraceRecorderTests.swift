import Foundation
import Testing

@testable import ScrollTrace

private typealias F = TraceFixtures

@Suite struct TraceRecorderTests {
  static let header = TraceHeader(
    device: .init(screenWidth: 390, screenHeight: 844, scale: 3, refreshRate: 120),
    scroll: .init(viewportHeight: 844, contentHeight: 4000), source: "test", timeOrigin: 100)

  @Test func recordsWhatTheWriterWouldWrite() throws {
    let path = F.temporaryPath("rec")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try TraceRecorder(path: path, header: Self.header, sync: .everyEvent)
    try recorder.touch(.down, x: 100, y: 500, at: 100)
    try recorder.touch(.move, x: 100, y: 450.5, at: 100.0125)
    try recorder.touch(.up, x: 100, y: 450.5, at: 100.02)
    try recorder.close()
    try recorder.close()
    let trace = try Trace.load(path: path)
    #expect(trace.events.map(\.kind) == [.down, .move, .up])
    #expect(trace.events[1].time == 100.0125 - 100)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written == (try TraceWriter.text(trace)))
    #expect(recorder.eventCount == 3)
  }

  @Test func rejectsABadEventWithoutWritingIt() throws {
    let path = F.temporaryPath("rec-bad")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try TraceRecorder(path: path, header: Self.header)
    try recorder.touch(.down, x: 0, y: 0, at: 101)
    let early = try #require(throws: InputError.self) {
      try recorder.touch(.move, x: 0, y: 1, at: 100.5)
    }
    #expect(early.line == 3)
    #expect(early.field == "t")
    let offset = try #require(throws: InputError.self) { try recorder.contentOffset(y: 3, at: 102) }
    #expect(offset.field == "type")
    try recorder.touch(.up, x: 0, y: 1, at: 102)
    try recorder.close()
    #expect(try Trace.load(path: path).events.count == 2)
    #expect(throws: InputError.self) { try recorder.touch(.down, x: 0, y: 0, at: 103) }
  }

  @Test func recordsContentOffsetsInAnOffsetTrace() throws {
    let path = F.temporaryPath("rec-offset")
    defer { try? FileManager.default.removeItem(atPath: path) }
    var header = Self.header
    header.kind = .offset
    header.version = 2
    let recorder = try TraceRecorder(path: path, header: header)
    for frame in 0..<10 {
      try recorder.contentOffset(y: Double(frame) * 8, at: 100 + Double(frame) / 120)
    }
    try recorder.close()
    let trace = try Trace.load(path: path)
    #expect(trace.offsets.count == 10)
    #expect(trace.offsets.last?.y == 72)
  }

  @Test func invalidHeaderOrPathIsAnError() throws {
    var bad = Self.header
    bad.device.scale = 0
    #expect(throws: InputError.self) { try TraceRecorder(path: F.temporaryPath("x"), header: bad) }
    let missing = try #require(throws: InputError.self) {
      try TraceRecorder(path: "/nonexistent-folder/t.jsonl", header: Self.header)
    }
    #expect(missing.line == 0)
  }

  /// Crash safety: a recording cut at every byte offset (as a killed process leaves it) reads
  /// back, with a warning at most, as exactly the events whose lines are complete.
  @Test func everyTruncationRecoversEveryCompleteEvent() throws {
    let path = F.temporaryPath("rec-cut")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try TraceRecorder(path: path, header: Self.header, sync: .never)
    var events: [TraceEvent] = []
    for touch in 0..<3 {
      let start = 100 + Double(touch)
      events.append(TraceEvent(time: start - 100, kind: .down, x: 10, y: 600))
      for step in 1...6 {
        events.append(
          TraceEvent(
            time: start - 100 + Double(step) / 100, kind: .move, x: 10,
            y: 600 - Double(step) * 17.25))
      }
      events.append(TraceEvent(time: start - 100 + 0.07, kind: .up, x: 10, y: 600 - 6 * 17.25))
    }
    for event in events { try recorder.record(event) }
    try recorder.close()
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let headerLength = (bytes.firstIndex(of: UInt8(ascii: "\n")) ?? 0) + 1
    var lineEnds: [Int] = []
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      lineEnds.append(index + 1)
    }
    for cut in headerLength...bytes.count {
      let prefix = Array(bytes.prefix(cut))
      let result = try TraceStreamReaderTests.readAll(prefix)
      let complete = lineEnds.filter { $0 <= cut }.count - 1
      // A cut just before a newline leaves a complete JSON line: it counts as an event.
      let unterminatedComplete =
        cut < bytes.count && bytes[cut] == UInt8(ascii: "\n") && cut > headerLength
      let expected = complete + (unterminatedComplete ? 1 : 0)
      #expect(result.items == events.prefix(expected).map(TraceItem.touch), "cut at byte \(cut)")
      let partial = lineEnds.contains(cut) || unterminatedComplete ? 0 : 1
      #expect(result.warnings.count == partial, "cut at byte \(cut)")
    }
  }
}
