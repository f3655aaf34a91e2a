import Foundation
import ScrollEffects
import ScrollPhysics
import Testing

/// Velocity, direction and quick-return timelines, the restored first frame and frame-rate
/// independent smoothing, against closed forms.
@Suite struct MotionTimelineTests {
  /// 1000 pt of range (viewport 852, content 1852).
  let geometry = ScrollGeometry(viewportHeight: 852, contentHeight: 1852)

  func compile(_ json: String) throws -> CompiledEffect {
    try CompiledEffect(EffectSpec.parse(json, file: "motion.json"), file: "motion.json")
  }

  /// Runs `effect` over `offsets` (velocities `velocities` if given) at 120 Hz; per frame the
  /// values and the events.
  func run(
    _ effect: inout CompiledEffect, _ offsets: [Double], velocities: [Double]? = nil,
    geometries: [ScrollGeometry]? = nil
  ) -> [(values: [Double], events: [EffectEvent])] {
    var out: [Double] = []
    var result: [(values: [Double], events: [EffectEvent])] = []
    for (i, s) in offsets.enumerated() {
      var events: [EffectEvent] = []
      effect.evaluate(
        ScrollSample(
          time: Double(i) / 120, offset: s, velocity: velocities?[i] ?? 0, phase: .dragging,
          geometry: geometries?[i] ?? geometry), into: &out, events: &events)
      result.append((out, events))
    }
    return result
  }

  // MARK: direction

  /// Forward from 0 to 100 pt in 1 pt steps, back to 0: with h = 8 the direction is none
  /// until the offset passes 8 (9 > 8), forward from there; backward once the content is
  /// more than 8 pt below its furthest point 100 (at 91).
  @Test func directionHysteresisClosedForm() {
    var tracker = ScrollDirectionTracker(hysteresis: 8)
    var forwardAt: Double?
    for s in stride(from: 0.0, through: 100, by: 1) {
      if tracker.update(offset: s, maxOffset: 1000) == .forward, forwardAt == nil {
        forwardAt = s
      }
    }
    #expect(forwardAt == 9)
    var backwardAt: Double?
    for s in stride(from: 100.0, through: 0, by: -1) {
      if tracker.update(offset: s, maxOffset: 1000) == .backward, backwardAt == nil {
        backwardAt = s
      }
    }
    #expect(backwardAt == 91)
    #expect(ScrollDirectionTracker.defaultHysteresis == 8)
  }

  /// Finger jitter of ±0.25 pt after a drag: hysteresis 8 never flips; 0 flips on every
  /// reversal of the jitter (Flutter's `userScrollDirection` follows every delta).
  @Test(arguments: [(8.0, false), (0.6, false), (0.2, true), (0.0, true)])
  func jitterFlipsOnlyWithoutHysteresis(hysteresis: Double, flips: Bool) {
    var tracker = ScrollDirectionTracker(hysteresis: hysteresis)
    for s in stride(from: 0.0, through: 300, by: 2.5) {
      _ = tracker.update(offset: s, maxOffset: 1000)
    }
    #expect(tracker.direction == .forward)
    var changes = 0
    var last = tracker.direction
    for k in 1...120 {
      let t = Double(k) / 120
      let noise = 0.15 * sin(2 * .pi * 7 * t) + 0.1 * sin(2 * .pi * 31.3 * t + 1)
      let d = tracker.update(offset: 300 + noise, maxOffset: 1000)
      if d != last { changes += 1 }
      last = d
    }
    #expect((changes > 10) == flips, "\(changes) changes")
  }

