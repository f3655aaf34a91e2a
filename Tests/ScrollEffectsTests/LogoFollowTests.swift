import Foundation
import ScrollEffects
import Testing

@Suite struct LogoFollowTests {
  @Test(arguments: [(-10.0, 0.0), (0, 0), (25, 25), (50, 50), (80, 50), (1e6, 50), (-1e6, 0)])
  func closedForm(s: Double, lift: Double) {
    #expect(freshValues(CompiledPreset(.logoFollow), at: s) == [lift])
  }

  @Test(arguments: [(5.0, 0.0), (30, 20), (60, 50), (70, 50)])
  func start(s: Double, lift: Double) throws {
    var p = LogoFollow.Parameters()
    p.start = 10
    let effect = CompiledPreset(try LogoFollow(parameters: p))
    #expect(freshValues(effect, at: s) == [lift])
  }

  @Test func outputs() {
    #expect(LogoFollow().outputs == [EffectOutput(name: "logo.lift", range: 0...50, unit: .points)])
  }

  /// A step from 0 to 50 pt at t = 0 reaches 50·(1 − e^−1) after τ = 0.5 s.
  @Test(arguments: [60.0, 120])
  func stepResponseAfterTau(rate: Double) throws {
    var p = LogoFollow.Parameters()
    p.smoothingTimeConstant = 0.5
    var effect = CompiledPreset(try LogoFollow(parameters: p))
    #expect(values(&effect, at: 0, time: 0) == [0])
    var last = 0.0
    for k in 1...Int(rate / 2) { last = values(&effect, at: 50, time: Double(k) / rate)[0] }
    #expect(close(last, 50 * (1 - exp(-1)), 1e-12))
  }

  @Test func firstFrameIsNotAnimated() throws {
    var p = LogoFollow.Parameters()
    p.smoothingTimeConstant = 0.5
    var effect = CompiledPreset(try LogoFollow(parameters: p))
    #expect(values(&effect, at: 40, time: 3) == [40])
    effect.reset()
    #expect(values(&effect, at: 10, time: 0) == [10])
  }

  @Test func invalidParametersAreNamed() {
    func name(_ change: (inout LogoFollow.Parameters) -> Void) -> String? {
      var p = LogoFollow.Parameters()
      change(&p)
      return thrownName { () throws(EffectError) in _ = try LogoFollow(parameters: p) }
    }
    #expect(name { _ in } == nil)
    #expect(name { $0.start = .infinity } == "start")
    #expect(name { $0.maxLift = 0 } == "maxLift")
    #expect(name { $0.smoothingTimeConstant = -1 } == "smoothingTimeConstant")
    #expect(name { $0.smoothingTimeConstant = .nan } == "smoothingTimeConstant")
  }
}
