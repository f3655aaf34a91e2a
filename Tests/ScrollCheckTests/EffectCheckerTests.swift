import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimTestSupport
import Testing

@testable import ScrollCheck

/// The repository's `effects/` folder.
let effectsFolder = Repository.root.appendingPathComponent("effects")

@Suite struct EffectCheckerTests {
  func kinds(_ effect: CompiledEffect) throws -> [CheckViolation.Kind: Set<String>] {
    var result: [CheckViolation.Kind: Set<String>] = [:]
    for v in try EffectChecker(effect: effect).run().violations {
      result[v.kind, default: []].insert(v.subject)
    }
    return result
  }

  /// The presets break no invariant on any device or gesture; only the Apple TV bar, whose
  /// title flag has no hysteresis by default, and Flutter's SliverAppBar, whose
  /// `isScrolledUnder` is a bare `shrinkOffset > maxExtent - minExtent` test (app_bar.dart), get
  /// `chatter` warnings.
  @Test(arguments: EffectPreset.allCases)
  func presetsPass(preset: EffectPreset) throws {
    let report = try EffectChecker(effect: CompiledPreset(preset).compiled).run()
    let failures = report.violations.filter { !$0.kind.isWarning }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    let warned = Set(report.violations.filter(\.kind.isWarning).map(\.subject))
    let expected: Set<String> =
      switch preset {
      case .appleTVBar: ["navBar.titleVisible"]
      case .sliverAppBar: ["appBar.isScrolledUnder"]
      default: []
      }
    #expect(warned == expected)
    #expect(report.runs == 45)
    #expect(report.frames > 10_000)
  }

  /// What each original seed breaks (effects.md): subjects per invariant.
  static let seedViolations: [String: [CheckViolation.Kind: Set<String>]] = [
    "apple-music": [.range: ["header.overlayOpacity", "header.imageOffsetY", "navBar.opacity"]],
    "apple-tv-bar": [
      .range: ["navBar.progress", "navBar.backgroundOpacity", "navBar.tint", "navBar.titleOpacity"]
    ],
    "collapsible-header": [
      .range: ["header.contentOpacity", "bar.contentOpacity"],
      .lag: ["header.height", "header.contentOpacity", "bar.contentOpacity"],
    ],
    "logo-follow": [:],
    "title-card": [:],
  ]

  /// The seeds' original formulas are caught, with the invariants effects.md says they break
  /// (the logo and title-card articles already clamp, so they pass).
  @Test(arguments: [
    "apple-music", "apple-tv-bar", "collapsible-header", "logo-follow", "title-card",
  ])
  func seedsOriginalAreCaught(name: String) throws {
    let path = effectsFolder.appendingPathComponent("seeds-original/\(name).json").path
    var found = try kinds(try CompiledEffect(EffectSpec.load(path: path), file: path))
    found[.chatter] = nil
    #expect(found == Self.seedViolations[name])
  }

  /// A range beyond any content is unreachable; a view `contain` range of a subject exactly as
  /// tall as a device's scrollport has zero length there.
  @Test func unreachableAndZeroLengthRanges() throws {
    // The landscape device's scrollport is 402 − 32 − 21 = 349 pt.
    let spec = EffectSpec(
      name: "t",
      timelines: [
        .init("far", .scroll(start: .init(9000), end: .init(9100))),
        .init("box", .view(ViewTimeline(subjectY: 600, subjectHeight: 349, range: .contain))),
      ],
      outputs: [
        .init("a", unit: .fraction, range: 0...1, source: .timeline("far")),
        .init("b", unit: .fraction, range: 0...1, source: .timeline("box")),
      ])
    let found = try kinds(try CompiledEffect(spec))
    #expect(found[.unreachable] == ["timeline far"])
    #expect(found[.zeroLength] == ["timeline box"])
  }

  /// A scroll range anchored to `max` that ends before its fixed start is reported as
  /// `reversed` on every device (every device's maxOffset is below 100000 pt), with the
  /// resolved range; a `max` end after its start on every device is not.
  @Test func reversedAtRunTime() throws {
    let spec = EffectSpec(
      name: "t",
      timelines: [
        .init("late", .scroll(start: .init(100_000), end: .init(0, fromMax: true))),
        .init("fine", .scroll(start: .init(0), end: .init(0, fromMax: true))),
      ],
      outputs: [
        .init("a", unit: .fraction, range: 0...1, source: .timeline("late")),
        .init("b", unit: .fraction, range: 0...1, source: .timeline("fine")),
      ])
    let report = try EffectChecker(effect: try CompiledEffect(spec)).run()
    let reversed = report.violations.filter { $0.kind == .reversed }
    #expect(Set(reversed.map(\.subject)) == ["timeline late"])
    #expect(Set(reversed.map(\.device)) == Set(CheckDevice.standard.map(\.name)))
    let small = try #require(reversed.first { $0.device == "small-phone" })
    #expect(small.value == 3397 - 100_000)  // maxOffset 4000 − 667 + 64
    #expect(small.detail.contains("100000 … 3397 pt"))
  }

