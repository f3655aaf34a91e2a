import Foundation
import ScrollEffects
import ScrollPhysics
import Testing

/// The Swift generator: the checked-in generated types are what it writes today, and each
/// gives the interpreter's bits for every output and its events, frame by frame.
@Suite struct SwiftSourceTests {
  /// A spec using what the generated specs do not: timelines that read the previous frame
  /// (a range, a distance from −0 and the bottom overscroll), unclamped keyframes with a jump,
  /// unclamped smoothing, a one-stop and a no-stop smoothed output, a kink, and outputs read
  /// by other outputs, clamped and not.
  static let lagging = EffectSpec(
    name: "lagging",
    // Text the embedded raw string must keep as text: an interpolation at two and three `#`s,
    // the string's end and a backslash.
    description: "Reads \"the previous frame\". \\##(1 + 1) \\###(2) \"\"\"## \\",
    timelines: [
      .init("late", .scroll(start: .init(0), end: .init(200)), readsPreviousFrame: true),
      .init("lateDistance", .distance(origin: -0.0), readsPreviousFrame: true),
      .init("bottom", .overscroll(.bottom), readsPreviousFrame: true),
      .init("now", .distance(origin: 12.5)),
    ],
    outputs: [
      .init(
        "pinned", unit: .flag, range: 0...1,
        source: .trigger(.init(timeline: "late", start: 0.25, end: 0.75, hysteresis: 0.125))),
      .init(
        "jumpy", unit: .points, range: -50...50, source: .timeline("lateDistance"),
        keyframes: [
          .init(at: -100, -40), .init(at: 0, 10), .init(at: 0, 20, easing: .easeOut),
          .init(at: 300, 45, easing: .steps(count: 4, position: .jumpBoth)), .init(at: 400, 0),
        ], clamp: false),
      .init(
        "stretch", unit: .points, range: 0...500, source: .timeline("bottom"),
        keyframes: [.init(at: 0, 0), .init(at: 100, 60)], clamp: false, smoothing: 0.05),
      .init(
        "constant", unit: .points, range: 0...10, source: .timeline("now"),
        keyframes: [.init(at: 3, 7)], smoothing: 0.1),
      .init(
        "raw", unit: .points, range: -1e9...1e9, source: .timeline("now"), clamp: false,
        smoothing: 0.02),
      .init("rawCopy", unit: .points, range: -1e9...1e9, source: .timeline("now"), clamp: false),
      .init(
        "parallax", unit: .points, range: -1000...80, source: .timeline("now"),
        keyframes: [.init(at: -1000, -1000), .init(at: 0, 0), .init(at: 400, 80)]),
      .init("follow", unit: .points, range: -20...20, source: .output("raw")),
      .init("followOpen", unit: .points, range: -20...20, source: .output("jumpy"), clamp: false),
      .init(
        "followPinned", unit: .fraction, range: 0...1, source: .output("pinned"),
        keyframes: [.init(at: 0, 0.25), .init(at: 1, 0.75)]),
      // Property names that are keywords, and one a camel-cased name takes first.
      .init("self", unit: .points, range: -5...5, source: .output("follow")),
      .init("in", unit: .points, range: -5...5, source: .output("follow")),
      .init("follow-", unit: .points, range: -5...5, source: .output("follow")),
    ])

