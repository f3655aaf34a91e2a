import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimCore
import Testing

/// Timelines on either axis (issue 16): the axis mapping of CSS Writing Modes 4 §6 with the
/// scroll origin of CSSOM View §4, and web-platform-tests `scroll-animations` cases with
/// `axis`, `inline`, `rtl` and `vertical-rl`, each ported with its own numbers.
@Suite struct TwoAxisEffectTests {
  /// One scalar output that copies timeline `v`'s progress, unclamped.
  static let copyOutput =
    #"{"name": "p", "range": [-1e9, 1e9], "clamp": false, "timeline": "v"}"#

  static func effect(_ timelines: String, outputs: String = copyOutput) throws -> CompiledEffect {
    let text = """
      {"version": 1, "name": "t", "timelines": [\(timelines)], "outputs": [\(outputs)]}
      """
    return try CompiledEffect(EffectSpec.parse(text, file: "t.json"), file: "t.json")
  }

  /// A sample at vertical offset `y` and horizontal offset `x` (points from the left), with
  /// the two axes' geometries.
  static func sample(
    y: Double, x: Double?, vertical: ScrollGeometry, horizontal: ScrollGeometry,
    velocity: Double = 0, horizontalVelocity: Double = 0, time: Double = 0
  ) -> ScrollSample {
    var s = ScrollSample(
      time: time, offset: y, velocity: velocity, phase: .dragging, geometry: vertical)
    if let x {
      s.horizontal = AxisSample(offset: x, velocity: horizontalVelocity, geometry: horizontal)
    }
    return s
  }

  static func values(_ effect: CompiledEffect, _ sample: ScrollSample) -> [Double] {
    var e = effect
    var out = [Double](repeating: .nan, count: e.outputs.count)
    var events: [EffectEvent] = []
    e.evaluate(sample, into: &out, events: &events)
    return out
  }

  // MARK: the axis mapping

  /// CSS Writing Modes 4 §6 and CSSOM View §4, as web-platform-tests
  /// `scroll-animations/scroll-timelines/current-time-writing-modes.html` exercises them: in
  /// `rtl` and `vertical-rl` the horizontal axis (inline, respectively block, and `x`) starts
  /// at the right; `y` and the vertical logical axis run top to bottom.
  @Test(arguments: [
    (
      ScrollAxis.block, ScrollAxis.WritingMode.horizontalTB, ScrollAxis.Direction.ltr,
      ScrollAxis.Physical.vertical(topToBottom: true)
    ),
    (.inline, .horizontalTB, .ltr, .horizontal(leftToRight: true)),
    (.x, .horizontalTB, .ltr, .horizontal(leftToRight: true)),
    (.block, .horizontalTB, .rtl, .vertical(topToBottom: true)),
    (.inline, .horizontalTB, .rtl, .horizontal(leftToRight: false)),
    (.x, .horizontalTB, .rtl, .horizontal(leftToRight: false)),
    (.y, .horizontalTB, .rtl, .vertical(topToBottom: true)),
    (.block, .verticalRL, .ltr, .horizontal(leftToRight: false)),
    (.inline, .verticalRL, .ltr, .vertical(topToBottom: true)),
    (.x, .verticalRL, .ltr, .horizontal(leftToRight: false)),
    (.y, .verticalRL, .ltr, .vertical(topToBottom: true)),
    (.block, .verticalLR, .ltr, .horizontal(leftToRight: true)),
    (.inline, .verticalLR, .ltr, .vertical(topToBottom: true)),
    (.inline, .verticalLR, .rtl, .vertical(topToBottom: false)),
    (.y, .verticalLR, .rtl, .vertical(topToBottom: false)),
    (.inline, .sidewaysLR, .ltr, .vertical(topToBottom: false)),
    (.inline, .sidewaysLR, .rtl, .vertical(topToBottom: true)),
    (.block, .sidewaysRL, .ltr, .horizontal(leftToRight: false)),
    (.block, .sidewaysLR, .ltr, .horizontal(leftToRight: true)),
  ])
  func physicalAxis(
    axis: ScrollAxis, mode: ScrollAxis.WritingMode, direction: ScrollAxis.Direction,
    expected: ScrollAxis.Physical
  ) {
    #expect(axis.physicalAxis(writingMode: mode, direction: direction) == expected)
  }

