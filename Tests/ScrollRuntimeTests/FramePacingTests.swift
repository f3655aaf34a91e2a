import Testing

@testable import ScrollRuntime

/// Frame-pacing maths on constructed frame logs at 100 Hz (10 ms periods), with every expected
/// figure computed by hand in the comments.
struct FramePacingTests {
  static let ms: UInt64 = 1_000_000
  static let schedule = FrameSchedule(refreshRate: 100)

  /// Frames `indices`, each starting 1 ms after its deadline and ending 2 ms after it, unless
  /// `ends` gives another end (ms after the deadline).
  static func log(_ indices: [Int], ends: [Int: UInt64] = [:], starts: [Int: UInt64] = [:])
    -> [FrameTiming]
  {
    indices.map { index in
      let deadline = schedule.deadline(ofFrame: index)
      return FrameTiming(
        index: index, deadline: deadline, start: deadline + (starts[index] ?? 1) * ms,
        end: deadline + (ends[index] ?? 2) * ms)
    }
  }

  @Test func aSteadyRunHasNoHitches() {
    let pacing = FramePacing(timings: Self.log(Array(0..<100)), schedule: Self.schedule)
    #expect(pacing.frames == 100)
    #expect(pacing.missedFrames == 0)
    #expect(pacing.lateness.median == 1e6 && pacing.lateness.max == 1e6)
    #expect(pacing.duration == 1_000_000_000)  // frame 99 shown at D(100) = 1 s
    #expect(pacing.hitchTime == 0 && pacing.hitchCount == 0)
    #expect(pacing.hitchTimeRatio == 0)
    #expect(pacing.hitchBand == .good)
    #expect(pacing.jankyFrames == 0)
    #expect(pacing.delayedFrames == 0 && pacing.missedVsyncs == 0)
  }

  @Test func aLongFrameAndItsCoalescedSuccessors() {
    // Frame 9 was shown at D(10), so frame 10 was expected at D(11); it ends 25 ms after D(10)
    // and is shown at D(13): 20 ms of hitch, 2 missed vsyncs. Frames 11 and 12 were skipped by the clock; frame 13
    // runs on time and is shown at D(14), expected D(14): no hitch.
    let indices = Array(0...10) + Array(13..<100)
    let pacing = FramePacing(timings: Self.log(indices, ends: [10: 25]), schedule: Self.schedule)
    #expect(pacing.frames == 98)
    #expect(pacing.missedFrames == 2)
    #expect(pacing.hitchTime == 20 * Self.ms)
    #expect(pacing.hitchCount == 1)
    #expect(pacing.duration == 1_000_000_000)
    #expect(pacing.hitchTimeRatio == 20)  // 20 ms / 1 s
    #expect(pacing.hitchBand == .critical)
    #expect(pacing.jankyFrames == 1)  // 25 ms > 2 × 10 ms
    #expect(pacing.delayedFrames == 1)
    #expect(pacing.missedVsyncs == 2)
    #expect(abs(pacing.delayedFramePercentage - 100.0 / 98.0) < 1e-12)
  }

  @Test func boundariesOfTheThreeRules() {
    // Frame 5 ends exactly at D(6): shown at D(6), on time. Frame 20 ends 1 ns after D(21):
    // shown at D(22), one vsync late (10 ms of hitch). JankStats: frame 30 lasts exactly 20 ms
    // (not over 2×), frame 40 lasts 21 ms (janky) and is shown at D(43): 2 vsyncs late.
    var timings = Self.log(Array(0..<100), ends: [5: 10, 30: 20, 40: 21])
    timings[20].end = Self.schedule.deadline(ofFrame: 21) + 1
    let pacing = FramePacing(timings: timings, schedule: Self.schedule)
    #expect(pacing.jankyFrames == 1)
    #expect(pacing.delayedFrames == 3)  // frames 20, 30 (shown at D(32)) and 40
    #expect(pacing.missedVsyncs == 1 + 1 + 2)
    #expect(pacing.hitchTime == 40 * Self.ms)
    // Frames after a late one are expected one vsync after it, so they are not hitches too.
    #expect(pacing.hitchCount == 3)
  }

  @Test func framesMissedAtTheStartAreHitches() {
    // Frames 0–2 never ran; frame 3 is shown at D(4) but frame 0 was expected at D(1).
    let pacing = FramePacing(timings: Self.log(Array(3..<10)), schedule: Self.schedule)
    #expect(pacing.missedFrames == 3)
    #expect(pacing.hitchTime == 30 * Self.ms)
    #expect(pacing.duration == 100 * Self.ms)
    #expect(pacing.hitchTimeRatio == 300)  // 30 ms / 0.1 s
  }

  @Test func latenessPercentilesAreNearestRank() {
    // Starts 1…100 µs late in 1 µs steps → p50 50 µs, p90 90 µs, p99 99 µs, max 100 µs.
    let timings = (0..<100).map { index in
      let deadline = Self.schedule.deadline(ofFrame: index)
      let start = deadline + UInt64(index + 1) * 1000
      return FrameTiming(index: index, deadline: deadline, start: start, end: start + 1000)
    }
    let pacing = FramePacing(timings: timings, schedule: Self.schedule)
    #expect(pacing.lateness.median == 50_000)
    #expect(pacing.lateness.p90 == 90_000)
    #expect(pacing.lateness.p99 == 99_000)
    #expect(pacing.lateness.max == 100_000)
  }

  @Test func rateChangesFollowTheScheduleGrid() throws {
    // 120 Hz for frames 0–59, then 60 Hz: every frame on time, so no hitches, and the run ends
    // when frame 89 is shown at D(90) = 0.5 s + 30/60 s = 1 s.
    let schedule = try FrameSchedule(refreshRate: 120, changes: [(60, 60)])
    let timings = (0..<90).map { index in
      let deadline = schedule.deadline(ofFrame: index)
      return FrameTiming(index: index, deadline: deadline, start: deadline, end: deadline + Self.ms)
    }
    let pacing = FramePacing(timings: timings, schedule: schedule)
    #expect(pacing.hitchTime == 0 && pacing.delayedFrames == 0 && pacing.jankyFrames == 0)
    #expect(pacing.duration == 1_000_000_000)
    // A 15 ms frame at 60 Hz (period 16.7 ms) is on time; at 120 Hz it misses one vsync.
    var slow = timings
    slow[70].end = slow[70].deadline + 15 * Self.ms
    slow[10].end = slow[10].deadline + 15 * Self.ms
    let mixed = FramePacing(timings: slow, schedule: schedule)
    #expect(mixed.delayedFrames == 1)
    #expect(mixed.hitchTime == schedule.deadline(ofFrame: 12) - schedule.deadline(ofFrame: 11))
  }

  @Test(arguments: [
    (0.0, HitchBand.good), (4.999, .good), (5, .warning), (9.999, .warning), (10, .critical),
    (250, .critical),
  ])
  func wwdc20Bands(ratio: Double, band: HitchBand) {
    #expect(HitchBand(ratio: ratio) == band)
  }

  @Test func anEmptyLogIsAllZero() {
    let pacing = FramePacing(timings: [], schedule: Self.schedule)
    #expect(pacing.frames == 0 && pacing.duration == 0 && pacing.hitchTimeRatio == 0)
    #expect(pacing.delayedFramePercentage == 0)
  }
}
