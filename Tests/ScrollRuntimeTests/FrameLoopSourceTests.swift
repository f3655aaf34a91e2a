import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// One core whatever the source: a trace in memory, a streamed trace and a list of generated
/// inputs give the same frames; a streaming loop owns its reader.
@Suite struct FrameLoopSourceTests {
  /// The replay tests' flick (8000 pt/s), then the content grows mid-fling and the viewport
  /// shrinks, with the android physics, as a v2 trace.
  static let trace: Trace = {
    let flick = FrameLoopReplayTests.flick
    var header = flick.header
    header.physics = "android"
    header.kind = .input
    header.version = 2
    let end = flick.events.count
    return Trace(
      header: header, events: flick.events,
      controls: [
        TraceControl(time: 0.3, kind: .contentHeight(30000), eventIndex: end),
        TraceControl(time: 0.6, kind: .viewportHeight(500), eventIndex: end),
      ])
  }()

  static let effect = CompiledPreset(.appleMusic).compiled

  /// Offset, velocity and outputs of the first `count` frames, as bit patterns.
  static func frames<Source: FrameInputSource & ~Copyable>(
    _ loop: inout FrameLoop<Source>, count: Int
  ) throws -> [[UInt64]] {
    var rows: [[UInt64]] = []
    for index in 0..<count {
      try loop.computeFrame(index)
      rows.append(
        ([loop.sample.offset, loop.sample.velocity] + loop.values).map(\.bitPattern))
    }
    return rows
  }

  static func streamed() throws -> TraceStreamInputs {
    let text = try TraceWriter.text(trace)
    return try TraceStreamInputs(bytes: Array(text.utf8), file: "t.jsonl", warn: { _ in })
  }

  /// The header names the physics (android here); an explicit profile overrides it.
  @Test func theProfileComesFromTheHeaderUnlessGiven() throws {
    let loop = try FrameLoop(trace: Self.trace, file: "t", effect: Self.effect, refreshRate: 120)
    #expect(loop.profile?.name == "android")
    let ios = try FrameLoop(
      trace: Self.trace, file: "t", effect: Self.effect, refreshRate: 120, profile: .ios)
    #expect(ios.profile?.name == "ios")
    var unknown = Self.trace
    unknown.header.physics = "webkit"
    let error = try #require(throws: InputError.self) {
      try FrameLoop(trace: unknown, file: "u.jsonl", effect: Self.effect, refreshRate: 120)
    }
    #expect(
      error.description == "u.jsonl:1: physics: unknown profile \"webkit\"; "
        + "expected ios, android, flutter, flutter-fast, chromium, chromium-physics, chromium-mac, "
        + "framer "
        + "(or choose one with --profile or the profile: argument)")
    unknown.header.physics = "flutterr"
    let misspelt = try #require(throws: InputError.self) {
      try FrameLoop(trace: unknown, file: "u.jsonl", effect: Self.effect, refreshRate: 120)
    }
    #expect(misspelt.message.hasSuffix("; did you mean 'flutter'?"))
  }

  /// In memory, streamed, and as a generated input list: the same frames, bit for bit.
  @Test func everySourceGivesTheSameFrames() throws {
    var memory = try FrameLoop(
      trace: Self.trace, file: "t", effect: Self.effect, refreshRate: 120)
    var stream = try FrameLoop(inputs: Self.streamed(), effect: Self.effect, refreshRate: 120)
    let header = Self.trace.header
    var list = try FrameLoop(
      source: FrameInputList(Self.trace.items.map(FrameInput.init), name: "list"),
      geometry: header.geometry, profile: .android, screenScale: header.device.scale,
      effect: Self.effect, refreshRate: 120)
    let expected = try Self.frames(&memory, count: 300)
    #expect(try Self.frames(&stream, count: 300) == expected)
    #expect(try Self.frames(&list, count: 300) == expected)
    #expect(memory.geometry.contentHeight == 30000 && memory.geometry.viewportHeight == 500)
  }

  /// Two streaming loops over one trace each own a reader: interleaved frame by frame they
  /// still read every line once each (a shared reader would hand each loop half the lines).
  ///
  /// Compile-time guarantees, not testable at run time: `FrameLoop<TraceStreamInputs>` is
  /// `~Copyable` (`let copy = loop` moves it, and using `loop` afterwards does not compile) and
  /// not `Sendable` (it cannot be sent to another task), while `FrameLoop<TraceInputs>` is both
  /// (checked below).
  @Test func twoStreamingLoopsNeverShareAReader() throws {
    var first = try FrameLoop(inputs: Self.streamed(), effect: Self.effect, refreshRate: 120)
    var second = try FrameLoop(inputs: Self.streamed(), effect: Self.effect, refreshRate: 120)
    var memory = try FrameLoop(
      trace: Self.trace, file: "t", effect: Self.effect, refreshRate: 120)
    for index in 0..<300 {
      try first.computeFrame(index)
      try second.computeFrame(index)
      try memory.computeFrame(index)
      #expect(first.sample.offset.bitPattern == memory.sample.offset.bitPattern)
      #expect(second.sample.offset.bitPattern == memory.sample.offset.bitPattern)
    }
    func isSendable<T: Sendable>(_: T.Type) -> Bool { true }
    #expect(isSendable(FrameLoop<TraceInputs>.self))
    #expect(isSendable(FrameLoop<FrameInputList>.self))
  }

  /// A run that ends early because the physics rejects an input throws, naming the source.
  @Test func aRejectedInputIsAnError() throws {
    let inputs = [
      FrameInput(time: 0, kind: .touchDown(y: 400)),
      FrameInput(time: 0.1, kind: .touchDown(y: 300)),
    ]
    var loop = try FrameLoop(
      source: FrameInputList(inputs, name: "double-down"),
      geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 3000), effect: nil,
      refreshRate: 60)
    try loop.computeFrame(0)
    let error = try #require(throws: InputError.self) {
      for index in 1..<60 { try loop.computeFrame(index) }
    }
    #expect(error.file == "double-down" && error.field == "type")
    #expect(loop.outputs.isEmpty && loop.values.isEmpty)
  }
}
