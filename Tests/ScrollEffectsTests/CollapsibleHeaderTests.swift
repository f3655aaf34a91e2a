import ScrollEffects
import Testing

@Suite struct CollapsibleHeaderTests {
  /// (s, header.height, header.contentOpacity, bar.contentOpacity), by hand with Hmax 350,
  /// barTotal 45 + 59 + 16 = 120, fade distance 470, maxStretch 1000.
  static let cases: [(Double, Double, Double, Double)] = [
    (0.0, 350.0, 1.0, 0.0),
    (235, 120, 0.5, 0.5),
    (100, 250, 1 - 100.0 / 470, 100.0 / 470),
    (230, 120, 1 - 230.0 / 470, 230.0 / 470),
    (470, 120, 0, 1),
    (1e6, 120, 0, 1),
    (-100, 450, 1, 0),
    (-1e6, 1350, 1, 0),
  ]

  @Test(arguments: cases)
  func closedForm(s: Double, height: Double, content: Double, bar: Double) {
    let v = freshValues(CompiledPreset(.collapsibleHeader), at: s)
    #expect(close(v[0], height))
    #expect(close(v[1], content))
    #expect(close(v[2], bar))
  }

  @Test func outputs() {
    #expect(CollapsibleHeader.Parameters().barTotal == 120)
    let outputs = CollapsibleHeader().outputs
    #expect(
      outputs.map(\.name) == ["header.height", "header.contentOpacity", "bar.contentOpacity"])
    #expect(outputs[0].range == 120...1350)
  }

  @Test func invalidParametersAreNamed() {
    func name(_ change: (inout CollapsibleHeader.Parameters) -> Void) -> String? {
      var p = CollapsibleHeader.Parameters()
      change(&p)
      return thrownName { () throws(EffectError) in _ = try CollapsibleHeader(parameters: p) }
    }
    #expect(name { _ in } == nil)
    #expect(name { $0.maxHeight = -1 } == "maxHeight")
    #expect(name { $0.safeTop = .nan } == "safeTop")
    #expect(name { $0.barHeight = .infinity } == "barHeight")
    #expect(name { $0.barPadding = -8 } == "barPadding")
    #expect(name { $0.maxStretch = .nan } == "maxStretch")
    #expect(name { $0.maxHeight = 100 } == "maxHeight")
  }
}