  /// A spec whose outputs share eased terms (the same input, clamp, segment ends and easing),
  /// which the generated frame computes once: outputs reading a timeline and outputs reading
  /// an output, clamped and open, smoothed, steps, a memo hit, one sharing only its second
  /// segment, and terms that differ in one thing only (the easing, an end, the clamp, the input).
  static let sharedEasing: EffectSpec = {
    func stops(_ values: [Double], _ easing: Easing = .easeInOut) -> [EffectSpec.Keyframe] {
      zip([0, 0.5, 1], values).map { .init(at: $0, $1, easing: easing) }
    }
    return EffectSpec(
      name: "shared-easing",
      timelines: [
        .init("header", .scroll(start: .init(0), end: .init(300))),
        .init("bar", .scroll(start: .init(-200, fromMax: true), end: .init(0, fromMax: true))),
      ],
      outputs: [
        .init(
          "opacity", unit: .fraction, range: 0...1, source: .timeline("header"),
          keyframes: stops([0, 0.6, 1])),
        .init(
          "scale", unit: .points, range: 0.5...2, source: .timeline("header"),
          keyframes: stops([1, 1.4, 0.8])),
        .init(
          "blur", unit: .points, range: 0...40, source: .timeline("header"),
          keyframes: stops([0, 30, 10]), smoothing: 0.05),
        .init(
          "shift", unit: .points, range: -500...500, source: .timeline("header"),
          keyframes: stops([0, 120, -40]), clamp: false),
        .init(
          "tilt", unit: .points, range: -500...500, source: .timeline("header"),
          keyframes: stops([10, -20, 30]), clamp: false),
        .init(
          "fade", unit: .fraction, range: 0...1, source: .timeline("header"),
          keyframes: stops([1, 0, 1], .easeOut)),
        // Open: below 0 and above 1 its term is ease-out's tangent line, not fade's end value.
        .init(
          "fadeOpen", unit: .points, range: -500...500, source: .timeline("header"),
          keyframes: stops([0, 1, 0.5], .easeOut), clamp: false),
        .init(
          "later", unit: .fraction, range: 0...1, source: .timeline("header"),
          keyframes: [
            .init(at: 0, 0), .init(at: 0.25, 0.5),
            .init(at: 0.5, 0.5, easing: .easeInOut), .init(at: 1, 1),
          ]),
        .init(
          "barTint", unit: .fraction, range: 0...1, source: .timeline("bar"),
          keyframes: stops([0, 0.5, 1])),
        .init(
          "barTitle", unit: .fraction, range: 0...1, source: .timeline("bar"),
          keyframes: stops([1, 0.2, 0])),
        .init(
          "ticks", unit: .points, range: 0...100, source: .timeline("bar"),
          keyframes: stops([0, 50, 100], .steps(count: 5, position: .jumpEnd))),
        .init(
          "ticks2", unit: .points, range: 0...100, source: .timeline("bar"),
          keyframes: stops([100, 0, 50], .steps(count: 5, position: .jumpEnd))),
        .init(
          "echo", unit: .fraction, range: 0...1, source: .output("shift"),
          keyframes: [.init(at: -40, 0, easing: .easeIn), .init(at: 120, 1)]),
        .init(
          "echo2", unit: .fraction, range: 0...1, source: .output("shift"),
          keyframes: [.init(at: -40, 1, easing: .easeIn), .init(at: 120, 0)], clamp: false),
        .init(
          "echo3", unit: .fraction, range: 0...1, source: .output("shift"),
          keyframes: [.init(at: -40, 0.5, easing: .easeIn), .init(at: 120, 0.25)]),
      ])
  }()

