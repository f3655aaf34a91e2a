import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimTestSupport
import Testing

/// The repository's `effects/` folder.
let effectsFolder = Repository.root.appendingPathComponent("effects")

@Suite struct EffectSpecJSONTests {
  /// Each preset's spec (defaults and variants) writes JSON that reads back to an equal spec.
  @Test(arguments: allEffects.indices)
  func roundTrip(index: Int) throws {
    let spec = allEffects[index].compiled.spec
    let back = try EffectSpec.parse(Data(spec.jsonText.utf8), file: "x.json")
    #expect(back == spec)
  }

  /// −0 survives the spec's JSON text (found by a differential test of `export swift`: the
  /// generated file embeds this text, and its outputs must keep the generated code's bits): in
  /// keyframe values and positions, a range bound, a distance origin and a scroll anchor from
  /// the bottom.
  /// `jsonText` keeps every field of a view timeline, so that the text read back resolves
  /// the same ranges (the generated Swift resolves its view timelines from it): lengths in
  /// `vh` and `%` of the named range, Motion offsets (scrollport parts), insets in `%`, `vh`
  /// and `em`, and sticky subjects (a fresh tester found each dropped or rewritten), in the
  /// generated case's spec (`SwiftSourceTests.viewRanges`).
  @Test func viewTimelinesRoundTrip() throws {
    let spec = SwiftSourceTests.viewRanges
    let back = try EffectSpec.parse(Data(spec.jsonText.utf8), file: "views-back.json")
    for (a, b) in zip(spec.timelines, back.timelines) {
      #expect(a.timeline == b.timeline, "\(a.name)")
    }
    #expect(back.jsonText == spec.jsonText)
  }

