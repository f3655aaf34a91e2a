import Foundation
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
      trace: trace, file: "generated", effect: CompiledPreset(.collapsibleHeader),
      refreshRate: clock.refreshRate)
    var frames: [Frame] = []
    frames.reserveCapacity(count)
    var failure: InputError?
    clock.run { tick in
      do throws(InputError) {
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
    // A late tick may skip past frame 29 on a loaded machine: compute the virtual frames up to
    // the last index the real clock delivered, so every real frame has its virtual twin.
    let count = max(30, (realFrames.map(\.index).max() ?? 0) + 1)
    var virtual = VirtualFrameClock(refreshRate: rate)
    let virtualFrames = try Self.frames(clock: &virtual, count: count)
    #expect(virtualFrames.count == count)
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

  /// Frame 5 holds the work queue for 30 ms (more than three 8.3 ms periods at 120 Hz): the
  /// frames whose deadlines pass meanwhile are coalesced into one late frame, not replayed as a
  /// burst. Only the index arithmetic that the sleep guarantees is asserted, never durations.
  ///
  /// It depends on the timer thread being scheduled within a frame of its deadline, which a
  /// loaded machine (a parallel `swift test` on 2 cores) does not guarantee: it failed there
  /// (frame 7 delivered after the sleep). So it runs only when asked,
  /// `SCROLLSIM_REALTIME_TESTS=1 swift test --filter DispatchFrameClockTests`; CI waits on no
  /// wall-clock time.
  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment["SCROLLSIM_REALTIME_TESTS"] != nil,
      "real time: run with SCROLLSIM_REALTIME_TESTS=1"))
  func lateFramesAreCoalescedNotReplayed() {
    var clock = DispatchFrameClock(refreshRate: 120)
    var ticks: [FrameTick] = []
    clock.run { tick in
      ticks.append(tick)
      if tick.index == 5 { usleep(30_000) }
      return tick.index < 15
    }
    // Frame 5 ends at ≥ D(5) + 30 ms = 71.7 ms, past D(8) = 66.7 ms: the next frame delivered
    // is 8 or later, and 6 and 7 at least are missed.
    let afterSlow = ticks.first { $0.index > 5 }
    #expect(afterSlow.map { $0.index >= 8 } == true)
    #expect(afterSlow.map { $0.missedBefore == $0.index - 6 } == true)
    let pacing = FramePacing(timings: clock.timings, schedule: clock.schedule)
    #expect(pacing.missedFrames >= 2)
    #expect(pacing.jankyFrames >= 1)  // frame 5 lasted ≥ 30 ms > 2 × 8.3 ms
    // Frame 5 is shown at D(9) = 75 ms or later instead of D(6) = 50 ms.
    #expect(pacing.hitchTime >= 25_000_000)
  }

  @Test func virtualClockDeliversEveryFrameAtItsTargetTime() throws {
    var clock = VirtualFrameClock(schedule: try FrameSchedule(refreshRate: 120, changes: [(3, 60)]))
    var ticks: [FrameTick] = []
    clock.run { tick in
      ticks.append(tick)
      return tick.index < 5
    }
    #expect(ticks.map(\.index) == [0, 1, 2, 3, 4, 5])
    let times: [Double] = [0, 1.0 / 120, 2.0 / 120, 0.025, 0.025 + 1.0 / 60, 0.025 + 2.0 / 60]
    #expect(ticks.map(\.time) == times)
    #expect(ticks.allSatisfy { $0.missedBefore == 0 && $0.lateness == 0 })
  }
}