  // MARK: web-platform-tests ports

  /// `scroll-animations/scroll-timelines/current-time-writing-modes.html`: a 100 × 100
  /// scroller over 500 × 500 contents (`setupScrollTimelineTest`, scroll range 400 per axis),
  /// scrolled to `scrollTop = 0.1 · range` and `scrollLeft = −0.8 · range` (`rtl`,
  /// `vertical-rl`: the left edge is −range) or `0.2 · range` (`vertical-lr`). Our horizontal
  /// offset is from the left, so `scrollLeft = −0.8 · 400` is `400 − 320 = 80`. Expected
  /// currentTime, percent: block, inline, horizontal (x), vertical (y).
  @Test(arguments: [
    (ScrollAxis.WritingMode.horizontalTB, ScrollAxis.Direction.rtl, 80.0, [10.0, 80, 80, 10]),
    (.verticalRL, .ltr, 80, [80, 10, 80, 10]),
    (.verticalLR, .ltr, 80, [20, 10, 20, 10]),
  ])
  func wptCurrentTimeWritingModes(
    mode: ScrollAxis.WritingMode, direction: ScrollAxis.Direction, x: Double,
    expected: [Double]
  ) throws {
    let square = ScrollGeometry(viewportHeight: 100, contentHeight: 500)
    let timelines = [ScrollAxis.block, .inline, .x, .y].map { axis in
      #"{"name": "\#(axis.rawValue)", "type": "scroll", "start": 0, "end": "max", "axis": ""#
        + axis.rawValue + #"", "writingMode": "\#(mode.rawValue)", "direction": ""#
        + direction.rawValue + #""}"#
    }
    let outputs = ["block", "inline", "x", "y"].map {
      #"{"name": "\#($0)", "range": [-1e9, 1e9], "clamp": false, "timeline": "\#($0)"}"#
    }
    let effect = try Self.effect(
      timelines.joined(separator: ", "), outputs: outputs.joined(separator: ", "))
    // Unscrolled: every timeline reads 0 ("even though the X-axis will have started at the
    // right hand side"): rest on a reversed axis is its right end, offset 400 from the left.
    let restX = mode == .verticalLR ? 0.0 : 400
    let unscrolled = Self.values(
      effect, Self.sample(y: 0, x: restX, vertical: square, horizontal: square))
    #expect(unscrolled == [0, 0, 0, 0])
    // vertical-lr scrolls left to right: scrollLeft 0.2 · 400 = 80 from the left too.
    let got = Self.values(effect, Self.sample(y: 40, x: x, vertical: square, horizontal: square))
    #expect(zip(got, expected).allSatisfy { close($0 * 100, $1, 1e-9) }, "\(got)")
  }

