import Foundation
import ScrollPhysics
import ScrollSimCore
import Synchronization
import Testing

@testable import ScrollRuntime

/// `FrameLoop.twoAxisWillEndDragging`, `willEndDragging` and `scrollsToTop` on a two-axis run:
/// UIKit's hook with `CGPoint`s retargets both axes; a one-axis hook retargets y; a status-bar
/// tap scrolls `contentOffset.y` only, and not at all with `scrollsToTop` off.
@Suite struct TwoAxisFrameLoopHookTests {
  static let vertical = ScrollGeometry(viewportHeight: 844, contentHeight: 8000)
  static let horizontal = ScrollGeometry(viewportHeight: 390, contentHeight: 4000)

  /// A diagonal flick from (1800, 3500), then frames until the view rests.
  static func flick(_ extra: [FrameInput] = []) -> [FrameInput] {
    var inputs = [FrameInput(time: 0, kind: .touchDown(x: 200, y: 400))]
    for i in 1...12 {
      let t = Double(i) / 120
      inputs.append(FrameInput(time: t, kind: .touchMove(x: 200 - 1500 * t, y: 400 - 2000 * t)))
    }
    inputs.append(FrameInput(time: 0.1, kind: .touchUp(y: nil)))
    return inputs + extra
  }

  static func loop(_ inputs: [FrameInput]) throws -> FrameLoop<FrameInputList> {
    try FrameLoop(
      source: FrameInputList(inputs, name: "hook"), geometry: vertical,
      horizontalGeometry: horizontal, startOffset: ScrollVector(x: 1800, y: 3500), effect: nil,
      refreshRate: 120)
  }

  static func runToRest(_ loop: inout FrameLoop<FrameInputList>) throws -> [ScrollViewEvent] {
    var events: [ScrollViewEvent] = []
    var frame = 0
    repeat {
      try loop.computeFrame(frame)
      events += loop.scrollViewEvents
      frame += 1
    } while !loop.isFinished && frame < 2000
    return events
  }

  @Test func aTwoAxisHookRetargetsBothAxes() throws {
    var loop = try Self.loop(Self.flick())
    #expect(loop.twoAxisWillEndDragging == nil)
    let told = Mutex<[TwoAxisDragEnd]>([])
    loop.twoAxisWillEndDragging = { end, target in
      told.withLock { $0.append(end) }
      target = ScrollVector(x: 2500, y: 4000)
    }
    let events = try Self.runToRest(&loop)
    #expect(loop.horizontalOffset == 2500 && loop.sample.offset == 4000)
    let end = try #require(told.withLock { $0 }.first)
    // Points per millisecond: the flick moved the content right and down.
    #expect(end.velocity.x > 0.5 && end.velocity.y > 0.5)
    let willEnd = try #require(events.first { $0.name == "scrollViewWillEndDragging" })
    #expect(willEnd.twoAxis?.targetContentOffset == ScrollVector(x: 2500, y: 4000))
    #expect(events.last { $0.isCompletion }?.kind == .didEndDecelerating(finished: true))
  }

  @Test func aOneAxisHookOnATwoAxisRunRetargetsY() throws {
    var loop = try Self.loop(Self.flick())
    let offsets = Mutex<[Double]>([])
    loop.willEndDragging = { end, target in
      offsets.withLock { $0.append(end.offset) }
      target = 3600
    }
    #expect(loop.twoAxisWillEndDragging != nil)
    _ = try Self.runToRest(&loop)
    #expect(loop.sample.offset == 3600)
    // x keeps its own deceleration: beyond where it was at the lift.
    #expect((loop.horizontalOffset ?? 0) > 1800 + 150)
    #expect(offsets.withLock { $0 }.count == 1)
  }

  /// (A list of inputs has no lines: line 0; a trace names the lift's line.)
  @Test func aNonFiniteXTargetNamesItsField() throws {
    var loop = try Self.loop(Self.flick())
    loop.twoAxisWillEndDragging = { _, target in target.x = .infinity }
    #expect {
      _ = try Self.runToRest(&loop)
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.field == "xTargetContentOffset" && error.file == "hook"
    }
  }

  @Test(arguments: [true, false])
  func scrollsToTopMovesOnlyYAndCanBeTurnedOff(enabled: Bool) throws {
    var loop = try Self.loop([FrameInput(time: 0.05, kind: .scrollToTop)])
    #expect(loop.scrollsToTop)
    loop.scrollsToTop = enabled
    #expect(loop.scrollsToTop == enabled)
    let events = try Self.runToRest(&loop)
    #expect(loop.horizontalOffset == 1800)
    #expect(loop.sample.offset == (enabled ? 0 : 3500))
    #expect(
      events.filter { $0.isCompletion }.map(\.kind)
        == (enabled ? [.didScrollToTop(finished: true)] : []))
  }
}
