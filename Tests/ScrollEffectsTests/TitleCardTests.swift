import ScrollEffects
import Testing

@Suite struct TitleCardTests {
  /// (s, inlineTitleOpacity, titleMinY), by hand with topInset 103, titleY 113, titleHeight 34:
  /// opacity = clamp((s − 113) / 34, 0, 1), titleMinY = 216 − clamp(s, −1000, 10000).
  @Test(arguments: [
    (0.0, 0.0, 216.0),
    (113, 0, 103),
    (130, 0.5, 86),
    (147, 1, 69),
    (-100, 0, 316),
    (-1e6, 0, 1216),
    (1e6, 1, -9784),
  ])
  func closedForm(s: Double, opacity: Double, minY: Double) {
    let v = freshValues(CompiledPreset(.titleCard), at: s)
    #expect(close(v[0], opacity))
    #expect(close(v[1], minY))
  }

  @Test func outputs() {
    #expect(TitleCard.Parameters().topInset == 103)
    let outputs = TitleCard().outputs
    #expect(outputs.map(\.name) == ["titleCard.inlineTitleOpacity", "titleCard.titleMinY"])
    #expect(outputs[1].range == -9784...1216)
    #expect(outputs[1].unit == .points)
  }

  @Test func invalidParametersAreNamed() {
    func name(_ change: (inout TitleCard.Parameters) -> Void) -> String? {
      var p = TitleCard.Parameters()
      change(&p)
      return thrownName { () throws(EffectError) in _ = try TitleCard(parameters: p) }
    }
    #expect(name { _ in } == nil)
    #expect(name { $0.safeTop = .nan } == "safeTop")
    #expect(name { $0.barHeight = -1 } == "barHeight")
    #expect(name { $0.titleY = .infinity } == "titleY")
    #expect(name { $0.titleHeight = 0 } == "titleHeight")
    #expect(name { $0.maxStretch = -1 } == "maxStretch")
    #expect(name { $0.maxTrackedOffset = .nan } == "maxTrackedOffset")
  }
}
