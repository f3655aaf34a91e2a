import ScrollEffects
import ScrollPhysics
import Testing

/// Non-default parameter sets that change ranges, fades and state.
let variants: [CompiledPreset] = {
  var music = AppleMusicHeader.Parameters()
  music.fadeDistance = 12
  music.hysteresis = 0
  music.maxStretch = 0
  music.safeTop = 0
  var tv = AppleTVNavigationBar.Parameters()
  tv.titleHysteresis = 50
  tv.backgroundOpacityStart = 0.2
  tv.backgroundOpacityEnd = 1
  var logo = LogoFollow.Parameters()
  logo.smoothingTimeConstant = 0.2
  logo.start = -30
  var card = TitleCard.Parameters()
  card.safeTop = 0
  card.titleY = 0
  card.maxTrackedOffset = 0
  var header = CollapsibleHeader.Parameters()
  header.maxStretch = 0
  header.safeTop = 20
  return [
    CompiledPreset(try! AppleMusicHeader(parameters: music)),
    CompiledPreset(try! AppleTVNavigationBar(parameters: tv)),
    CompiledPreset(try! LogoFollow(parameters: logo)),
    CompiledPreset(try! TitleCard(parameters: card)),
    CompiledPreset(try! CollapsibleHeader(parameters: header)),
  ]
}()

let allEffects = EffectPreset.seeds.map { CompiledPreset($0) } + variants

/// Geometries the sweep runs under: a phone, tiny content and zero-sized content.
let geometries = [
  phoneGeometry,
  ScrollGeometry(viewportHeight: 852, contentHeight: 10),
  ScrollGeometry(viewportHeight: 1, contentHeight: 0),
]

@Suite struct CompiledPresetTests {
  @Test(arguments: [
    (
      EffectPreset.appleMusic,
      [
        "header.overlayOpacity", "header.imageOffsetY", "header.imageHeight", "navBar.opacity",
        "titlePinned",
      ]
    ),
    (
      .appleTVBar,
      [
        "navBar.progress", "navBar.backgroundOpacity", "navBar.tint", "navBar.titleOpacity",
        "navBar.titleVisible",
      ]
    ),
    (.logoFollow, ["logo.lift"]),
    (.titleCard, ["titleCard.inlineTitleOpacity", "titleCard.titleMinY"]),
    (.collapsibleHeader, ["header.height", "header.contentOpacity", "bar.contentOpacity"]),
  ])
  func outputNames(preset: EffectPreset, names: [String]) {
    let effect = CompiledPreset(preset)
    #expect(effect.preset == preset)
    #expect(effect.outputs.map(\.name) == names)
    for output in effect.outputs {
      #expect(output.range.lowerBound.isFinite && output.range.upperBound.isFinite)
      if output.unit != .points {
        #expect(output.range.lowerBound >= 0 && output.range.upperBound <= 1)
      }
    }
  }

  /// Every output of every preset lies in its range and is finite, for thousands of offsets
  /// from −1e6 to 1e6 plus ±∞ and the extremes of Double, in a continuous run and fresh.
  @Test(arguments: allEffects.indices)
  func everyOutputInRangeOverTheSweep(index: Int) {
    for geometry in geometries {
      var effect = allEffects[index]
      var out = [Double](repeating: .nan, count: effect.outputs.count)
      var events: [EffectEvent] = []
      events.reserveCapacity(sweepOffsets.count)
      var bad = 0
      for (i, s) in sweepOffsets.enumerated() {
        effect.evaluate(
          sample(s, time: Double(i) / 120, geometry: geometry), into: &out, events: &events)
        for (value, output) in zip(out, effect.outputs)
        where !(value.isFinite && output.range.contains(value)) {
          bad += 1
        }
      }
      #expect(bad == 0, "\(effect.preset) had \(bad) out-of-range values")
      for event in events { #expect(effect.outputs[event.output].unit == .flag) }
    }
  }

  /// A NaN offset is replaced by the last non-NaN offset: the values stay what they were; before
  /// any finite offset they are the values at rest (s = 0).
  @Test(arguments: allEffects.indices)
  func nanOffsetKeepsThePreviousValues(index: Int) {
    var effect = allEffects[index]
    var fresh = allEffects[index]
    #expect(values(&effect, at: .nan, time: 0) == values(&fresh, at: 0, time: 0))
    let before = values(&effect, at: 333, time: 1)
    let during = values(&effect, at: .nan, time: 2)
    #expect(during.allSatisfy { $0.isFinite })
    if allEffects[index].preset != .logoFollow {
      #expect(during == before)
    }
  }

  /// Stateless outputs depend only on the frame's own sample: the same sample after different
  /// histories gives the same values (flags with hysteresis and smoothed outputs excluded).
  @Test(arguments: EffectPreset.allCases)
  func noLag(preset: EffectPreset) {
    let histories: [[Double]] = [[], [0, 100, 200], [5000, -300, 17], [-1e6, 1e6, .nan]]
    for s in [-250.0, 0, 30, 113.5, 235, 300, 301, 420, 9999] {
      var results: [[Double]] = []
      for history in histories {
        var effect = CompiledPreset(preset)
        for (i, h) in history.enumerated() { _ = values(&effect, at: h, time: Double(i) / 60) }
        var row = values(&effect, at: s, time: 1)
        // Drop outputs that legitimately remember: flags (hysteresis) and the bar that
        // follows the apple-music flag when its fade is a step.
        for (i, output) in effect.outputs.enumerated() where output.unit == .flag { row[i] = 0 }
        if preset == .appleMusic { row[AppleMusicHeader.navBarOpacityIndex] = 0 }
        results.append(row)
      }
      #expect(results.allSatisfy { $0 == results[0] }, "\(preset) at \(s)")
    }
  }

  @Test func eventsAreAppendedOnlyOnCrossings() {
    var effect = CompiledPreset(.appleMusic)
    var out = [Double](repeating: 0, count: effect.outputs.count)
    var events: [EffectEvent] = []
    for i in 0..<100 { effect.evaluate(sample(Double(i)), into: &out, events: &events) }
    #expect(events.isEmpty)
    effect.evaluate(sample(310), into: &out, events: &events)
    #expect(events == [EffectEvent(output: AppleMusicHeader.titlePinnedIndex, kind: .enter)])
  }

  @Test func resetRePrimesTheFlags() {
    var effect = CompiledPreset(.appleMusic)
    #expect(events(&effect, over: [0, 400]).count == 1)
    effect.reset()
    #expect(events(&effect, over: [0]).isEmpty)
    effect.reset()
    // A run that starts pinned (a restored offset) enters on its first frame, then leaves:
    // never an exit without an enter.
    #expect(events(&effect, over: [400, 0]).map(\.kind) == [.enter, .leaveBack])
  }

  @Test func presetOutputsMatchTheirTypes() {
    #expect(CompiledPreset(.appleMusic).outputs == AppleMusicHeader().outputs)
    #expect(CompiledPreset(.appleTVBar).outputs == AppleTVNavigationBar().outputs)
    #expect(CompiledPreset(.logoFollow).outputs == LogoFollow().outputs)
    #expect(CompiledPreset(.titleCard).outputs == TitleCard().outputs)
    #expect(CompiledPreset(.collapsibleHeader).outputs == CollapsibleHeader().outputs)
  }
}