  /// Keyframe stops a subnormal apart (a segment of infinite slope: `∞ · 0` is −NaN at
  /// progress +0), clamped from a slot, eased, from an output (a flag's), on the bottom
  /// overscroll (an unclamped output may not have such stops): the memo's first value and the generated file's NaN literals (a fresh
  /// tester's repros; the engine gave −NaN for a clamped output on the first frame at rest,
  /// the generated file +NaN where the engine gave −NaN).
  static let subnormalGap: EffectSpec = {
    let k = EffectSpec.Keyframe.self
    let tiny = Double.leastNonzeroMagnitude
    return EffectSpec(
      name: "subnormal-gap",
      timelines: [.init("d", .distance(origin: 0)), .init("ob", .overscroll(.bottom))],
      outputs: [
        .init(
          "line", unit: .fraction, range: 0...1, source: .timeline("d"),
          keyframes: [k.init(at: 0, 0.5), k.init(at: tiny, 0), k.init(at: 1, 1)]),
        .init(
          "eased", unit: .fraction, range: 0...1, source: .timeline("d"),
          keyframes: [
            k.init(at: 0, 0.5), k.init(at: tiny, 0), k.init(at: 1, 1, easing: .easeIn),
            k.init(at: 2, 0),
          ]),
        .init(
          "flag", unit: .flag, range: 0...1,
          source: .trigger(.init(timeline: "d", start: 100))),
        .init(
          "open", unit: .points, range: -100...100, source: .output("flag"),
          keyframes: [k.init(at: 0, 5), k.init(at: tiny, -50, easing: .ease), k.init(at: 1, 0)]),
        .init(
          "bottom", unit: .fraction, range: 0...1, source: .timeline("ob"),
          keyframes: [
            k.init(at: 0, 0.25), k.init(at: tiny, 0.5), k.init(at: 10, 1, easing: .easeIn),
            k.init(at: 20, 0),
          ]),
      ])
  }()

  /// View timelines with every field `EffectSpec.jsonText` must keep (the generated type
  /// resolves its view timelines from that text): Motion offsets, a sticky subject, `vh` and
  /// `%` lengths in ranges and insets (a fresh tester found each lost).
  static let viewRanges: EffectSpec = {
    let timelines = [
      #"{"name": "o", "type": "view", "subject": {"y": 1000, "height": 100}, "offset": ["start end", "end start"]}"#,
      #"{"name": "s", "type": "view", "subject": {"y": 800, "height": 100}, "range": "cover", "sticky": {"top": 0, "container": {"y": 700, "height": 600}}}"#,
      #"{"name": "e", "type": "view", "subject": {"y": 1000, "height": 100}, "range": "exit -5vh"}"#,
      #"{"name": "i", "type": "view", "subject": {"y": 1000, "height": 100}, "range": "contain", "inset": "10%"}"#,
      #"{"name": "j", "type": "view", "subject": {"y": 1000, "height": 100}, "inset": {"start": "1em", "end": "5vh"}}"#,
      #"{"name": "k", "type": "view", "subject": {"y": 1000, "height": 100}, "inset": "5vh 2em", "rangeStart": "entry 5vh", "rangeEnd": "exit 20%"}"#,
      #"{"name": "m", "type": "view", "subject": {"y": 1000, "height": 100}, "offset": ["10vh", "50%"]}"#,
    ]
    let outputs = ["o", "s", "e", "i", "j", "k", "m"].map {
      #"{"name": "\#($0)", "unit": "points", "range": [-1e9, 1e9], "timeline": "\#($0)", "clamp": false}"#
    }
    let text =
      #"{"version": 1, "name": "view-ranges", "timelines": ["# + timelines.joined(separator: ", ")
      + #"], "outputs": ["# + outputs.joined(separator: ", ") + "]}"
    return try! EffectSpec.parse(Data(text.utf8), file: "view-ranges.json")
  }()

  /// The seven presets (the five seeds and Flutter's two) as one group.
  static var sevenPresets: EffectSpec {
    // Seven distinct preset names always group.
    try! EffectSpec.group(EffectPreset.allCases.map { CompiledPreset($0).compiled.spec })
  }

  /// Every checked-in generated type: its file under `Generated/`, spec and type.
  static let cases: [(type: String, spec: EffectSpec, make: @Sendable () -> any GeneratedEffect)] =
    [
      ("GeneratedSpec1Effect", GeneratedSpecTests.spec(seed: 1), { GeneratedSpec1Effect() }),
      ("GeneratedSpec2Effect", GeneratedSpecTests.spec(seed: 2), { GeneratedSpec2Effect() }),
      ("GeneratedSpec3Effect", GeneratedSpecTests.spec(seed: 3), { GeneratedSpec3Effect() }),
      ("LaggingEffect", lagging, { LaggingEffect() }),
      ("SevenPresetsEffect", sevenPresets, { SevenPresetsEffect() }),
      ("SharedEasingEffect", sharedEasing, { SharedEasingEffect() }),
      ("SubnormalGapEffect", subnormalGap, { SubnormalGapEffect() }),
      ("ViewRangesEffect", viewRanges, { ViewRangesEffect() }),
    ]

