import Foundation
import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import ScrollPhysics

/// Each view of a nested chain reports UIKit's callbacks (docs/nested-scroll.md "Delegate
/// callbacks of a chain"): the dragged view gets the drag and its motion, every view its own
/// `scrollViewDidScroll` when its offset changes.
struct NestedScrollEventTests {
  static func chain(
    rule: NestedScrollRule, handover: NestedFlingHandover = .unified, snap: NestedHeaderSnap? = nil,
    floats: Bool = false
  ) -> NestedScrollChain {
    NestedScrollChain(
      viewportHeight: 800,
      headers: [
        NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100, floats: floats, snap: snap)
      ],
      contentHeight: 5000, rule: rule, handover: handover)
  }

  /// A flick up on the list of a collapsing header (Compose): the list gets the drag, the
  /// deceleration and its one completion; the header only scrolls.
  @Test(arguments: [NestedScrollRule.flutter, .compose, .coordinatorLayout])
  func aFlickOnTheListCollapsesTheHeader(rule: NestedScrollRule) throws {
    var sim = try NestedScrollSimulator(chain: Self.chain(rule: rule), profile: .ios)
    try sim.touchDown(y: 600, at: 0)
    for i in 1...6 { try sim.touchMove(y: 600 - 25 * Double(i), at: Double(i) / 120) }
    try sim.touchUp(at: 0.05)
    var t = 0.05
    while t < 5 {
      t += 1.0 / 120
      sim.advance(to: t)
    }
    let events = sim.scrollViewEvents
    let calls = events.filter {
      $0.name != "scrollViewDidScroll" && $0.name != "onScrollPhaseChange"
    }
    #expect(
      calls.map { "\($0.viewName):\($0.name)" } == [
        "list:scrollViewWillBeginDragging", "list:scrollViewWillEndDragging",
        "list:scrollViewDidEndDragging", "list:scrollViewWillBeginDecelerating",
        "list:scrollViewDidEndDecelerating",
      ])
    #expect(calls.last?.kind == .scrollView(.didEndDecelerating(finished: true)))
    // The header collapsed fully (150 pt dragged, the fling does the rest) and the list moved.
    let state = sim.state(at: t)
    #expect(state.views[0].offset == 200 && state.list.offset > 0)
    let header = events.filter { $0.view == 0 }
    #expect(!header.isEmpty && header.allSatisfy { $0.name == "scrollViewDidScroll" })
    #expect(header.last?.kind == .didScroll(offset: 200))
    // The target announced is where the list comes to rest; the last scroll is there.
    let willEnd = try #require(events.first { $0.name == "scrollViewWillEndDragging" })
    guard case .scrollView(.willEndDragging(let velocity, let target)) = willEnd.kind else {
      Issue.record("not a willEndDragging")
      return
    }
    #expect(velocity > 0)
    #expect(target == state.list.offset)
    #expect(
      events.last { $0.view == 1 && $0.name == "scrollViewDidScroll" }?.kind
        == .didScroll(offset: target))
    #expect(willEnd.description.hasPrefix("scrollViewWillEndDragging(view:list;velocity:"))
  }

  /// UIKit: nothing chains; the touched header is its own scroll view and reports alone.
  @Test func uikitTheTouchedViewReportsAlone() throws {
    var sim = try NestedScrollSimulator(chain: Self.chain(rule: .uikit), profile: .ios)
    try sim.touchDown(y: 100, view: 0, at: 0)
    for i in 1...6 { try sim.touchMove(y: 100 - 10 * Double(i), at: Double(i) / 120) }
    try sim.touchUp(at: 0.05)
    sim.advance(to: 3)
    let events = sim.scrollViewEvents
    #expect(events.allSatisfy { $0.view == 0 })
    #expect(events.contains { $0.name == "scrollViewWillBeginDragging" })
    #expect(events.filter { $0.name == "scrollViewDidEndDragging" }.count == 1)
  }

  /// A header left part-way settles (Compose's midpoint snap) inside the dragged view's one
  /// deceleration: `willDecelerate` true, one completion at the settle's end.
  @Test func aSettlingHeaderIsPartOfTheDeceleration() throws {
    var sim = try NestedScrollSimulator(
      chain: Self.chain(rule: .compose, snap: .compose), profile: .android)
    try sim.touchDown(y: 600, at: 0)
    try sim.touchMove(y: 520, at: 0.1)
    try sim.touchMove(y: 520, at: 0.3)
    try sim.touchUp(at: 0.4)
    let settle = try #require(sim.snap)
    sim.advance(to: settle.end + 0.1)
    let calls = sim.scrollViewEvents.filter {
      $0.name != "scrollViewDidScroll" && $0.name != "onScrollPhaseChange"
    }
    #expect(
      calls.map(\.description) == [
        "scrollViewWillBeginDragging(view:list)@0.1",
        "scrollViewWillEndDragging(view:list;velocity:0;target:0)@0.4",
        "scrollViewDidEndDragging(view:list;willDecelerate:true)@0.4",
        "scrollViewWillBeginDecelerating(view:list)@0.4",
        "scrollViewDidEndDecelerating(view:list;finished:true)@\(JSONWriter.number(settle.end))",
      ])
    #expect(sim.scrollViewEvents.last { $0.view == 0 }?.kind == .didScroll(offset: settle.to))
  }

  /// Invariants over generated gestures, every rule, handover and profile: time order; each
  /// view's phases chain and end idle; every `scrollViewWillBeginDragging` closed by exactly
  /// one `scrollViewWillEndDragging` and one `scrollViewDidEndDragging` on the same view; every
  /// motion begun ends with one completion; a view's `scrollViewDidScroll` exactly when its
  /// offset changes (its offset differs from the last reported, and between two reports
  /// nothing changed unreported).
  @Test(
    "chain callbacks keep the one-view invariants",
    arguments: NestedScrollRule.allCases.flatMap { rule in
      NestedFlingHandover.allCases.flatMap { handover in
        [PhysicsProfile.ios, .android, .flutter].map { (rule, handover, $0) }
      }
    })
  func invariants(rule: NestedScrollRule, handover: NestedFlingHandover, profile: PhysicsProfile)
    throws
  {
    var random = SplitMix64(seed: 16)
    var sim = try NestedScrollSimulator(
      chain: NestedScrollChain(
        viewportHeight: 800,
        headers: [
          NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100, snap: .compose),
          NestedScrollHeader(expandedHeight: 120, collapsedHeight: 60, floats: true),
        ],
        contentHeight: 3000, rule: rule, handover: handover),
      profile: profile)
    var t = 0.0
    var samples: [(time: Double, offsets: [Double])] = [(0, sim.state(at: 0).views.map(\.offset))]
    func frames(until end: Double) {
      while t + 1.0 / 60 < end {
        t += 1.0 / 60
        sim.advance(to: t)
        samples.append((t, sim.state(at: t).views.map(\.offset)))
      }
      t = end
    }
    func record() { samples.append((t, sim.state(at: t).views.map(\.offset))) }
    for _ in 0..<25 {
      frames(until: t + random.uniform(0.02...1.2))
      switch random.next() % 6 {
      case 0:
        try sim.fling(velocity: random.uniform(-4000...4000), at: t)
      case 1:
        try sim.scrollTo(
          combinedOffset: random.uniform(0...2000), animated: random.next() % 2 == 0, at: t)
      case 2:
        try sim.wheel(deltaY: random.uniform(-120...120), at: t)
      default:
        var y = random.uniform(150...700)
        let view = Int(random.next() % 3)
        try sim.touchDown(y: y, view: view, at: t)
        record()
        let v = random.uniform(-3000...3000)
        for _ in 0..<Int(random.next() % 12) {
          t += 1.0 / 120
          y += v / 120
          try sim.touchMove(y: y, at: t)
          record()
        }
        t += 1.0 / 120
        if random.next() % 5 == 0 { try sim.touchCancel(at: t) } else { try sim.touchUp(at: t) }
      }
      record()
    }
    frames(until: t + 30)
    sim.advance(to: t)
    record()
    let events = sim.scrollViewEvents
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    for view in 0..<sim.viewCount {
      var phase = ScrollPhase.idle
      var dragging = false
      var endsOpen = 0
      var moving = false
      var reported = samples[0].offsets[view]
      for event in events where event.view == view {
        switch event.kind {
        case .didScroll(let offset):
          #expect(offset != reported, "view \(view) reported an unchanged offset at \(event.time)")
          reported = offset
        case .scrollView(.phaseChange(let old, let new, _)):
          #expect(old == phase, "view \(view) at \(event.time)")
          phase = new
        case .scrollView(.willBeginDragging):
          #expect(!dragging && endsOpen == 0)
          dragging = true
        case .scrollView(.willEndDragging):
          #expect(dragging)
          dragging = false
          endsOpen += 1
        case .scrollView(.didEndDragging):
          #expect(endsOpen == 1)
          endsOpen = 0
        case .scrollView(.willBeginDecelerating):
          #expect(!moving, "view \(view) at \(event.time)")
          moving = true
        case .scrollView(let kind):
          if ScrollViewEvent(time: 0, kind: kind).isCompletion {
            moving = false
          }
        }
      }
      #expect(phase == .idle && !dragging && endsOpen == 0 && !moving, "view \(view)")
      // Every sampled offset was reported by the sample's time: the last didScroll at or
      // before each sample carries the sample's offset.
      for sample in samples {
        let last = events.last {
          $0.view == view && $0.time <= sample.time && $0.name == "scrollViewDidScroll"
        }
        let shown: Double
        if case .didScroll(let offset)? = last?.kind {
          shown = offset
        } else {
          shown = samples[0].offsets[view]
        }
        #expect(shown == sample.offsets[view], "view \(view) at \(sample.time)")
        if shown != sample.offsets[view] { return }
      }
    }
  }
}
