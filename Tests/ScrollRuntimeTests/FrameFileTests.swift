import Foundation
import ScrollTrace
import Testing

@testable import ScrollRuntime

@Suite struct FrameFileTests {
  static let header = FrameFile.Header(
    effect: "apple-music", refreshRate: 120, trace: #"dir/"odd" name.jsonl"#,
    outputs: ["a.height", "b \"quoted\"", "c"])

  static func records() -> [FrameRecord] {
    var generator = SplitMix64(seed: 11)
    let specials = [
      0.0, -0.0, Double.leastNonzeroMagnitude, 1e-300, 1.7976931348623157e308, -123.456, 0.1 + 0.2,
    ]
    return (0..<50).map { index in
      func value() -> Double {
        generator.next() % 3 == 0
          ? specials[Int(generator.next() % UInt64(specials.count))]
          : Double(Int64(bitPattern: generator.next())) / 1e9
      }
      return FrameRecord(
        frame: index * 2, time: Double(index) / 120, offset: value(), velocity: value(),
        phase: index % 2 == 0 ? "dragging" : "idle", values: [value(), value(), value()],
        events: index % 7 == 0 ? ["a.height:enter", "c:leaveBack"] : [])
    }
  }

  /// Both formats read back bit-identical numbers (including -0, subnormals and the largest
  /// double) and the same names, phases and events.
  @Test(arguments: FrameFile.Format.allCases)
  func roundTripsBitForBit(_ format: FrameFile.Format) throws {
    var text = FrameFile.headerLine(Self.header, format: format)
    for record in Self.records() {
      text += FrameFile.line(record, outputs: Self.header.outputs, format: format)
    }
    let reader = try FrameFileReader(
      lines: LineReader(bytes: Array(text.utf8), file: "f"), format: format)
    #expect(reader.header.outputs == Self.header.outputs)
    if format == .jsonl { #expect(reader.header == Self.header) }
    var read: [FrameRecord] = []
    while let record = try reader.next() { read.append(record) }
    let expected = Self.records()
    #expect(read.count == expected.count)
    for (a, b) in zip(read, expected) {
      #expect(a.frame == b.frame && a.phase == b.phase && a.events == b.events)
      let bitsA = [a.time, a.offset, a.velocity] + a.values
      let bitsB = [b.time, b.offset, b.velocity] + b.values
      #expect(bitsA.map(\.bitPattern) == bitsB.map(\.bitPattern))
    }
  }

  @Test(arguments: [
    (
      FrameFile.Format.jsonl,
      #"{"events":[],"frame":0,"offset":0,"outputs":{"a":1},"phase":"idle","t":0}"#, "velocity"
    ),
    (
      FrameFile.Format.jsonl,
      #"{"events":[],"frame":0,"offset":0,"outputs":{},"phase":"idle","t":0,"velocity":0}"#,
      "outputs.a"
    ),
    (
      FrameFile.Format.jsonl,
      #"{"events":[],"frame":-1,"offset":0,"outputs":{"a":1},"phase":"idle","t":0,"velocity":0}"#,
      "frame"
    ),
    (
      FrameFile.Format.jsonl,
      #"{"events":[],"frame":0,"offset":0,"outputs":{"a":1},"phase":"idle","t":0,"velocity":0,"vel":1}"#,
      "vel"
    ),
    (
      FrameFile.Format.jsonl,
      #"{"events":[],"frame":0,"offset":0,"outputs":{"a":1,"b":2},"phase":"idle","t":0,"velocity":0}"#,
      "outputs.b"
    ),
    (FrameFile.Format.csv, "0,0,x,0,idle,1,,", "offset_pt"),
    (FrameFile.Format.csv, "0,0,0,0,idle,1", ""),
  ])
  func malformedFramesNameLineAndField(_ format: FrameFile.Format, line: String, field: String)
    throws
  {
    let header = FrameFile.headerLine(
      FrameFile.Header(effect: "e", refreshRate: 60, trace: "t", outputs: ["a"]), format: format)
    let reader = try FrameFileReader(
      lines: LineReader(bytes: Array((header + line + "\n").utf8), file: "f"), format: format)
    let error = try #require(throws: InputError.self) { try reader.next() }
    #expect(error.line == 2, "\(error)")
    #expect(error.field == field, "\(error)")
  }

  @Test func framesMustIncrease() throws {
    let text =
      "frame,time_s,offset_pt,velocity_pt_s,phase,a,events\n3,0,0,0,idle,1,\n3,0,0,0,idle,1,\n"
    let reader = try FrameFileReader(
      lines: LineReader(bytes: Array(text.utf8), file: "f"), format: .csv)
    _ = try reader.next()
    let error = try #require(throws: InputError.self) { try reader.next() }
    #expect(error.line == 3 && error.field == "frame")
  }
}
