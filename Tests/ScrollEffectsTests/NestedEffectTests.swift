import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimCore
import Testing

/// Effects on a nested chain (issue 16): timelines that name a scroll view of the chain read
/// that view's offset, the default reads the combined one, and a spec naming a view the run
/// does not have is an error naming the file, line and key.
@Suite struct NestedEffectTests {
  /// A 300 pt header collapsing to 100 above a 5000 pt list in an 800 pt viewport.
  static let chain = NestedScrollChain(
    viewportHeight: 800,
    headers: [NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100)],
    contentHeight: 5000, rule: .compose, handover: .unified)

  static let spec = """
    {"version": 1, "name": "n",
     "timelines": [
       {"name": "h", "type": "scroll", "start": 0, "end": 200, "scrollView": "header"},
       {"name": "l", "type": "distance", "scrollView": "list"},
       {"name": "z", "type": "distance", "scrollView": 0},
       {"name": "c", "type": "distance"},
       {"name": "hv", "type": "velocity", "scrollView": "header"}
     ],
     "outputs": [
       {"name": "header", "range": [-1e9, 1e9], "clamp": false, "timeline": "h"},
       {"name": "list", "range": [-1e9, 1e9], "clamp": false, "timeline": "l"},
       {"name": "zero", "range": [-1e9, 1e9], "clamp": false, "timeline": "z"},
       {"name": "combined", "range": [-1e9, 1e9], "clamp": false, "timeline": "c"},
       {"name": "headerVelocity", "range": [-1e9, 1e9], "clamp": false, "timeline": "hv"}
     ]}
    """

  /// Over a drag and a fling that collapses the header and scrolls the list, every frame's
  /// outputs are the chain's own offsets: the header's progress its offset over its 200 pt
  /// range, the list's distance its offset, the combined distance their sum.
  @Test(arguments: [PhysicsProfile.ios, .android])
  func timelinesReadTheirView(profile: PhysicsProfile) throws {
    var sim = try NestedScrollSimulator(chain: Self.chain, profile: profile)
    try sim.touchDown(y: 600, at: 0)
    for i in 1...3 { try sim.touchMove(y: 600 - Double(i) * 30, at: Double(i) / 60) }
    _ = try sim.touchUp(at: 0.06)
    var effect = try CompiledEffect(EffectSpec.parse(Self.spec, file: "n.json"), file: "n.json")
    #expect(effect.requiredViewCount == 2)
    try effect.validateViews(count: 2)
    var frame = EffectFrame(outputs: effect.outputs)
    var sawHeaderMove = false
    var sawListMove = false
    for f in 0..<240 {
      let t = 0.06 + Double(f) / 120
      let state = sim.state(at: t)
      let sample = ScrollSample(time: t, nested: state, chain: Self.chain)
      try effect.evaluate(sample, into: &frame)
      let header = state.views[0].offset
      let list = state.list.offset
      #expect(abs(frame.values[0] - header / 200) < 1e-12)
      #expect(frame.values[1] == list)
      #expect(frame.values[2] == header)
      #expect(frame.values[3] == state.combined.offset)
      #expect(frame.values[4] == state.views[0].velocity)
      // No floating header, no snap: the combined offset is the views' sum.
      #expect(abs(header + list - state.combined.offset) < 1e-9)
      if header > 0 && header < 200 { sawHeaderMove = true }
      if list > 0 { sawListMove = true }
    }
    #expect(sawHeaderMove && sawListMove)
  }

  /// The sample's views carry the geometry a user expects: the header's viewport its expanded
  /// height and its maxOffset its scroll range; the list's the chain's list geometry.
  @Test func sampleGeometry() throws {
    let sim = try NestedScrollSimulator(chain: Self.chain)
    let sample = ScrollSample(time: 0, nested: sim.state(at: 0), chain: Self.chain)
    let views = try #require(sample.views)
    #expect(views.count == 2)
    #expect(views[0].geometry.viewportHeight == 300)
    #expect(views[0].geometry.maxOffset == 200)
    #expect(views[1].geometry == Self.chain.listGeometry)
    #expect(sample.geometry == Self.chain.combinedGeometry)
    #expect(sample.geometry.maxOffset == 200 + Self.chain.listGeometry.maxOffset)
  }

  /// A timeline naming a view the run lacks: the error names the file, the key's line and
  /// column, the path and the views the run has.
  @Test(arguments: [
    ("\"header\"", 1, "header", "this run's chain has 1 view (0 … 0: 0 headers and the list)"),
    (
      "\"header\"", 0, "header",
      "this run is one scroll view (no nested chain): run it on a chain, or drop the key to "
        + "read the combined offset"
    ),
    ("3", 3, "3", "this run's chain has 3 views (0 … 2: 2 headers and the list)"),
    (
      "\"list\"", 0, "list",
      "this run is one scroll view (no nested chain): run it on a chain, "
        + "or drop the key to read the combined offset"
    ),
  ])
  func missingView(key: String, count: Int, named: String, has: String) throws {
    let text = """
      {"version": 1, "name": "m",
       "timelines": [
         {"name": "c", "type": "distance"},
         {"name": "v", "type": "distance", "scrollView": \(key)}
       ],
       "outputs": [{"name": "p", "range": [-1e9, 1e9], "timeline": "v"}]}
      """
    let effect = try CompiledEffect(EffectSpec.parse(text, file: "m.json"), file: "m.json")
    let node = try #require(
      try JSONReader.parse(Data(text.utf8)).node(atPath: "$.timelines[1].scrollView"))
    #expect(node.line == 4)
    let expected = InputError(
      .unsupported, file: "m.json", line: node.line, column: node.column,
      path: "$.timelines[1].scrollView", field: "scrollView",
      message: "timeline 'v' reads scroll view '\(named)', and \(has)")
    #expect(throws: expected) { try effect.validateViews(count: count) }
    // The conformance checks each sample too.
    var e = effect
    var frame = EffectFrame(outputs: e.outputs)
    var sample = ScrollSample(
      time: 0, offset: 0, velocity: 0, phase: .idle,
      geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 5000))
    if count > 0 {
      sample.views = Array(
        repeating: AxisSample(offset: 0, velocity: 0, geometry: sample.geometry), count: count)
    }
    #expect(throws: expected) { try e.evaluate(sample, into: &frame) }
    #expect(throws: Never.self) { try effect.validateViews(count: count + 4) }
  }

  /// `headerN` in a spec is view N: the name every output and delegate event gives the headers
  /// between the outermost and the list (`NestedScrollChain.viewName`); `header0` and `header`
  /// with junk after it are errors naming the key.
  @Test func headerNNamesTheViewOutputsName() throws {
    func view(_ key: String) throws -> ChainView? {
      let text = """
        {"version": 1, "name": "m",
         "timelines": [{"name": "v", "type": "distance", "scrollView": \(key)}],
         "outputs": [{"name": "p", "range": [-1e9, 1e9], "timeline": "v"}]}
        """
      return try EffectSpec.parse(text, file: "m.json").timelines.first?.scrollView
    }
    #expect(try view("\"header1\"") == .index(1))
    #expect(try view("\"header2\"") == .index(2))
    #expect(try view("\"header\"") == .header)
    // Three views: the names outputs and events give them, which a spec reads back.
    let names = (0..<4).map { NestedScrollChain.viewName($0, count: 4) }
    #expect(names == ["header", "header1", "header2", "list"])
    #expect(
      NestedScrollViewEvent(time: 0, view: 1, viewCount: 4, kind: .didScroll(offset: 1)).viewName
        == "header1")
    for bad in ["\"header0\"", "\"header-1\"", "\"headerX\""] {
      #expect(throws: InputError.self) { try view(bad) }
    }
  }

  /// A spec that reads only the combined offset runs on any sample.
  @Test func combinedNeedsNoChain() throws {
    let effect = try CompiledEffect(
      EffectSpec.parse(
        """
        {"version": 1, "name": "c", "timelines": [{"name": "c", "type": "distance",
         "scrollView": "combined"}], "outputs": [{"name": "p", "range": [0, 1], "timeline": "c"}]}
        """, file: "c.json"))
    #expect(effect.requiredViewCount == 0)
    #expect(throws: Never.self) { try effect.validateViews(count: 0) }
  }

  /// Bad `scrollView` values are parse errors naming the key.
  @Test(arguments: [
    (
      #""heder""#,
      "'heder': expected \"combined\", \"header\", \"header1\"…, \"list\" or a view's index "
        + "from 0 (the outermost header) in a nested chain; did you mean 'header'?"
    ),
    (
      "-1",
      "-1: expected \"combined\", \"header\", \"header1\"…, \"list\" or a view's index from 0 (the "
        + "outermost header) in a nested chain"
    ),
    (
      "1.5",
      "1.5: expected \"combined\", \"header\", \"header1\"…, \"list\" or a view's index from 0 (the "
        + "outermost header) in a nested chain"
    ),
    (
      #""list", "axis": "x""#,
      "'list': a nested chain scrolls vertically, and this timeline "
        + "reads the horizontal axis: read the vertical axis (axis y) or the combined view"
    ),
  ])
  func badScrollView(value: String, message: String) throws {
    let text = """
      {"version": 1, "name": "b",
       "timelines": [{"name": "v", "type": "distance", "scrollView": \(value)}],
       "outputs": [{"name": "p", "range": [0, 1], "timeline": "v"}]}
      """
    do {
      _ = try EffectSpec.parse(text, file: "b.json")
      Issue.record("parsed")
    } catch {
      #expect(error.file == "b.json")
      #expect(error.line == 2)
      #expect(error.path == "$.timelines[0].scrollView")
      #expect(error.message == message)
    }
  }

  /// `jsonText` writes the key back, and reads back equal.
  @Test(arguments: [ChainView.header, .list, .index(2), .combined])
  func roundTrip(view: ChainView) throws {
    var spec = try EffectSpec.parse(Self.spec, file: "n.json")
    spec.timelines[1].scrollView = view
    let again = try EffectSpec.parse(spec.jsonText, file: "again.json")
    #expect(again == spec)
    #expect(again.timelines[1].scrollView == view)
  }
}

