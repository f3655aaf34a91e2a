import Foundation
import ScrollEffects
import ScrollPhysics
import Testing

/// Fill modes, CSS range and inset text, sticky subjects and the axis, against closed forms of
/// CSS Scroll-driven Animations 1 §4.2–4.3, CSS Animations 2 §3.6–3.7 (`animation-range`),
/// Web Animations 1 §4.5.6/§4.6 (phases, fill) and CSS Positioned Layout 3 §3.4 (sticky).
@Suite struct CSSScrollDrivenTests {
  /// A 200 pt scrollport, no insets (the web-platform-tests `scroll-animations` layout size).
  let port = ScrollGeometry(viewportHeight: 200, contentHeight: 2000)

  func spec(_ timeline: String, output: String = "") throws -> CompiledEffect {
    let text = """
      {"version": 1, "name": "t", "timelines": [\(timeline)],
       "outputs": [\(output.isEmpty ? #"{"name": "p", "range": [-1e6, 1e6], "clamp": false, "timeline": "v"}"# : output)]}
      """
    return try CompiledEffect(EffectSpec.parse(text, file: "t.json"))
  }

  func value(_ e: CompiledEffect, at s: Double, geometry: ScrollGeometry? = nil) -> Double {
    var e = e
    var out = [Double](repeating: .nan, count: e.outputs.count)
    var events: [EffectEvent] = []
    e.evaluate(sample(s, geometry: geometry ?? port), into: &out, events: &events)
    return out[0]
  }

