import Foundation
import ScrollSimCore
import Testing

@testable import ScrollPhysics

/// Nested scroll chains: bad input, the order in which the views take a drag (checked against
/// Flutter's own `nested_scroll_view_test.dart` values), UIKit's unchained views, the header
/// settle rules' published durations and curves.
struct NestedScrollTests {
  /// Flutter's `buildFloatTest` (`packages/flutter/test/widgets/nested_scroll_view_test.dart`,
  /// group "NestedScrollView can float outer sliver with inner scroll view"): an 800 × 600 test
  /// window, a 56 pt `SliverAppBar` that scrolls away, a body of 30 items of 50 pt.
  static func flutterFloatTest(floats: Bool, snap: NestedHeaderSnap? = nil) -> NestedScrollChain {
    NestedScrollChain(
      viewportHeight: 600,
      headers: [NestedScrollHeader(expandedHeight: 56, floats: floats, snap: snap)],
      contentHeight: 30 * 50)
  }

  /// A drag of the chain's finger by `dy` points (positive: finger down, content back) in
  /// 10 steps of 10 ms, finger kept down.
  static func drag(
    _ sim: inout NestedScrollSimulator, by dy: Double, from y: Double, at start: Double
  )
    throws -> Double
  {
    try sim.touchDown(y: y, at: start)
    for step in 1...10 {
      try sim.touchMove(y: y + dy * Double(step) / 10, at: start + 0.01 * Double(step))
    }
    return start + 0.1
  }

  static func headerOffset(_ sim: NestedScrollSimulator, at time: Double) -> Double {
    sim.state(at: time).views[0].offset
  }

  // MARK: Bad input

