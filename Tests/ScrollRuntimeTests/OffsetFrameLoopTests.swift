import Foundation
import ScrollEffects
import ScrollTrace
import Testing

@testable import ScrollRuntime

@Suite struct OffsetFrameLoopTests {
  static let header = TraceHeader(
    device: .init(screenWidth: 393, screenHeight: 852, scale: 3, refreshRate: 60),
    scroll: .init(viewportHeight: 852, contentHeight: 5000), kind: .offset)

  func reader(_ samples: [OffsetSample]) throws -> TraceStreamReader {
    let text = try TraceWriter.text(Trace(header: Self.header, events: [], offsets: samples))
    return try TraceStreamReader(bytes: Array(text.utf8), file: "o.jsonl")
  }

  /// The effect sees exactly the resampled offset: a collapsible header fed a ramp gives the
  /// same outputs as evaluating the effect on those offsets directly.
  @Test func feedsResampledOffsetsToTheEffect() throws {
    let samples = (0...30).map { OffsetSample(time: Double($0) / 30, y: 300 * Double($0) / 30) }
    var loop = try OffsetFrameLoop(
      reader: try reader(samples), effect: PresetEffect(.collapsibleHeader), refreshRate: 120)
    var reference = PresetEffect(.collapsibleHeader)
    var expected = Array(repeating: 0.0, count: reference.outputs.count)
    var events: [EffectEvent] = []
    var frames = 0
    repeat {
      try loop.computeNextFrame()
      let t = Double(loop.frameIndex) / 120
      #expect(abs(loop.sample.offset - min(300, 300 * t)) < 1e-9)
      reference.evaluate(loop.sample, into: &expected, events: &events)
      #expect(loop.values == expected)
      frames += 1
    } while !loop.isFinished
    #expect(frames == 121)  // frames 0…120; frame 120 is at the last sample (t = 1 s)
    #expect(loop.sample.phase == .idle)
  }

  @Test func rejectsAnInputTrace() throws {
    let input = TraceHeader(
      device: .init(screenWidth: 393, screenHeight: 852, scale: 3, refreshRate: 60),
      scroll: .init(viewportHeight: 852, contentHeight: 5000))
    let text = try TraceWriter.text(Trace(header: input, events: []))
    let reader = try TraceStreamReader(bytes: Array(text.utf8), file: "i.jsonl")
    let error = try #require(throws: InputError.self) {
      try OffsetFrameLoop(reader: reader, effect: PresetEffect(.appleMusic), refreshRate: 60)
    }
    #expect(error.field == "kind")
  }
}