  func range(_ timelineJSON: String, geometry: ScrollGeometry? = nil) throws -> [Double] {
    let spec = try EffectSpec.parse(
      #"{"version": 1, "name": "t", "timelines": ["# + timelineJSON
        + #"], "outputs": [{"name": "p", "range": [0, 1], "timeline": "v"}]}"#, file: "t.json")
    let r = spec.timelines[0].timeline.range(geometry: geometry ?? port)!
    return [r.start, r.end]
  }

  // MARK: animation-range text (CSS Animations 2 §3.6: omitted end = the start's range 100%)

  /// A 100 pt subject at 800 in a 200 pt scrollport: cover 600…900, contain 700…800,
  /// entry 600…700, exit 800…900 (spec §4.2 closed forms, as ViewTimelineTests).
  @Test(arguments: [
    ("cover", [600.0, 900]),
    ("cover 10%", [630, 900]),  // start cover 10 %, end cover 100 %
    ("entry 0% exit 100%", [600, 900]),
    ("entry exit", [600, 900]),  // a lone name: 0 % as start, 100 % as end
    ("contain", [700, 800]),
    ("entry-crossing", [600, 700]),
    ("exit-crossing", [800, 900]),
    ("entry 50% exit 50%", [650, 850]),
    ("normal", [600, 900]),
    ("20% 80%", [660, 840]),  // bare percentages are of cover
    ("entry 10px exit -10px", [610, 790]),  // a length is measured from the range's 0 %
    ("entry 2em", [632, 700]),  // 1em = 16 pt (CSS initial font size)
    ("contain 10vh", [720, 800]),  // 10 % of the 200 pt viewport
  ])
  func rangeText(text: String, expected: [Double]) throws {
    let got = try range(
      #"{"name": "v", "type": "view", "subject": {"y": 800, "height": 100}, "range": ""#
        + text + #""}"#)
    #expect(zip(got, expected).allSatisfy { close($0, $1, 1e-9) }, "\(text): \(got)")
  }

  @Test func emUsesTheDeclaredFontSize() throws {
    let got = try range(
      #"{"name": "v", "type": "view", "subject": {"y": 800, "height": 100}, "fontSize": 20, "#
        + #""rangeStart": "entry 1.5em", "rangeEnd": "exit"}"#)
    #expect(got == [630, 900])
  }

  @Test(arguments: [
    (#""range": "cover 10vw""#, "vw needs the viewport's width"),
    (#""range": "cover 10pt""#, "not supported"),
    (#""range": "bogus""#, "expected one of"),
    (#""range": "entry 10% exit 90% cover""#, "unexpected"),
    (#""inset": "10vw""#, "vw needs the viewport's width"),
    (#""inset": "10vmin""#, "both of the viewport's sides"),
    // A horizontal axis (issue 16) reads the subject along x: "y" is the wrong key.
    (#""axis": "x""#, "reads the horizontal axis"),
    (#""axis": "inline""#, "reads the horizontal axis"),
    (#""axis": "block", "writingMode": "vertical-rl""#, "reads the horizontal axis"),
  ])
  func rejected(keys: String, message: String) {
    let json =
      #"{"name": "v", "type": "view", "subject": {"y": 800, "height": 100}, "# + keys + "}"
    #expect {
      _ = try range(json)
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  /// On the horizontal axis the viewport unit is `vw` (the axis's viewport is its width):
  /// `cover 10vw` of a 100 pt subject at x = 800 in a 200 pt wide scrollport is 620…900.
  @Test func vwOnTheHorizontalAxis() throws {
    let got = try range(
      #"{"name": "v", "type": "view", "subject": {"x": 800, "width": 100}, "axis": "x", "#
        + #""rangeStart": "cover 10vw", "rangeEnd": "cover"}"#)
    #expect(got == [620, 900])
    #expect(throws: InputError.self) {
      _ = try range(
        #"{"name": "v", "type": "view", "subject": {"x": 800, "width": 100}, "axis": "x", "#
          + #""range": "cover 10vh"}"#)
    }
  }

  /// CSS Writing Modes 4 §6: which axes run top to bottom (see TwoAxisEffectTests for all).
  @Test(arguments: [
    (ScrollAxis.y, ScrollAxis.WritingMode.horizontalTB, ScrollAxis.Direction.ltr, true),
    (.block, .horizontalTB, .rtl, true),
    (.inline, .verticalRL, .ltr, true),
    (.inline, .verticalLR, .ltr, true),
    (.inline, .sidewaysRL, .ltr, true),
    (.inline, .sidewaysLR, .rtl, true),
    (.inline, .verticalLR, .rtl, false),
    (.x, .verticalRL, .ltr, false),
  ])
  func physicalAxis(
    axis: ScrollAxis, mode: ScrollAxis.WritingMode, direction: ScrollAxis.Direction,
    vertical: Bool
  ) {
    #expect(
      (axis.physicalAxis(writingMode: mode, direction: direction) == .vertical(topToBottom: true))
        == vertical)
  }

  // MARK: view-timeline-inset text (§4.3: percentages against the scrollport)

  @Test(arguments: [
    (#""auto""#, [600.0, 900] as [Double]),
    (#""10px""#, [610, 890]),  // both sides 10: P = 180, base = 790
    (#""0 50px""#, [650, 900]),
    (#""10%""#, [620, 880]),  // 20 pt each side of a 200 pt scrollport
    (#""1em 5vh""#, [610, 884]),  // start 16, end 10: P = 174, base = 784
    (#"{"start": "10%", "end": 0}"#, [600, 880]),
  ])
  func insetText(inset: String, expected: [Double]) throws {
    let got = try range(
      #"{"name": "v", "type": "view", "subject": {"y": 800, "height": 100}, "inset": "# + inset
        + "}")
    #expect(zip(got, expected).allSatisfy { close($0, $1, 1e-9) }, "\(inset): \(got)")
  }

  // MARK: fill modes (Web Animations 1 §4.5.6 phases: before p < 0, after p ≥ 1)

  /// Keyframes 0.2 → 0.8 over a scroll range 100…200, underlying 0.5.
  @Test(arguments: [
    // fill, before (s = 50), at start (100), middle (150), at end (200), after (250)
    ("none", [0.5, 0.2, 0.5, 0.5, 0.5]),
    ("backwards", [0.2, 0.2, 0.5, 0.5, 0.5]),
    ("forwards", [0.5, 0.2, 0.5, 0.8, 0.8]),
    ("both", [0.2, 0.2, 0.5, 0.8, 0.8]),
  ])
  func fillModes(fill: String, expected: [Double]) throws {
    let e = try spec(
      #"{"name": "v", "type": "scroll", "start": 100, "end": 200}"#,
      output: #"{"name": "o", "unit": "fraction", "range": [0, 1], "timeline": "v", "fill": ""#
        + fill
        + #"", "underlying": 0.5, "keyframes": [{"at": 0, "value": 0.2}, {"at": 1, "value": 0.8}]}"#
    )
    let got = [50.0, 100, 150, 200, 250].map { value(e, at: $0) }
    #expect(zip(got, expected).allSatisfy { close($0, $1) }, "\(fill): \(got)")
    #expect(value(e, at: -.infinity) == expected[0])
    #expect(value(e, at: .infinity) == expected[4])
  }

  /// CSS Animations 1 §3: a missing 0 % / 100 % keyframe is made from the underlying value.
  @Test func missingEndKeyframesUseTheUnderlyingValue() throws {
    let e = try spec(
      #"{"name": "v", "type": "scroll", "start": 0, "end": 100}"#,
      output:
        #"{"name": "o", "range": [0, 100], "timeline": "v", "fill": "both", "underlying": 10, "#
        + #""keyframes": [{"at": 0.5, "value": 90}]}"#)
    #expect(value(e, at: 0) == 10)
    #expect(close(value(e, at: 25), 50))
    #expect(value(e, at: 50) == 90)
    #expect(close(value(e, at: 75), 50))
    #expect(value(e, at: 100) == 10)
  }

  /// An inactive timeline (zero-length range) applies no effect: the underlying value.
  @Test func inactiveTimelineShowsTheUnderlyingValue() throws {
    let e = try spec(
      #"{"name": "v", "type": "view", "subject": {"y": 0, "height": 200}, "range": "contain"}"#,
      output:
        #"{"name": "o", "range": [0, 1], "timeline": "v", "fill": "forwards", "underlying": 0.25, "#
        + #""keyframes": [{"at": 0, "value": 0}, {"at": 1, "value": 1}]}"#)
    #expect(value(e, at: 0) == 0.25)
  }

  @Test(arguments: [
    (#""fill": "none", "keyframes": [{"at": 0, "value": 0}, {"at": 1, "value": 1}]"#, "underlying"),
    (#""underlying": 0.5, "keyframes": [{"at": 0, "value": 0}]"#, "without \"fill\""),
    (#""fill": "both", "keyframes": [{"at": 0, "value": 0}, {"at": 2, "value": 1}]"#, "0 … 1"),
    (#""fill": "both", "underlying": 3, "keyframes": [{"at": 0, "value": 0}]"#, "range"),
    (#""fill": "sideways", "keyframes": [{"at": 0, "value": 0}]"#, "expected one of"),
  ])
  func fillErrors(keys: String, message: String) {
    #expect {
      _ = try spec(
        #"{"name": "v", "type": "scroll", "start": 0, "end": 100}"#,
        output: #"{"name": "o", "range": [0, 1], "timeline": "v", "# + keys + "}")
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  @Test func fillNeedsAScrollOrViewTimeline() {
    #expect {
      _ = try spec(
        #"{"name": "v", "type": "distance"}"#,
        output:
          #"{"name": "o", "range": [0, 1], "timeline": "v", "fill": "both", "keyframes": [{"at": 0, "value": 0}, {"at": 1, "value": 1}]}"#
      )
    } throws: { error in "\(error)".contains("no active range") }
  }

  // MARK: sticky subjects (CSS Positioned Layout 3 §3.4)

  /// The subject's top in viewport coordinates at offset `s`, stepped by the sticky rule:
  /// shift down to stay `top` below the visible top, up to stay `bottom` above the visible
  /// bottom (top wins), never out of the containing block.
  func stickyTop(
    _ s: Double, y: Double, h: Double, sticky: ViewTimeline.Sticky, g: ScrollGeometry
  ) -> Double {
    let normal = g.contentInsetTop + y - s
    var shift = 0.0
    if let b = sticky.bottom {
      let limit = g.viewportHeight - g.contentInsetBottom - b
      if normal + h > limit { shift = max(-(y - sticky.containerY), limit - normal - h) }
    }
    if let t = sticky.top, normal + shift < g.contentInsetTop + t {
      shift = min(
        sticky.containerY + sticky.containerHeight - y - h, g.contentInsetTop + t - normal)
    }
    return normal + shift
  }

  /// The first offset (0.001 pt steps) at which `edge(s)` falls to `target` or below.
  func firstOffset(from: Double, _ target: Double, _ edge: (Double) -> Double) -> Double {
    var s = from
    while edge(s) > target + 1e-9 { s += 0.001 }
    return s
  }

  /// Every named range of a sticky subject against a brute-force walk of its motion.
  @Test(arguments: [
    ViewTimeline.Sticky(top: 0, containerY: 700, containerHeight: 600),
    ViewTimeline.Sticky(top: 20, containerY: 800, containerHeight: 400),
    ViewTimeline.Sticky(top: nil, bottom: 0, containerY: 500, containerHeight: 400),
    ViewTimeline.Sticky(top: 0, bottom: 10, containerY: 600, containerHeight: 600),
  ])
  func stickyRangesFollowTheMotion(sticky: ViewTimeline.Sticky) {
    let g = ScrollGeometry(viewportHeight: 300, contentHeight: 3000)
    let y = 800.0
    let h = 100.0
    var view = ViewTimeline(subjectY: y, subjectHeight: h)
    view.sticky = sticky
    let top = { (s: Double) in self.stickyTop(s, y: y, h: h, sticky: sticky, g: g) }
    let coverStart = firstOffset(from: 0, 300, top)
    let coverEnd = firstOffset(from: 0, 0) { top($0) + h }
    let topAtTop = firstOffset(from: 0, 0, top)
    let bottomAtBottom = firstOffset(from: 0, 300) { top($0) + h }
    let cover = view.interval(
      of: .cover, viewportHeight: 300, contentInsetTop: 0, contentInsetBottom: 0)
    #expect(abs(cover.start - coverStart) < 0.002, "\(cover) vs \(coverStart)")
    #expect(abs(cover.end - coverEnd) < 0.002, "\(cover) vs \(coverEnd)")
    let contain = view.interval(
      of: .contain, viewportHeight: 300, contentInsetTop: 0, contentInsetBottom: 0)
    #expect(abs(contain.start - min(topAtTop, bottomAtBottom)) < 0.002)
    #expect(abs(contain.end - max(topAtTop, bottomAtBottom)) < 0.002)
  }

  /// `top: 0` in a 600 pt block from 700: it stays stuck until the block's bottom (1300)
  /// pushes it, so it leaves 400 pt later than in normal flow (cover 500…1300, not 500…900).
  @Test func stickyTopDelaysTheExit() throws {
    let got = try range(
      #"{"name": "v", "type": "view", "subject": {"y": 800, "height": 100}, "#
        + #""sticky": {"top": 0, "container": {"y": 700, "height": 600}}}"#)
    #expect(got == [600, 1300])
  }

  @Test func stickyNeedsAConstraint() {
    #expect {
      _ = try range(
        #"{"name": "v", "type": "view", "subject": {"y": 800, "height": 100}, "#
          + #""sticky": {"container": {"y": 700, "height": 600}}}"#)
    } throws: { error in "\(error)".contains("no constraint") }
  }

  /// Existing spec outputs keep their bits: `range` as a lone name is the named range.
  @Test func loneRangeNameIsUnchanged() throws {
    let text = try range(
      #"{"name": "v", "type": "view", "subject": {"y": 800, "height": 100}, "range": "exit"}"#)
    let view = ViewTimeline(subjectY: 800, subjectHeight: 100, range: .exit)
    let r = view.range(viewportHeight: 200, contentInsetTop: 0, contentInsetBottom: 0)
    #expect(text == [r.start, r.end])
  }
}
