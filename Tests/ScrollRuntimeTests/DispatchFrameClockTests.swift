import ScrollEffects
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// Real-time runs are short (30–40 frames) and never assert wall time: they check that every
/// frame a real-time run computes is bit-identical to the virtual-clock frame of the same index.
struct DispatchFrameClockTests {
  struct Frame: Equatable {
    var index: Int
    var sample: ScrollSample
    var values: [Double]
    var events: [EffectEvent]
  }

  static let trace = SwipeTraceGenerator(seed: 7).trace(duration: 1)

  static func frames<Clock: FrameClock>(clock: inout Clock, count: Int) throws -> [Frame] {
    var loop = try FrameLoop(
      trace: trace, file: "generated", effect: PresetEffect(.collapsibleHeader),
      refreshRate: clock.refreshRate)
    var frames: [Frame] = []
    frames.reserveCapacity(count)
    var failure: TraceError?
    clock.run { tick in
      do throws(TraceError) {
        try loop.computeFrame(tick.index, at: tick.time)
      } catch {
        failure = error
        return false
      }
      frames.append(
        Frame(index: tick.index, sample: loop.sample, values: loop.values, events: loop.events))
      return tick.index < count - 1
    }
    if let failure { throw failure }
    return frames
  }

  @Test(arguments: [60, 120])
  func realTimeFramesEqualVirtualFramesOfTheSameIndex(rate: Int) throws {
    var real = DispatchFrameClock(refreshRate: rate)
    let realFrames = try Self.frames(clock: &real, count: 30)
    var virtual = VirtualFrameClock(refreshRate: rate)
    let virtualFrames = try Self.frames(clock: &virtual, count: 30)
    #expect(virtualFrames.count == 30)
    #expect(!realFrames.isEmpty)
    for frame in realFrames {
      // Bit-identical: Equatable on Doubles compares exact values.
      #expect(frame == virtualFrames[frame.index])
    }
    // The log matches the frames computed, in order, with consistent times.
    #expect(real.timings.map(\.index) == realFrames.map(\.index))
    for timing in real.timings {
      #expect(timing.deadline == real.schedule.deadline(ofFrame: timing.index))
      #expect(timing.end >= timing.start)
    }
  }

  @Test func proMotionRunMatchesTheVirtualRunWithTheSameSchedule() throws {
    let schedule = try FrameSchedule(refreshRate: 120, changes: [(12, 60), (24, 120)])
    var real = DispatchFrameClock(schedule: schedule)
    let realFrames = try Self.frames(clock: &real, count: 36)
    var virtual = VirtualFrameClock(schedule: schedule)
    let virtualFrames = try Self.frames(clock: &virtual, count: 36)
    for frame in realFrames {
      #expect(frame == virtualFrames[frame.index])
      #expect(frame.sample.time == schedule.time(ofFrame: frame.index))
    }
  }

  @Test func ticksCountEveryIndexOnceAsComputedOrMissed() {
    var clock = DispatchFrameClock(refreshRate: 240)
    var ticks: [FrameTick] = []
    clock.run { tick in
      ticks.append(tick)
      return tick.index < 20
    }
    var expected = 0
    for tick in ticks {
      #expect(tick.index == expected + tick.missedBefore)
      expected = tick.index + 1
    }
    #expect(ticks.last.map { $0.index >= 20 } == true)
  }

  @Test func virtualClockDeliversEveryFrameAtItsTargetTime() throws {
    var clock = VirtualFrameClock(schedule: try FrameSchedule(refreshRate: 120, changes: [(3, 60)]))
    var ticks: [FrameTick] = []
    clock.run { tick in
      ticks.append(tick)
      return tick.index < 5
    }
    #expect(ticks.map(\.index) == [0, 1, 2, 3, 4, 5])
    #expect(
      ticks.map(\.time) == [0, 1.0 / 120, 2.0 / 120, 0.025, 0.025 + 1.0 / 60, 0.025 + 2.0 / 60])
    #expect(ticks.allSatisfy { $0.missedBefore == 0 && $0.lateness == 0 })
  }
}
