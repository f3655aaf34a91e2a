import ScrollPhysics
import Testing

@testable import ScrollEffects

/// The compile-time folds of ``CompiledEffect/FrameProgram`` (collinear keyframe segments and
/// flat ends as one clamped line, an identity line as a copy, no slot check while every range
/// is active) give the same bits as the unfolded evaluation, on every offset of the sweep
/// (±∞, NaN, overscroll both ways) and across geometry changes that make ranges inactive.
@Suite struct FrameProgramFoldingTests {
  /// An effect's frame state compiled with or without the folds.
  static func frameState(_ spec: EffectSpec, folding: Bool) throws -> CompiledEffect.FrameState {
    var compiler = EffectCompiler(spec: spec, file: spec.name)
    try compiler.compile()
    return CompiledEffect.FrameState(
      timelines: spec.timelines.map(\.timeline), delayed: spec.timelines.map(\.readsPreviousFrame),
      programs: compiler.programs, stops: compiler.stops, folding: folding)
  }

  /// The shape each output runs in (by output index), with or without the folds.
  static func shapes(_ spec: EffectSpec, folding: Bool) throws -> [String: String] {
    let state = try frameState(spec, folding: folding)
    let names = try CompiledEffect(spec).outputs.map(\.name)
    var shapes: [String: String] = [:]
    for program in state.buffers.programs { shapes[names[program.output]] = "\(program.shape)" }
    return shapes
  }

  /// Geometries in turn: a phone, content shorter than the viewport (every range from the
  /// bottom is empty: inactive slots), and one with insets.
  static let geometries = [
    phoneGeometry, ScrollGeometry(viewportHeight: 800, contentHeight: 800),
    ScrollGeometry(
      viewportHeight: 402, contentHeight: 5000, contentInsetTop: 32,
      contentInsetBottom: 21),
  ]

  /// Evaluates `spec` folded and unfolded over the sweep (or `offsets`) on every geometry, frame
  /// `n` at `time(n)` seconds; returns the number of outputs (or event lists) whose bits differ.
  static func differences(
    _ spec: EffectSpec, offsets: [Double]? = nil, time: (Int) -> Double = { Double($0) / 120 }
  ) throws -> Int {
    let folded = try frameState(spec, folding: true)
    let unfolded = try frameState(spec, folding: false)
    let count = try CompiledEffect(spec).outputs.count
    var a = [Double](repeating: 0, count: count)
    var b = [Double](repeating: 0, count: count)
    var eventsA: [EffectEvent] = []
    var eventsB: [EffectEvent] = []
    var different = 0
    let offsets = offsets ?? sweepOffsets + [.nan, -.nan, 12.5, .nan] + sweepOffsets.reversed()
    var frame = 0
    for geometry in geometries {
      for s in offsets {
        frame += 1
        let sample = sample(s, time: time(frame), geometry: geometry)
        a.withUnsafeMutableBufferPointer {
          folded.buffers.evaluate(sample, into: $0, events: &eventsA)
        }
        b.withUnsafeMutableBufferPointer {
          unfolded.buffers.evaluate(sample, into: $0, events: &eventsB)
        }
        different += zip(a, b).filter { $0.bitPattern != $1.bitPattern }.count
        if eventsA != eventsB { different += 1 }
        eventsA.removeAll(keepingCapacity: true)
        eventsB.removeAll(keepingCapacity: true)
      }
    }
    return different
  }