  /// This file's folder.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// Compares `source` with the file at `url`; with `SCROLLSIM_RECORD=all` writes it instead
  /// (and records an issue, so a recording run is never green).
  static func expectFile(_ url: URL, is source: String) throws {
    if ProcessInfo.processInfo.environment["SCROLLSIM_RECORD"] == "all" {
      try source.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("wrote \(url.path)")
      return
    }
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(
      text == source,
      """
      \(url.lastPathComponent) is not what the generator writes today: regenerate it \
      (SCROLLSIM_RECORD=all swift test --filter SwiftSourceTests)
      """)
  }

  @Test(arguments: 0..<8)
  func checkedInFilesAreTheGeneratorsOutput(index: Int) throws {
    let (type, spec, _) = Self.cases[index]
    let source = try CompiledEffect(spec).swiftSource(typeName: type)
    try Self.expectFile(Self.folder.appendingPathComponent("Generated/\(type).swift"), is: source)
  }

  /// The benchmark's generated five presets (`frame/physics+5-presets-generated`) too.
  @Test func benchmarksFileIsTheGeneratorsOutput() throws {
    let spec = try EffectSpec.group(EffectPreset.seeds.map { CompiledPreset($0).compiled.spec })
    let source = try CompiledEffect(spec).swiftSource(typeName: "FivePresetsEffect")
    let url = Self.folder.appendingPathComponent(
      "../../Benchmarks/ScrollSimBenchmarks/FivePresetsEffect.swift")
    try Self.expectFile(url.standardizedFileURL, is: source)
  }

  /// The benchmark's generated 1,000 outputs (`engine/outputs-1000-generated`).
  @Test func benchmarksEngineFileIsTheGeneratorsOutput() throws {
    let source = try CompiledEffect(.scaling(outputs: 1000)).swiftSource(
      typeName: "Engine1000Effect")
    let url = Self.folder.appendingPathComponent(
      "../../Benchmarks/ScrollSimBenchmarks/Engine1000Effect.swift")
    try Self.expectFile(url.standardizedFileURL, is: source)
  }

  /// The frames every type is driven through: offsets from a random walk with flings, the
  /// overscroll on both sides, ±0, ±∞, the extremes of `Double` and NaN; frame times at 120 Hz
  /// with a repeated, a backward and a NaN time (the smoothers' reset paths); the geometry
  /// changing mid-run (content shorter than the viewport, insets), and a reset.
  static func frames(seed: UInt64, restoredAt first: Double) -> [(ScrollSample, reset: Bool)] {
    var g = GeneratedSpecTests.Generator(state: seed)
    let geometries = [
      phoneGeometry, ScrollGeometry(viewportHeight: 667, contentHeight: 300, contentInsetTop: 64),
      ScrollGeometry(
        viewportHeight: 402, contentHeight: 2400, contentInsetTop: 32, contentInsetBottom: 21),
    ]
    let specials: [Double] = [
      -0.0, 0, .nan, .infinity, -.infinity, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.25, 1e-300,
    ]
    var frames: [(ScrollSample, reset: Bool)] = []
    var offset = first
    var time = 0.0
    for k in 0..<1500 {
      switch k % 100 {
      case 0..<60: offset += g.range(-40, 60)
      case 60..<75: offset += g.range(-200, 200)
      case 75..<85: offset = g.range(-400, 2600)
      default: offset = k % 100 == 99 ? specials[k / 100 % specials.count] : offset - 13
      }
      if !offset.isFinite && k % 100 != 99 { offset = 100 }
      let value = k == 0 ? first : offset
      time += k % 97 == 5 ? 0 : (k % 131 == 7 ? -0.5 : 1.0 / 120)
      let sampleTime = k % 211 == 3 ? Double.nan : time
      let geometry = geometries[(k / 400) % geometries.count]
      frames.append(
        (
          ScrollSample(
            time: sampleTime, offset: value, velocity: 0, phase: .decelerating, geometry: geometry),
          reset: k == 900
        ))
    }
    return frames
  }

