import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollTrace
import Testing

@testable import ScrollRuntime

struct FrameLoopReplayTests {
  /// A flick up the screen: 10 moves 5 ms apart, 40 pt each (finger at 8000 pt/s).
  static let flick: Trace = {
    var events = [TraceEvent(time: 0.010, kind: .down, x: 200, y: 700)]
    for i in 1...10 {
      events.append(
        TraceEvent(time: 0.010 + 0.005 * Double(i), kind: .move, x: 200, y: 700 - 40 * Double(i)))
    }
    events.append(TraceEvent(time: 0.062, kind: .up, x: 200, y: 300))
    let header = TraceHeader(
      device: .init(screenWidth: 393, screenHeight: 852, scale: 3, refreshRate: 120),
      scroll: .init(viewportHeight: 852, contentHeight: 20000))
    return Trace(header: header, events: events)
  }()

  func run(_ trace: Trace, hz: Int, effect: EffectPreset = .appleMusic) throws -> [[Double]] {
    var loop = try FrameLoop(
      trace: trace, file: "flick", effect: CompiledPreset(effect), refreshRate: hz)
    var rows: [[Double]] = []
    var clock = VirtualFrameClock(refreshRate: hz)
    var failure: InputError?
    clock.run { tick in
      do throws(InputError) { try loop.computeFrame(tick.index) } catch {
        failure = error
        return false
      }
      rows.append([loop.sample.time, loop.sample.offset, loop.sample.velocity] + loop.values)
      return !loop.isFinished
    }
    if let failure { throw failure }
    return rows
  }

  @Test(arguments: [60, 120])
  func replayIsBitIdenticalRunToRun(hz: Int) throws {
    let first = try run(Self.flick, hz: hz)
    let second = try run(Self.flick, hz: hz)
    #expect(first.count > 100)
    #expect(first.map { $0.map(\.bitPattern) } == second.map { $0.map(\.bitPattern) })
  }

  @Test func frameTimesComeFromTheIndex() throws {
    let rows = try run(Self.flick, hz: 120)
    for (index, row) in rows.enumerated() {
      #expect(row[0] == Double(index) / 120)
    }
  }

  @Test("60 Hz and 120 Hz frames agree at shared instants")
  func ratesSampleOneMotion() throws {
    let at60 = try run(Self.flick, hz: 60)
    let at120 = try run(Self.flick, hz: 120)
    for (index, row) in at60.enumerated() where 2 * index < at120.count {
      #expect(row.map(\.bitPattern) == at120[2 * index].map(\.bitPattern))
    }
  }

  @Test func effectsReadTheSameFramesOffset() throws {
    var loop = try FrameLoop(
      trace: Self.flick, file: "flick", effect: CompiledPreset(.appleTVBar), refreshRate: 120)
    var index = 0
    repeat {
      try loop.computeFrame(index)
      let progress = min(max(loop.sample.offset / 100, 0), 1)
      #expect(loop.values[0] == progress)
      index += 1
    } while !loop.isFinished
  }

  @Test func theFlickFlingsDecaysAndRests() throws {
    var loop = try FrameLoop(
      trace: Self.flick, file: "flick", effect: CompiledPreset(.appleMusic), refreshRate: 120)
    var statistics = ReplayStatistics(outputCount: loop.outputs.count)
    var phases: [ScrollPhase] = []
    var index = 0
    repeat {
      try loop.computeFrame(index)
      statistics.record(loop)
      if phases.last != loop.sample.phase { phases.append(loop.sample.phase) }
      index += 1
    } while !loop.isFinished
    #expect(phases == [.idle, .dragging, .decelerating, .idle])
    #expect(statistics.releases.count == 1)
    #expect(abs(statistics.releases[0].velocity - 8000) < 1e-6)
    #expect(
      abs(statistics.timeToRest! - log(20.0 / 3 / 8000) / (1000 * log(0.998))) < 1.0 / 120 + 0.062)
    #expect(statistics.maximums[0] == 1 && statistics.minimums[0] == 0)
    #expect(statistics.eventCount == 1)
  }

  @Test("a DispatchSourceTimer run computes the same frames as the virtual clock")
  func realTimeFramesEqualVirtualFrames() throws {
    // A short drag that stops before lifting: about 20 frames at 120 Hz.
    var events = [TraceEvent(time: 0, kind: .down, x: 100, y: 500)]
    for i in 1...8 {
      events.append(TraceEvent(time: 0.01 * Double(i), kind: .move, x: 100, y: 500 - 5 * Double(i)))
    }
    events.append(TraceEvent(time: 0.16, kind: .up, x: 100, y: 460))
    let trace = Trace(header: Self.flick.header, events: events)
    func frames<Clock: FrameClock>(_ clock: inout Clock) throws -> [Int: [UInt64]] {
      var loop = try FrameLoop(
        trace: trace, file: "t", effect: CompiledPreset(.titleCard), refreshRate: 120)
      var rows: [Int: [UInt64]] = [:]
      clock.run { tick in
        guard (try? loop.computeFrame(tick.index)) != nil else { return false }
        rows[tick.index] = ([loop.sample.offset, loop.sample.velocity] + loop.values).map(
          \.bitPattern)
        return !loop.isFinished
      }
      return rows
    }
    var virtual = VirtualFrameClock(refreshRate: 120)
    var real = DispatchFrameClock(refreshRate: 120)
    let expected = try frames(&virtual)
    let actual = try frames(&real)
    #expect(expected.count == 21)
    #expect(!actual.isEmpty)
    // A late tick may skip past the virtual run's last frame on a loaded machine: that frame
    // shows the same rest as the virtual run's last one.
    let last = try #require(expected.keys.max())
    for (index, row) in actual {
      #expect(expected[min(index, last)] == row, "frame \(index)")
    }
    #expect(try #require(actual.keys.max()) >= last)
  }

  @Test func aPhysicsRejectionNamesTheTraceLine() throws {
    var trace = Self.flick
    trace.events.insert(TraceEvent(time: 0.02, kind: .down, x: 0, y: 0), at: 3)
    #expect {
      _ = try run(trace, hz: 120)
    } throws: { error in
      (error as? InputError).map { $0.line == 5 && $0.field == "type" } ?? false
    }
  }

  @Test func anUnsimulatableHeaderNamesTheField() {
    var trace = Self.flick
    trace.header.scroll.startOffset = 1e9
    #expect {
      _ = try FrameLoop(
        trace: trace, file: "t.jsonl", effect: CompiledPreset(.titleCard), refreshRate: 60)
    } throws: { error in
      (error as? InputError).map { $0.line == 1 && $0.field == "scroll.startOffset" } ?? false
    }
  }
}
