import Foundation
import ScrollEffects
import ScrollPhysics
import Testing

/// A hand-written preset evaluated directly, without the engine.
struct Reference {
  var evaluate: (ScrollSample, inout [Double], inout [EffectEvent]) -> Void
  let count: Int
}

func reference(_ index: Int) -> Reference {
  // `variants` in PresetEffectTests.swift are, in order, the non-default parameter sets.
  let defaults = index < 5
  let preset = EffectPreset.seeds[index % 5]
  switch preset {
  case .appleMusic:
    var p = AppleMusicHeader.Parameters()
    if !defaults {
      p.fadeDistance = 12
      p.hysteresis = 0
      p.maxStretch = 0
      p.safeTop = 0
    }
    var e = HandWrittenAppleMusicHeader(try! AppleMusicHeader(parameters: p))
    return Reference(evaluate: { e.evaluate($0, into: &$1, events: &$2) }, count: 5)
  case .appleTVBar:
    var p = AppleTVNavigationBar.Parameters()
    if !defaults {
      p.titleHysteresis = 50
      p.backgroundOpacityStart = 0.2
      p.backgroundOpacityEnd = 1
    }
    var e = HandWrittenAppleTVNavigationBar(try! AppleTVNavigationBar(parameters: p))
    return Reference(evaluate: { e.evaluate($0, into: &$1, events: &$2) }, count: 5)
  case .logoFollow:
    var p = LogoFollow.Parameters()
    if !defaults {
      p.smoothingTimeConstant = 0.2
      p.start = -30
    }
    var e = HandWrittenLogoFollow(try! LogoFollow(parameters: p))
    return Reference(evaluate: { e.evaluate($0, into: &$1, events: &$2) }, count: 1)
  case .titleCard:
    var p = TitleCard.Parameters()
    if !defaults {
      p.safeTop = 0
      p.titleY = 0
      p.maxTrackedOffset = 0
    }
    var e = HandWrittenTitleCard(try! TitleCard(parameters: p))
    return Reference(evaluate: { e.evaluate($0, into: &$1, events: &$2) }, count: 2)
  case .flexibleSpaceBar, .sliverAppBar:
    preconditionFailure("not a seed preset: FlutterAppBarTests checks it")
  case .collapsibleHeader:
    var p = CollapsibleHeader.Parameters()
    if !defaults {
      p.maxStretch = 0
      p.safeTop = 20
    }
    var e = HandWrittenCollapsibleHeader(try! CollapsibleHeader(parameters: p))
    return Reference(evaluate: { e.evaluate($0, into: &$1, events: &$2) }, count: 3)
  }
}

@Suite struct CompiledEffectTests {
  /// The engine-compiled presets give the hand-written presets' values and events over the
  /// whole sweep (±1e6, ±∞, NaN-free), in a continuous run: bit for bit, except the Apple TV
  /// title fade, a keyframe segment through the article's line, within 4 ulps of 1.
  @Test(arguments: allEffects.indices)
  func engineMatchesTheHandWrittenPresets(index: Int) {
    var engine = allEffects[index]
    let hand = reference(index)
    #expect(engine.outputs.count == hand.count)
    var a = [Double](repeating: 0, count: hand.count)
    var b = a
    var ea: [EffectEvent] = []
    var eb: [EffectEvent] = []
    var mismatches = 0
    var worst = 0.0
    for (i, s) in (sweepOffsets + sweepOffsets.reversed()).enumerated() {
      let sample = sample(s, time: Double(i) / 120)
      engine.evaluate(sample, into: &a, events: &ea)
      hand.evaluate(sample, &b, &eb)
      for k in 0..<hand.count where a[k] != b[k] {
        mismatches += 1
        worst = max(worst, abs(a[k] - b[k]))
      }
    }
    #expect(ea == eb)
    if engine.preset == .appleTVBar {
      #expect(worst <= 4 * Double.ulpOfOne, "worst \(worst)")
    } else {
      #expect(mismatches == 0, "\(engine.preset): \(mismatches) values differ, worst \(worst)")
    }
  }

  /// Every preset and variant spec compiles (so `CompiledPreset`'s `try!` is unreachable) and
  /// marks exactly its flags and smoothed outputs as remembering history.
  @Test(arguments: allEffects.indices)
  func historyFlags(index: Int) {
    let effect = allEffects[index]
    let expected = effect.outputs.enumerated().map { i, o in
      o.unit == .flag
        || (effect.preset == .appleMusic && i == 3 && effect.compiled.spec.timelines.count == 3)
        || (effect.preset == .logoFollow && index >= 5)
    }
    #expect(effect.compiled.remembersHistory == expected)
  }

  func compile(_ outputs: [EffectSpec.OutputSpec], _ timelines: [EffectSpec.TimelineSpec]) throws
    -> CompiledEffect
  {
    try CompiledEffect(EffectSpec(name: "test", timelines: timelines, outputs: outputs))
  }

  func run(
    _ effect: inout CompiledEffect, _ s: Double, time: Double = 0,
    geometry: ScrollGeometry = phoneGeometry
  ) -> [Double] {
    var values = [Double](repeating: .nan, count: effect.outputs.count)
    var events: [EffectEvent] = []
    effect.evaluate(sample(s, time: time, geometry: geometry), into: &values, events: &events)
    return values
  }

