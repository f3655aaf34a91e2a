import ScrollEffects
import Testing

/// Named ranges checked against CSS Scroll-driven Animations §4.2 on the web-platform-tests
/// layout style (scroll-animations/view-timelines: a subject in a 200 px scrollport).
@Suite struct ViewTimelineTests {
  func interval(_ name: ViewTimeline.NamedRange, y: Double, h: Double, port: Double = 200)
    -> [Double]
  {
    let r = ViewTimeline(subjectY: y, subjectHeight: h).interval(
      of: name, viewportHeight: port, contentInsetTop: 0, contentInsetBottom: 0)
    return [r.start, r.end]
  }

  /// A 100 pt subject at 800 in a 200 pt scrollport.
  @Test(arguments: [
    (ViewTimeline.NamedRange.cover, [600.0, 900]),
    (.contain, [700, 800]),
    (.entry, [600, 700]),
    (.exit, [800, 900]),
    (.entryCrossing, [600, 700]),
    (.exitCrossing, [800, 900]),
  ])
  func smallSubject(name: ViewTimeline.NamedRange, expected: [Double]) {
    #expect(interval(name, y: 800, h: 100) == expected)
  }

  /// web-platform-tests scroll-animations/css/merge-timeline-offset-keyframes.html: a 100 px
  /// target at margin-top 800 in a 200 px scroller; on its cover timeline the keyframe
  /// `entry 100%` (= `contain 0%`) has computedOffset 1/3.
  @Test func wptMergeTimelineOffsetKeyframes() {
    let view = ViewTimeline(subjectY: 800, subjectHeight: 100)
    let cover = view.range(viewportHeight: 200, contentInsetTop: 0, contentInsetBottom: 0)
    let entryEnd = interval(.entry, y: 800, h: 100)[1]
    #expect(entryEnd == interval(.contain, y: 800, h: 100)[0])
    #expect(cover.progress(at: entryEnd) == 1.0 / 3)
  }

  /// A 300 pt subject (taller than the scrollport) at 800: contain is "covering", and the
  /// crossing ranges differ from entry and exit.
  @Test(arguments: [
    (ViewTimeline.NamedRange.cover, [600.0, 1100]),
    (.contain, [800, 900]),
    (.entry, [600, 800]),
    (.exit, [900, 1100]),
    (.entryCrossing, [600, 900]),
    (.exitCrossing, [800, 1100]),
  ])
  func tallSubject(name: ViewTimeline.NamedRange, expected: [Double]) {
    #expect(interval(name, y: 800, h: 300) == expected)
  }

  /// view-timeline-inset 20 (start) 40 (end) shrinks the scrollport to 140 and moves its start
  /// edge 20 down: cover runs from 800 − 20 − 140 = 640 to 800 + 100 − 20 = 880.
  @Test func insets() {
    var view = ViewTimeline(subjectY: 800, subjectHeight: 100, insetStart: 20, insetEnd: 40)
    var r = view.range(viewportHeight: 200, contentInsetTop: 0, contentInsetBottom: 0)
    #expect([r.start, r.end] == [640, 880])
    // `auto` insets are the geometry's content insets (the bars), and content coordinates
    // start below the top inset, so the range does not move with the top inset.
    view.insetStart = nil
    view.insetEnd = nil
    r = view.range(viewportHeight: 300, contentInsetTop: 60, contentInsetBottom: 40)
    #expect([r.start, r.end] == [600, 900])
  }

  /// Range offsets: `entry 50% + 10` to `exit 100%`.
  @Test func rangeOffsets() {
    var view = ViewTimeline(subjectY: 800, subjectHeight: 100)
    view.rangeStart = .init(.entry, percent: 50, length: 10)
    view.rangeEnd = .init(.exit, percent: 100)
    let r = view.range(viewportHeight: 200, contentInsetTop: 0, contentInsetBottom: 0)
    #expect([r.start, r.end] == [660, 900])
    #expect(r.progress(at: 780) == 0.5)
    #expect(r.progress(at: 1020) == 1.5)  // unclamped
  }

  /// A subject exactly as tall as the scrollport has a zero-length contain range: inactive,
  /// never 0/0.
  @Test func zeroLengthRangeIsInactive() {
    let view = ViewTimeline(subjectY: 800, subjectHeight: 200, range: .contain)
    let r = view.range(viewportHeight: 200, contentInsetTop: 0, contentInsetBottom: 0)
    #expect(r.length == 0)
    #expect(!r.isActive)
    #expect(r.progress(at: 800) == nil)
  }

  /// Over many generated layouts: cover ⊇ entry ∪ contain ∪ exit, entry ends where contain
  /// starts, exit starts where contain ends, and the crossings span the subject's height.
  @Test func rangeRelationsHoldForGeneratedLayouts() {
    var seed: UInt64 = 7
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53)
    }
    for _ in 0..<500 {
      let y = next() * 5000
      let h = next() * 1500
      let port = 1 + next() * 1000
      func r(_ n: ViewTimeline.NamedRange) -> [Double] { interval(n, y: y, h: h, port: port) }
      #expect(r(.entry)[0] == r(.cover)[0] && r(.exit)[1] == r(.cover)[1])
      #expect(r(.entry)[1] == r(.contain)[0] && r(.exit)[0] == r(.contain)[1])
      #expect(abs((r(.exitCrossing)[1] - r(.exitCrossing)[0]) - h) < 1e-9)
      #expect(abs((r(.entryCrossing)[1] - r(.entryCrossing)[0]) - h) < 1e-9)
      #expect(abs((r(.cover)[1] - r(.cover)[0]) - (h + port)) < 1e-9)
    }
  }
}
