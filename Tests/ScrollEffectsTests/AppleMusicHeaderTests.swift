import ScrollEffects
import Testing

@Suite struct AppleMusicHeaderTests {
  /// (s, overlayOpacity, imageOffsetY, imageHeight, navBar.opacity, titlePinned), by hand with
  /// H = 400, k = 1/5, T = 400 − (59 + 40) = 301, maxStretch 1000, step bar.
  @Test(arguments: [
    (0.0, 0.0, 0.0, 400.0, 0.0, 0.0),
    (200, 0.5, 40, 400, 0, 0),
    (-120, 0, -120, 520, 0, 0),
    (300, 0.75, 60, 400, 0, 0),
    (301, 0.7525, 60.2, 400, 1, 1),
    (400, 1, 80, 400, 1, 1),
    (5000, 1, 80, 400, 1, 1),
    (-1000, 0, -1000, 1400, 0, 0),
    (-5000, 0, -1000, 1400, 0, 0),
  ])
  func closedForm(
    s: Double, overlay: Double, offsetY: Double, height: Double, bar: Double,
    pinned: Double
  ) {
    let v = freshValues(CompiledPreset(.appleMusic), at: s)
    #expect(close(v[0], overlay))
    #expect(close(v[1], offsetY))
    #expect(close(v[2], height))
    #expect(v[3] == bar)
    #expect(v[4] == pinned)
  }

  @Test func defaultsMatchTheArticle() {
    let p = AppleMusicHeader.Parameters()
    #expect(p.barTotal == 99)
    #expect(p.pinThreshold == 301)
    let outputs = AppleMusicHeader().outputs
    #expect(
      outputs.map(\.name) == [
        "header.overlayOpacity", "header.imageOffsetY", "header.imageHeight", "navBar.opacity",
        "titlePinned",
      ])
    #expect(outputs[1].range == -1000...80)
    #expect(outputs[2].range == 400...1400)
    #expect(outputs[4].unit == .flag)
  }

  /// With a 20 pt fade the bar is half visible 10 pt past T = 301.
  @Test(arguments: [(301.0, 0.0), (311, 0.5), (321, 1), (1e6, 1), (-1e6, 0)])
  func fadeDistance(s: Double, opacity: Double) throws {
    var p = AppleMusicHeader.Parameters()
    p.fadeDistance = 20
    let effect = CompiledPreset(try AppleMusicHeader(parameters: p))
    #expect(close(freshValues(effect, at: s)[3], opacity))
  }

  @Test func pinningReportsEnterThenLeaveBackPastTheHysteresis() {
    var effect = CompiledPreset(.appleMusic)
    let down = (0...400).map(Double.init)
    let up = (0...400).reversed().map(Double.init)
    #expect(
      events(&effect, over: down + up) == [
        EffectEvent(output: 4, kind: .enter), EffectEvent(output: 4, kind: .leaveBack),
      ])
    // Unpins only below 301 − 4 = 297.
    var e2 = CompiledPreset(.appleMusic)
    #expect(events(&e2, over: [0, 301, 297]).count == 1)
    #expect(values(&e2, at: 297).last == 1)
    #expect(values(&e2, at: 296.9).last == 0)
  }

  @Test func oscillationAroundTheThresholdPinsOnce() {
    var effect = CompiledPreset(.appleMusic)
    let wobble = (0..<200).map { 301 + ($0.isMultiple(of: 2) ? -1.0 : 1.0) }
    #expect(events(&effect, over: wobble) == [EffectEvent(output: 4, kind: .enter)])
  }

  /// A run restored past the threshold reports the pin once, on its first frame (the flag
  /// starts before its range: effects/README.md, "Triggers"), and nothing after.
  @Test func aRunStartingPinnedEntersOnItsFirstFrame() {
    var effect = CompiledPreset(.appleMusic)
    #expect(events(&effect, over: [350, 360]) == [EffectEvent(output: 4, kind: .enter)])
    #expect(values(&effect, at: 360)[4] == 1)
  }

  @Test func invalidParametersAreNamed() {
    func name(_ change: (inout AppleMusicHeader.Parameters) -> Void) -> String? {
      var p = AppleMusicHeader.Parameters()
      change(&p)
      return thrownName { () throws(EffectError) in _ = try AppleMusicHeader(parameters: p) }
    }
    #expect(name { _ in } == nil)
    #expect(name { $0.headerHeight = 0 } == "headerHeight")
    #expect(name { $0.headerHeight = .nan } == "headerHeight")
    #expect(name { $0.parallaxFactor = 1.5 } == "parallaxFactor")
    #expect(name { $0.safeTop = -1 } == "safeTop")
    #expect(name { $0.barHeight = .infinity } == "barHeight")
    #expect(name { $0.fadeDistance = -1 } == "fadeDistance")
    #expect(name { $0.hysteresis = .nan } == "hysteresis")
    #expect(name { $0.maxStretch = -5 } == "maxStretch")
    #expect(name { $0.safeTop = 400 } == "headerHeight")
  }
}
