import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import Testing

@testable import ScrollCheck

/// The checker runs a user's own effect: range, NaN, lag, flicker and unreachable apply to any
/// ``ScrollEffect``.
@Suite struct UserEffectCheckerTests {
  static let device = CheckDevice.standard[0]

  /// Seed 004 as the article writes it: the offset read one frame late (its
  /// `DispatchQueue.main.async` write), opacities unclamped (above 1 on pull-down).
  struct ArticleHeader: ScrollEffect {
    let maxHeight = 350.0
    let barTotal = 45.0 + 59 + 2 * 8
    var offset = 0.0  // the article's `@State var offset`, written after the frame
    var outputs: [EffectOutput] { CollapsibleHeader.outputs(CollapsibleHeader.Parameters()) }
    var remembersHistory: [Bool] { [false, false, false] }

    mutating func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
      let height = maxHeight + offset
      frame["header.height"] = height < barTotal ? barTotal : height
      frame["header.contentOpacity"] = 1 - Double(-offset / (maxHeight + barTotal))
      frame["bar.contentOpacity"] = Double(-offset / (maxHeight + barTotal))
      offset = sample.contentMinY  // DispatchQueue.main.async { self.offset = minY }
    }

    mutating func reset() { offset = 0 }
  }

  /// The same header fixed: this frame's offset, opacities clamped to 0…1, the height capped.
  struct FixedHeader: ScrollEffect {
    let maxHeight = 350.0
    let barTotal = 45.0 + 59 + 2 * 8
    var outputs: [EffectOutput] { CollapsibleHeader.outputs(CollapsibleHeader.Parameters()) }

    func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
      let offset = sample.contentMinY
      frame["header.height"] = min(max(maxHeight + offset, barTotal), maxHeight + 1000)
      frame["header.contentOpacity"] = min(max(1 + offset / (maxHeight + barTotal), 0), 1)
      frame["bar.contentOpacity"] = min(max(-offset / (maxHeight + barTotal), 0), 1)
    }
  }

  /// The article's version breaks range (opacity above 1 while pulled down) and lag (every
  /// output one frame late); the fixed version breaks nothing.
  @Test func theCheckerCatchesTheArticlesDefects() throws {
    let report = try EffectChecker(effect: ArticleHeader(), devices: [Self.device]).run()
    let kinds = Dictionary(grouping: report.violations, by: \.kind).mapValues {
      Set($0.map(\.subject))
    }
    #expect(kinds[.lag] == ["header.height", "header.contentOpacity", "bar.contentOpacity"])
    #expect(kinds[.range]?.contains("header.contentOpacity") == true)
    // Above 1 while pulled down past the top, below 0 once scrolled more than 470 pt.
    let opacity = report.violations.filter {
      $0.kind == .range && $0.subject == "header.contentOpacity"
    }
    #expect(opacity.contains { $0.value > 1 && $0.offset < 0 })
    #expect(opacity.contains { $0.value < 0 && $0.offset > 470 })
    let fixed = try EffectChecker(effect: FixedHeader(), devices: [Self.device]).run()
    #expect(fixed.violations.isEmpty, "\(fixed.violations.prefix(3))")
    #expect(fixed.frames == report.frames && fixed.runs == 9)
  }

  /// NaN on some frames is reported per frame with the frame's offset; an output that never
  /// changes over the whole matrix is unreachable.
  @Test func nanAndConstantOutputs() throws {
    let effect = ClosureEffect(
      name: "nan",
      outputs: [
        EffectOutput(name: "ratio", range: 0...1, unit: .fraction),
        EffectOutput(name: "stuck", range: 0...1, unit: .fraction),
      ]
    ) { sample, frame in
      frame[0] = sample.offset < 0 ? .nan : 0
      frame[1] = 0.5
    }
    let report = try EffectChecker(effect: effect, devices: [Self.device]).run()
    let nan = report.violations.filter { $0.kind == .nan }
    #expect(!nan.isEmpty && nan.allSatisfy { $0.offset < 0 && $0.subject == "ratio" })
    let unreachable = report.violations.filter { $0.kind == .unreachable }
    #expect(unreachable.map(\.subject) == ["stuck"])
    #expect(
      unreachable.first?.detail
        == "a change on some frame (it kept 0.5 on every frame of every gesture and device)")
    #expect(report.violations.allSatisfy { $0.kind == .nan || $0.kind == .unreachable })
  }

  /// An infinite value is a range violation.
  @Test func infinityIsOutOfRange() throws {
    let effect = ClosureEffect(
      outputs: [EffectOutput(name: "scale", range: 0...10, unit: .points)]
    ) { sample, frame in
      frame[0] = sample.offset > 500 ? .infinity : 1
    }
    let report = try EffectChecker(effect: effect, devices: [Self.device]).run()
    #expect(report.violations.contains { $0.kind == .range && $0.value == .infinity })
  }

  /// An effect that throws stops the check with its error, the frame, gesture and device.
  @Test func aThrowingEffectStopsTheCheck() throws {
    struct Broken: Error {}
    let effect = ClosureEffect(
      name: "broken", outputs: [EffectOutput(name: "o", range: 0...1, unit: .fraction)]
    ) { sample, _ in
      if sample.time > 0.25 { throw Broken() }
    }
    #expect {
      try EffectChecker(effect: effect, devices: [Self.device]).run()
    } throws: {
      guard let error = $0 as? InputError else { return false }
      return error.kind == .effectFailed && error.underlying is Broken
        && error.message.hasPrefix("threw at frame 31 (t = 0.258333")
        && error.message.hasSuffix("on small-phone)")
    }
  }
}
