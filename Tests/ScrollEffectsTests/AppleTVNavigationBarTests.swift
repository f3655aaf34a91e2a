import ScrollEffects
import Testing

@Suite struct AppleTVNavigationBarTests {
  /// (s, progress, background, tint, titleOpacity, titleVisible), by hand with T = 100:
  /// bg = 0.9 − 0.6p, tint = 1 − 0.8p, title = p ≤ 0.3 ? 0 : clamp(1.5p − 0.45, 0, 1).
  @Test(arguments: [
    (0.0, 0.0, 0.9, 1.0, 0.0, 0.0),
    (50, 0.5, 0.6, 0.6, 0.3, 1),
    (-30, 0, 0.9, 1, 0, 0),
    (-1e6, 0, 0.9, 1, 0, 0),
    (30, 0.3, 0.72, 0.76, 0, 0),
    (40, 0.4, 0.66, 0.68, 0.15, 1),
    (100, 1, 0.3, 0.2, 1, 1),
    (1e6, 1, 0.3, 0.2, 1, 1),
  ])
  func closedForm(
    s: Double, progress: Double, bg: Double, tint: Double, title: Double,
    visible: Double
  ) {
    let v = freshValues(CompiledPreset(.appleTVBar), at: s)
    #expect(close(v[0], progress))
    #expect(close(v[1], bg))
    #expect(close(v[2], tint))
    #expect(close(v[3], title))
    #expect(v[4] == visible)
  }

  @Test func outputsAndRanges() {
    let outputs = AppleTVNavigationBar().outputs
    #expect(
      outputs.map(\.name) == [
        "navBar.progress", "navBar.backgroundOpacity", "navBar.tint", "navBar.titleOpacity",
        "navBar.titleVisible",
      ])
    #expect(outputs[1].range == 0.3...0.9)
    #expect(outputs[2].range == 0.2...1)
  }

  /// The title shows for progress > 0.3 exactly: 30 pt is out, the next double above is in.
  @Test func titleVisibleIsStrictlyAboveTheThreshold() {
    #expect(freshValues(CompiledPreset(.appleTVBar), at: 30)[4] == 0)
    #expect(freshValues(CompiledPreset(.appleTVBar), at: 30.000001)[4] == 1)
  }

  @Test func exactCrossingsGiveEnterLeaveBackPairs() {
    var effect = CompiledPreset(.appleTVBar)
    let got = events(&effect, over: [0, 31, 29, 31, 30, 60, 0])
    #expect(got.map(\.kind) == [.enter, .leaveBack, .enter, .leaveBack, .enter, .leaveBack])
    #expect(got.allSatisfy { $0.output == 4 })
  }

  @Test func hysteresisInPoints() throws {
    var p = AppleTVNavigationBar.Parameters()
    p.titleHysteresis = 10
    var effect = CompiledPreset(try AppleTVNavigationBar(parameters: p))
    // On above 30 pt, off only below 20 pt.
    #expect(events(&effect, over: [0, 31, 21, 31, 19]).map(\.kind) == [.enter, .leaveBack])
  }

  @Test func invalidParametersAreNamed() {
    func name(_ change: (inout AppleTVNavigationBar.Parameters) -> Void) -> String? {
      var p = AppleTVNavigationBar.Parameters()
      change(&p)
      return thrownName { () throws(EffectError) in _ = try AppleTVNavigationBar(parameters: p) }
    }
    #expect(name { _ in } == nil)
    #expect(name { $0.transitionDistance = 0 } == "transitionDistance")
    #expect(name { $0.backgroundOpacityStart = 1.2 } == "backgroundOpacityStart")
    #expect(name { $0.backgroundOpacityEnd = .nan } == "backgroundOpacityEnd")
    #expect(name { $0.tintStart = -0.1 } == "tintStart")
    #expect(name { $0.tintEnd = 2 } == "tintEnd")
    #expect(name { $0.titleThreshold = 1 } == "titleThreshold")
    #expect(name { $0.titleOpacitySlope = .infinity } == "titleOpacitySlope")
    #expect(name { $0.titleOpacityIntercept = .nan } == "titleOpacityIntercept")
    #expect(name { $0.titleHysteresis = -1 } == "titleHysteresis")
  }
}
