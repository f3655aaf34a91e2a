import Foundation
import ScrollSimCore
import Testing

@testable import ScrollPhysics

/// One test per gesture of docs/delegate-events.md: the exact list of events (names, order,
/// flags), with the times closed form gives (input times, the motion's end time).
struct ScrollViewEventTests {
  static let phone = ScrollGeometry(viewportHeight: 800, contentHeight: 3000)  // maxOffset 2200

  func simulator(_ profile: PhysicsProfile = .ios, start: Double = 0) throws -> ScrollSimulator {
    try ScrollSimulator(geometry: Self.phone, profile: profile, screenScale: 3, startOffset: start)
  }

  /// The events as `name(flags)@time`, numbers other than times left out (checked apart).
  func sequence(_ events: [ScrollViewEvent]) -> [String] {
    events.map { event in
      let t = "@\(event.time)"
      switch event.kind {
      case .willEndDragging: return "scrollViewWillEndDragging" + t
      case .phaseChange(let old, let new, _):
        return "phase \(old.swiftUIName)→\(new.swiftUIName)" + t
      case .jump(let from, let to): return "jump \(from)→\(to)" + t
      default:
        let text = event.description
        return String(text[..<text.lastIndex(of: "@")!]) + t
      }
    }
  }

  func endTime(_ sim: ScrollSimulator) -> Double {
    guard case .moving(let motion) = sim.mode else { return .nan }
    return motion.endTime
  }

  func willEnd(_ sim: ScrollSimulator) -> (velocity: Double, target: Double)? {
    for event in sim.scrollViewEvents {
      if case .willEndDragging(let v, let target) = event.kind { return (v, target) }
    }
    return nil
  }

