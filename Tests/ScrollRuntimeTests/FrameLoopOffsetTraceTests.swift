import Foundation
import ScrollEffects
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// A frame loop over an offset trace: no physics, the recorded offsets resampled to the frames.
@Suite struct FrameLoopOffsetTraceTests {
  static let header = TraceHeader(
    device: .init(screenWidth: 393, screenHeight: 852, scale: 3, refreshRate: 60),
    scroll: .init(viewportHeight: 852, contentHeight: 5000), kind: .offset)

  func inputs(_ samples: [OffsetSample]) throws -> TraceStreamInputs {
    let text = try TraceWriter.text(Trace(header: Self.header, events: [], offsets: samples))
    return try TraceStreamInputs(bytes: Array(text.utf8), file: "o.jsonl", warn: { _ in })
  }

  /// The effect sees exactly the resampled offset: a collapsible header fed a ramp gives the
  /// same outputs as evaluating the effect on those offsets directly.
  @Test func feedsResampledOffsetsToTheEffect() throws {
    let samples = (0...30).map { OffsetSample(time: Double($0) / 30, y: 300 * Double($0) / 30) }
    var loop = try FrameLoop(
      inputs: try inputs(samples), effect: CompiledPreset(.collapsibleHeader).compiled,
      refreshRate: 120)
    #expect(loop.profile == nil)
    var reference = CompiledPreset(.collapsibleHeader)
    var expected = Array(repeating: 0.0, count: reference.outputs.count)
    var events: [EffectEvent] = []
    var frames = 0
    repeat {
      try loop.computeFrame(loop.frameIndex + 1)
      let t = Double(loop.frameIndex) / 120
      #expect(abs(loop.sample.offset - min(300, 300 * t)) < 1e-9)
      reference.evaluate(loop.sample, into: &expected, events: &events)
      #expect(loop.values == expected)
      frames += 1
    } while !loop.isFinished
    #expect(frames == 121)  // frames 0…120; frame 120 is at the last sample (t = 1 s)
    #expect(loop.sample.phase == .idle)
  }

  /// The loop's offsets are the ``OffsetResampler`` rule's, plus the top inset, bit for bit.
  @Test func offsetsAreTheResamplersPlusTheInset() throws {
    var header = Self.header
    header.scroll.contentInsetTop = 47
    let samples = [0.0, 0.013, 0.02, 0.02, 0.051, 0.3].enumerated().map {
      OffsetSample(time: $0.element, y: 7 * Double($0.offset * $0.offset) - 3)
    }
    let text = try TraceWriter.text(Trace(header: header, events: [], offsets: samples))
    var loop = try FrameLoop(
      inputs: try TraceStreamInputs(bytes: Array(text.utf8), file: "o.jsonl", warn: { _ in }),
      effect: CompiledPreset(.titleCard).compiled, refreshRate: 240)
    var resampler = OffsetResampler()
    var iterator = samples.makeIterator()
    for index in 0..<90 {
      try loop.computeFrame(index)
      let value = resampler.resample(at: Double(index) / 240) { iterator.next() }
      #expect(loop.sample.offset.bitPattern == (value.offset + 47).bitPattern, "frame \(index)")
      #expect(loop.sample.velocity.bitPattern == value.velocity.bitPattern, "frame \(index)")
      #expect(loop.isFinished == resampler.isPastEnd)
    }
  }

  /// An offset sample in an input trace, or a touch in an offset trace, is an error naming its
  /// line, never skipped.
  @Test func mixedItemsAreErrors() throws {
    let input = TraceHeader(
      device: .init(screenWidth: 393, screenHeight: 852, scale: 3, refreshRate: 60),
      scroll: .init(viewportHeight: 852, contentHeight: 5000))
    let mixed = Trace(
      header: input, events: [TraceEvent(time: 0, kind: .down, x: 0, y: 500)],
      offsets: [OffsetSample(time: 0.01, y: 3)])
    var loop = try FrameLoop(
      trace: mixed, file: "m.jsonl", effect: CompiledPreset(.titleCard), refreshRate: 60)
    try loop.computeFrame(0)
    let error = try #require(throws: InputError.self) { try loop.computeFrame(1) }
    #expect(error.line == 3 && error.field == "type")

    var offsetHeader = mixed
    offsetHeader.header = Self.header
    var offsets = try FrameLoop(
      trace: offsetHeader, file: "m.jsonl", effect: CompiledPreset(.titleCard), refreshRate: 60)
    let touch = try #require(throws: InputError.self) { try offsets.computeFrame(0) }
    #expect(touch.line == 2 && touch.field == "type")
  }
}