/// The collapsible-header preset's nested variant (issue 16): its outputs follow the header
/// view of a chain, not the combined offset.
@Suite struct NestedCollapsibleHeaderTests {
  /// The seed's numbers: a 350 pt header collapsing to the 120 pt bar above a list.
  static func chain(rule: NestedScrollRule, handover: NestedFlingHandover) -> NestedScrollChain {
    NestedScrollChain(
      viewportHeight: 852,
      headers: [NestedScrollHeader(expandedHeight: 350, collapsedHeight: 120)],
      contentHeight: 4000, rule: rule, handover: handover)
  }

  /// Every frame of a drag and fling: `header.height = 350 − h` and the fades `1 − h / 230`,
  /// `h / 230` for the header view's offset `h`, under each chaining rule and a buggy handover
  /// (where the header's and the combined offsets part).
  @Test(arguments: [
    (NestedScrollRule.compose, NestedFlingHandover.unified),
    (.flutter, .separateDecays), (.coordinatorLayout, .stopAtEdge),
  ])
  func followsTheHeaderView(rule: NestedScrollRule, handover: NestedFlingHandover) throws {
    var p = CollapsibleHeader.Parameters()
    p.nested = true
    var effect = CompiledPreset(try CollapsibleHeader(parameters: p)).compiled
    #expect(effect.requiredViewCount == 2)
    let chain = Self.chain(rule: rule, handover: handover)
    var sim = try NestedScrollSimulator(chain: chain, profile: .ios)
    try sim.touchDown(y: 700, at: 0)
    for i in 1...4 { try sim.touchMove(y: 700 - Double(i) * 25, at: Double(i) / 60) }
    _ = try sim.touchUp(at: 4.0 / 60)
    var frame = EffectFrame(outputs: effect.outputs)
    for f in 0..<360 {
      let t = 4.0 / 60 + Double(f) / 120
      let state = sim.state(at: t)
      try effect.evaluate(ScrollSample(time: t, nested: state, chain: chain), into: &frame)
      let h = state.views[0].offset
      #expect(abs(frame.values[0] - (350 - h)) < 1e-9)
      #expect(abs(frame.values[1] - (1 - h / 230)) < 1e-12)
      #expect(abs(frame.values[2] - h / 230) < 1e-12)
    }
  }

