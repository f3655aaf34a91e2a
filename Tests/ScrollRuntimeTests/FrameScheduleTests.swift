import Testing

@testable import ScrollRuntime

struct FrameScheduleTests {
  @Test func deadlinesAt120HzAreIntegerNanosecondsFromTheIndex() {
    let schedule = FrameSchedule(refreshRate: 120)
    #expect(schedule.deadline(ofFrame: 0) == 0)
    #expect(schedule.deadline(ofFrame: 1) == 8_333_333)
    #expect(schedule.deadline(ofFrame: 2) == 16_666_666)
    #expect(schedule.deadline(ofFrame: 3) == 25_000_000)
    #expect(schedule.deadline(ofFrame: 120) == 1_000_000_000)
    // One hour: no drift (accumulating 8_333_333 ns would be 1.2 ms short).
    #expect(schedule.deadline(ofFrame: 120 * 3600) == 3_600_000_000_000)
  }

  @Test(arguments: [60, 90, 120, 144, 1000])
  func targetTimesOfTheFirstSegmentMatchTheFrameLoop(rate: Int) {
    let schedule = FrameSchedule(refreshRate: rate)
    for index in 0..<5000 {
      #expect(schedule.time(ofFrame: index) == Double(index) / Double(rate))
    }
  }

  @Test func proMotionChangesStartEachSegmentAtTheLastDeadline() throws {
    let schedule = try FrameSchedule(refreshRate: 120, changes: [(240, 60), (300, 120)])
    #expect(schedule.deadline(ofFrame: 239) == 1_991_666_666)
    #expect(schedule.deadline(ofFrame: 240) == 2_000_000_000)
    #expect(schedule.deadline(ofFrame: 241) == 2_016_666_666)
    #expect(schedule.deadline(ofFrame: 300) == 3_000_000_000)
    #expect(schedule.deadline(ofFrame: 301) == 3_008_333_333)
    #expect(schedule.refreshRate(ofFrame: 239) == 120)
    #expect(schedule.refreshRate(ofFrame: 240) == 60)
    #expect(schedule.refreshRate(ofFrame: 300) == 120)
    #expect(schedule.time(ofFrame: 270) == 2.0 + 30.0 / 60.0)
  }

  @Test func firstFrameAtOrAfterInvertsTheDeadlines() throws {
    let schedule = try FrameSchedule(refreshRate: 120, changes: [(50, 60), (90, 120)])
    var nanoseconds: UInt64 = 0
    while nanoseconds < 2_500_000_000 {
      let frame = schedule.firstFrame(atOrAfter: nanoseconds)
      #expect(schedule.deadline(ofFrame: frame) >= nanoseconds)
      if frame > 0 { #expect(schedule.deadline(ofFrame: frame - 1) < nanoseconds) }
      nanoseconds += 1_234_567
    }
    #expect(schedule.firstFrame(atOrAfter: 8_333_333) == 1)
    #expect(schedule.firstFrame(atOrAfter: 8_333_334) == 2)
  }

  @Test func badRatesAndOrderAreRejected() {
    #expect(throws: FrameSchedule.Error.self) { try FrameSchedule(refreshRate: 0, changes: []) }
    #expect(throws: FrameSchedule.Error.self) {
      try FrameSchedule(refreshRate: 120, changes: [(10, 1001)])
    }
    #expect(throws: FrameSchedule.Error.self) {
      try FrameSchedule(refreshRate: 120, changes: [(10, 60), (10, 120)])
    }
    #expect(throws: FrameSchedule.Error.self) {
      try FrameSchedule(refreshRate: 120, changes: [(0, 60)])
    }
  }
}

struct FrameScheduleParsingTests {
  @Test func changesAsText() throws {
    let schedule = try FrameSchedule(refreshRate: 120, changes: "240:60,480:120")
    #expect(schedule == (try FrameSchedule(refreshRate: 120, changes: [(240, 60), (480, 120)])))
  }

  @Test(arguments: ["240", "240:", ":60", "240:60,", "a:b", "240:60:1", "480:60,240:120", "10:0"])
  func malformedChangesAreRejected(text: String) {
    #expect(throws: FrameSchedule.Error.self) { try FrameSchedule(refreshRate: 120, changes: text) }
  }
}
