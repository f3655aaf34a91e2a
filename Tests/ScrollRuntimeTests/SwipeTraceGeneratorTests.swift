import ScrollEffects
import ScrollTrace
import Testing

@testable import ScrollRuntime

struct SwipeTraceGeneratorTests {
  @Test func sameSeedSameTraceOtherSeedOtherTrace() {
    let a = SwipeTraceGenerator(seed: 1).trace(duration: 10)
    #expect(a == SwipeTraceGenerator(seed: 1).trace(duration: 10))
    #expect(a != SwipeTraceGenerator(seed: 2).trace(duration: 10))
  }

  @Test(arguments: [1, 2, 3, 42] as [UInt64])
  func gesturesAreWellFormed(seed: UInt64) {
    let trace = SwipeTraceGenerator(seed: seed).trace(duration: 30)
    #expect(trace.duration > 29 && trace.duration < 33)
    var down = false
    var previous = 0.0
    for event in trace.events {
      #expect(event.time >= previous)
      previous = event.time
      #expect(event.y > 0 && event.y < trace.header.device.screenHeight)
      switch event.kind {
      case .down:
        #expect(!down)
        down = true
      case .move: #expect(down)
      case .up:
        #expect(down)
        down = false
      case .cancel: Issue.record("the generator never cancels")
      }
    }
    #expect(!down)
  }

  @Test func movesAreReportedEveryInterval() {
    let trace = SwipeTraceGenerator(seed: 5, reportInterval: 0.0054).trace(duration: 5)
    let first = trace.events.firstIndex { $0.kind == .down }!
    #expect(trace.events[first + 1].kind == .move)
    #expect(abs(trace.events[first + 1].time - trace.events[first].time - 0.0054) < 1e-12)
  }

  @Test func aLongTraceFlingsFastAndPullsIntoTheTopOverscroll() throws {
    let trace = SwipeTraceGenerator(seed: 3).trace(duration: 60)
    var loop = try FrameLoop(
      trace: trace, file: "generated", effect: CompiledPreset(.appleMusic), refreshRate: 120)
    var statistics = ReplayStatistics(outputCount: loop.outputs.count)
    var index = 0
    var all: [(time: Double, velocity: Double)] = []
    repeat {
      try loop.computeFrame(index)
      statistics.record(loop)
      if let velocity = loop.releaseVelocity, let time = loop.releaseTime {
        all.append((time, velocity))
      }
      index += 1
    } while !loop.isFinished
    let speeds = all.map { abs($0.velocity) }
    #expect(speeds.contains { $0 >= 1000 })
    #expect(speeds.contains { $0 == 0 })  // drags held still before lifting
    // The statistics stay fixed-size: the first 40 lifts, the count, the fastest and the last.
    let lifts = trace.events.filter { $0.kind == .up || $0.kind == .cancel }.count
    #expect(all.count == lifts && statistics.releaseCount == lifts && lifts > 40)
    #expect(statistics.releases.count == ReplayStatistics.listedReleaseLimit)
    #expect(statistics.releases.elementsEqual(all.prefix(40), by: { $0 == $1 }))
    let fastest = all.first { abs($0.velocity) == speeds.max() }
    #expect(
      statistics.fastestRelease.map { [$0.time, $0.velocity] }
        == fastest.map { [$0.time, $0.velocity] })
    #expect(
      statistics.lastRelease.map { [$0.time, $0.velocity] }
        == all.last.map { [$0.time, $0.velocity] })
    #expect(statistics.peakTopOverscroll > 10)
    #expect(statistics.peakBottomOverscroll > 10)
  }
}