  /// A floating header (`enterAlways`): 400 pt forward collapses it (230) and scrolls the list
  /// 170; 50 pt back floats 50 pt of it in while the list stays. The nested variant shows
  /// `350 − 180 = 170` pt of header; the flat preset, on the combined 350, the collapsed bar.
  @Test func floatingHeaderReadsItsOwnOffset() throws {
    var p = CollapsibleHeader.Parameters()
    p.nested = true
    var nested = CompiledPreset(try CollapsibleHeader(parameters: p)).compiled
    var flat = CompiledPreset(.collapsibleHeader).compiled
    let chain = NestedScrollChain(
      viewportHeight: 852,
      headers: [NestedScrollHeader(expandedHeight: 350, collapsedHeight: 120, floats: true)],
      contentHeight: 4000, rule: .compose, handover: .unified)
    var sim = try NestedScrollSimulator(chain: chain, profile: .ios)
    try sim.touchDown(y: 700, at: 0)
    try sim.touchMove(y: 300, at: 0.1)
    try sim.touchMove(y: 350, at: 0.2)
    let state = sim.state(at: 0.2)
    #expect(state.views[0].offset == 180)
    #expect(state.list.offset == 170)
    #expect(state.combined.offset == 350)
    let sample = ScrollSample(time: 0.2, nested: state, chain: chain)
    var frame = EffectFrame(outputs: nested.outputs)
    try nested.evaluate(sample, into: &frame)
    #expect(frame.values[0] == 170)
    try flat.evaluate(sample, into: &frame)
    #expect(frame.values[0] == 120)
  }

  /// The nested variant needs a chain; a header that cannot collapse is refused.
  @Test func needsAChainAndARange() throws {
    var p = CollapsibleHeader.Parameters()
    p.nested = true
    let effect = CompiledPreset(try CollapsibleHeader(parameters: p)).compiled
    #expect(throws: InputError.self) { try effect.validateViews(count: 0) }
    p.maxHeight = p.barTotal
    #expect(
      throws: EffectError.invalidParameter(
        name: "maxHeight", value: 120,
        expected: "more than barHeight + safeTop + 2 · barPadding = 120.0 in the nested "
          + "variant (the header view needs a scroll range)")
    ) {
      _ = try CollapsibleHeader(parameters: p)
    }
    p.nested = false
    #expect(throws: Never.self) { _ = try CollapsibleHeader(parameters: p) }
  }
}