  @Test(
    "An impossible chain is an error naming the field",
    arguments: [
      (
        NestedScrollChain(
          viewportHeight: 800,
          headers: [NestedScrollHeader(expandedHeight: 100, collapsedHeight: 150)],
          contentHeight: 1000),
        "headers[0].collapsedHeight"
      ),
      (
        NestedScrollChain(
          viewportHeight: 800, headers: [NestedScrollHeader(expandedHeight: -10)],
          contentHeight: 1000),
        "headers[0].expandedHeight"
      ),
      (
        NestedScrollChain(
          viewportHeight: 800,
          headers: [
            NestedScrollHeader(expandedHeight: 500), NestedScrollHeader(expandedHeight: 400),
          ],
          contentHeight: 1000),
        "headers.expandedHeight"
      ),
      (
        NestedScrollChain(
          viewportHeight: 300,
          headers: [
            NestedScrollHeader(expandedHeight: 150, collapsedHeight: 150),
            NestedScrollHeader(expandedHeight: 150, collapsedHeight: 150),
          ],
          contentHeight: 1000),
        "headers.collapsedHeight"
      ),
      (
        NestedScrollChain(
          viewportHeight: .nan, headers: [NestedScrollHeader(expandedHeight: 100)],
          contentHeight: 1000),
        "viewportHeight"
      ),
      (
        NestedScrollChain(
          viewportHeight: 800, headers: [NestedScrollHeader(expandedHeight: 100)],
          contentHeight: -1),
        "contentHeight"
      ),
      (
        NestedScrollChain(
          viewportHeight: 800,
          headers: [
            NestedScrollHeader(
              expandedHeight: 100,
              snap: NestedHeaderSnap(
                trigger: .midpoint,
                curve: .cubicBezier(duration: 0, x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)))
          ],
          contentHeight: 1000),
        "headers[0].snap.duration"
      ),
      (
        NestedScrollChain(
          viewportHeight: 800,
          headers: [
            NestedScrollHeader(
              expandedHeight: 100,
              snap: NestedHeaderSnap(
                trigger: .midpoint,
                curve: .cubicBezier(duration: 0.3, x1: 1.5, y1: 0.1, x2: 0.25, y2: 1)))
          ],
          contentHeight: 1000),
        "headers[0].snap.x1"
      ),
    ])
  func rejectsImpossibleChains(chain: NestedScrollChain, field: String) {
    #expect {
      _ = try NestedScrollSimulator(chain: chain)
    } throws: { error in
      guard case .invalidParameter(let name, _, _)? = error as? PhysicsError else { return false }
      return name == field
    }
  }

  @Test("An unknown rule or handover name is an error naming the field and listing the names")
  func rejectsUnknownNames() throws {
    #expect(try NestedScrollRule(named: "coordinatorLayout") == .coordinatorLayout)
    #expect(try NestedFlingHandover(named: "stopAtEdge") == .stopAtEdge)
    #expect(
      throws: PhysicsError.unknownName(
        field: "rule", name: "swiftui",
        expected: ["flutter", "compose", "coordinatorLayout", "uikit"])
    ) { _ = try NestedScrollRule(named: "swiftui") }
    #expect(
      throws: PhysicsError.unknownName(
        field: "handover", name: "smooth",
        expected: ["unified", "separateDecays", "childCoordinates", "stopAtEdge"])
    ) { _ = try NestedFlingHandover(named: "smooth") }
    #expect(
      PhysicsError.unknownName(field: "rule", name: "swiftui", expected: ["flutter", "uikit"])
        .description == "rule \"swiftui\" is unknown: expected one of flutter, uikit")
  }

  @Test("Bad events: a view index out of the chain, time going backwards")
  func rejectsBadEvents() throws {
    var sim = try NestedScrollSimulator(chain: Self.flutterFloatTest(floats: false))
    #expect(
      throws: PhysicsError.invalidParameter(name: "view", value: 2, expected: "an index in 0 ..< 2")
    ) {
      try sim.touchDown(y: 300, view: 2, at: 0)
    }
    try sim.touchDown(y: 300, at: 1)
    #expect(throws: PhysicsError.timeWentBackwards(time: 0.5, previous: 1)) {
      try sim.touchMove(y: 200, at: 0.5)
    }
  }

  // MARK: The split

  @Test(
    "Geometry: list viewport below the collapsed headers, combined range the sum",
    arguments: [
      (800.0, 300.0, 100.0, 5000.0, 700.0, 4300.0, 4500.0),
      (600, 56, 0, 1500, 600, 900, 956),
      (800, 200, 200, 100, 600, 0, 0),
    ])
  func geometry(
    viewport: Double, expanded: Double, collapsed: Double, content: Double, listViewport: Double,
    listMax: Double, combinedMax: Double
  ) {
    let chain = NestedScrollChain(
      viewportHeight: viewport,
      headers: [NestedScrollHeader(expandedHeight: expanded, collapsedHeight: collapsed)],
      contentHeight: content)
    #expect(chain.listGeometry.viewportHeight == listViewport)
    #expect(chain.listGeometry.maxOffset == listMax)
    #expect(chain.combinedGeometry.maxOffset == combinedMax)
  }

  /// Flutter `nested_scroll_view_test.dart` "float": drag −300 scrolls the 56 pt header away
  /// and the list by the rest; +50 floats 50 pt of the header back in, the list unchanged
  /// (`paintExtent: 50.0`); +150 floats the rest in and scrolls the list back by the remainder.
  @Test("Flutter float: the header floats back in before the list scrolls back")
  func flutterFloat() throws {
    var sim = try NestedScrollSimulator(chain: Self.flutterFloatTest(floats: true))
    var t = try Self.drag(&sim, by: -300, from: 400, at: 0)
    try sim.touchUp(at: t + 0.1)
    var state = sim.state(at: t + 0.1)
    #expect(state.views.map(\.offset) == [56, 244])
    t = try Self.drag(&sim, by: 50, from: 300, at: t + 1)
    state = sim.state(at: t)
    #expect(56 - state.views[0].offset == 50)  // paintExtent 50
    #expect(state.views[1].offset == 244)  // "inner should not change"
    try sim.touchUp(at: t + 0.1)
    t = try Self.drag(&sim, by: 150, from: 300, at: t + 1)
    state = sim.state(at: t)
    #expect(state.views.map(\.offset) == [0, 100])  // paintExtent 56, Item 1 (50…100) hidden
  }

  /// Flutter `nested_scroll_view_test.dart` "only snap" (no `floatHeaderSlivers`): after −300
  /// the outer offset is the app bar's 56 pt; dragging back 100 does not float it in
  /// (`outerController.offset, 56.0`): the list scrolls back first.
  @Test("Flutter without floatHeaderSlivers: the list scrolls back before the header expands")
  func flutterNoFloat() throws {
    var sim = try NestedScrollSimulator(chain: Self.flutterFloatTest(floats: false))
    var t = try Self.drag(&sim, by: -300, from: 400, at: 0)
    try sim.touchUp(at: t + 0.1)
    #expect(sim.state(at: t + 0.1).views.map(\.offset) == [56, 244])
    t = try Self.drag(&sim, by: 100, from: 300, at: t + 1)
    #expect(sim.state(at: t).views.map(\.offset) == [56, 144])
  }

  @Test(
    "Drag order of the chaining rules (applyUserOffset, onPreScroll/onPostScroll, onNestedPreScroll)",
    arguments: [NestedScrollRule.flutter, .compose, .coordinatorLayout])
  func dragOrder(rule: NestedScrollRule) throws {
    let chain = NestedScrollChain(
      viewportHeight: 800, headers: [NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100)],
      contentHeight: 5000, rule: rule)
    var sim = try NestedScrollSimulator(chain: chain)
    try sim.touchDown(y: 600, at: 0)
    let expected: [(y: Double, header: Double, list: Double)] = [
      (450, 150, 0),  // forward: the header collapses first
      (300, 200, 100),  // then the list scrolls
      (350, 200, 50),  // back: the list first
      (500, 100, 0),  // then the header expands
      (700, 0, -100 + 0),  // past the top: the list overscrolls (rubber band below)
    ]
    var t = 0.0
    for step in expected {
      t += 0.05
      try sim.touchMove(y: step.y, at: t)
      let state = sim.state(at: t)
      #expect(state.views[0].offset == step.header)
      if step.list >= 0 {
        #expect(state.views[1].offset == step.list)
      } else {
        // iOS rubber band of 100 pt past the top over the list's 700 pt viewport:
        // f(x, d) = x·d·c / (d + c·x), c = 0.55 (physics.md item 1).
        let banded = 100 * 700 * 0.55 / (700 + 0.55 * 100)
        #expect(abs(state.views[1].offset + banded) < 1e-9)
      }
      #expect(abs(state.views.reduce(0) { $0 + $1.offset } - state.combined.offset) < 1e-9)
    }
  }

  @Test(
    "A header that never collapses (Compose pinnedScrollBehavior) leaves every delta to the list")
  func pinnedHeader() throws {
    let chain = NestedScrollChain(
      viewportHeight: 800, headers: [NestedScrollHeader(expandedHeight: 64, collapsedHeight: 64)],
      contentHeight: 3000, rule: .compose)
    var sim = try NestedScrollSimulator(chain: chain)
    _ = try Self.drag(&sim, by: -200, from: 500, at: 0)
    #expect(sim.state(at: 0.1).views.map(\.offset) == [0, 200])
    #expect(chain.listGeometry.viewportHeight == 736)
  }

  @Test(
    "Two headers: forward collapses outer then inner; back expands the inner one last-in first-out")
  func twoHeaders() throws {
    let chain = NestedScrollChain(
      viewportHeight: 800,
      headers: [
        NestedScrollHeader(expandedHeight: 100),
        NestedScrollHeader(expandedHeight: 150, collapsedHeight: 50),
      ],
      contentHeight: 3000)
    #expect(chain.offsets(forCombined: 50) == [50, 0, 0])
    #expect(chain.offsets(forCombined: 150) == [100, 50, 0])
    #expect(chain.offsets(forCombined: 450) == [100, 100, 250])
    #expect(chain.consumers(forward: false) == [2, 1, 0])
    let floating = NestedScrollChain(
      viewportHeight: 800,
      headers: [
        NestedScrollHeader(expandedHeight: 100),
        NestedScrollHeader(expandedHeight: 150, floats: true),
      ],
      contentHeight: 3000)
    #expect(floating.consumers(forward: false) == [1, 2, 0])
    #expect(floating.distribute([100, 150, 300], delta: -200, forward: false).0 == [100, 0, 250])
  }

  /// Flutter `_NestedScrollCoordinator.pointerScroll`: a wheel delta takes the same order as a
  /// drag; `jumpTo`/`animateTo` split a combined target with `nestOffset` (the outer first).
  @Test("Wheel deltas and programmatic scrolls split like drags")
  func wheelAndScrollTo() throws {
    let chain = NestedScrollChain(
      viewportHeight: 800,
      headers: [NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100)],
      contentHeight: 5000)
    var sim = try NestedScrollSimulator(chain: chain)
    try sim.wheel(deltaY: 150, at: 0)
    #expect(sim.state(at: 0).views.map(\.offset) == [150, 0])
    try sim.wheel(deltaY: 150, at: 0.1)
    #expect(sim.state(at: 0.1).views.map(\.offset) == [200, 100])
    try sim.wheel(deltaY: -120, at: 0.2)
    #expect(sim.state(at: 0.2).views.map(\.offset) == [180, 0])
    try sim.scrollTo(combinedOffset: 500, animated: false, at: 0.3)
    #expect(sim.state(at: 0.3).views.map(\.offset) == [200, 300])
    try sim.scrollTo(combinedOffset: 50, animated: true, at: 0.4)
    #expect(sim.state(at: 0.5).combined.phase == .animating)
    #expect(sim.state(at: 5).views.map(\.offset) == [50, 0])
  }

  @Test("A floating header: a fling back brings it in before the list moves")
  func floatingFling() throws {
    var sim = try NestedScrollSimulator(
      chain: Self.flutterFloatTest(floats: true), startOffset: 56 + 500)
    #expect(sim.state(at: 0).views.map(\.offset) == [56, 500])
    try sim.fling(velocity: -1000, at: 0)
    var previous = sim.state(at: 0)
    for frame in 1...600 {
      let state = sim.state(at: Double(frame) / 120)
      // The header comes in first: the list does not move until the header is fully in.
      if state.views[0].offset > 0 { #expect(state.views[1].offset == 500) }
      #expect(state.views[0].offset <= previous.views[0].offset)
      previous = state
    }
    // The whole fling is the one-axis fling over the combined offset (it stops within
    // 20/3 pt/s: 499.5 − 3.3 pt from 556); the header took the first 56 pt of it.
    var plain = try ScrollSimulator(
      geometry: Self.flutterFloatTest(floats: true).combinedGeometry, startOffset: 556)
    try plain.release(atOffset: 556, velocity: -1000, at: 0)
    let rest = sim.state(at: 10)
    #expect(rest.views[0].offset == 0)
    #expect(abs(rest.views[1].offset - plain.state(at: 10).offset) < 1e-9)
    #expect(abs(plain.state(at: 10).offset - (556 - 499.4998 + 20.0 / 3 / 2.002)) < 0.01)
  }

  // MARK: UIKit

  @Test("UIKit: the touched list scrolls alone and bounces at its own top; the header never moves")
  func uikitUnchained() throws {
    let chain = NestedScrollChain(
      viewportHeight: 800, headers: [NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100)],
      contentHeight: 5000, rule: .uikit)
    var sim = try NestedScrollSimulator(chain: chain, startOffset: 200 + 300)
    #expect(sim.state(at: 0).views.map(\.offset) == [200, 300])
    try sim.fling(velocity: -3000, at: 0)
    var crossedTop = false
    for frame in 1...600 {
      let state = sim.state(at: Double(frame) / 120)
      #expect(state.views[0].offset == 200)
      if state.views[1].offset < 0 { crossedTop = true }
    }
    #expect(crossedTop)
    #expect(sim.state(at: 10).views[1].offset == 0)
    // The header is its own scroll view: a drag inside it moves it alone.
    try sim.touchDown(y: 100, view: 0, at: 11)
    try sim.touchMove(y: 150, at: 11.05)
    #expect(sim.state(at: 11.05).views.map(\.offset) == [150, 0])
  }

  // MARK: Settle rules

  /// Compose `settleAppBar`: `collapsedFraction < 0.5f` expands, else collapses, by
  /// `spring(stiffness = Spring.StiffnessMediumLow)` (ζ 1, k 400): x(t) = (x0 + ω·x0·t)·e^(−ωt),
  /// ω = 20 rad/s, from rest.
  @Test(
    "Compose snap: midpoint, critically damped spring of stiffness 400",
    arguments: [60.0, 100, 150])
  func composeSnap(left: Double) throws {
    let chain = NestedScrollChain(
      viewportHeight: 800,
      headers: [NestedScrollHeader(expandedHeight: 264, collapsedHeight: 64, snap: .compose)],
      contentHeight: 3000, rule: .compose)
    var sim = try NestedScrollSimulator(chain: chain)
    try sim.touchDown(y: 500, at: 0)
    try sim.touchMove(y: 500 - left, at: 0.05)
    try sim.touchUp(at: 0.2)
    let target = left / 200 < 0.5 ? 0.0 : 200.0
    for dt in [0.0, 0.05, 0.1, 0.2] {
      let x0 = left - target
      let expected = target + (x0 + 20 * x0 * dt) * exp(-20 * dt)
      #expect(abs(Self.headerOffset(sim, at: 0.2 + dt) - expected) < 1e-9)
    }
    #expect(Self.headerOffset(sim, at: 5) == target)
    #expect(sim.state(at: 5).combined.phase == .idle)
    #expect(sim.state(at: 0.25).views[0].phase == .decelerating)
  }

  /// material-components-android `AppBarLayout.Behavior`: `snapToChildIfNeeded` picks the nearer
  /// of the snap edges at the midpoint and `animateOffsetTo(…, 0)` lasts
  /// `(int)((distance / height + 1) · 150)` ms with `DECELERATE_INTERPOLATOR` (1 − (1 − t)²).
  @Test(
    "AppBarLayout snap: midpoint, (d/h + 1)·150 ms decelerating",
    arguments: [(60.0, 0.0, 0.195), (120, 200, 0.210), (199, 200, 0.150)])
  func appBarLayoutSnap(left: Double, target: Double, duration: Double) throws {
    let chain = NestedScrollChain(
      viewportHeight: 800,
      headers: [NestedScrollHeader(expandedHeight: 200, snap: .appBarLayout)],
      contentHeight: 3000, rule: .coordinatorLayout)
    var sim = try NestedScrollSimulator(chain: chain)
    try sim.touchDown(y: 500, at: 0)
    try sim.touchMove(y: 500 - left, at: 0.05)
    try sim.touchUp(at: 0.2)
    #expect(
      abs(HeaderSettle.appBarLayoutDuration(distance: abs(target - left), height: 200) - duration)
        < 1e-12)
    for p in [0.0, 0.25, 0.5, 0.75] {
      let expected = left + (target - left) * (1 - (1 - p) * (1 - p))
      #expect(abs(Self.headerOffset(sim, at: 0.2 + p * duration) - expected) < 1e-9)
    }
    #expect(Self.headerOffset(sim, at: 0.2 + duration) == target)
  }

  /// Flutter `FloatingHeaderSnapConfiguration()`: `Curves.ease` over 300 ms, toward the last
  /// scroll direction (`maybeStartSnapAnimation(userScrollDirection)`): a header scrolled 20 pt
  /// back in (less than half) still snaps fully in. `Curves.ease` = cubic(0.25, 0.1, 0.25, 1):
  /// at x = 0.5, y = 0.8024033877 (CSS `ease`).
  @Test("Flutter floating snap: toward the last direction, 300 ms Curves.ease")
  func flutterFloatingSnap() throws {
    var sim = try NestedScrollSimulator(
      chain: Self.flutterFloatTest(floats: true, snap: .flutterFloating))
    var t = try Self.drag(&sim, by: -300, from: 400, at: 0)
    try sim.touchUp(at: t + 0.2)
    #expect(Self.headerOffset(sim, at: t + 0.2) == 56)
    t = try Self.drag(&sim, by: 20, from: 300, at: t + 1)
    try sim.touchUp(at: t + 0.2)
    let start = t + 0.2
    #expect(Self.headerOffset(sim, at: start) == 36)
    #expect(abs(Self.headerOffset(sim, at: start + 0.15) - 36 * (1 - 0.8024033877)) < 1e-6)
    #expect(Self.headerOffset(sim, at: start + 0.3) == 0)
    #expect(sim.state(at: start + 0.3).views[1].offset == 244)  // the list did not move
    // A touch during the settle catches the header where it is.
    try sim.touchDown(y: 300, at: start + 0.15)
    let caught = Self.headerOffset(sim, at: start + 0.15)
    #expect(abs(caught - 36 * (1 - 0.8024033877)) < 1e-6)
    #expect(Self.headerOffset(sim, at: start + 1) == caught)
  }
}
