import Foundation
import ScrollEffects
import Testing

@Suite struct OutputSmootherTests {
  let range = -1000.0...1000.0

  @Test(arguments: [0.0, 0.1, 0.5])
  func firstFrameTakesTheTarget(tau: Double) {
    var smoother = OutputSmoother(timeConstant: tau)
    #expect(smoother.update(target: 42, time: 7, range: range) == 42)
  }

  /// A step of 100 held from t = 0: y(t) = 100·(1 − e^(−t/τ)); at t = τ, 100·(1 − e^−1).
  @Test(arguments: [40.0, 60, 120, 240])
  func stepResponseAfterTau(rate: Double) {
    let tau = 0.25
    var smoother = OutputSmoother(timeConstant: tau)
    _ = smoother.update(target: 0, time: 0, range: range)
    var y = 0.0
    for k in 1...Int(rate * tau) {
      y = smoother.update(target: 100, time: Double(k) / rate, range: range)
    }
    #expect(abs(y - 100 * (1 - exp(-1))) <= 1e-12 * 100)
  }

  /// 60 Hz and 120 Hz sampling of a held step agree at the shared instants within 1e-12
  /// relative. (In real arithmetic e^(−2a) = (e^(−a))², so they are equal; in floating point
  /// they differ by a few ulps.)
  @Test func frameRateIndependence() {
    let tau = 0.1
    var slow = OutputSmoother(timeConstant: tau)
    var fast = OutputSmoother(timeConstant: tau)
    _ = slow.update(target: 0, time: 0, range: range)
    _ = fast.update(target: 0, time: 0, range: range)
    var worst = 0.0
    for k in 1...120 {
      _ = fast.update(target: 500, time: Double(2 * k - 1) / 120, range: range)
      let f = fast.update(target: 500, time: Double(2 * k) / 120, range: range)
      let s = slow.update(target: 500, time: Double(k) / 60, range: range)
      worst = max(worst, abs(f - s) / max(abs(s), 1e-300))
    }
    #expect(worst <= 1e-12)
  }

  @Test func zeroTauIsIdentity() {
    var smoother = OutputSmoother(timeConstant: 0)
    for k in 0..<100 {
      let target = sin(Double(k)) * 900
      #expect(smoother.update(target: target, time: Double(k) / 60, range: range) == target)
    }
  }

  @Test(arguments: [1.0, 0.5, .nan])
  func nonIncreasingTimeResetsToTheTarget(time: Double) {
    var smoother = OutputSmoother(timeConstant: 1)
    _ = smoother.update(target: 0, time: 1, range: range)
    #expect(smoother.update(target: 80, time: time, range: range) == 80)
    // After a NaN time the next frame is a first frame again; otherwise it smooths from 80.
    let expected = time.isNaN ? 10 : 80 + (10 - 80) * (1 - exp(-(2 - time) / 1))
    #expect(close(smoother.update(target: 10, time: 2, range: range), expected))
  }

  @Test func resultStaysInRange() {
    var smoother = OutputSmoother(timeConstant: 0.3)
    for k in 0..<500 {
      let target = k.isMultiple(of: 2) ? 1e9 : -.infinity
      let y = smoother.update(target: target, time: Double(k) / 60, range: 0...50)
      #expect((0...50).contains(y))
    }
  }

  @Test func nanTargetKeepsTheValue() {
    var smoother = OutputSmoother(timeConstant: 0.5)
    #expect(smoother.update(target: .nan, time: 0, range: 10...20) == 10)
    #expect(smoother.update(target: 15, time: 0.1, range: 10...20) == 15)
    #expect(smoother.update(target: .nan, time: 0.2, range: 10...20) == 15)
  }

  @Test func resetForgetsHistory() {
    var smoother = OutputSmoother(timeConstant: 1)
    _ = smoother.update(target: 0, time: 0, range: range)
    _ = smoother.update(target: 100, time: 0.1, range: range)
    smoother.reset()
    #expect(smoother.update(target: 30, time: 0.2, range: range) == 30)
  }
}
