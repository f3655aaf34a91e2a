import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

private typealias F = TraceFixtures

/// Format version 2: the `kind` header key and `offset` events.
@Suite struct OffsetTraceFormatTests {
  @Test func readsAnOffsetTrace() throws {
    let trace = try Trace.parse(
      F.text([F.offset(0, 0), F.offset(0.01, 12.5), F.offset(0.01, 13)], header: F.offsetHeader),
      file: "o.jsonl")
    #expect(trace.header.version == 2)
    #expect(trace.header.traceKind == .offset)
    #expect(trace.events.isEmpty)
    #expect(
      trace.offsets == [
        OffsetSample(time: 0, y: 0), OffsetSample(time: 0.01, y: 12.5),
        OffsetSample(time: 0.01, y: 13),
      ])
    #expect(trace.duration == 0.01)
  }

  @Test func offsetTraceRoundTripsBitForBit() throws {
    var generator = SplitMix64(seed: 7)
    var time = 0.0
    var offsets: [OffsetSample] = []
    for _ in 0..<500 {
      time += Double(generator.next() % 20_000) / 1_000_000
      offsets.append(
        OffsetSample(time: time, x: 0, y: Double(Int64(bitPattern: generator.next())) / 1e15))
    }
    let header = try Trace.parse(F.offsetHeader + "\n", file: "h").header
    let trace = Trace(header: header, events: [], offsets: offsets)
    let text = try TraceWriter.text(trace)
    #expect(text.hasPrefix("{") && text.contains(#""kind":"offset""#))
    #expect(try Trace.parse(text, file: "o") == trace)
  }

  @Test func inputTracesStillWriteVersion1() throws {
    let trace = try Trace.parse(F.text([F.down, F.up]), file: "t")
    let text = try TraceWriter.text(trace)
    #expect(text.contains(#""version":1"#))
    #expect(!text.contains("kind"))
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var line: Int
    var field: String
    var says: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    .init(
      name: "v2 without kind",
      text: F.header(replacing: #""version":1"#, with: #""version":2"#) + "\n",
      line: 1, field: "kind", says: "missing"),
    .init(
      name: "kind in v1",
      text: F.header(replacing: #""version":1"#, with: #""kind":"offset","version":1"#) + "\n",
      line: 1, field: "kind", says: "unknown key"),
    .init(
      name: "unknown kind",
      text: F.header(replacing: #""version":1"#, with: #""kind":"wheel","version":2"#) + "\n",
      line: 1, field: "kind", says: "input, offset"),
    .init(
      name: "offset in an input trace", text: F.text([F.offset(0, 1)]),
      line: 2, field: "type", says: "version-2"),
    .init(
      name: "touch in an offset trace",
      text: F.text([F.offset(0, 1), F.down], header: F.offsetHeader),
      line: 3, field: "type", says: "only offset"),
    .init(
      name: "offset time backwards",
      text: F.text([F.offset(0.5, 1), F.offset(0.25, 2)], header: F.offsetHeader),
      line: 3, field: "t", says: "earlier than 0.5 s"),
    .init(
      name: "offset NaN",
      text: F.text([#"{"t":0,"type":"offset","x":0,"y":NaN}"#], header: F.offsetHeader),
      line: 2, field: "y", says: "not a finite number"),
    // 197 pt in 5e-324 s: the resampler's slope would be ∞ (and the offset NaN at the first
    // sample: (t − a.time) · ∞ = 0 · ∞).
    .init(
      name: "offset samples a subnormal time apart",
      text: F.text([F.offset(0, -97), F.offset(5e-324, 100)], header: F.offsetHeader),
      line: 3, field: "t", says: "too close to the previous sample's"),
    .init(
      name: "offset missing y",
      text: F.text([#"{"t":0,"type":"offset","x":0}"#], header: F.offsetHeader),
      line: 2, field: "y", says: "missing"),
  ]

  @Test(arguments: cases)
  func rejects(_ c: Case) throws {
    let error = try #require(F.error(parsing: c.text))
    #expect(error.line == c.line)
    #expect(error.field == c.field)
    #expect(error.message.contains(c.says), "\(error)")
  }
}