  /// A view range whose ends' order depends on the viewport is reported as `reversed` where it
  /// resolves backwards: entry-crossing 100% (subject y + height − scrollport) … exit-crossing
  /// 0% (subject y) has the length scrollport − height, negative on exactly the devices whose
  /// scrollport (viewport − insets) is shorter than the 800 pt subject.
  @Test func aViewRangeReversedOnSomeDevices() throws {
    var view = ViewTimeline(subjectY: 900, subjectHeight: 800)
    view.rangeStart = .init(.entryCrossing, percent: 100)
    view.rangeEnd = .init(.exitCrossing, percent: 0)
    let spec = EffectSpec(
      name: "t", timelines: [.init("v", .view(view))],
      outputs: [.init("a", unit: .fraction, range: 0...1, source: .timeline("v"))])
    let report = try EffectChecker(effect: try CompiledEffect(spec)).run()
    let reversed = report.violations.filter { $0.kind == .reversed }
    let port = { (g: ScrollGeometry) in g.viewportHeight - g.contentInsetTop - g.contentInsetBottom
    }
    let short = CheckDevice.standard.filter { port($0.geometry) < 800 }
    #expect(!short.isEmpty && short.count < CheckDevice.standard.count)
    #expect(Set(reversed.map(\.device)) == Set(short.map(\.name)))
    for device in short {
      let v = try #require(reversed.first { $0.device == device.name })
      #expect(v.value == port(device.geometry) - 800, "\(device.name)")
      #expect(
        v.detail.hasSuffix(
          "with a viewport of \(EffectSpec.number(device.geometry.viewportHeight)) pt)"),
        "\(v.detail)")
    }
  }

  /// An unclamped output reports `range`; an identity output of a distance is unbounded.
  @Test func rangeViolationsCarryWhatReproducesThem() throws {
    let spec = EffectSpec(
      name: "t", timelines: [.init("d", .distance(origin: 0))],
      outputs: [.init("raw", unit: .points, range: 0...100, source: .timeline("d"), clamp: false)])
    let report = try EffectChecker(effect: try CompiledEffect(spec)).run()
    let first = try #require(report.violations.first)
    #expect(first.kind == .range)
    #expect(first.subject == "raw")
    #expect(first.value == first.offset)  // the identity output is the offset itself
    #expect(first.value < 0 || first.value > 100)
    #expect(!first.gesture.isEmpty && !first.device.isEmpty)
  }

  /// Flicker: crossing back through the same boundary when the offset has not moved the way
  /// that needs since is reported; after a reversal, or through the other boundary (a scroll
  /// through the whole range), it is not. On the top overscroll channel progress grows as the
  /// offset falls.
  @Test func flickerDetector() {
    var d = FlickerDetector(orientation: [1, -1])
    #expect(d.changed(0, .enter, frame: 10) == nil)
    d.moved(by: 1)
    d.moved(by: 2)
    #expect(d.changed(0, .leaveBack, frame: 14) == 4)  // back through start while going forward
    d.moved(by: 1)
    #expect(d.changed(0, .enter, frame: 20) == nil)  // forward again: fine
    d.moved(by: 3)
    #expect(d.changed(0, .leave, frame: 30) == nil)
    #expect(d.changed(0, .enterBack, frame: 35) == 5)  // back with no offset change at all
    d.moved(by: -1)
    #expect(d.changed(0, .leave, frame: 40) == 5)  // forward while the offset only fell
    #expect(d.changed(1, .enter, frame: 1) == nil)
    d.moved(by: -4)
    #expect(d.changed(1, .leaveBack, frame: 5) == 4)  // pull grew (offset fell), flag went back
    d.moved(by: 4)
    #expect(d.changed(1, .enter, frame: 9) == 4)  // pull shrank, yet it entered
  }

  /// A flag whose start the bottom rubber band reaches on short content passes: a slow drag that
  /// turns round exactly on a crossing frame is a reversal, not a flicker.
  @Test func reversalOnTheCrossingFrameIsNotFlicker() throws {
    let spec = EffectSpec(
      name: "t", timelines: [.init("d", .distance(origin: 0))],
      outputs: [
        .init(
          "flag", unit: .flag, range: 0...1,
          source: .trigger(.init(timeline: "d", start: 200, hysteresis: 1)))
      ])
    let report = try EffectChecker(effect: try CompiledEffect(spec)).run()
    #expect(!report.violations.contains { $0.kind == .flicker })
  }

  /// The beyond-the-seeds example (overscroll stretch, view timelines, colours, a range flag)
  /// passes too.
  @Test func exampleSpecPasses() throws {
    let path = effectsFolder.appendingPathComponent("examples/stretchy-profile.json").path
    let effect = try CompiledEffect(EffectSpec.load(path: path), file: path)
    #expect(effect.outputs.count == 10)
    #expect(try EffectChecker(effect: effect).run().violations.isEmpty)
  }

  /// A finger resting on a threshold chatters a flag without hysteresis and not one with a
  /// band wider than the touch noise.
  @Test(arguments: [(0.0, true), (0.2, true), (1.0, false)])
  func chatterNeedsHysteresisWiderThanTouchNoise(hysteresis: Double, warns: Bool) throws {
    let spec = EffectSpec(
      name: "t", timelines: [.init("d", .distance(origin: 0))],
      outputs: [
        .init(
          "flag", unit: .flag, range: 0...1,
          source: .trigger(.init(timeline: "d", start: 200, hysteresis: hysteresis)))
      ])
    let report = try EffectChecker(effect: try CompiledEffect(spec)).run()
    #expect(report.violations.contains { $0.kind == .chatter } == warns)
    #expect(!report.violations.contains { !$0.kind.isWarning })
  }

  /// Same inputs, same report.
  @Test func deterministic() throws {
    let effect = CompiledPreset(.appleTVBar).compiled
    let a = try EffectChecker(effect: effect).run()
    let b = try EffectChecker(effect: effect).run()
    #expect(a.frames == b.frames && a.violations == b.violations)
  }
}
