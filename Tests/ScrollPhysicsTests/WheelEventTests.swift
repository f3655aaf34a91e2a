import ScrollSimCore
import Testing

@testable import ScrollPhysics

/// The scroll view events of wheel and trackpad input (docs/delegate-events.md, "Wheel and
/// trackpad"): a trackpad session is a drag, its momentum a deceleration, a mouse wheel's notch
/// an instant jump.
struct WheelEventTests {
  let events = ScrollViewEventTests()

  func simulator(start: Double = 0) throws -> ScrollSimulator {
    try events.simulator(start: start)
  }

  @Test func aTrackpadPullPastTheTopEndsAsADragThatBouncesBack() throws {
    var sim = try simulator()
    try sim.wheel(deltaY: -40, phase: .began, at: 1)
    try sim.wheel(deltaY: -60, phase: .changed, at: 1.2)
    try sim.wheel(deltaY: 0, phase: .ended, at: 1.5)
    let end = events.endTime(sim)
    sim.advance(to: 100)
    #expect(events.willEnd(sim)! == (0, 0))  // the last delta is 0.3 s old: velocity 0
    #expect(
      events.sequence(sim.scrollViewEvents) == [
        "scrollViewWillBeginDragging@1.0", "phase idle→interacting@1.0",
        "scrollViewWillEndDragging@1.5", "scrollViewDidEndDragging(willDecelerate:true)@1.5",
        "scrollViewWillBeginDecelerating@1.5", "phase interacting→decelerating@1.5",
        "scrollViewDidEndDecelerating(finished:true)@\(end)", "phase decelerating→idle@\(end)",
      ])
    #expect(sim.state(at: end) == ScrollState(offset: 0, velocity: 0, phase: .idle))
  }

  @Test func theSystemsMomentumIsADecelerationEndedByMomentumEnded() throws {
    var sim = try simulator(start: 500)
    try sim.wheel(deltaY: 0, phase: .mayBegin, at: 1)
    try sim.wheel(deltaY: 10, phase: .began, at: 1.01)
    try sim.wheel(deltaY: 20, phase: .changed, at: 1.02)
    try sim.wheel(deltaY: 0, phase: .ended, at: 1.03)
    try sim.wheel(deltaY: 15, phase: .momentumBegan, at: 1.04)
    try sim.wheel(deltaY: 5, phase: .momentumChanged, at: 1.056)
    try sim.wheel(deltaY: 0, phase: .momentumEnded, at: 1.07)
    sim.advance(to: 100)
    #expect(events.willEnd(sim).map { abs($0.velocity - 2) < 1e-9 && $0.target == 530 } == true)
    #expect(
      events.sequence(sim.scrollViewEvents) == [
        "scrollViewWillBeginDragging@1.01", "phase idle→interacting@1.01",
        "scrollViewWillEndDragging@1.03", "scrollViewDidEndDragging(willDecelerate:false)@1.03",
        "phase interacting→idle@1.03", "scrollViewWillBeginDecelerating@1.04",
        "phase idle→decelerating@1.04", "scrollViewDidEndDecelerating(finished:true)@1.07",
        "phase decelerating→idle@1.07",
      ])
    #expect(sim.state(at: 2) == ScrollState(offset: 550, velocity: 0, phase: .idle))
  }

  @Test func momentumIntoAnEdgeIsOneDecelerationWithTheBounce() throws {
    var sim = try simulator(start: 60)
    try sim.wheel(deltaY: -20, phase: .began, at: 1)
    try sim.wheel(deltaY: 0, phase: .ended, at: 1.01)
    try sim.wheel(deltaY: -30, phase: .momentumBegan, at: 1.02)
    try sim.wheel(deltaY: -30, phase: .momentumChanged, at: 1.036)
    let end = events.endTime(sim)
    try sim.wheel(deltaY: -10, phase: .momentumChanged, at: 1.05)  // ignored
    try sim.wheel(deltaY: 0, phase: .momentumEnded, at: 1.06)  // ignored
    sim.advance(to: 100)
    #expect(
      events.sequence(sim.scrollViewEvents).suffix(4) == [
        "scrollViewWillBeginDecelerating@1.02", "phase idle→decelerating@1.02",
        "scrollViewDidEndDecelerating(finished:true)@\(end)", "phase decelerating→idle@\(end)",
      ])
  }

  @Test func aClickDuringMomentumCancelsItAndCountsAsADrag() throws {
    var sim = try simulator(start: 500)
    try sim.wheel(deltaY: 10, phase: .began, at: 1)
    try sim.wheel(deltaY: 0, phase: .ended, at: 1.01)
    try sim.wheel(deltaY: 15, phase: .momentumBegan, at: 1.02)
    sim.removeScrollViewEvents()
    try sim.touchDown(y: 300, at: 1.03)
    try sim.touchUp(at: 1.1)
    try sim.wheel(deltaY: 15, phase: .momentumChanged, at: 1.12)  // ignored
    #expect(
      events.sequence(sim.scrollViewEvents) == [
        "scrollViewDidEndDecelerating(finished:false)@1.03", "scrollViewWillBeginDragging@1.03",
        "phase decelerating→tracking@1.03", "scrollViewWillEndDragging@1.1",
        "scrollViewDidEndDragging(willDecelerate:false)@1.1", "phase tracking→idle@1.1",
      ])
    #expect(sim.state(at: 2) == ScrollState(offset: 525, velocity: 0, phase: .idle))
  }

  @Test func aMouseWheelNotchIsAJump() throws {
    var sim = try simulator(start: 100)
    try sim.wheel(deltaY: 40, at: 1)
    try sim.wheel(deltaY: -500, at: 1.1)
    #expect(
      events.sequence(sim.scrollViewEvents) == ["jump 100.0→140.0@1.0", "jump 140.0→0.0@1.1"])
  }

  /// What interrupts a trackpad session's user phase (between `began` and `ended`).
  enum Interruption: String, CaseIterable, Sendable {
    case scrollToAnimated, scrollToInstant, scrollToTop, touchDown, release
  }

  @Test(arguments: Interruption.allCases)
  func anInterruptedTrackpadDragIsClosedBeforeWhatInterruptsIt(_ interruption: Interruption)
    throws
  {
    var sim = try simulator(start: 500)
    try sim.wheel(deltaY: 10, phase: .began, at: 0.5)
    sim.removeScrollViewEvents()
    switch interruption {
    case .scrollToAnimated: try sim.scrollTo(offset: 300, animated: true, at: 0.55)
    case .scrollToInstant: try sim.scrollTo(offset: 300, animated: false, at: 0.55)
    case .scrollToTop: try sim.scrollToTop(at: 0.55)
    case .touchDown:
      try sim.touchDown(y: 300, at: 0.55)
      try sim.touchUp(at: 0.555)
    case .release: try sim.release(atOffset: 510, velocity: 0, at: 0.55)
    }
    // The session's remaining deltas are ignored: no second end.
    try sim.wheel(deltaY: 5, phase: .changed, at: 0.56)
    try sim.wheel(deltaY: 0, phase: .ended, at: 0.57)
    let sequence = events.sequence(sim.scrollViewEvents)
    #expect(
      Array(sequence.prefix(2)) == [
        "scrollViewWillEndDragging@0.55", "scrollViewDidEndDragging(willDecelerate:false)@0.55",
      ], "\(sequence)")
    #expect(events.willEnd(sim)! == (0, 510))
    let ends = sequence.filter { $0.hasPrefix("scrollViewDidEndDragging") }.count
    #expect(ends == (interruption == .release ? 2 : 1), "\(sequence)")
  }

  @Test func aContentChangeKeepsTheTrackpadDragGoingUntilItsEnd() throws {
    var sim = try simulator(start: 500)
    try sim.wheel(deltaY: 10, phase: .began, at: 0.5)
    try sim.setGeometry(ScrollGeometry(viewportHeight: 800, contentHeight: 5000), at: 0.55)
    try sim.wheel(deltaY: 0, phase: .ended, at: 0.6)
    #expect(
      events.sequence(sim.scrollViewEvents) == [
        "scrollViewWillBeginDragging@0.5", "phase idle→interacting@0.5",
        "scrollViewWillEndDragging@0.6", "scrollViewDidEndDragging(willDecelerate:false)@0.6",
        "phase interacting→idle@0.6",
      ])
  }
}