  /// A view range whose ends differ only in a `vh` (or a scrollport) part is not refused as
  /// empty: its order depends on the geometry (a fresh tester found "cover 0%" … "cover
  /// 10vh" refused); ends that are the same place still are.
  @Test func viewRangeEndsDifferingByViewportPartsCompile() throws {
    let text = { (start: String, end: String) in
      #"{"version": 1, "name": "vr", "timelines": [{"name": "v", "type": "view", "subject": {"y": 1000, "height": 100}, "rangeStart": "\#(start)", "rangeEnd": "\#(end)"}], "outputs": [{"name": "a", "unit": "fraction", "range": [0, 1], "timeline": "v"}]}"#
    }
    let later = try EffectSpec.parse(Data(text("cover 0%", "cover 10vh").utf8), file: "vr.json")
    #expect(throws: Never.self) { try CompiledEffect(later) }
    let same = try EffectSpec.parse(Data(text("cover 5vh", "cover 5vh").utf8), file: "vr.json")
    #expect { try CompiledEffect(same) } throws: { error in
      (error as? InputError)?.message.contains("empty range") ?? false
    }
  }

  @Test func negativeZeroRoundTrips() throws {
    let spec = EffectSpec(
      name: "negzero",
      timelines: [
        .init("t", .scroll(start: .init(-0.0, fromMax: true), end: .init(100, fromMax: true))),
        .init("d", .distance(origin: -0.0)),
      ],
      outputs: [
        .init(
          "a", unit: .fraction, range: -0.0...1, source: .timeline("t"),
          keyframes: [.init(at: -0.0, -0.0), .init(at: 0.5, -0.0), .init(at: 1, 1)],
          clamp: false),
        .init("b", unit: .points, range: -100...100, source: .timeline("d")),
      ])
    let text = spec.jsonText
    let back = try EffectSpec.parse(Data(text.utf8), file: "negzero.json")
    #expect(back.jsonText == text)
    let negative = (-0.0).bitPattern
    #expect(back.outputs[0].keyframes.map(\.at.bitPattern).first == negative)
    #expect(
      back.outputs[0].keyframes.map { $0.value[0].bitPattern } == [
        negative, negative, 1.0.bitPattern,
      ])
    #expect(back.outputs[0].range.lowerBound.bitPattern == negative)
    if case .distance(let origin) = back.timelines[1].timeline {
      #expect(origin.bitPattern == negative)
    } else {
      Issue.record("timeline d is not a distance timeline")
    }
    if case .scroll(let start, _) = back.timelines[0].timeline {
      #expect(start.value.bitPattern == negative && start.fromMax)
    } else {
      Issue.record("timeline t is not a scroll timeline")
    }
    // The engine from the text gives the spec's bits: the unclamped flat −0 stays −0.
    var fromText = try CompiledEffect(back)
    var fromSpec = try CompiledEffect(spec)
    let frame = sample(10)
    var a = [Double](repeating: 0, count: 2)
    var b = a
    var events: [EffectEvent] = []
    fromText.evaluate(frame, into: &a, events: &events)
    fromSpec.evaluate(frame, into: &b, events: &events)
    #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
  }

  /// The shipped example files are exactly the presets' specs (regenerate them with
  /// `scrollsim check PRESET --print-spec`).
  @Test(arguments: EffectPreset.allCases)
  func shippedFilesAreThePresets(preset: EffectPreset) throws {
    let path = effectsFolder.appendingPathComponent(preset.rawValue + ".json").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == CompiledPreset(preset).compiled.spec.jsonText)
    #expect(
      try CompiledEffect(EffectSpec.load(path: path), file: path).outputs
        == CompiledPreset(preset).outputs)
  }

  /// Every original-seed file loads.
  @Test(arguments: [
    "apple-music", "apple-tv-bar", "logo-follow", "title-card", "collapsible-header",
  ])
  func seedFilesLoad(name: String) throws {
    let path = effectsFolder.appendingPathComponent("seeds-original/\(name).json").path
    #expect(try !CompiledEffect(EffectSpec.load(path: path), file: path).outputs.isEmpty)
  }

  /// The error `json` is rejected with, or nil when it loads and compiles.
  func error(_ json: String) -> InputError? {
    do {
      _ = try CompiledEffect(EffectSpec.parse(Data(json.utf8), file: "bad.json"), file: "bad.json")
      return nil
    } catch {
      return error
    }
  }

  static let valid = """
    {"version": 1, "name": "t",
     "timelines": [{"name": "p", "type": "scroll", "start": 0, "end": 100}],
     "outputs": [{"name": "o", "unit": "fraction", "range": [0, 1], "timeline": "p",
                  "keyframes": [{"at": 0, "value": 0}, {"at": 1, "value": 1}]}]}
    """

  @Test func validSpecLoads() {
    #expect(error(Self.valid) == nil)
  }

  /// A view range whose ends' order depends on the viewport is accepted (an empty or reversed
  /// range is then an inactive slot on that frame, and `check` reports it): entry-crossing 100%
  /// (subject y + height − viewport) against exit-crossing 0% (subject y) has the length
  /// viewport − height, negative on a viewport smaller than the subject only.
  @Test func viewRangesWhoseOrderDependsOnTheViewportCompile() {
    for range in ["entry-crossing 100% exit-crossing 0%", "entry 0% exit 100%", "cover"] {
      let json = Self.valid.replacingOccurrences(
        of: "\"type\": \"scroll\", \"start\": 0, \"end\": 100",
        with:
          "\"type\": \"view\", \"subject\": {\"y\": 900, \"height\": 200}, \"range\": \"\(range)\"")
      #expect(json.contains(range))
      #expect(error(json) == nil, "\(range)")
    }
  }

  /// Stops a subnormal apart are accepted where they cannot give NaN or ∞ in the output: in a
  /// clamped output (the NaN at the stop is clamped to the lower bound); an unclamped one's
  /// stops at one place (a jump) or 1e-9 apart (the closest allowed) give finite values too.
  @Test func closeStopsAreAcceptedWhereTheOutputStaysFinite() throws {
    let stops = "[{\"at\": 0, \"value\": 0}, {\"at\": 1, \"value\": 1}]"
    for (clamp, second) in [
      ("", "{\"at\": 5e-324, \"value\": 1}"),
      (", \"clamp\": false", "{\"at\": 0, \"value\": 1}"),
      (", \"clamp\": false", "{\"at\": 1e-09, \"value\": 1}"),
    ] {
      let json = Self.valid
        .replacingOccurrences(of: "\"timeline\": \"p\",", with: "\"timeline\": \"p\"\(clamp),")
        .replacingOccurrences(
          of: stops, with: "[{\"at\": 0, \"value\": 0}, \(second), {\"at\": 1, \"value\": 1}]")
      #expect(json.contains(second))
      #expect(error(json) == nil, "\(clamp) \(second)")
      // …and its value is finite at every offset, the stops' own included.
      var effect = try CompiledEffect(EffectSpec.parse(Data(json.utf8), file: "close.json"))
      var values: [Double] = []
      var events: [EffectEvent] = []
      for (frame, offset) in [0.0, -0.0, 5e-324, 1e-300, 0.5, 50, 100, 1e6, -1e6].enumerated() {
        effect.evaluate(
          ScrollSample(
            time: Double(frame) / 120, offset: offset, velocity: 0, phase: .idle,
            geometry: ScrollGeometry(viewportHeight: 800, contentHeight: 4000)),
          into: &values, events: &events)
        #expect(values[0].isFinite, "\(clamp) \(second) at \(offset): \(values[0])")
      }
    }
  }

  /// Bad input names the file, the JSON path and what was expected.
  @Test(arguments: [
    ("\"version\": 1", "\"version\": 2", "$.version", "expected 1"),
    ("\"name\": \"t\",", "\"name\": \"t\", \"colour\": 1,", "$.colour", "unknown key 'colour'"),
    ("\"start\": 0,", "\"start\": 0, \"origin\": 3,", "$.timelines[0].origin", "unknown key"),
    ("\"version\": 1,", "\"version\": 1, \"ouputs\": [],", "$.ouputs", "did you mean 'outputs'?"),
    ("\"end\": 100", "\"end\": \"far\"", "$.timelines[0].end", "expected a number, \"max\""),
    ("\"end\": 100", "\"end\": 0", "$.timelines[0].end", "empty range"),
    ("\"end\": 100", "\"end\": -5", "$.timelines[0].end", "reversed range"),
    ("\"range\": [0, 1]", "\"range\": [1, 0]", "$.outputs[0].range", "reversed range"),
    (
      "\"range\": [0, 1]", "\"range\": \"0…1\"", "$.outputs[0].range", "a string: expected an array"
    ),
    ("\"timeline\": \"p\"", "\"timeline\": \"q\"", "$.outputs[0].timeline", "unknown timeline 'q'"),
    ("\"timeline\": \"p\"", "\"output\": \"nope\"", "$.outputs[0].output", "unknown output 'nope'"),
    (
      "\"timeline\": \"p\"", "\"timeline\": 3", "$.outputs[0].timeline",
      "a number: expected a string"
    ),
    (
      "{\"at\": 1, \"value\": 1}", "{\"at\": -1, \"value\": 1}", "$.outputs[0].keyframes[1].at",
      "non-decreasing"
    ),
    (
      "{\"at\": 1, \"value\": 1}", "{\"at\": 1, \"value\": [1, 2]}",
      "$.outputs[0].keyframes[1].value", "expected 1 for a scalar"
    ),
    (
      "{\"at\": 1, \"value\": 1}", "{\"at\": 1, \"value\": 1, \"easing\": \"bouncy\"}",
      "$.outputs[0].keyframes[1].easing", "expected linear"
    ),
    (
      "{\"at\": 1, \"value\": 1}", "{\"at\": 1, \"value\": 1, \"easing\": \"steps(0)\"}",
      "$.outputs[0].keyframes[1].easing", "at least 1 step"
    ),
    (
      "\"unit\": \"fraction\"", "\"unit\": \"percent\"", "$.outputs[0].unit",
      "expected one of points"
    ),
    (
      "\"unit\": \"fraction\",", "\"unit\": \"fraction\", \"clamp\": 1,", "$.outputs[0].clamp",
      "expected true or false"
    ),
    (
      "\"unit\": \"fraction\",", "\"unit\": \"fraction\", \"smoothing\": -1,",
      "$.outputs[0].smoothing", "≥ 0"
    ),
    (
      "\"unit\": \"fraction\",", "\"unit\": \"fraction\", \"smoothing\": 1e10,",
      "$.outputs[0].smoothing", "≤ 1000000000.0 seconds"
    ),
    (
      "\"type\": \"scroll\", \"start\": 0, \"end\": 100",
      "\"type\": \"view\", \"subject\": {\"y\": 0, \"height\": 10}, \"range\": \"middle\"",
      "$.timelines[0].range", "expected one of cover"
    ),
    ("\"version\": 1", "\"version\": true", "$.version", "a boolean: expected a number"),
    (
      "\"type\": \"scroll\", \"start\": 0, \"end\": 100",
      "\"type\": \"views\", \"subject\": {\"y\": 0, \"height\": 10}, \"range\": \"cover\"",
      "$.timelines[0].type", "'views': expected one of scroll, distance, overscroll, view"
    ),
    (
      "\"end\": 100", "\"end\": 1e300", "$.timelines[0].end",
      "expected a finite number in [-1e9, 1e9]"
    ),
    (
      "\"end\": 100", "\"end\": 100, \"end\": 200", "$.timelines[0].end",
      "duplicate key \"end\""
    ),
    ("\"name\": \"t\",", "\"name\": \"t\", \"name\": \"u\",", "$.name", "duplicate key \"name\""),
    ("\"end\": 100", "\"end\": 100,", "$.timelines[0]", "trailing comma before '}'"),
    (
      "{\"at\": 1, \"value\": 1}", "{\"at\": 1, \"value\": 1},", "$.outputs[0].keyframes",
      "trailing comma before ']'"
    ),
    // View ranges whose end is before (or at) the start on every viewport, from two named
    // ranges: exit 100% is the subject's bottom edge leaving the top (subject y + height),
    // entry 0% its top edge entering at the bottom (subject y − viewport).
    (
      "\"type\": \"scroll\", \"start\": 0, \"end\": 100",
      "\"type\": \"view\", \"subject\": {\"y\": 900, \"height\": 200}, \"range\": \"exit 100% entry 0%\"",
      "$.timelines[0].rangeEnd",
      "reversed range exit 100% … entry 0%: the end is before the start on every viewport"
    ),
    (
      "\"type\": \"scroll\", \"start\": 0, \"end\": 100",
      "\"type\": \"view\", \"subject\": {\"y\": 900, \"height\": 200}, \"range\": \"contain 0% entry 100%\"",
      "$.timelines[0].rangeEnd", "empty range contain 0% … entry 100%: the end is at the start"
    ),
    (
      "\"type\": \"scroll\", \"start\": 0, \"end\": 100",
      "\"type\": \"view\", \"subject\": {\"y\": 900, \"height\": 200}, \"range\": \"cover 50% entry 100%\"",
      "$.timelines[0].rangeEnd", "the end is before or at the start on every viewport"
    ),
    // An unclamped output extrapolates: stops a subnormal apart (slope 1 / 5e-324 = ∞) would
    // write ∞ beyond them and NaN (∞ · 0) at them.
    (
      "{\"at\": 1, \"value\": 1}]}", "{\"at\": 5e-324, \"value\": 1}], \"clamp\": false}",
      "$.outputs[0].keyframes[1].at",
      "5e-324 is closer than 1e-09 to the previous stop's 0 for an unclamped"
    ),
    // A normal double apart: a finite slope (4.5e307) that overflows a little way out.
    (
      "{\"at\": 1, \"value\": 1}]}",
      "{\"at\": 2.2250738585072014e-308, \"value\": 1}], \"clamp\": false}",
      "$.outputs[0].keyframes[1].at", "is closer than 1e-09 to the previous stop's 0"
    ),
    // A fixed scroll range a subnormal long: its progress overflows a little way past it.
    ("\"end\": 100", "\"end\": 5e-324", "$.timelines[0].end", "is shorter than 1e-09 pt"),
  ])
  func rejected(find: String, replace: String, path: String, message: String) {
    #expect(Self.valid.contains(find))
    let e = error(Self.valid.replacingOccurrences(of: find, with: replace))
    #expect(e?.file == "bad.json")
    #expect(e?.path == path, "\(String(describing: e))")
    #expect(e?.message.contains(message) == true, "\(String(describing: e))")
  }

  /// Errors name the line and byte column of the value at fault, in syntax and in content.
  @Test(arguments: [
    ("\"name\": \"t\",", "\"name\": \"t\", \"name\": \"u\",", 1, 29),
    ("{\"at\": 1, \"value\": 1}", "{\"at\": 1, \"value\": 1},", 4, 73),
  ])
  func errorsNameLineAndColumn(find: String, replace: String, line: Int, column: Int) {
    let e = error(Self.valid.replacingOccurrences(of: find, with: replace))
    #expect(e?.line == line && e?.column == column, "\(String(describing: e))")
    #expect(e?.description.hasPrefix("bad.json:\(line):\(column): $.") == true)
  }

  /// The package's one JSON reader's rules hold for specs as for traces.
  @Test func specsFollowTheStrictJSONRules() throws {
    func error(_ bytes: [UInt8]) -> InputError? {
      do {
        _ = try EffectSpec.parse(Data(bytes), file: "bad.json")
        return nil
      } catch {
        return error
      }
    }
    let valid = Array(Self.valid.utf8)
    // A duplicate key is found after escapes are resolved.
    let escaped = Self.valid.replacingOccurrences(
      of: "\"name\": \"t\",", with: #""name": "t", "n\u0061me": "u","#)
    #expect(self.error(escaped)?.path == "$.name")
    #expect(self.error(escaped)?.message.contains("duplicate key \"name\"") == true)
    // Invalid UTF-8 inside a string is an error (not U+FFFD).
    let bad = Array(Self.valid.replacingOccurrences(of: "\"t\"", with: "\"t\u{1}\"").utf8)
      .map { $0 == 0x01 ? 0xFF : $0 }
    #expect(error(bad)?.message.contains("UTF-8") == true, "\(String(describing: error(bad)))")
    // A byte order mark: skipped at the very start, an error anywhere else.
    #expect(error([0xEF, 0xBB, 0xBF] + valid) == nil)
    #expect(
      error(Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + valid)?.message.contains("byte order") == true)
    // Non-finite numbers and trailing text.
    for replace in ["\"end\": NaN", "\"end\": 1e999", "\"end\": Infinity"] {
      let text = Self.valid.replacingOccurrences(of: "\"end\": 100", with: replace)
      #expect(self.error(text)?.message.contains("not a finite number") == true, "\(replace)")
      #expect(self.error(text)?.path == "$.timelines[0].end")
    }
    #expect(self.error(Self.valid + " x")?.message.contains("after the JSON value") == true)
    // A 1 MB bad value gives a short message.
    let huge = String(repeating: "ab", count: 500_000)
    let long = Self.valid.replacingOccurrences(of: "\"fraction\"", with: "\"\(huge)\"")
    let message = try #require(self.error(long)).description
    #expect(message.count < 200, "\(message.prefix(300))")
  }

  @Test func invalidJSONAndUnreadableFiles() {
    #expect(error("{\"version\": 1,")?.path == "$")
    #expect(throws: InputError.self) { try EffectSpec.load(path: "/nonexistent/x.json") }
  }

  /// A trigger on a reversed or empty range, and references to outputs declared later.
  @Test func semanticChecks() {
    let trigger = """
      {"version": 1, "name": "t", "timelines": [{"name": "p", "type": "distance"}],
       "outputs": [{"name": "f", "trigger": {"timeline": "p", "start": 0.5, "end": 0.2}}]}
      """
    #expect(error(trigger)?.path == "$.outputs[0].trigger.end")
    let later = """
      {"version": 1, "name": "t", "timelines": [{"name": "p", "type": "distance"}],
       "outputs": [{"name": "a", "range": [0, 1], "output": "b"},
                   {"name": "b", "range": [0, 1], "timeline": "p"}]}
      """
    #expect(error(later)?.message.contains("declared later") == true)
  }

  /// Specs that used to pass silently: a trigger with another range or unit, a flag unit on a
  /// fractional output, `range` with `rangeStart`, keyframes outside a clamped output's range.
  @Test(arguments: [
    (
      #"{"name": "f", "range": [0, 5], "trigger": {"timeline": "p", "start": 0.5}}"#,
      "$.outputs[1].range", "[0, 5]: a trigger output takes 0 and 1: expected [0, 1]"
    ),
    (
      #"{"name": "f", "unit": "points", "trigger": {"timeline": "p", "start": 0.5}}"#,
      "$.outputs[1].unit", "'points': a trigger output is a 0/1 flag: expected flag"
    ),
    (
      #"{"name": "f", "unit": "flag", "range": [0, 1], "timeline": "p", "keyframes": "#
        + #"[{"at": 0, "value": 0}, {"at": 1, "value": 0.5}]}"#,
      "$.outputs[1].keyframes[1].value", "0.5: a flag output takes 0 or 1"
    ),
    (
      #"{"name": "f", "unit": "flag", "range": [0, 1], "timeline": "p"}"#,
      "$.outputs[1].unit", "'flag' on a timeline's progress, which is fractional"
    ),
    (
      #"{"name": "f", "unit": "fraction", "range": [0, 1], "timeline": "p", "keyframes": "#
        + #"[{"at": 0, "value": 0}, {"at": 1, "value": [1.05]}]}"#,
      "$.outputs[1].keyframes[1].value", "1.05 is outside the output's range 0 … 1"
    ),
  ])
  func formerlySilentMistakes(output: String, path: String, message: String) {
    #expect(Self.valid.hasSuffix("1}]}]}"))
    let e = error(Self.valid.dropLast(2) + ", " + output + "]}")  // a second output
    #expect(e?.path == path, "\(String(describing: e))")
    #expect(e?.message.contains(message) == true, "\(String(describing: e))")
  }

  /// A clamped output's keyframes outside its range are fine with `clamp: false` (check then
  /// reports where the output leaves its range).
  @Test func unclampedKeyframesMayLeaveTheRange() {
    let find = "{\"at\": 1, \"value\": 1}]"
    #expect(Self.valid.contains(find))
    let over = Self.valid.replacingOccurrences(of: find, with: "{\"at\": 1, \"value\": 2}]")
    #expect(error(over)?.path == "$.outputs[0].keyframes[1].value")
    let unclamped = Self.valid.replacingOccurrences(
      of: find, with: "{\"at\": 1, \"value\": 2}], \"clamp\": false")
    #expect(error(unclamped) == nil)
  }

  @Test func viewRangeWithRangeStartIsAnError() {
    let spec = Self.valid.replacingOccurrences(
      of: "\"type\": \"scroll\", \"start\": 0, \"end\": 100",
      with: "\"type\": \"view\", \"subject\": {\"y\": 0, \"height\": 10}, \"range\": \"cover\", "
        + "\"rangeStart\": {\"range\": \"contain\"}")
    let e = error(spec)
    #expect(e?.path == "$.timelines[0].rangeStart")
    #expect(e?.message == "given with 'range', which sets both ends: expected one or the other")
  }
}