  @Test func tapSendsNoDelegateCallbackOnlyPhases() throws {
    var sim = try simulator()
    try sim.touchDown(y: 400, at: 1)
    try sim.touchUp(at: 1.1)
    sim.advance(to: 5)
    #expect(
      sequence(sim.scrollViewEvents) == ["phase idle→tracking@1.0", "phase tracking→idle@1.1"])
  }

  @Test func dragWithoutFlingEndsWithoutDeceleration() throws {
    var sim = try simulator()
    try drag(&sim, fromY: 600, toY: 400, start: 1, duration: 0.25)  // held still 0.25 s: no fling
    let offset = sim.state(at: 1.5).offset
    try sim.touchUp(at: 1.5)
    sim.advance(to: 10)
    let threshold = 1 + 0.25 / 30  // the first 120 Hz sample moves the content (no slop on iOS)
    #expect(
      sequence(sim.scrollViewEvents) == [
        "phase idle→tracking@1.0", "scrollViewWillBeginDragging@\(threshold)",
        "phase tracking→interacting@\(threshold)", "scrollViewWillEndDragging@1.5",
        "scrollViewDidEndDragging(willDecelerate:false)@1.5", "phase interacting→idle@1.5",
      ])
    // UIKit: velocity (0, 0) and target == the offset after a pause (LOG, delegate-sequences §2).
    #expect(willEnd(sim)! == (0, offset))
  }

  @Test func flingDeceleratesToTheTargetItAnnounced() throws {
    var sim = try simulator()
    try drag(&sim, fromY: 700, toY: 500, start: 1, duration: 0.1)
    let velocity = try sim.touchUp(at: 1.1)
    let end = endTime(sim)
    sim.advance(to: end - 1e-9)
    #expect(!sim.scrollViewEvents.contains { $0.isCompletion })
    sim.advance(to: 100)
    #expect(
      sequence(sim.scrollViewEvents) == [
        "phase idle→tracking@1.0", "scrollViewWillBeginDragging@\(1 + 0.1 / 12)",
        "phase tracking→interacting@\(1 + 0.1 / 12)", "scrollViewWillEndDragging@1.1",
        "scrollViewDidEndDragging(willDecelerate:true)@1.1",
        "scrollViewWillBeginDecelerating@1.1", "phase interacting→decelerating@1.1",
        "scrollViewDidEndDecelerating(finished:true)@\(end)", "phase decelerating→idle@\(end)",
      ])
    let (v, target) = willEnd(sim)!
    #expect(v == velocity / 1000 && v > 0)  // points per millisecond, offset increasing
    #expect(sim.state(at: end) == ScrollState(offset: target, velocity: 0, phase: .idle))
  }

  @Test func flingIntoAnEdgeIsOneDecelerationWithTheBounce() throws {
    var sim = try simulator(start: 2000)
    try drag(&sim, fromY: 700, toY: 400, start: 1, duration: 0.1)
    try sim.touchUp(at: 1.1)
    let end = endTime(sim)
    let passed = stride(from: 1.1, to: end, by: 0.01).contains { sim.state(at: $0).offset > 2200 }
    sim.advance(to: 100)
    #expect(passed)
    #expect(willEnd(sim)!.target == 2200)  // clamped to the edge
    #expect(
      sequence(sim.scrollViewEvents).suffix(6) == [
        "scrollViewWillEndDragging@1.1", "scrollViewDidEndDragging(willDecelerate:true)@1.1",
        "scrollViewWillBeginDecelerating@1.1", "phase interacting→decelerating@1.1",
        "scrollViewDidEndDecelerating(finished:true)@\(end)", "phase decelerating→idle@\(end)",
      ])
  }

  @Test func releaseWhileOverscrolledBouncesBackAsADeceleration() throws {
    var sim = try simulator()
    try drag(&sim, fromY: 300, toY: 500, start: 1, duration: 0.2)
    #expect(sim.state(at: 1.5).offset < 0)
    try sim.touchUp(at: 1.5)
    let end = endTime(sim)
    sim.advance(to: 100)
    #expect(willEnd(sim)! == (0, 0))  // velocity 0, target the top edge
    #expect(
      sequence(sim.scrollViewEvents).suffix(6) == [
        "scrollViewWillEndDragging@1.5", "scrollViewDidEndDragging(willDecelerate:true)@1.5",
        "scrollViewWillBeginDecelerating@1.5", "phase interacting→decelerating@1.5",
        "scrollViewDidEndDecelerating(finished:true)@\(end)", "phase decelerating→idle@\(end)",
      ])
  }

  @Test func catchDuringAFlingCancelsItAndCountsAsADrag() throws {
    var sim = try simulator()
    try drag(&sim, fromY: 700, toY: 500, start: 1, duration: 0.1)
    try sim.touchUp(at: 1.1)
    sim.removeScrollViewEvents()
    try sim.touchDown(y: 400, at: 1.3)
    let caught = sim.state(at: 1.3).offset
    try sim.touchUp(at: 1.4)
    sim.advance(to: 100)
    #expect(
      sequence(sim.scrollViewEvents) == [
        "scrollViewDidEndDecelerating(finished:false)@1.3", "scrollViewWillBeginDragging@1.3",
        "phase decelerating→tracking@1.3", "scrollViewWillEndDragging@1.4",
        "scrollViewDidEndDragging(willDecelerate:false)@1.4", "phase tracking→idle@1.4",
      ])
    #expect(willEnd(sim)! == (0, caught))
  }

  @Test func animatedScrollEndsWithDidEndScrollingAnimation() throws {
    var sim = try simulator()
    try sim.scrollTo(offset: 400, animated: true, at: 1)
    let end = endTime(sim)
    sim.advance(to: 100)
    #expect(
      sequence(sim.scrollViewEvents) == [
        "phase idle→animating@1.0", "scrollViewDidEndScrollingAnimation(finished:true)@\(end)",
        "phase animating→idle@\(end)",
      ])
    #expect(sim.state(at: end).offset == 400)
  }

  @Test func animatedScrollToWhereTheViewRestsSendsNothing() throws {
    var sim = try simulator(start: 400)
    try sim.scrollTo(offset: 400, animated: true, at: 1)
    sim.advance(to: 100)
    #expect(sim.scrollViewEvents.isEmpty)
  }

  @Test func instantScrollIsAJumpMarkerOnly() throws {
    var sim = try simulator()
    try sim.scrollTo(offset: 400, animated: false, at: 1)
    try sim.scrollTo(offset: 400, animated: false, at: 2)  // no change: nothing
    sim.advance(to: 100)
    #expect(sequence(sim.scrollViewEvents) == ["jump 0.0→400.0@1.0"])
  }

  @Test func instantScrollDuringAFlingStopsIt() throws {
    var sim = try simulator()
    try drag(&sim, fromY: 700, toY: 500, start: 1, duration: 0.1)
    try sim.touchUp(at: 1.1)
    let from = sim.state(at: 1.3).offset
    sim.removeScrollViewEvents()
    try sim.scrollTo(offset: 100, animated: false, at: 1.3)
    sim.advance(to: 100)
    #expect(
      sequence(sim.scrollViewEvents) == [
        "scrollViewDidEndDecelerating(finished:false)@1.3", "jump \(from)→100.0@1.3",
        "phase decelerating→idle@1.3",
      ])
  }

  @Test func newAnimatedScrollCancelsTheRunningOne() throws {
    var sim = try simulator()
    try sim.scrollTo(offset: 1000, animated: true, at: 1)
    try sim.scrollTo(offset: 200, animated: true, at: 1.2)
    let end = endTime(sim)
    sim.advance(to: 100)
    #expect(
      sequence(sim.scrollViewEvents) == [
        "phase idle→animating@1.0", "scrollViewDidEndScrollingAnimation(finished:false)@1.2",
        "scrollViewDidEndScrollingAnimation(finished:true)@\(end)", "phase animating→idle@\(end)",
      ])
  }

  @Test func scrollToTopAnimatesAndEndsWithDidScrollToTop() throws {
    var sim = try simulator(start: 1500)
    try sim.scrollToTop(at: 1)
    let end = endTime(sim)
    sim.advance(to: 100)
    #expect(
      sequence(sim.scrollViewEvents) == [
        "phase idle→animating@1.0", "scrollViewDidScrollToTop(finished:true)@\(end)",
        "phase animating→idle@\(end)",
      ])
    #expect(sim.state(at: end).offset == 0)
  }

  @Test func scrollToTopAtTheTopOrWithScrollsToTopOffDoesNothing() throws {
    var sim = try simulator()
    try sim.scrollToTop(at: 1)
    var off = try simulator(start: 900)
    off.scrollsToTop = false
    try off.scrollToTop(at: 1)
    off.advance(to: 100)
    #expect(sim.scrollViewEvents.isEmpty && off.scrollViewEvents.isEmpty)
    #expect(off.state(at: 2).offset == 900)
  }

  @Test func touchDuringScrollToTopCancelsIt() throws {
    var sim = try simulator(start: 1500)
    try sim.scrollToTop(at: 1)
    try sim.touchDown(y: 300, at: 1.1)
    #expect(
      sequence(sim.scrollViewEvents) == [
        "phase idle→animating@1.0", "scrollViewDidScrollToTop(finished:false)@1.1",
        "phase animating→tracking@1.1",
      ])
  }

  @Test func contentChangeMidFlingKeepsOneDeceleration() throws {
    var sim = try simulator()
    try drag(&sim, fromY: 700, toY: 400, start: 1, duration: 0.1)
    try sim.touchUp(at: 1.1)
    sim.removeScrollViewEvents()
    try sim.setGeometry(ScrollGeometry(viewportHeight: 800, contentHeight: 9000), at: 1.3)
    #expect(sim.scrollViewEvents.isEmpty)
    let end = endTime(sim)
    sim.advance(to: 100)
    #expect(
      sequence(sim.scrollViewEvents) == [
        "scrollViewDidEndDecelerating(finished:true)@\(end)", "phase decelerating→idle@\(end)",
      ])
  }

  @Test func contentShrinkStoppingAClampedFlingCancelsIt() throws {
    var sim = try simulator(.android)
    try drag(&sim, fromY: 700, toY: 400, start: 1, duration: 0.1)
    try sim.touchUp(at: 1.1)
    let offset = sim.state(at: 1.3).offset
    sim.removeScrollViewEvents()
    // The range ends under the offset: Android clamps at once and the fling is over.
    let shrunk = ScrollGeometry(viewportHeight: 800, contentHeight: 800 + offset / 2)
    try sim.setGeometry(shrunk, at: 1.3)
    sim.advance(to: 100)
    #expect(
      sequence(sim.scrollViewEvents) == [
        "scrollViewDidEndDecelerating(finished:false)@1.3", "phase decelerating→idle@1.3",
      ])
  }

  @Test func everyMotionEndsWithExactlyOneCompletion() throws {
    // Generated gestures, every profile: a motion starts at willBeginDecelerating or a phase
    // change to animating and ends with one completion; nothing moves after a finished one.
    var random = SplitMix64(seed: 12)
    for profile in PhysicsProfile.builtIn {
      for _ in 0..<40 {
        var sim = try simulator(profile, start: Double(random.next() % 2200))
        var t = 0.0
        for _ in 0..<4 {
          t += 0.05 + Double(random.next() % 400) / 1000
          switch random.next() % 4 {
          case 0:
            let from = 200 + Double(random.next() % 400)
            let to = from + Double(Int(random.next() % 1200) - 600)
            try drag(&sim, fromY: from, toY: to, start: t, duration: 0.1)
            t += 0.1 + Double(random.next() % 3) * 0.05
            try sim.touchUp(at: t)
          case 1: try sim.scrollTo(offset: Double(random.next() % 2200), animated: true, at: t)
          case 2: try sim.scrollToTop(at: t)
          default:
            let height = 1000 + Double(random.next() % 4000)
            try sim.setGeometry(ScrollGeometry(viewportHeight: 800, contentHeight: height), at: t)
          }
        }
        sim.advance(to: t + 1000)
        // A motion starts at willBeginDecelerating or a phase change to animating; an animation
        // cancelled by a new one at the same instant keeps the phase (animating → animating).
        let events = sim.scrollViewEvents
        var running = 0
        var phase = ScrollPhase.idle
        for (index, event) in events.enumerated() {
          #expect(index == 0 || event.time >= events[index - 1].time)
          switch event.kind {
          case .willBeginDecelerating: running += 1
          case .phaseChange(let old, let new, _):
            #expect(old == phase)
            phase = new
            if new == .animating { running += 1 }
          default: break
          }
          guard event.isCompletion else { continue }
          running -= 1
          #expect(running == 0, "\(profile.name): \(event) in \(events)")
          let sameInstant = events[(index + 1)...].prefix { $0.time == event.time }
          let phaseChanges = sameInstant.contains {
            if case .phaseChange = $0.kind { true } else { false }
          }
          if event.finished == false, phase == .animating, !phaseChanges { running += 1 }
        }
        if let last = events.last(where: \.isCompletion), last.finished == true {
          // Nothing moves after a finished completion.
          #expect(sim.state(at: last.time) == sim.state(at: last.time + 50))
        }
        #expect(phase == .idle)
        #expect(running == 0, "\(profile.name): \(sim.scrollViewEvents)")
      }
    }
  }

  // MARK: The willEndDragging hook

  @Test func hookTargetIsWhereTheDecelerationLands() throws {
    var sim = try simulator()
    sim.willEndDragging = { end, target in
      #expect(end.velocity > 0)
      target = 1234.5
    }
    try drag(&sim, fromY: 700, toY: 500, start: 1, duration: 0.1)
    try sim.touchUp(at: 1.1)
    let end = endTime(sim)
    #expect(willEnd(sim)!.target == 1234.5)
    #expect(sim.state(at: end) == ScrollState(offset: 1234.5, velocity: 0, phase: .idle))
    // A deceleration (no overshoot, monotone), not a spring.
    var last = sim.state(at: 1.1).offset
    for t in stride(from: 1.1, through: end, by: 1.0 / 120) {
      let state = sim.state(at: t)
      #expect(state.phase == .decelerating && state.offset >= last && state.offset <= 1234.5)
      last = state.offset
    }
    #expect(abs(sim.state(at: end - 1e-6).offset - 1234.5) < 1e-3)
  }

  @Test func hookNonFiniteTargetIsRejectedAndTheFlingKeepsItsOwn() throws {
    var free = try simulator()
    try drag(&free, fromY: 700, toY: 500, start: 1, duration: 0.1)
    try free.touchUp(at: 1.1)
    var sim = try simulator()
    sim.willEndDragging = { _, target in target = .nan }
    try drag(&sim, fromY: 700, toY: 500, start: 1, duration: 0.1)
    #expect(throws: PhysicsError.self) { try sim.touchUp(at: 1.1) }
    #expect(sim.state(at: 2) == free.state(at: 2))
    #expect(willEnd(sim)!.target == willEnd(free)!.target)
  }

  @Test func pagingProposesItsTargetToTheHook() throws {
    var sim = try simulator()
    try sim.setTargetBehavior(.paging)
    let proposed = Mutex<Double?>(nil)
    sim.willEndDragging = { _, target in proposed.set(target) }
    try drag(&sim, fromY: 700, toY: 600, start: 1, duration: 0.1)
    try sim.touchUp(at: 1.1)
    #expect(proposed.value == 800)
    #expect(willEnd(sim)!.target == 800)
    // The hook moves the page: the snap lands on its target.
    var moved = try simulator()
    try moved.setTargetBehavior(.paging)
    moved.willEndDragging = { _, target in target = 1600 }
    try drag(&moved, fromY: 700, toY: 600, start: 1, duration: 0.1)
    try moved.touchUp(at: 1.1)
    #expect(moved.state(at: endTime(moved)).offset == 1600)
  }

  @Test(arguments: [
    ScrollViewEvent(time: 0.25, kind: .willEndDragging(velocity: -1.5, targetContentOffset: 812)),
    ScrollViewEvent(time: 1, kind: .didEndDragging(willDecelerate: true)),
    ScrollViewEvent(time: 2, kind: .didScrollToTop(finished: false)),
    ScrollViewEvent(time: 3, kind: .phaseChange(old: .dragging, new: .decelerating, velocity: 2)),
    ScrollViewEvent(time: 4, kind: .jump(from: 0.1, to: 1e-7)),
    ScrollViewEvent(time: 5, kind: .willBeginDragging),
  ])
  func textReadsBack(_ event: ScrollViewEvent) {
    #expect(ScrollViewEvent(text: event.description) == event)
    #expect(!event.description.contains(",") && !event.description.contains(" "))
  }

  @Test func textFormIsUIKitsNames() {
    let event = ScrollViewEvent(
      time: 0.25, kind: .willEndDragging(velocity: -1.5, targetContentOffset: 812))
    #expect(event.description == "scrollViewWillEndDragging(velocity:-1.5;target:812)@0.25")
    #expect(ScrollViewEvent(text: "scrollViewWillEndDragging(target:812)@0.25") == nil)
    #expect(ScrollViewEvent(text: "scrollViewDidEndDecelerating(finished:yes)@1") == nil)
  }
}

/// A value set from a `@Sendable` hook in a test.
final class Mutex<Value: Sendable>: @unchecked Sendable {
  private var stored: Value
  private let lock = NSLock()
  init(_ value: Value) { stored = value }
  var value: Value { lock.withLock { stored } }
  func set(_ value: Value) { lock.withLock { stored = value } }
}