  /// Any number of stops with per-segment easing, clamped and not.
  @Test func keyframesWithEasing() throws {
    let stops: [EffectSpec.Keyframe] = [
      .init(at: 0, 0, easing: .steps(count: 2, position: .jumpEnd)),
      .init(at: 100, 10),
      .init(at: 200, 20, easing: .ease),
      .init(at: 300, 30),
    ]
    let timelines: [EffectSpec.TimelineSpec] = [.init("d", .distance(origin: 0))]
    var clamped = try compile(
      [.init("v", unit: .points, range: 0...30, source: .timeline("d"), keyframes: stops)],
      timelines)
    #expect(run(&clamped, 49) == [0])
    #expect(run(&clamped, 50) == [5])
    #expect(run(&clamped, 150) == [15])
    #expect(abs(run(&clamped, 250)[0] - (20 + 10 * Easing.ease(0.5))) < 1e-12)
    #expect(run(&clamped, 1e9) == [30])
    #expect(run(&clamped, -5) == [0])
    var open = try compile(
      [
        .init(
          "v", unit: .points, range: 0...30, source: .timeline("d"),
          keyframes: Array(stops.prefix(3)), clamp: false)
      ],
      timelines)
    #expect(run(&open, 260) == [26])  // linear last segment extrapolates
    #expect(run(&open, -150) == [-15])  // steps(2) keeps stepping: floor(−1.5 · 2) / 2 = −1.5
  }

  /// A colour output becomes four scalar outputs `.r .g .b .a`, each interpolated.
  @Test func colourComponents() throws {
    var effect = try compile(
      [
        .init(
          "tint", unit: .fraction, range: 0...1, type: .color, source: .timeline("p"),
          keyframes: [.init(at: 0, [1, 1, 1, 1]), .init(at: 1, [0.2, 0.4, 0.6, 0.5])])
      ], [.init("p", .scroll(start: .init(0), end: .init(100)))])
    #expect(effect.outputs.map(\.name) == ["tint.r", "tint.g", "tint.b", "tint.a"])
    let v = run(&effect, 50)
    #expect(zip(v, [0.6, 0.7, 0.8, 0.75]).allSatisfy { abs($0 - $1) < 1e-15 })
  }

  /// The overscroll channel is a non-negative pull distance at each end.
  @Test func overscrollChannel() throws {
    var effect = try compile(
      [
        .init("top", unit: .points, range: 0...1000, source: .timeline("t")),
        .init("bottom", unit: .points, range: 0...1000, source: .timeline("b")),
      ], [.init("t", .overscroll(.top)), .init("b", .overscroll(.bottom))])
    let max = phoneGeometry.maxOffset
    #expect(run(&effect, -40) == [40, 0])
    #expect(run(&effect, 300) == [0, 0])
    #expect(run(&effect, max + 25) == [0, 25])
  }

  /// A zero-length range is inactive: the output holds its first stop, never 0/0.
  @Test func inactiveTimelineWritesTheFirstStop() throws {
    var effect = try compile(
      [
        .init(
          "v", unit: .fraction, range: 0...1, source: .timeline("end"),
          keyframes: [.init(at: 0, 0.25), .init(at: 1, 1)])
      ], [.init("end", .scroll(start: .init(0), end: .init(0, fromMax: true)))])
    let empty = ScrollGeometry(viewportHeight: 800, contentHeight: 100)
    #expect(run(&effect, 0, geometry: empty) == [0.25])
    #expect(run(&effect, 1074, geometry: phoneGeometry) == [0.625])  // half of 0…2148
  }

  /// A spec with more timelines than the per-frame records index (65,536) is refused at
  /// `$.timelines`, naming the count and the limit, before any timeline is checked.
  @Test func timelineCountLimit() throws {
    let output = EffectSpec.OutputSpec(
      "v", unit: .fraction, range: 0...1, source: .timeline("t0"),
      keyframes: [.init(at: 0, 0), .init(at: 1, 1)])
    let timelines = (0...65_536).map {
      EffectSpec.TimelineSpec("t\($0)", .scroll(start: .init(0), end: .init(100)))
    }
    let over = EffectSpec(name: "many", timelines: timelines, outputs: [output])
    #expect(throws: InputError.self) { try CompiledEffect(over) }
    do {
      _ = try CompiledEffect(over)
    } catch {
      #expect(error.path == "$.timelines")
      #expect(error.message.contains("65537 timelines: expected at most 65536"))
    }
  }

  /// Smoothing: the first frame takes its target; later frames approach it with
  /// `1 − exp(−Δt/τ)`; a timeline that reads the previous frame lags by exactly one frame.
  @Test func smoothingAndPreviousFrame() throws {
    var smooth = try compile(
      [.init("v", unit: .points, range: 0...100, source: .timeline("d"), smoothing: 0.1)],
      [.init("d", .distance(origin: 0))])
    #expect(run(&smooth, 40, time: 0) == [40])
    #expect(abs(run(&smooth, 100, time: 0.1)[0] - (100 - 60 * exp(-1))) < 1e-12)
    var late = try compile(
      [.init("v", unit: .points, range: -1e6...1e6, source: .timeline("d"))],
      [.init("d", .distance(origin: 0), readsPreviousFrame: true)])
    #expect(run(&late, 10) == [10])
    #expect(run(&late, 20) == [10])
    #expect(run(&late, 35) == [20])
    #expect(late.remembersHistory == [false])
  }
}
