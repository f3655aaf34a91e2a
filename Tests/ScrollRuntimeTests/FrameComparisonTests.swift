import ScrollPhysics
import Testing

@testable import ScrollRuntime

/// `scrollsim diff`'s comparison of scroll view events: names, order, flags and phases exactly;
/// times, velocities and offsets within a tolerance (`scrollView`, else the tolerance of the
/// frame field in the same unit).
@Suite struct FrameComparisonTests {
  typealias Tolerances = FrameComparison.Tolerances

  func record(_ events: [ScrollViewEvent]) -> FrameRecord {
    FrameRecord(
      frame: 12, time: 0.1, offset: 40, velocity: 0, phase: "decelerating", values: [],
      events: [], scrollViewEvents: events)
  }

  /// A fling's lift: target and velocity as replays of the same trace may differ in the last
  /// digits.
  func lift(velocity: Double = 3.54, target: Double = 1935.5, decelerates: Bool = true)
    -> [ScrollViewEvent]
  {
    [
      ScrollViewEvent(
        time: 0.0999, kind: .willEndDragging(velocity: velocity, targetContentOffset: target)),
      ScrollViewEvent(time: 0.0999, kind: .didEndDragging(willDecelerate: decelerates)),
      ScrollViewEvent(time: 0.0999, kind: .willBeginDecelerating),
      ScrollViewEvent(
        time: 0.0999,
        kind: .phaseChange(old: .dragging, new: .decelerating, velocity: velocity * 1000)),
    ]
  }

  func differences(_ a: [ScrollViewEvent], _ b: [ScrollViewEvent], _ tolerances: Tolerances)
    -> [FrameComparison.Difference]
  {
    FrameComparison.compare(record(a), record(b), outputs: [], tolerances: tolerances)
  }

  /// A target 1e-9 pt apart (the 13th digit of 1935.5) fails an exact comparison, naming the
  /// event and the number, and passes an offset tolerance or a scrollView one.
  @Test func numbersCompareWithinTheirTolerance() throws {
    let (a, b) = (lift(), lift(target: 1935.5 + 1e-9))
    let exact = differences(a, b, Tolerances())
    #expect(exact.count == 1)
    let first = try #require(exact.first)
    #expect(first.field == "scrollView[0].scrollViewWillEndDragging.offset")
    #expect(first.numbers?.a == 1935.5)
    #expect(first.tolerance == 0)
    #expect(differences(a, b, Tolerances(byName: ["offset": 1e-6])).isEmpty)
    #expect(differences(a, b, Tolerances(byName: ["scrollView": 1e-6])).isEmpty)
    #expect(differences(a, b, Tolerances(defaultValue: 1e-6)).isEmpty)
    // A scrollView tolerance replaces the per-unit ones.
    #expect(
      differences(a, b, Tolerances(byName: ["offset": 1e-6, "scrollView": 1e-12])).count == 1)
  }

  /// Velocities compare in points per second: willEndDragging's points per millisecond × 1000,
  /// so `--tolerance velocity=5` accepts 4 pt/s apart and rejects 6.
  @Test(arguments: [(0.004, true), (0.006, false)])
  func velocitiesCompareInPointsPerSecond(apart: Double, within: Bool) {
    let (a, b) = (lift(velocity: 3.54), lift(velocity: 3.54 + apart))
    #expect(differences(a, b, Tolerances(byName: ["velocity": 5])).isEmpty == within)
    #expect(!differences(a, b, Tolerances()).isEmpty)
  }

  /// Names, order, flags and phases compare exactly, whatever the tolerance.
  @Test func structureComparesExactly() throws {
    let loose = Tolerances(defaultValue: 1e9, byName: ["scrollView": 1e9])
    let flag = differences(lift(), lift(decelerates: false), loose)
    #expect(flag.map(\.field) == ["scrollView"])
    #expect(try #require(flag.first).a.contains("willDecelerate:true"))
    #expect(differences(lift(), Array(lift().reversed()), loose).map(\.field) == ["scrollView"])
    #expect(differences(lift(), Array(lift().dropLast()), loose).map(\.field) == ["scrollView"])
    var phase = lift()
    phase[3].kind = .phaseChange(old: .dragging, new: .idle, velocity: 3540)
    #expect(differences(lift(), phase, loose).map(\.field) == ["scrollView"])
    var finished = [ScrollViewEvent(time: 2, kind: .didEndDecelerating(finished: true))]
    let stopped = [ScrollViewEvent(time: 2, kind: .didEndDecelerating(finished: false))]
    #expect(differences(finished, stopped, loose).map(\.field) == ["scrollView"])
    finished[0].time = 2 + 1e-9
    #expect(differences(finished, finished, Tolerances()).isEmpty)
    #expect(
      differences(
        stopped, [ScrollViewEvent(time: 2 + 1e-9, kind: .didEndDecelerating(finished: false))],
        Tolerances(byName: ["t": 1e-6])
      ).isEmpty)
    #expect(differences(lift(), lift(), Tolerances(ignored: ["scrollView"])).isEmpty)
    #expect(
      differences(lift(), lift(decelerates: false), Tolerances(ignored: ["scrollView"])).isEmpty)
  }

  /// A velocity that rounds to zero from below is written `0`, never `-0`.
  @Test func negativeZeroIsWrittenAsZero() {
    let event = ScrollViewEvent(
      time: 0.5, kind: .phaseChange(old: .decelerating, new: .idle, velocity: -0.0))
    #expect(event.description == "onScrollPhaseChange(old:decelerating;new:idle;velocity:0)@0.5")
    #expect(
      ScrollViewEvent(time: 0, kind: .willEndDragging(velocity: -0.0, targetContentOffset: -0.0))
        .description == "scrollViewWillEndDragging(velocity:0;target:0)@0")
  }
}

/// A two-axis event's numbers (`ScrollViewEvent.twoAxis`) are compared too: an x target apart
/// is a difference naming the event; a one-axis event against a two-axis one differs in shape.
@Suite struct TwoAxisFrameComparisonTests {
  func record(_ events: [ScrollViewEvent]) -> FrameRecord {
    FrameRecord(
      frame: 3, time: 0.1, offset: 40, velocity: 0, phase: "decelerating", values: [],
      events: [], scrollViewEvents: events)
  }

  func lift(targetX: Double, twoAxis: Bool = true) -> [ScrollViewEvent] {
    [
      ScrollViewEvent(
        time: 0.1, kind: .willEndDragging(velocity: 1.5, targetContentOffset: 900),
        twoAxis: twoAxis
          ? .willEndDragging(
            velocity: ScrollVector(x: 0.5, y: 1.5),
            targetContentOffset: ScrollVector(x: targetX, y: 900)) : nil)
    ]
  }

  @Test func anXTargetApartIsADifference() {
    let tolerances = FrameComparison.Tolerances(byName: ["offset": 0.5])
    let near = FrameComparison.compare(
      record(lift(targetX: 390)), record(lift(targetX: 390.25)), outputs: [],
      tolerances: tolerances)
    #expect(near.isEmpty)
    let far = FrameComparison.compare(
      record(lift(targetX: 390)), record(lift(targetX: 780)), outputs: [], tolerances: tolerances)
    #expect(far.map(\.field) == ["scrollView[0].scrollViewWillEndDragging.offset"])
    #expect(far.first?.numbers?.a == 390 && far.first?.numbers?.b == 780)
    let shape = FrameComparison.compare(
      record(lift(targetX: 390)), record(lift(targetX: 390, twoAxis: false)), outputs: [],
      tolerances: tolerances)
    #expect(shape.map(\.field) == ["scrollView"])
  }
}