  /// Eased terms shared between programs (``CompiledEffect/FrameState/shareEasedTerms(_:_:)``,
  /// on with the folds) give the bits of each program computing its own: a spec built to
  /// share them (with pairs that differ in one operand only) and the benchmark's scaling spec
  /// (100 outputs), with frames at a repeated offset (every term from the cache).
  @Test func sharedEasedTermsKeepEveryBit() throws {
    for spec in [SwiftSourceTests.sharedEasing, EffectSpec.scaling(outputs: 100)] {
      let state = try Self.frameState(spec, folding: true)
      // Not vacuous: terms are shared, and more than one segment reads each.
      #expect(state.buffers.terms.count >= 5, "\(spec.name)")
      for term in 0..<Int32(state.buffers.terms.count) {
        #expect(state.buffers.stops.count { $0.term == term } >= 2)
      }
      let offsets = sweepOffsets + [150, 150, 75, 75, -20] + sweepOffsets.reversed()
      #expect(try Self.differences(spec, offsets: offsets) == 0, "\(spec.name)")
      #expect(try Self.differences(spec) == 0, "\(spec.name)")
    }
  }

  /// General programs of linear, cubic-bezier (and, clamped, flat) segments run as
  /// ``CompiledEffect/PieceRecord``s with the general shape's bits (smoothed ones too,
  /// clamped and open; one to four segments; eased terms shared), and the two kinds of
  /// flat segment that the linear expression would change stay general: a clamped flat −0
  /// (−0 + +0 is +0) and a flat segment in an unclamped mapping (+0 · ±∞ is NaN at an
  /// infinite progress). Mutation: letting either run piecewise makes frames differ.
  @Test func piecewiseProgramsKeepEveryBit() throws {
    let d = EffectSpec.Keyframe.self
    let outputs: [EffectSpec.OutputSpec] = [
      .init(
        "negativeZeroFlat", unit: .points, range: -100...100, source: .timeline("s"),
        keyframes: [d.init(at: 0, -0.0), d.init(at: 0.5, -0.0), d.init(at: 1, 50)]),
      .init(
        "openFlat", unit: .points, range: 0...100, source: .timeline("d"),
        keyframes: [d.init(at: -50, 10), d.init(at: 0, 10), d.init(at: 200, 60)], clamp: false),
      .init(
        "clampedFlat", unit: .points, range: 0...100, source: .timeline("s"),
        keyframes: [
          d.init(at: 0, 0), d.init(at: 0.25, 40), d.init(at: 0.5, 40), d.init(at: 1, 100),
        ]),
      .init(
        "openLines", unit: .points, range: 0...100, source: .timeline("d"),
        keyframes: [d.init(at: -100, 80), d.init(at: 0, 0), d.init(at: 300, 100)],
        clamp: false),
      .init(
        "negativeAnchors", unit: .points, range: -50...50, source: .timeline("d"),
        keyframes: [d.init(at: -300, -40), d.init(at: -100, 20), d.init(at: -10, 0)]),
      .init(
        "eased", unit: .points, range: 0...100, source: .timeline("s"),
        keyframes: [d.init(at: 0, 0, easing: .easeIn), d.init(at: 0.5, 30), d.init(at: 1, 90)]),
      .init(
        "smoothedLines", unit: .points, range: 0...100, source: .timeline("s"),
        keyframes: [d.init(at: 0, 0), d.init(at: 0.5, 80), d.init(at: 1, 20)], smoothing: 0.1),
      .init(
        "smoothedOpen", unit: .points, range: 0...100, source: .timeline("d"),
        keyframes: [d.init(at: -100, 0), d.init(at: 0, 50), d.init(at: 300, 100)],
        clamp: false, smoothing: 0.25),
      .init(
        "fourSegments", unit: .points, range: 0...100, source: .timeline("s"),
        keyframes: [
          // At 0.3 and 0.45 the segment before ends a few ulps off the next stop's value,
          // so picking the segment before at an inner stop changes the bits.
          d.init(at: 0, 5), d.init(at: 0.1, 3), d.init(at: 0.3, 29), d.init(at: 0.45, 7),
          d.init(at: 1, 13),
        ]),
      .init(
        "oneSegmentSmoothed", unit: .points, range: 0...100, source: .timeline("s"),
        keyframes: [d.init(at: 0.1, 90), d.init(at: 0.9, 15)], smoothing: 0.1),
      .init(
        "easedOpen", unit: .points, range: 0...100, source: .timeline("d"),
        keyframes: [
          d.init(at: -100, 70, easing: .easeOut), d.init(at: 0, 10), d.init(at: 300, 90),
        ], clamp: false),
      .init(
        "easedSmoothedFourSegments", unit: .points, range: 0...100, source: .timeline("s"),
        keyframes: [
          d.init(at: 0, 5, easing: .easeInOut), d.init(at: 0.1, 3), d.init(at: 0.3, 3),
          d.init(at: 0.45, 70, easing: .cubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5)),
          d.init(at: 1, 13),
        ], smoothing: 0.2),
      // A smoothed clamped output on an empty range −0 … +0 stays general: a piece's
      // smoother does not clamp its value again, which keeps the bits only for
      // lower < upper (`OutputSmoother.Promises.targetInRange`; for an empty range the
      // piece's own clamp happens to give them too, so only the shape is asserted).
      .init(
        "emptyRangeSmoothed", unit: .points, range: -0.0...0.0, source: .timeline("s"),
        keyframes: [d.init(at: 0, 0), d.init(at: 1, 0)], smoothing: 0.1),
      // Two outputs on one eased term (same slot, stops and easing): computed once a frame.
      .init(
        "sharedTermA", unit: .points, range: 0...100, source: .timeline("s"),
        keyframes: [d.init(at: 0.2, 0, easing: .easeInOut), d.init(at: 0.8, 100)]),
      .init(
        "sharedTermB", unit: .points, range: 0...100, source: .timeline("s"),
        keyframes: [d.init(at: 0.2, 100, easing: .easeInOut), d.init(at: 0.8, 40)]),
    ]
    let spec = EffectSpec(
      name: "piecewise",
      timelines: [
        .init("s", .scroll(start: .init(0), end: .init(300))), .init("d", .distance(origin: 0)),
      ], outputs: outputs)
    let state = try Self.frameState(spec, folding: true)
    let piecewise = Set(state.buffers.programs.filter(\.piecewise).map(\.output))
    #expect(piecewise == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14])
    // Runs by form (1: eased), kind and number of segments (4: four or more, each record's
    // own): lines clamped with 2, 3 and 4 segments (negative anchors, clamped flat, four
    // segments), unclamped with 2, smoothed clamped with 1 and 2, smoothed unclamped with 2;
    // eased clamped with 1 (the shared term) and 2, unclamped with 2, smoothed clamped with 4.
    let runs = state.buffers.pieceRuns.map { [$0.eased ? 1 : 0, $0.kind, $0.segments, $0.count] }
    #expect(
      runs == [
        [0, 0, 2, 1], [0, 0, 3, 1], [0, 0, 4, 1], [0, 1, 2, 1], [0, 2, 1, 1], [0, 2, 2, 1],
        [0, 3, 2, 1], [1, 0, 1, 2], [1, 0, 2, 1], [1, 1, 2, 1], [1, 2, 4, 1],
      ])
    #expect(state.buffers.terms.count == 1)
    var offsets = sweepOffsets
    for s in stride(from: -400.0, through: 400, by: 2.5) { offsets += [s, -s] }
    #expect(try Self.differences(spec, offsets: offsets) == 0)
  }

  /// The memo's first value is computed with the frame's own operations: a clamped slot
  /// reader whose value at progress +0 is NaN (stops a subnormal apart: `∞ · 0`) writes its
  /// lower bound on the first frame at rest, as on every later one, not the NaN (a fresh
  /// tester's repro). Mutation: the first memo mapped with `nonNaN: false` fails both.
  @Test func firstMemoIsTheFramesValue() throws {
    let spec = SwiftSourceTests.subnormalGap
    #expect(try Self.differences(spec, offsets: [0, -5, 0.5, -5, 0]) == 0)
    var effect = try CompiledEffect(spec)
    var values: [Double] = []
    var events: [EffectEvent] = []
    // Offsets 0 and −5 clamp to progress +0 (the lower bound 0), 0.5 is on the second line.
    for (frame, (offset, value)) in [(0.0, 0.0), (-5, 0), (0.5, 0.5), (-5, 0)].enumerated() {
      effect.evaluate(
        sample(offset, time: Double(frame) / 120, geometry: Self.geometries[0]),
        into: &values, events: &events)
      #expect(values[0].bitPattern == value.bitPattern, "frame \(frame): \(values[0])")
    }
  }

  @Test func presetsAndTheirGroupKeepEveryBit() throws {
    let specs = EffectPreset.allCases.map { CompiledPreset($0).compiled.spec }
    for spec in specs + [try EffectSpec.group(specs)] {
      #expect(try Self.differences(spec) == 0, "\(spec.name)")
    }
  }

  /// What the folds make of the five presets' outputs: every multi-stop output is one line but
  /// the Apple Music artwork's offset, two (slopes 1 and 1/5 through 0), and the lines from 0 to
  /// 1 are copies.
  @Test func presetShapes() throws {
    let specs = EffectPreset.seeds.map { CompiledPreset($0).compiled.spec }
    let shapes = try Self.shapes(try EffectSpec.group(specs), folding: true)
    #expect(
      shapes == [
        "apple-music/header.overlayOpacity": "copy", "apple-music/header.imageOffsetY": "kinked",
        "apple-music/header.imageHeight": "affine", "apple-music/navBar.opacity": "copy",
        "apple-music/titlePinned": "flag", "apple-tv-bar/navBar.progress": "copy",
        "apple-tv-bar/navBar.backgroundOpacity": "affine", "apple-tv-bar/navBar.tint": "affine",
        "apple-tv-bar/navBar.titleOpacity": "affine", "apple-tv-bar/navBar.titleVisible": "flag",
        "logo-follow/logo.lift": "copy", "title-card/titleCard.inlineTitleOpacity": "copy",
        "title-card/titleCard.titleMinY": "affine", "collapsible-header/header.height": "affine",
        "collapsible-header/header.contentOpacity": "affine",
        "collapsible-header/bar.contentOpacity": "copy",
      ])
    let unfolded = try Self.shapes(try EffectSpec.group(specs), folding: false)
    #expect(unfolded["apple-music/header.imageOffsetY"] == "general")
    #expect(unfolded["collapsible-header/header.height"] == "general")
    #expect(unfolded["apple-tv-bar/navBar.titleOpacity"] == "general")
    #expect(unfolded["apple-music/header.overlayOpacity"] == "affine")
  }

  /// Specs built to hit the folds and their edges: lines through several stops (anchored at 0,
  /// or not, so that some are not foldable), flat ends at the range's bounds or just inside
  /// them, descending lines, zero crossings, outputs reading outputs, unclamped outputs.
  static func lineSpec(seed: UInt64) -> EffectSpec {
    var g = GeneratedSpecTests.Generator(state: seed)
    let timelines: [EffectSpec.TimelineSpec] = [
      .init("s", .scroll(start: .init(g.range(-300, 300).rounded()), end: .init(700))),
      .init("d", .distance(origin: g.pick(2) == 0 ? 0 : g.range(-50, 50))),
      .init("t", .overscroll(.top)),
      .init("b", .overscroll(.bottom)),
      // Empty (inactive) while the content fits the viewport.
      .init("m", .scroll(start: .init(0), end: .init(0, fromMax: true))),
      .init("v", .view(ViewTimeline(subjectY: g.range(0, 2000), subjectHeight: g.range(0, 600)))),
    ]
    var outputs: [EffectSpec.OutputSpec] = []
    for k in 0..<8 {
      let slope = [1.0, -1, 0.2, 3, -0.75, 1.0 / 3][g.pick(6)]
      // Sometimes another slope from 0 on (a kink).
      let slopeAbove = g.pick(3) == 0 ? [0.5, 2, 1.0 / 3, 1][g.pick(4)] * slope : slope
      let intercept = g.pick(2) == 0 ? 0 : g.range(-10, 10).rounded()
      let line = { (p: Double) in intercept + (p >= 0 ? slopeAbove : slope) * p }
      // Stops on the line, at 0 and around it (integers, halves, thirds).
      var ats = [0.0]
      for _ in 0..<g.pick(3) { ats.append(-[1, 0.5, 2, 1.0 / 3, 100][g.pick(5)]) }
      for _ in 0..<(1 + g.pick(3)) { ats.append([1, 0.5, 2, 1.0 / 3, 300][g.pick(5)]) }
      ats = Array(Set(ats)).sorted()
      if g.pick(3) == 0 { ats = ats.map { $0 + 0.1 } }
      let values = ats.map(line)
      var lo = values.min()!
      var hi = values.max()!
      if g.pick(3) == 0 { lo -= 1 }
      if g.pick(3) == 0 { hi += 1 }
      var stops = zip(ats, values).map { EffectSpec.Keyframe(at: $0, $1) }
      // Flat ends: at the bound the line reaches there (foldable) or inside the range.
      let rising = slope > 0
      if g.pick(2) == 0 {
        let v = g.pick(4) == 0 ? (lo + hi) / 2 : (rising ? lo : hi)
        stops.insert(.init(at: ats[0] - 1, v), at: 0)
        stops.insert(.init(at: ats[0] - 0.5, v), at: 1)
      }
      if g.pick(2) == 0 {
        let v = g.pick(4) == 0 ? (lo + hi) / 2 : (rising ? hi : lo)
        stops.append(.init(at: ats[ats.count - 1] + 0.25, v))
        if g.pick(2) == 0 { stops.append(.init(at: ats[ats.count - 1] + 2, v)) }
      }
      if g.pick(6) == 0 { stops[stops.count / 2].value[0] += 0.5 }
      // Stops must lie in a clamped output's range.
      lo = min(lo, stops.map { $0.value[0] }.min()!)
      hi = max(hi, stops.map { $0.value[0] }.max()!)
      if k == 0 && g.pick(2) == 0 {
        // The identity on 0 … to (a copy when folded).
        let to = [1.0, 300, 0.5][g.pick(3)]
        stops = [.init(at: 0, 0), .init(at: to, to)]
        (lo, hi) = (0, to)
      }
      let source: EffectSpec.Source =
        k > 0 && g.pick(4) == 0 ? .output("o\(g.pick(k))") : .timeline(timelines[g.pick(6)].name)
      outputs.append(
        .init(
          "o\(k)", unit: .points, range: lo...hi, source: source, keyframes: stops,
          clamp: g.pick(8) != 0))
    }
    return EffectSpec(name: "lines-\(seed)", timelines: timelines, outputs: outputs)
  }

  @Test(arguments: 0..<32)
  func generatedLinesKeepEveryBit(seed: Int) throws {
    let spec = Self.lineSpec(seed: UInt64(seed) * 7 + 3)
    #expect(try Self.differences(spec) == 0)
  }

  /// The generated specs of ``GeneratedSpecTests`` (easings, jumps, smoothing) are unchanged
  /// too.
  @Test(arguments: 0..<8)
  func generatedSpecsKeepEveryBit(seed: Int) throws {
    #expect(try Self.differences(GeneratedSpecTests.spec(seed: UInt64(seed) + 1)) == 0)
  }

  /// A spec that exercises the general shape's fast paths (the reuse of the last input's value,
  /// the decay factor shared by smoothers with the same τ): 2–4 stops with every easing (a
  /// cubic-bezier that overshoots, steps, a jump), unclamped outputs that reach ±∞, outputs
  /// reading outputs (also unclamped ones), smoothers sharing two time constants.
  static func generalSpec(seed: UInt64) -> EffectSpec {
    var g = GeneratedSpecTests.Generator(state: seed)
    let timelines: [EffectSpec.TimelineSpec] = [
      .init("s", .scroll(start: .init(0), end: .init(300))),
      .init("d", .distance(origin: 0)),
      .init("t", .overscroll(.top)),
      .init("v", .view(ViewTimeline(subjectY: 200, subjectHeight: 300))),
      .init("m", .scroll(start: .init(-400, fromMax: true), end: .init(0, fromMax: true))),
    ]
    let easings: [Easing] = [
      .linear, .easeInOut, .ease, .cubicBezier(x1: 0.3, y1: -2, x2: 0.7, y2: 3),
      .steps(count: 3, position: .jumpNone), .steps(count: 2, position: .jumpStart),
    ]
    var outputs: [EffectSpec.OutputSpec] = []
    for k in 0..<40 {
      let count = 2 + g.pick(3)
      // Stops at 0, 1/3, 1/2, 2/3, 1 (progress an offset reaches exactly), sometimes a jump.
      var ats = (0..<count).map { Double($0) / Double(count - 1) }
      if count > 2 && g.pick(4) == 0 { ats[1] = ats[2] }
      let stops = ats.map {
        EffectSpec.Keyframe(
          at: $0, g.range(0, 100).rounded(), easing: easings[g.pick(easings.count)])
      }
      let source: EffectSpec.Source =
        k > 0 && g.pick(4) == 0
        ? .output("o\(g.pick(k))") : .timeline(timelines[g.pick(timelines.count)].name)
      outputs.append(
        .init(
          "o\(k)", unit: .points, range: 0...100, source: source,
          keyframes: g.pick(10) == 0 ? [] : stops, clamp: g.pick(3) != 0,
          smoothing: [0, 0, 0.1, 0.25][g.pick(4)]))
    }
    return EffectSpec(name: "general-\(seed)", timelines: timelines, outputs: outputs)
  }

  /// The general shape's fast paths give the bits of the straightforward evaluation (every
  /// frame maps its input, every smoother computes its own exponential): over offsets that
  /// repeat (the last input's value is reused), put progress exactly on the stops, at ±0, ±∞
  /// and NaN, at 120 Hz and with times that repeat or go back (the smoothers restart).
  @Test(arguments: 0..<16)
  func generalFastPathsKeepEveryBit(seed: Int) throws {
    let spec = Self.generalSpec(seed: UInt64(seed) * 11 + 5)
    var offsets: [Double] = []
    for s in [0, -0.0, 100, 150, 200, 300, 301, 1e6, .infinity, -.infinity, .nan, -1, -100] {
      offsets += [s, s, s]
    }
    for s in stride(from: -50.0, through: 2500, by: 12.5) { offsets += [s, s] }
    offsets += sweepOffsets.filter { $0.magnitude > 1e5 || $0.magnitude < 1e-2 }
    #expect(try Self.differences(spec, offsets: offsets) == 0)
    // The same frames at times that stall and go back every few frames.
    #expect(
      try Self.differences(spec, offsets: offsets) {
        $0 % 7 == 0 ? 0.5 : Double($0 / 3) / 60
      } == 0)
  }

  /// The smoothers' per-frame factors (``OutputSmoother/FrameDecays``, one per distinct τ,
  /// taken by a smoother updated on the frame before) give the bits of each smoother's own
  /// test and exponential: frame times that step evenly, stall, go back, are NaN or +∞ (a
  /// smoother that skipped a frame, or whose last time is NaN, takes the slow path), with
  /// two time constants, smoothers on a slot that is inactive on one geometry, and a reset
  /// in the middle.
  @Test(arguments: 0..<8)
  func frameDecaysKeepEveryBit(seed: Int) throws {
    let spec = Self.generalSpec(seed: UInt64(seed) * 13 + 2)
    let state = try Self.frameState(spec, folding: true)
    // Not vacuous: two classes, and smoothers in both.
    #expect(state.buffers.decayClasses.count == 2)
    #expect(Set(state.buffers.smoothers.map(\.decayClass)) == [0, 1])
    // Below `smoothersForDecayClasses` (one smoother here), no classes: the shared decay.
    #expect(try Self.frameState(.scaling(outputs: 10), folding: true).buffers.decayClasses.isEmpty)
    let times: (Int) -> Double = { n in
      switch n % 17 {
      case 3: .nan
      case 9: .infinity
      case 12: Double(n - 5) / 120
      default: Double(n) / 120 + (n % 5 == 0 ? 1e-3 : 0)
      }
    }
    #expect(try Self.differences(spec, time: times) == 0)
    #expect(try Self.differences(spec, offsets: sweepOffsets, time: { Double($0) / 60 }) == 0)
    // A reset between two frames: the first frame after it takes every target.
    let folded = try Self.frameState(spec, folding: true)
    let unfolded = try Self.frameState(spec, folding: false)
    var a = [Double](repeating: 0, count: spec.outputs.count)
    var b = a
    var events: [EffectEvent] = []
    for n in 0..<240 {
      if n == 100 {
        folded.buffers.reset()
        unfolded.buffers.reset()
      }
      let s = sample(Double(n % 120) * 7.5, time: Double(n) / 120, geometry: phoneGeometry)
      a.withUnsafeMutableBufferPointer { folded.buffers.evaluate(s, into: $0, events: &events) }
      b.withUnsafeMutableBufferPointer { unfolded.buffers.evaluate(s, into: $0, events: &events) }
      #expect(zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }, "frame \(n)")
    }
  }

  /// Some generated lines do fold (the test above is not vacuous).
  @Test func generatedLinesFold() throws {
    var folded = 0
    var identities = 0
    var kinks = 0
    for seed in 0..<32 {
      let spec = Self.lineSpec(seed: UInt64(seed) * 7 + 3)
      let with = try Self.shapes(spec, folding: true)
      let without = try Self.shapes(spec, folding: false)
      for (name, shape) in with where shape != without[name] {
        if shape == "copy" { identities += 1 } else { folded += 1 }
        if shape == "kinked" { kinks += 1 }
      }
    }
    #expect(folded >= 15)
    #expect(identities >= 3)
    #expect(kinks >= 2)
  }

  /// The fold's edges, stop by stop.
  @Test func lineFoldConditions() {
    func line(_ stops: [(Double, Double)], _ lower: Double, _ upper: Double, nan: Bool = false)
      -> KeyframeStop.Line?
    {
      var compiled = stops.map { KeyframeStop(at: $0.0, value: $0.1, easing: .linear) }
      KeyframeStop.prepareSegments(&compiled, from: 0, count: compiled.count)
      return KeyframeStop.line(
        compiled, from: 0, count: compiled.count, lower: lower, upper: upper,
        progressIsNeverNaN: !nan)
    }
    // Collinear, anchored at the shared stop 0: one line from −100 to 100.
    #expect(
      line([(-100, 200), (0, 100), (100, 0)], 0, 200)
        == .init(from: -100, to: 100, anchorAt: 0, anchorValue: 100, slope: -1))
    // Collinear but anchored at different stops (1 and 2): not folded.
    #expect(line([(1, 1), (2, 2), (3, 3)], 0, 3) == nil)
    // Two slopes through the same anchor: a kink at 0 (the Apple Music artwork's offset).
    var kinked = KeyframeStop.Line(from: -1000, to: 400, anchorAt: 0, anchorValue: 0, slope: 0.2)
    kinked.kink = 0
    kinked.slopeBelow = 1
    #expect(line([(-1000, -1000), (0, 0), (400, 80)], -1000, 80) == kinked)
    #expect(line([(-1000, -1000), (0, 0), (400, 80)], -1000, 80, nan: true) == kinked)
    // Three slopes, or a kink with a flat end: not folded.
    #expect(line([(-2, -4), (-1, -1), (0, 0), (400, 80)], -4, 80) == nil)
    #expect(line([(-1, -1), (0, 0), (1, 2), (2, 2)], -1, 2) == nil)
    // Flat ends at the bounds the line reaches: folded (the Apple TV title's shape).
    #expect(
      line([(0, 0), (0.5, 0), (1, 1), (2, 1)], 0, 1)
        == .init(from: 0, to: 2, anchorAt: 0.5, anchorValue: 0, slope: 2))
    // A flat end inside the range, or one where the line has not reached the bound yet.
    #expect(line([(0, 0.5), (0.5, 0.5), (1, 1)], 0, 1) == nil)
    #expect(line([(0, 0), (0.5, 0), (1, 0.5), (2, 0.5)], 0, 1) == nil)
    // Flat ends need progress that is never NaN (a NaN would pick the first, flat segment).
    #expect(line([(0, 0), (0.5, 0), (1, 1)], 0, 1, nan: true) == nil)
    #expect(line([(-1, 1), (0, 0), (1, -1)], -1, 1, nan: true) != nil)
    // A jump, a zero-width range.
    #expect(line([(0, 0), (1, 1), (1, 2), (2, 3)], 0, 3) == nil)
    #expect(line([(0, 0), (1, 0)], 0, 0) == nil)
  }

  /// ``maxNonNaN(_:_:)`` has `Swift.max`'s bits for all operands that are not NaN (signed zeros,
  /// infinities, subnormals, equal values); a NaN operand differs.
  @Test func maxNonNaNIsSwiftMax() {
    let values: [Double] = [
      0, -0.0, 1, -1, 0.5, .infinity, -.infinity, .leastNonzeroMagnitude,
      -.leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e9, 0.3,
    ]
    for x in values {
      for y in values {
        #expect(maxNonNaN(x, y).bitPattern == Swift.max(x, y).bitPattern, "\(x), \(y)")
      }
    }
    #expect(Swift.max(Double.nan, 1).isNaN && maxNonNaN(.nan, 1) == 1)
    #expect(Swift.max(1, Double.nan) == 1 && maxNonNaN(1, .nan).isNaN)
  }

  /// What the `maxNonNaN` clamps rely on: an active slot's progress is never NaN, whatever the
  /// offset (±∞, the extremes of Double, NaN, which the frame replaces) and the geometry
  /// (including empty content, infinite content and NaN fields).
  @Test func slotProgressIsNeverNaN() throws {
    let geometries =
      Self.geometries + [
        ScrollGeometry(viewportHeight: 800, contentHeight: .infinity),
        ScrollGeometry(viewportHeight: .nan, contentHeight: 100),
        ScrollGeometry(viewportHeight: 0, contentHeight: 0, contentInsetTop: .infinity),
      ]
    var nan = 0
    var active = 0
    for seed in 0..<8 {
      for spec in [
        Self.lineSpec(seed: UInt64(seed) * 7 + 3), GeneratedSpecTests.spec(seed: UInt64(seed) + 1),
      ] {
        let state = try Self.frameState(spec, folding: true)
        var out = [Double](repeating: 0, count: try CompiledEffect(spec).outputs.count)
        var events: [EffectEvent] = []
        for geometry in geometries {
          for s in sweepOffsets + [.nan] {
            out.withUnsafeMutableBufferPointer {
              state.buffers.evaluate(sample(s, geometry: geometry), into: $0, events: &events)
            }
            events.removeAll()
            for slot in state.buffers.slots where slot.active {
              active += 1
              if slot.progress.isNaN { nan += 1 }
            }
          }
        }
      }
    }
    #expect(nan == 0)
    #expect(active > 100_000)
  }
}