  /// A pull past the top and its bounce back, or past the bottom and back, is not motion:
  /// the direction the user scrolled in before the pull is kept.
  @Test func overscrollAndBounceAreIgnored() {
    var tracker = ScrollDirectionTracker(hysteresis: 8)
    // Scrolled up to the top: backward.
    for s in stride(from: 300.0, through: 0, by: -10) {
      _ = tracker.update(offset: s, maxOffset: 1000)
    }
    #expect(tracker.direction == .backward)
    // Pull-down to −120 and the spring back to 0 (the offset grows: not "scrolling down").
    for s in stride(from: 0.0, through: -120, by: -5) {
      _ = tracker.update(offset: s, maxOffset: 1000)
    }
    for s in stride(from: -120.0, through: 0, by: 2) {
      _ = tracker.update(offset: s, maxOffset: 1000)
    }
    #expect(tracker.direction == .backward)
    // Scrolled down to the bottom, pulled past it and bounced back.
    for s in stride(from: 0.0, through: 1000, by: 10) {
      _ = tracker.update(offset: s, maxOffset: 1000)
    }
    #expect(tracker.direction == .forward)
    for s in stride(from: 1000.0, through: 1150, by: 5) {
      _ = tracker.update(offset: s, maxOffset: 1000)
    }
    for s in stride(from: 1150.0, through: 1000, by: -3) {
      _ = tracker.update(offset: s, maxOffset: 1000)
    }
    #expect(tracker.direction == .forward)
  }

  /// The content shrinking under a view at the bottom moves the in-range offset by hundreds
  /// of points in one frame: a rebase, not a scroll backward.
  @Test func geometryChangeRebases() throws {
    var effect = try compile(
      """
      {"version": 1, "name": "d", "timelines": [{"name": "d", "type": "direction"}],
       "outputs": [{"name": "dir", "unit": "points", "range": [-1, 1], "timeline": "d"}]}
      """)
    let shrunk = ScrollGeometry(viewportHeight: 852, contentHeight: 1352)  // maxOffset 500
    let offsets = [0.0, 400, 800, 1000, 1000, 990, 980]
    let geometries = [geometry, geometry, geometry, geometry, shrunk, shrunk, shrunk]
    let frames = run(&effect, offsets, geometries: geometries)
    #expect(frames.map { $0.values[0] } == [0, 1, 1, 1, 1, 1, 1])
    // Without the geometry change the same 500 pt drop would flip it.
    var plain = try compile(
      """
      {"version": 1, "name": "d", "timelines": [{"name": "d", "type": "direction"}],
       "outputs": [{"name": "dir", "unit": "points", "range": [-1, 1], "timeline": "d"}]}
      """)
    #expect(run(&plain, [0, 400, 800, 1000, 500]).map { $0.values[0] } == [0, 1, 1, 1, -1])
  }

  /// A hide-on-scroll flag reports `enter` (hide) when the direction turns forward and
  /// `leaveBack` (show) when it turns backward, at the frames the closed form gives.
  @Test func hideOnScrollFlagEvents() throws {
    var effect = try compile(
      """
      {"version": 1, "name": "bar", "timelines": [{"name": "d", "type": "direction",
       "hysteresis": 10}],
       "outputs": [{"name": "hidden", "trigger": {"timeline": "d", "start": 0.5}}]}
      """)
    // 0, 4, 8, …, 200, then back 196, 192, …, 100.
    let offsets =
      Array(stride(from: 0.0, through: 200, by: 4))
      + Array(stride(from: 196.0, through: 100, by: -4))
    let frames = run(&effect, offsets)
    let events = frames.enumerated().flatMap { i, f in f.events.map { (i, $0.kind) } }
    // Forward once 12 > 10 (frame 3); backward once 200 − 188 = 12 > 10 (frame 53).
    #expect(events.map(\.0) == [3, 53])
    #expect(events.map(\.1) == [.enter, .leaveBack])
    #expect(effect.remembersHistory == [true])
  }