  /// `scroll-animations/view-timelines/inline-view-timeline-current-time.tentative.html`: a
  /// 200 pt wide scroller over 1800 pt of content, the 200 pt target after an 800 pt spacer;
  /// `view(inline)` cover runs 600…1000 (`scrollLeft`), so currentTime is −150 %, 0, 50 %,
  /// 100 %, 250 % at 0, 600, 800, 1000, 1600. The `rtl` case mirrors it: `scrollLeft` 0, −600,
  /// … (our offset from the left is 1600 + scrollLeft) and the target, 800 pt from the right,
  /// is at x = 1800 − 800 − 200 = 800 from the left; the same percentages.
  /// `block-view-timeline-current-time-vertical-rl.tentative.html` is the same layout with
  /// `writing-mode: vertical-rl` and `view(block)`.
  @Test(arguments: [
    (#""axis": "inline""#, false),
    (#""axis": "x""#, false),
    (#""axis": "inline", "direction": "rtl""#, true),
    (#""axis": "block", "writingMode": "vertical-rl""#, true),
  ])
  func wptInlineViewTimeline(keys: String, fromRight: Bool) throws {
    let effect = try Self.effect(
      #"{"name": "v", "type": "view", "subject": {"x": 800, "width": 200}, "# + keys + "}")
    let horizontal = ScrollGeometry(viewportHeight: 200, contentHeight: 1800)
    let vertical = ScrollGeometry(viewportHeight: 200, contentHeight: 200)
    for (scrollLeft, percent) in [(0.0, -150.0), (600, 0), (800, 50), (1000, 100), (1600, 250)] {
      let x = fromRight ? 1600 - scrollLeft : scrollLeft
      let got = Self.values(
        effect, Self.sample(y: 0, x: x, vertical: vertical, horizontal: horizontal))[0]
      #expect(close(got * 100, percent, 1e-9), "\(keys) scrollLeft \(scrollLeft): \(got)")
    }
  }

  // MARK: motion timelines on the horizontal axis

  /// A velocity timeline on x reads the horizontal velocity (points per second, positive
  /// toward the axis's end); on a reversed axis (rtl) the end is the left, so it is negated.
  @Test(arguments: [
    (#""axis": "x""#, 250.0),
    (#""axis": "inline", "direction": "rtl""#, -250),
    (#""axis": "y""#, 40),
  ])
  func velocityOnAxis(keys: String, expected: Double) throws {
    let effect = try Self.effect(#"{"name": "v", "type": "velocity", "# + keys + "}")
    let g = ScrollGeometry(viewportHeight: 200, contentHeight: 2000)
    let got = Self.values(
      effect,
      Self.sample(
        y: 10, x: 10, vertical: g, horizontal: g, velocity: 40, horizontalVelocity: 250))
    #expect(got == [expected])
  }

  /// A direction timeline on x follows the horizontal offset: forward (1) while it grows past
  /// the hysteresis (20), backward (−1) once it shrinks by more than that from its peak (40 → 25);
  /// the vertical offset,
  /// moving the other way, does not matter.
  @Test func directionOnTheHorizontalAxis() throws {
    var effect = try Self.effect(
      #"{"name": "v", "type": "direction", "hysteresis": 10, "axis": "x"}"#)
    let g = ScrollGeometry(viewportHeight: 200, contentHeight: 2000)
    var out = [0.0]
    var events: [EffectEvent] = []
    var got: [Double] = []
    let xs: [Double] = [0, 5, 20, 40, 35, 25, 10]
    for (i, x) in xs.enumerated() {
      effect.evaluate(
        Self.sample(y: 500 - Double(i) * 50, x: x, vertical: g, horizontal: g, time: Double(i)),
        into: &out, events: &events)
      got.append(out[0])
    }
    #expect(got == [0, 0, 1, 1, 1, -1, -1])
  }

  /// A quick-return bar on an rtl inline axis hides as the content scrolls toward the left
  /// (the axis's end): 60 pt bar, offsets from the right 0, 30, 90 hide 0, 0.5, 1.
  @Test func quickReturnOnAReversedAxis() throws {
    var effect = try Self.effect(
      #"{"name": "v", "type": "quick-return", "height": 60, "axis": "inline", "direction": "rtl"}"#
    )
    let g = ScrollGeometry(viewportHeight: 200, contentHeight: 2000)
    var out = [0.0]
    var events: [EffectEvent] = []
    var got: [Double] = []
    for (i, fromRight) in [0.0, 30, 90].enumerated() {
      effect.evaluate(
        Self.sample(y: 0, x: 1800 - fromRight, vertical: g, horizontal: g, time: Double(i)),
        into: &out, events: &events)
      got.append(out[0])
    }
    #expect(got == [0, 0.5, 1])
  }

  // MARK: a reversed vertical axis

  /// `inline` in `vertical-lr` `rtl` runs bottom to top: progress of a 0…max scroll timeline
  /// is `(maxOffset − offset) / maxOffset`.
  @Test func bottomToTopAxis() throws {
    let effect = try Self.effect(
      #"{"name": "v", "type": "scroll", "start": 0, "end": "max", "axis": "inline", "#
        + #""writingMode": "vertical-lr", "direction": "rtl"}"#)
    let g = ScrollGeometry(viewportHeight: 100, contentHeight: 500)
    for (y, expected) in [(400.0, 0.0), (300, 0.25), (0, 1)] {
      var e = effect
      var out = [0.0]
      var events: [EffectEvent] = []
      e.evaluate(
        ScrollSample(time: 0, offset: y, velocity: 0, phase: .idle, geometry: g), into: &out,
        events: &events)
      #expect(out == [expected], "y \(y)")
    }
  }

  // MARK: a run without the horizontal axis

  /// An effect reading x on a vertical-only run is an error naming the file, the timeline's
  /// `axis` field and its JSON path; the ``ScrollEffect`` conformance throws it on the first
  /// frame, and the raw evaluation never writes NaN.
  @Test func horizontalEffectOnAVerticalRun() throws {
    let text = """
      {"version": 1, "name": "carousel",
       "timelines": [
         {"name": "y", "type": "scroll", "start": 0, "end": 100},
         {"name": "v", "type": "view", "subject": {"x": 800, "width": 200}, "axis": "x"}
       ],
       "outputs": [\(Self.copyOutput)]}
      """
    var effect = try CompiledEffect(EffectSpec.parse(text, file: "c.json"), file: "c.json")
    #expect(effect.readsHorizontalAxis)
    #expect(throws: Never.self) { try effect.validateAxes(hasHorizontal: true) }
    // The key's value in the file: line 4, where `"axis": "x"` is written.
    let node = try #require(
      try JSONReader.parse(Data(text.utf8)).node(atPath: "$.timelines[1].axis"))
    #expect(node.line == 4)
    let expected = InputError(
      .unsupported, file: "c.json", line: node.line, column: node.column,
      path: "$.timelines[1].axis", field: "axis",
      message: "timeline 'v' reads the horizontal axis (x), and this run scrolls only "
        + "vertically (its samples have no horizontal axis): run it on a scroll view that "
        + "scrolls in both axes, or read the vertical axis (axis y, or block in horizontal-tb)")
    #expect(throws: expected) { try effect.validateAxes(hasHorizontal: false) }
    let vertical = ScrollSample(
      time: 0, offset: 10, velocity: 0, phase: .idle,
      geometry: ScrollGeometry(viewportHeight: 200, contentHeight: 2000))
    var frame = EffectFrame(outputs: effect.outputs)
    #expect(throws: expected) { try effect.evaluate(vertical, into: &frame) }
    var out = [Double.nan]
    var events: [EffectEvent] = []
    effect.evaluate(vertical, into: &out, events: &events)
    #expect(!out[0].isNaN)
    // A spec built in code has no place in a file.
    var built = try EffectSpec.parse(text, file: "c.json")
    built.timelines[1].axisPlace = .init()
    #expect(built == (try EffectSpec.parse(text, file: "c.json")))
    #expect(throws: InputError.self) {
      try CompiledEffect(built, file: "c.json").validateAxes(hasHorizontal: false)
    }
  }

  /// A vertical effect needs no horizontal axis.
  @Test func verticalEffectNeedsNoHorizontalAxis() throws {
    let effect = try Self.effect(
      #"{"name": "v", "type": "scroll", "start": 0, "end": 100, "axis": "block"}"#)
    #expect(!effect.readsHorizontalAxis)
    #expect(throws: Never.self) { try effect.validateAxes(hasHorizontal: false) }
  }

  // MARK: the vertical path is unchanged

  /// The same spec with the vertical axis named (`y`, `block`, `inline` in `vertical-lr`)
  /// gives the same bits as with none, on a sweep of offsets with and without a horizontal
  /// axis in the sample.
  @Test(arguments: [
    #""axis": "y""#, #""axis": "block""#, #""axis": "inline", "writingMode": "vertical-lr""#,
  ])
  func namingTheVerticalAxisChangesNothing(keys: String) throws {
    let base =
      #"{"name": "v", "type": "view", "subject": {"y": 800, "height": 100}, "range": "entry""#
    let plain = try Self.effect(base + "}")
    let named = try Self.effect(base + ", " + keys + "}")
    let g = ScrollGeometry(viewportHeight: 200, contentHeight: 2000)
    for s in stride(from: -100.0, through: 2100, by: 7.5) {
      for x: Double? in [nil, 33] {
        let sample = Self.sample(y: s, x: x, vertical: g, horizontal: g)
        #expect(
          Self.values(plain, sample).map(\.bitPattern)
            == Self.values(named, sample).map(\.bitPattern))
      }
    }
  }

  /// A horizontal timeline and a vertical one with the same definition keep separate slots.
  @Test func sameTimelineOnTwoAxes() throws {
    let effect = try Self.effect(
      #"{"name": "v", "type": "scroll", "start": 0, "end": 100}, "#
        + #"{"name": "h", "type": "scroll", "start": 0, "end": 100, "axis": "x"}"#,
      outputs: Self.copyOutput + ", "
        + #"{"name": "q", "range": [-1e9, 1e9], "clamp": false, "timeline": "h"}"#)
    let g = ScrollGeometry(viewportHeight: 200, contentHeight: 2000)
    #expect(
      Self.values(effect, Self.sample(y: 25, x: 75, vertical: g, horizontal: g)) == [0.25, 0.75])
  }

  /// A delayed (readsPreviousFrame) scroll timeline on x reads the previous frame's x.
  @Test func delayedHorizontalTimeline() throws {
    var effect = try Self.effect(
      #"{"name": "v", "type": "scroll", "start": 0, "end": 100, "axis": "x", "readsPreviousFrame": true}"#
    )
    let g = ScrollGeometry(viewportHeight: 200, contentHeight: 2000)
    var out = [0.0]
    var events: [EffectEvent] = []
    var got: [Double] = []
    for (i, x) in [10.0, 20, 30].enumerated() {
      effect.evaluate(
        Self.sample(y: 0, x: x, vertical: g, horizontal: g, time: Double(i)), into: &out,
        events: &events)
      got.append(out[0])
    }
    #expect(got == [0.1, 0.1, 0.2])
  }

  /// A NaN horizontal offset reads as the last non-NaN one (as the vertical offset does).
  @Test func nanHorizontalOffset() throws {
    var effect = try Self.effect(
      #"{"name": "v", "type": "scroll", "start": 0, "end": 100, "axis": "x"}"#)
    let g = ScrollGeometry(viewportHeight: 200, contentHeight: 2000)
    var out = [0.0]
    var events: [EffectEvent] = []
    effect.evaluate(
      Self.sample(y: 0, x: 40, vertical: g, horizontal: g), into: &out, events: &events)
    effect.evaluate(
      Self.sample(y: 0, x: .nan, vertical: g, horizontal: g, time: 1), into: &out, events: &events)
    #expect(out == [0.4])
  }

  /// A flag on a horizontal timeline, first frame away from the axis's start: it reports
  /// `enter` on that frame, as a vertical one does (``RangeTrigger/primeBeforeRange()``).
  @Test func flagOnARestoredHorizontalSession() throws {
    var effect = try Self.effect(
      #"{"name": "v", "type": "scroll", "start": 0, "end": 100, "axis": "x"}"#,
      outputs: #"{"name": "f", "trigger": {"timeline": "v", "start": 0.5}}"#)
    let g = ScrollGeometry(viewportHeight: 200, contentHeight: 2000)
    var out = [0.0]
    var events: [EffectEvent] = []
    effect.evaluate(
      Self.sample(y: 0, x: 80, vertical: g, horizontal: g), into: &out, events: &events)
    #expect(out == [1])
    #expect(events.map(\.kind) == [.enter])
  }

  // MARK: the horizontal path agrees with the vertical one

  /// Timelines of every kind that reads an offset, with keyframes through the affine,
  /// kinked and general shapes and a flag.
  static let axisTimelines = [
    #"{"name": "v", "type": "scroll", "start": 100, "end": {"max": -50}"#,
    #"{"name": "v", "type": "view", "subject": {"AT": 700, "LEN": 120}, "range": "entry 10% exit 90%", "inset": "auto 10%""#,
    #"{"name": "v", "type": "distance", "origin": 30"#,
    #"{"name": "v", "type": "direction", "hysteresis": 6"#,
    #"{"name": "v", "type": "quick-return", "height": 80"#,
  ]
  static let axisOutputs = [
    copyOutput,
    #"{"name": "a", "range": [0, 1], "timeline": "v", "keyframes": [{"at": 0, "value": 0}, {"at": 0.5, "value": 1}]}"#,
    #"{"name": "k", "range": [0, 2], "timeline": "v", "keyframes": [{"at": 0, "value": 0}, {"at": 0.5, "value": 1}, {"at": 1, "value": 2}]}"#,
    #"{"name": "g", "range": [0, 1], "timeline": "v", "keyframes": [{"at": 0, "value": 0, "easing": "ease-in"}, {"at": 1, "value": 1}], "smoothing": 0.05}"#,
    #"{"name": "f", "trigger": {"timeline": "v", "start": 0.5, "hysteresis": 0.05}}"#,
  ].joined(separator: ", ")

  /// The same timeline read on `x` from a horizontal axis with geometry G and offset s gives
  /// the same bits, frame after frame, as on `y` from a vertical axis with G and s (the
  /// engine's two paths compute the same operations); on `inline` in `rtl` (from the right)
  /// it gives the bits of `y` at `maxOffset − s` with the insets swapped and the subject
  /// mirrored; the velocity is negated.
  @Test(arguments: axisTimelines)
  func horizontalMatchesVertical(timeline: String) throws {
    func spec(_ axis: String, at: String, length: String, subjectAt: Double = 700) throws
      -> CompiledEffect
    {
      try Self.effect(
        timeline.replacingOccurrences(of: "\"AT\": 700", with: "\"\(at)\": \(subjectAt)")
          .replacingOccurrences(of: "LEN", with: length) + axis + "}",
        outputs: Self.axisOutputs)
    }
    var vertical = try spec("", at: "y", length: "height")
    var horizontal = try spec(#", "axis": "x""#, at: "x", length: "width")
    let g = ScrollGeometry(
      viewportHeight: 390, contentHeight: 2400, contentInsetTop: 20, contentInsetBottom: 34)
    let swapped = ScrollGeometry(
      viewportHeight: 390, contentHeight: 2400, contentInsetTop: 34, contentInsetBottom: 20)
    // The subject 700…820 of 2400 is at 2400 − 820 = 1580 from the right.
    var mirrored = try spec("", at: "y", length: "height", subjectAt: 1580)
    var rtl = try spec(#", "axis": "inline", "direction": "rtl""#, at: "x", length: "width")
    let still = ScrollGeometry(viewportHeight: 300, contentHeight: 300)
    var a = [Double](repeating: 0, count: vertical.outputs.count)
    var b = a
    var c = a
    var d = a
    var events: [EffectEvent] = []
    var offsets: [Double] = [0, 3, 10, 400, 380, 1200, 2100, 2300, -40, .nan, 50, 1000, 900]
    offsets += stride(from: 0.0, through: 2100, by: 37.5)
    for (i, s) in offsets.enumerated() {
      let t = Double(i) / 120
      let v = 100.0 * Double(i % 7) - 300
      vertical.evaluate(
        ScrollSample(time: t, offset: s, velocity: v, phase: .dragging, geometry: g), into: &a,
        events: &events)
      horizontal.evaluate(
        Self.sample(y: 0, x: s, vertical: still, horizontal: g, horizontalVelocity: v, time: t),
        into: &b, events: &events)
      mirrored.evaluate(
        ScrollSample(
          time: t, offset: s.isNaN ? s : g.maxOffset - s, velocity: -v, phase: .dragging,
          geometry: swapped), into: &c, events: &events)
      rtl.evaluate(
        Self.sample(y: 0, x: s, vertical: still, horizontal: g, horizontalVelocity: v, time: t),
        into: &d, events: &events)
      #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "x, frame \(i): \(a) \(b)")
      #expect(c.map(\.bitPattern) == d.map(\.bitPattern), "rtl, frame \(i): \(c) \(d)")
      #expect(!b.contains(where: \.isNaN) && !d.contains(where: \.isNaN))
    }
  }

  // MARK: spec text

  /// A horizontal view timeline's subject is `{"x", "width"}`; the writer writes it back so,
  /// with the axis keys, and the reader gives back an equal spec.
  @Test func jsonRoundTrip() throws {
    let spec = try EffectSpec.parse(
      """
      {"version": 1, "name": "t", "timelines": [
        {"name": "v", "type": "view", "subject": {"x": 800, "width": 200}, "range": "contain",
         "axis": "inline", "direction": "rtl"},
        {"name": "d", "type": "direction", "hysteresis": 4, "axis": "block", "writingMode": "vertical-rl"}
      ], "outputs": [\(Self.copyOutput)]}
      """, file: "t.json")
    #expect(spec.timelines[0].physicalAxis == .horizontal(leftToRight: false))
    #expect(spec.timelines[1].physicalAxis == .horizontal(leftToRight: false))
    let text = spec.jsonText
    #expect(text.contains(#""subject": {"x": 800, "width": 200}"#))
    #expect(text.contains(#""axis": "inline", "direction": "rtl""#))
    #expect(try EffectSpec.parse(text, file: "back.json") == spec)
  }

  @Test(arguments: [
    (
      #""subject": {"y": 800, "height": 100}, "axis": "x""#, "$.timelines[0].subject.y",
      "reads the horizontal axis"
    ),
    (
      #""subject": {"x": 800, "width": 100}"#, "$.timelines[0].subject.x",
      "reads the vertical axis"
    ),
    (
      #""subject": {"y": 800, "height": 100}, "axis": "diagonal""#, "$.timelines[0].axis",
      "expected one of"
    ),
  ])
  func subjectKeysFollowTheAxis(keys: String, path: String, message: String) {
    #expect {
      _ = try Self.effect(#"{"name": "v", "type": "view", "# + keys + "}")
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.path == path && error.message.contains(message)
    }
  }

  /// Sticky subjects are solved on the vertical top-to-bottom axis only: elsewhere a compile
  /// error at `.sticky`.
  @Test func stickyOnTheHorizontalAxis() {
    #expect {
      _ = try Self.effect(
        #"{"name": "v", "type": "view", "subject": {"x": 800, "width": 100}, "axis": "x", "#
          + #""sticky": {"top": 0, "container": {"y": 0, "height": 2000}}}"#)
    } throws: { error in
      (error as? InputError)?.path == "$.timelines[0].sticky"
    }
  }

  // MARK: the example carousel

  /// `effects/examples/cover-flow-carousel.json`: cards 240 pt wide every 256 pt in a 390 pt
  /// viewport, so card 3 (x = 587) is centred at x offset 512 (cover 197…827, progress 0.5):
  /// scale and opacity 1 there, 0.8 and 0.4 at the cover range's ends (offsets 197 and 827);
  /// card 2 is centred at 256; the indicator is halfway at 1152 of 2304. Over every offset of
  /// the range (and 100 pt of overscroll each side) no value is NaN or outside its range.
  @Test func coverFlowCarousel() throws {
    let path = effectsFolder.appendingPathComponent("examples/cover-flow-carousel.json").path
    let effect = try CompiledEffect(EffectSpec.load(path: path))
    #expect(effect.readsHorizontalAxis)
    let strip = ScrollGeometry(viewportHeight: 390, contentHeight: 2694)
    #expect(strip.maxOffset == 2304)
    let vertical = ScrollGeometry(viewportHeight: 300, contentHeight: 300)
    func at(_ x: Double) -> [String: Double] {
      let v = Self.values(effect, Self.sample(y: 0, x: x, vertical: vertical, horizontal: strip))
      return Dictionary(uniqueKeysWithValues: zip(effect.outputs.map(\.name), v))
    }
    #expect(at(512)["card3.scale"] == 1)
    #expect(at(512)["card3.opacity"] == 1)
    #expect(at(256)["card2.scale"] == 1)
    #expect(at(197)["card3.scale"] == 0.8)
    #expect(at(197)["card3.opacity"] == 0.4)
    #expect(at(827)["card3.scale"] == 0.8)
    #expect(at(1152)["indicator.progress"] == 0.5)
    // The neighbour of the centred card is smaller and fainter, symmetrically.
    #expect(close(at(512 - 256)["card3.scale"]!, at(512 + 256)["card3.scale"]!, 1e-12))
    #expect(at(256)["card3.scale"]! < 1 && at(256)["card3.scale"]! > 0.8)
    for x in stride(from: -100.0, through: 2404, by: 0.5) {
      let values = Self.values(
        effect, Self.sample(y: 0, x: x, vertical: vertical, horizontal: strip))
      for (value, output) in zip(values, effect.outputs) {
        #expect(output.range.contains(value), "\(output.name) at x \(x): \(value)")
      }
    }
  }
}
