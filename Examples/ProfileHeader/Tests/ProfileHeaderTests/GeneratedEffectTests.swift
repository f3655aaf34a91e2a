import Foundation
import ScrollEffects
import ScrollPhysics
import Testing

/// `StretchyProfileEffect` is what `scrollsim export swift` writes for
/// `effects/examples/stretchy-profile.json` (eased, stepped and smoothed outputs, view
/// timelines, a range from the bottom, a flag). The package's `ScrollSimExport` plugin writes it
/// at build time from `stretchy-profile.effect.json` (a link to that file), and it compiles here
/// as in any package that depends on ScrollSim: it may use ScrollSim's public API only.
@Suite struct GeneratedEffectTests {
  /// The spec in the repository.
  static let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../../effects/examples/stretchy-profile.json").standardized

  /// The build exported the spec as it is now (the plugin reran when it changed): the type
  /// embeds the spec's text as `EffectSpec.jsonText` writes it.
  @Test func theBuildExportedTheSpecAsItIsNow() throws {
    #expect(StretchyProfileEffect.specText == (try EffectSpec.load(path: Self.spec.path)).jsonText)
  }

  @Test func sameBitsAndEventsAsTheEngine() throws {
    var engine = try CompiledEffect(EffectSpec.load(path: Self.spec.path))
    var generated = StretchyProfileEffect()
    let geometries = [
      ScrollGeometry(viewportHeight: 852, contentHeight: 3000, contentInsetTop: 59),
      ScrollGeometry(viewportHeight: 667, contentHeight: 400),
    ]
    var (values, a, b) = ([Double](), [EffectEvent](), [EffectEvent]())
    var frame = 0
    var allEvents = 0
    for geometry in geometries {
      // Down the page and back, past both ends, with the values no offset should break.
      let sweep = stride(from: -400.0, through: 3200, by: 7.25).map { $0 }
      let offsets = sweep + sweep.reversed() + [.nan, .infinity, -.infinity, -0.0, 0, 1e300]
      for offset in offsets {
        let sample = ScrollSample(
          time: Double(frame) / 120, offset: offset, velocity: 0, phase: .decelerating,
          geometry: geometry)
        a.removeAll()
        b.removeAll()
        engine.evaluate(sample, into: &values, events: &a)
        generated.evaluate(sample, events: &b)
        #expect(values.map(\.bitPattern) == generated.values.array.map(\.bitPattern))
        #expect(a == b)
        #expect(generated.values.headerHeight.bitPattern == values[0].bitPattern)
        allEvents += a.count
        frame += 1
      }
    }
    // The flag entered and left its range: the events were compared, not absent.
    #expect(allEvents >= 4)
  }
}