  /// The Swift effect of ``ScrollDirectionTracker``'s documentation gives the spec's flag.
  @Test func swiftEffectUsesTheTracker() throws {
    struct HideOnScrollBar: ScrollEffect {
      var direction = ScrollDirectionTracker()
      var outputs: [EffectOutput] {
        [EffectOutput(name: "bar.hidden", range: 0...1, unit: .flag)]
      }
      var remembersHistory: [Bool] { [true] }
      mutating func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
        frame["bar.hidden"] = direction.update(sample) == .forward ? 1 : 0
      }
      mutating func reset() { direction.reset() }
    }
    var swift = HideOnScrollBar()
    var spec = try compile(
      """
      {"version": 1, "name": "bar", "timelines": [{"name": "d", "type": "direction"}],
       "outputs": [{"name": "bar.hidden", "trigger": {"timeline": "d", "start": 0.5}}]}
      """)
    let offsets = (0..<400).map { k -> Double in
      let t = Double(k)
      let wave: Double = 200 * sin(t / 30)
      let jitter: Double = 0.2 * sin(t * 2.1)
      return 300 + wave + jitter
    }
    let fromSpec = run(&spec, offsets).map { $0.values[0] }
    var fromSwift: [Double] = []
    for (i, s) in offsets.enumerated() {
      let frame = try swift.evaluate(
        ScrollSample(
          time: Double(i) / 120, offset: s, velocity: 0, phase: .dragging, geometry: geometry))
      fromSwift.append(frame.values[0])
    }
    #expect(fromSwift == fromSpec)
    #expect(fromSpec.contains(1) && fromSpec.contains(0))
  }

  // MARK: quick return

  /// "Translate by delta, clamp": hidden = min(max(hidden + Δ, 0), height, c).
  @Test func quickReturnClosedForm() {
    var bar = QuickReturnTracker(height: 56)
    #expect(bar.update(offset: 0, maxOffset: 1000) == 0)
    #expect(bar.update(offset: 30, maxOffset: 1000) == 30)
    #expect(bar.update(offset: 200, maxOffset: 1000) == 56)
    #expect(bar.update(offset: 180, maxOffset: 1000) == 36)
    #expect(bar.update(offset: 190, maxOffset: 1000) == 46)
    #expect(bar.update(offset: 40, maxOffset: 1000) == 0)
    #expect(bar.update(offset: 60, maxOffset: 1000) == 20)
    // Near the top it is never hidden by more than the offset.
    #expect(bar.update(offset: 12, maxOffset: 1000) == 0)
    #expect(bar.update(offset: 50, maxOffset: 1000) == 38)
    #expect(bar.update(offset: 10, maxOffset: 1000) == 0)
    // Overscroll at the top: no motion.
    #expect(bar.update(offset: -80, maxOffset: 1000) == 0)
    #expect(bar.progress == 0)
    // A first frame deep in the content (a restored session) starts scrolled away, as
    // Flutter's first layout (`_effectiveScrollOffset = scrollOffset`).
    var restored = QuickReturnTracker(height: 56)
    #expect(restored.update(offset: 500, maxOffset: 1000) == 56)
    #expect(restored.progress == 1)
    // Past the bottom and back: no motion.
    #expect(restored.update(offset: 1000, maxOffset: 1000) == 56)
    #expect(restored.update(offset: 1100, maxOffset: 1000) == 56)
    #expect(restored.update(offset: 1000, maxOffset: 1000) == 56)
  }

  // MARK: velocity

  /// A velocity timeline's progress is the sample's velocity (NaN as 0, clamped to ±1e9):
  /// a skew proportional to the velocity, clamped, as GSAP's demo
  /// (`clamp(-20, 20)(velocity / -300)` degrees).
  @Test func velocitySkewClosedForm() throws {
    var effect = try compile(
      """
      {"version": 1, "name": "skew", "timelines": [{"name": "v", "type": "velocity"}],
       "outputs": [{"name": "skew", "unit": "points", "range": [-20, 20], "timeline": "v",
        "keyframes": [{"at": -6000, "value": 20}, {"at": 6000, "value": -20}]},
        {"name": "raw", "unit": "points", "range": [-1e9, 1e9], "timeline": "v"}]}
      """)
    let velocities: [Double] = [0, 300, -1500, 6000, 9000, -7000, .nan, .infinity]
    let frames = run(
      &effect, Array(repeating: 100, count: velocities.count), velocities: velocities)
    let skew = frames.map { $0.values[0] }
    for (value, expected) in zip(skew, [0, -1, 5, -20, -20, 20, 0, -20] as [Double]) {
      #expect(close(value, expected), "\(skew)")
    }
    #expect(frames.map { $0.values[1] } == [0, 300, -1500, 6000, 9000, -7000, 0, 1e9])
    // A function of the sample: no history.
    #expect(effect.remembersHistory == [false, false])
  }

  // MARK: the first frame at a restored offset

  /// A session that starts at 350 pt: each flag starts before its range, so the first frame
  /// reports `enter` (and `leave` for a range already passed), in declaration order; a flag
  /// whose range starts further down reports nothing. Scrolling back reports each exit after
  /// its enter.
  @Test func restoredOffsetEntersInOrder() throws {
    var effect = try compile(
      """
      {"version": 1, "name": "r", "timelines": [{"name": "s", "type": "distance"}],
       "outputs": [
        {"name": "a", "trigger": {"timeline": "s", "start": 100, "end": 200}},
        {"name": "b", "trigger": {"timeline": "s", "start": 300}},
        {"name": "c", "trigger": {"timeline": "s", "start": 600}}]}
      """)
    let frames = run(&effect, [350, 50])
    #expect(frames[0].values == [0, 1, 0])
    #expect(
      frames[0].events == [
        EffectEvent(output: 0, kind: .enter), EffectEvent(output: 0, kind: .leave),
        EffectEvent(output: 1, kind: .enter),
      ])
    #expect(
      frames[1].events == [
        EffectEvent(output: 0, kind: .enterBack), EffectEvent(output: 0, kind: .leaveBack),
        EffectEvent(output: 1, kind: .leaveBack),
      ])
  }

  /// From rest at the top (offset 0) the first frame stays silent, as before: a flag already
  /// on at rest is the page's initial state. After `reset()`, a restored offset reports again.
  @Test func restAtTheTopIsSilent() throws {
    var effect = try compile(
      """
      {"version": 1, "name": "r", "timelines": [{"name": "s", "type": "distance"}],
       "outputs": [{"name": "a", "trigger": {"timeline": "s", "start": -10, "end": 40}}]}
      """)
    let frames = run(&effect, [0, 20, 60])
    #expect(frames[0].values == [1])
    #expect(frames.map { $0.events.map(\.kind) } == [[], [], [.leave]])
    effect.reset()
    #expect(run(&effect, [60]).map { $0.events.map(\.kind) } == [[.enter, .leave]])
  }

  /// Over generated restored sessions (a start anywhere in −200…2000, then a random walk),
  /// every flag's events alternate on and off and begin with an enter: never an exit without
  /// an enter.
  @Test func noExitWithoutAnEnter() throws {
    var effect = try compile(
      """
      {"version": 1, "name": "r", "timelines": [{"name": "s", "type": "scroll", "start": 0,
       "end": 1000}],
       "outputs": [
        {"name": "a", "trigger": {"timeline": "s", "start": 0.1, "end": 0.3, "hysteresis": 0.01}},
        {"name": "b", "trigger": {"timeline": "s", "start": 0.5}},
        {"name": "c", "trigger": {"timeline": "s", "start": 0.2, "end": 0.9, "strict": true}}]}
      """)
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53)
    }
    for _ in 0..<200 {
      effect.reset()
      var s = -200 + 2200 * next()
      var offsets = [s]
      for _ in 0..<60 {
        s += (next() - 0.5) * 400
        offsets.append(s)
      }
      var on = [false, false, false]
      for frame in run(&effect, offsets) {
        for event in frame.events {
          let entering = event.kind == .enter || event.kind == .enterBack
          #expect(on[event.output] != entering, "\(offsets.first!): \(event)")
          on[event.output] = entering
        }
      }
    }
  }

  // MARK: smoothing that does not depend on the frame rate

  /// Frame times at 60 Hz, 120 Hz and jittered 120 Hz (each frame ±40 % of its period late or
  /// early, deterministic), over 1.5 s.
  static let frameTimes: [[Double]] = {
    let sixty = (0...90).map { Double($0) / 60 }
    let oneTwenty = (0...180).map { Double($0) / 120 }
    let jittered = (0...180).map { k -> Double in
      k == 0 ? 0 : (Double(k) + 0.4 * sin(Double(k) * 2.399)) / 120
    }
    return [sixty, oneTwenty, jittered]
  }()

  /// The first output of `effect` over ``frameTimes``[`rate`] while the offset steps from 0
  /// (the first frame) to `target` (every later frame), dragging: (time, value) per frame.
  func stepResponse(_ effect: inout CompiledEffect, to target: Double, rate: Int)
    -> [(time: Double, value: Double)]
  {
    var out: [Double] = []
    var events: [EffectEvent] = []
    return Self.frameTimes[rate].enumerated().map { k, t in
      effect.evaluate(
        ScrollSample(
          time: t, offset: k == 0 ? 0 : target, velocity: 0, phase: .dragging,
          geometry: geometry),
        into: &out, events: &events)
      return (t, out[0])
    }
  }

  /// A step of the offset from 0 to 100 at t = 0 through `"smoothing": τ`: every frame's
  /// value is the closed form 100·(1 − e^(−t/τ)) at its own time, at 60 Hz, 120 Hz and
  /// jittered frame times (so all three reach the same value at the same time).
  @Test(arguments: 0..<3)
  func smoothingStepResponse(rate: Int) throws {
    let tau = 0.1
    var effect = try compile(
      """
      {"version": 1, "name": "s", "timelines": [{"name": "d", "type": "distance"}],
       "outputs": [{"name": "y", "unit": "points", "range": [0, 100], "timeline": "d",
        "smoothing": \(tau)}]}
      """)
    var worst = 0.0
    // The first frame takes its target (0); from t = 0 the target is 100.
    for (t, value) in stepResponse(&effect, to: 100, rate: rate) {
      worst = max(worst, abs(value - 100 * (1 - exp(-t / tau))))
    }
    #expect(worst <= 1e-11, "worst \(worst)")
  }

  /// GSAP's `scrub: S` is τ = S / (10·ln 2): a step is covered 1 − 2^(−10·t/S) of the way,
  /// 1 − 2^−10 at t = S, at every frame rate.
  @Test(arguments: 0..<3)
  func scrubCatchesUpInItsSeconds(rate: Int) throws {
    let spec = try EffectSpec.parse(
      """
      {"version": 1, "name": "s", "timelines": [{"name": "d", "type": "distance"}],
       "outputs": [{"name": "y", "unit": "points", "range": [0, 1], "timeline": "d",
        "scrub": 0.75}]}
      """, file: "scrub.json")
    #expect(spec.outputs[0].smoothing == 0.75 / (10 * log(2.0)))
    var effect = try CompiledEffect(spec)
    var worst = 0.0
    for (t, value) in stepResponse(&effect, to: 1, rate: rate) {
      worst = max(worst, abs(value - (1 - pow(2, -10 * t / 0.75))))
      if t == 0.75 { #expect(abs(value - (1 - 1.0 / 1024)) <= 1e-12) }
    }
    #expect(worst <= 1e-12, "worst \(worst)")
  }

  // MARK: bad input

  /// A bad velocity, direction or quick-return field is rejected naming the file, the line
  /// and column, the field and what is expected.
  @Test(arguments: [
    (
      "{\"name\": \"d\", \"type\": \"direction\", \"hysteresis\": -2}",
      "motion.json:3:52: $.timelines[0].hysteresis: -2: expected a distance in 0 … 1e9 points"
    ),
    (
      "{\"name\": \"d\", \"type\": \"direction\", \"hysteresis\": \"8pt\"}",
      "motion.json:3:52: $.timelines[0].hysteresis: a string: expected a number"
    ),
    (
      "{\"name\": \"d\", \"type\": \"direction\", \"hysterisis\": 8}",
      "motion.json:3:52: $.timelines[0].hysterisis: unknown key 'hysterisis': expected one of "
        + "name, type, readsPreviousFrame, hysteresis, axis, writingMode, direction, scrollView; did you mean 'hysteresis'?"
    ),
    (
      "{\"name\": \"d\", \"type\": \"quick-return\", \"height\": 0}",
      "motion.json:3:51: $.timelines[0].height: 0: expected the bar's height in points, > 0"
    ),
    (
      "{\"name\": \"d\", \"type\": \"quick-return\"}",
      "motion.json:3:3: $.timelines[0].height: missing"
    ),
    (
      "{\"name\": \"d\", \"type\": \"velocity\", \"edge\": \"top\"}",
      "motion.json:3:45: $.timelines[0].edge: unknown key 'edge': expected one of name, type, "
        + "readsPreviousFrame"
    ),
    (
      "{\"name\": \"d\", \"type\": \"velocty\"}",
      "motion.json:3:25: $.timelines[0].type: 'velocty': expected one of scroll, distance, "
        + "overscroll, view, velocity, direction, quick-return; did you mean 'velocity'?"
    ),
  ])
  func badMotionFields(timeline: String, message: String) {
    let json = """
      {"version": 1, "name": "m",
       "timelines": [
        \(timeline)],
       "outputs": [{"name": "o", "unit": "points", "range": [-1, 1], "timeline": "d"}]}
      """
    do {
      _ = try compile(json)
      Issue.record("accepted \(timeline)")
    } catch {
      #expect("\(error)".hasPrefix(message), "\(error)")
    }
  }

  /// `readsPreviousFrame` on a motion timeline and `scrub` with `smoothing` are errors.
  @Test func motionTimelineCombinations() {
    let delayed = """
      {"version": 1, "name": "m", "timelines": [{"name": "d", "type": "velocity",
       "readsPreviousFrame": true}],
       "outputs": [{"name": "o", "unit": "points", "range": [-1, 1], "timeline": "d"}]}
      """
    #expect(throws: InputError.self) { try compile(delayed) }
    do {
      _ = try compile(delayed)
    } catch {
      #expect("\(error)".contains("$.timelines[0].readsPreviousFrame"), "\(error)")
    }
    let both = """
      {"version": 1, "name": "m", "timelines": [{"name": "d", "type": "distance"}],
       "outputs": [{"name": "o", "unit": "points", "range": [-1, 1], "timeline": "d",
        "smoothing": 0.1, "scrub": 1}]}
      """
    do {
      _ = try compile(both)
      Issue.record("accepted scrub with smoothing")
    } catch {
      #expect("\(error)".contains("$.outputs[0].scrub: given with 'smoothing'"), "\(error)")
    }
  }

  /// The Swift API validates what JSON cannot express.
  @Test func swiftSpecsAreValidated() {
    for timeline in [
      Timeline.direction(hysteresis: -1), .direction(hysteresis: .nan), .quickReturn(height: 0),
    ] {
      let spec = EffectSpec(
        name: "m", timelines: [.init("d", timeline)],
        outputs: [.init("o", unit: .points, range: -1...1, source: .timeline("d"))])
      #expect(throws: InputError.self) { try CompiledEffect(spec) }
    }
  }

  /// The spec text round-trips the motion timelines.
  @Test func printedSpecReadsBack() throws {
    let spec = try EffectSpec.load(
      path: effectsFolder.appendingPathComponent("examples/hide-on-scroll.json").path)
    let again = try EffectSpec.parse(spec.jsonText, file: "printed")
    #expect(again.timelines == spec.timelines)
    #expect(again.outputs == spec.outputs)
  }
}