  @Test(arguments: 0..<8)
  func generatedTypeGivesTheInterpretersBits(index: Int) throws {
    let (type, spec, make) = Self.cases[index]
    for (seed, first) in [(UInt64(1), 0.0), (2, 520.0), (3, -30.0)] {
      var engine = try CompiledEffect(spec)
      var generated = make()
      #expect(generated.outputs.map(\.name) == engine.outputs.map(\.name))
      #expect(generated.remembersHistory == engine.remembersHistory)
      var (a, b) = ([Double](), [Double]())
      var (ea, eb) = ([EffectEvent](), [EffectEvent]())
      var mismatches = 0
      for (frame, (sample, reset)) in Self.frames(seed: seed, restoredAt: first).enumerated() {
        if reset {
          engine.reset()
          generated.reset()
        }
        ea.removeAll()
        eb.removeAll()
        engine.evaluate(sample, into: &a, events: &ea)
        generated.evaluate(sample, into: &b, events: &eb)
        if a.map(\.bitPattern) != b.map(\.bitPattern) || ea != eb {
          mismatches += 1
          if mismatches <= 3 {
            Issue.record(
              """
              \(type), seed \(seed), frame \(frame) (offset \(sample.offset)): engine \(a) \
              \(ea), generated \(b) \(eb)
              """)
          }
        }
      }
      #expect(mismatches == 0, "\(type), seed \(seed)")
    }
  }

  /// Through `ScrollEffect`'s `evaluate(_:into:)` as a frame loop calls it, the same.
  @Test func generatedTypeIsAScrollEffect() throws {
    var engine: any ScrollEffect = try CompiledEffect(Self.lagging)
    var generated: any ScrollEffect = LaggingEffect()
    #expect(generated.name == "lagging")
    #expect(generated.expectedViolations == engine.expectedViolations)
    var a = EffectFrame(outputs: engine.outputs)
    var b = EffectFrame(outputs: generated.outputs)
    for (sample, _) in Self.frames(seed: 9, restoredAt: 240).prefix(300) {
      a.events.removeAll()
      b.events.removeAll()
      try engine.evaluate(sample, into: &a)
      try generated.evaluate(sample, into: &b)
      #expect(a.values.map(\.bitPattern) == b.values.map(\.bitPattern))
      #expect(a.events == b.events)
    }
  }

  @Test func typeNamesMustBeIdentifiersTheCodeDoesNotUse() throws {
    let effect = try CompiledEffect(Self.lagging)
    for (bad, why) in [
      ("2D", "not a Swift type name"), ("class", "not a Swift type name"),
      ("my-effect", "not a Swift type name"), ("", "not a Swift type name"),
      ("a.b", "not a Swift type name"), ("Double", "names a type or module"),
      ("String", "names a type or module"), ("TimelineRange", "names a type or module"),
      ("ScrollEffects", "names a type or module"), ("GeneratedEffect", "e.g. MyGeneratedEffect"),
    ] {
      #expect {
        _ = try effect.swiftSource(typeName: bad)
      } throws: { error in
        let e = error as? InputError
        return e?.kind == .invalid && e?.field == "type" && (e?.message.contains(why) ?? false)
      }
    }
    #expect(throws: Never.self) { _ = try effect.swiftSource(typeName: "Größe_2") }
    #expect(SwiftSource.typeName(for: "apple-music") == "AppleMusicEffect")
    #expect(SwiftSource.typeName(for: "2d parallax") == "Spec2dParallaxEffect")
    #expect(SwiftSource.typeName(for: "a+b/c") == "ABCEffect")
    #expect(SwiftSource.typeName(for: "Überschrift-日本語") == "Überschrift日本語Effect")
    #expect(
      SwiftSource.propertyNames([
        "apple-music/header.overlayOpacity", "header.overlay-opacity", "header overlay opacity",
        "2x", "default", "", "values", "größe", "a2", "a", "a-", "self",
      ]) == [
        "appleMusicHeaderOverlayOpacity", "headerOverlayOpacity", "headerOverlayOpacity2",
        "output2x", "`default`", "output5", "values6", "größe", "a2", "a", "a10", "`self`",
      ])
    #expect(SwiftSource.propertyNames(["x2", "x", "x-"]) == ["x2", "x", "x2_2"])
  }

  /// Every type the generated code names outside the embedded spec, its comments and its
  /// strings (the generated type's own name and member types after a `.` aside) is one that
  /// ``SwiftSource/usedTypes`` refuses as the type's name: a user's type of that name would
  /// hide it (a spec named "generated" once gave `GeneratedEffect`, and the file
  /// `extension GeneratedEffect: GeneratedEffect {}`).
  @Test func everyTypeTheGeneratedCodeNamesIsRefusedAsItsName() throws {
    var named = Set<String>()
    for (type, spec, _) in Self.cases {
      var inSpec = false
      for line in try CompiledEffect(spec).swiftSource(typeName: type).split(separator: "\n") {
        if inSpec {
          inSpec = !line.trimmingPrefix(while: \.isWhitespace).hasPrefix("\"\"\"")
          continue
        }
        if line.hasSuffix("\"\"\"") {
          inSpec = true
          continue
        }
        // The code before a comment, its string literals' text taken out.
        let code = (line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line)
          .split(separator: "\"", omittingEmptySubsequences: false).enumerated()
          .filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined(separator: " ")
        var word = ""
        var afterDot = false
        for c in code + " " {
          if c.isLetter || c.isNumber || c == "_" {
            word.append(c)
            continue
          }
          if let first = word.first, first.isUppercase, !afterDot, word != type, word != "Self" {
            named.insert(word)
          }
          afterDot = c == "."
          word = ""
        }
      }
    }
    #expect(named.contains("GeneratedEffect"))
    #expect(named.subtracting(SwiftSource.usedTypes).sorted() == [])
  }

  @Test func motionTimelinesAndOtherAxesAreRefusedByName() throws {
    let refused: [(EffectSpec.TimelineSpec, String, field: String)] = [
      (.init("speed", .velocity), "motion timeline", "type"),
      (
        .init("across", .scroll(start: .init(0), end: .init(100)), axis: .x),
        "horizontal axis, left to right (axis x)",
        "axis"
      ),
      (
        {
          var t = EffectSpec.TimelineSpec("inner", .scroll(start: .init(0), end: .init(100)))
          t.scrollView = .list
          return t
        }(), "nested chain", "scrollView"
      ),
    ]
    // A logical axis a writing mode turns: the key named is the one that turns it.
    var inline = EffectSpec.TimelineSpec("side", .scroll(start: .init(0), end: .init(100)))
    inline.writingMode = .verticalRL
    var fromBottom = EffectSpec.TimelineSpec("up", .scroll(start: .init(0), end: .init(100)))
    fromBottom.axis = .y
    fromBottom.writingMode = .verticalLR
    fromBottom.direction = .rtl
    let turned: [(EffectSpec.TimelineSpec, String, field: String)] = [
      (
        inline, "horizontal axis, right to left (axis block, writingMode vertical-rl)",
        "writingMode"
      ),
      (fromBottom, "vertical axis read from the bottom", "direction"),
    ]
    for (timeline, why, field) in refused + turned {
      let spec = EffectSpec(
        name: "refused",
        timelines: [.init("fine", .distance(origin: 0)), timeline],
        outputs: [.init("o", unit: .points, range: 0...1, source: .timeline(timeline.name))])
      let effect = try CompiledEffect(spec)
      #expect {
        _ = try effect.swiftSource(typeName: "Refused")
      } throws: { error in
        let e = error as? InputError
        return e?.kind == .unsupported && e?.field == field
          && e?.path == "$.timelines[1]" + (field == "type" ? "" : ".\(field)")
          && (e?.message.contains("'\(timeline.name)'") ?? false)
          && (e?.message.contains(why) ?? false)
      }
    }
  }

  @Test func literalsReadBackToTheSameBits() {
    for x in [
      0.1, -0.0, 0, 1e-300, -Double.leastNonzeroMagnitude, 1.0 / 3, 123_456_789.125,
      .greatestFiniteMagnitude,
      0.30000000000000004,
    ] {
      let text = SwiftSource.literal(x).trimmingCharacters(in: CharacterSet(charactersIn: "()"))
      #expect(Double(text)?.bitPattern == x.bitPattern, "\(x) → \(text)")
    }
    #expect(SwiftSource.literal(.infinity) == "Double.infinity")
    #expect(SwiftSource.literal(-.infinity) == "(-Double.infinity)")
    // A NaN keeps its sign and payload (x86-64's ∞ · 0 is −NaN).
    let negativeNaN = Double(bitPattern: 0xFFF8_0000_0000_0000)
    #expect(SwiftSource.literal(negativeNaN) == "Double(bitPattern: 0xFFF8000000000000)")
    #expect(SwiftSource.literal(.nan) == "Double(bitPattern: 0x7FF8000000000000)")
    // Decimals the compiler would round twice (through an 80-bit float on x86-64) are
    // written by their bits: a fresh tester's two, from generated files that were one ulp off.
    for text in ["0.305369589753581", "-1.654926370231752e+24"] {
      let x = Double(text)!
      #expect(
        SwiftSource.literal(x)
          == "Double(bitPattern: 0x\(String(x.bitPattern, radix: 16, uppercase: true))) /* \(text) */"
      )
    }
    #expect(SwiftSource.literal(0.1) == "0.1")
    #expect(SwiftSource.literal(-2.5) == "(-2.5)")
  }

  #if arch(x86_64) && !os(Windows)
    /// What the compiler does on x86-64 (why ``SwiftSource/literal(_:)`` checks): a decimal
    /// literal goes through an 80-bit float, and every decimal `literal` writes reads back
    /// through one to the same bits, over 200,000 seeded random doubles of every magnitude.
    @Test func decimalLiteralsSurviveTheCompilersDoubleRounding() {
      #expect((0.305369589753581 as Double).bitPattern == 0x3FD3_8B2C_E44B_CFF2)
      #expect(Double("0.305369589753581")!.bitPattern == 0x3FD3_8B2C_E44B_CFF3)
      var g = GeneratedSpecTests.Generator(state: 14)
      var decimals = 0
      var byBits = 0
      for k in 0..<200_000 {
        // Random bits (every exponent), and short decimals like a spec's.
        let x =
          k % 2 == 0
          ? Double(bitPattern: UInt64(g.pick(1 << 31)) << 33 ^ UInt64(g.pick(1 << 31)) << 2)
          : (g.range(-1000, 1000) * 1e6).rounded() / 1e6
        guard x.isFinite, x != 0 else { continue }
        let literal = SwiftSource.literal(x).trimmingCharacters(
          in: CharacterSet(charactersIn: "()"))
        if literal.hasPrefix("Double(bitPattern:") {
          byBits += 1
          continue
        }
        decimals += 1
        #expect(Double(Float80(literal)!).bitPattern == x.bitPattern, "\(literal)")
      }
      #expect(decimals > 190_000)
      #expect(byBits > 0)
    }
  #endif
}
