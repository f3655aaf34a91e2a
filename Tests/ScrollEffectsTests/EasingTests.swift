import ScrollEffects
import Testing

@Suite struct EasingTests {
  /// CSS Easing Level 1 §3.3 examples: steps(n, position) at progress t.
  @Test(arguments: [
    (4, Easing.StepPosition.jumpEnd, 0.3, 0.25),
    (4, .jumpEnd, 1.0, 1.0),
    (4, .jumpStart, 0.3, 0.5),
    (4, .jumpStart, 0.0, 0.25),
    (5, .jumpNone, 0.3, 0.25),
    (5, .jumpNone, 0.0, 0.0),
    (3, .jumpBoth, 0.5, 0.5),
    (3, .jumpBoth, 0.0, 0.25),
    (1, .jumpEnd, 0.999, 0.0),
  ])
  func steps(count: Int, position: Easing.StepPosition, t: Double, expected: Double) {
    #expect(Easing.steps(count: count, position: position)(t) == expected)
  }

  /// Outside 0…1 the steps keep stepping (the CSS algorithm bounds them only inside), which is
  /// how an unclamped `Int(s / T)` is written.
  @Test func stepsExtrapolate() {
    let step = Easing.steps(count: 1, position: .jumpEnd)
    #expect(step(2.5) == 2)
    #expect(step(3) == 3)
    #expect(step(-0.5) == -1)
  }

  /// `ease` = cubic-bezier(0.25, 0.1, 0.25, 1); its value at 0.5 is 0.8024033877399112 (the
  /// Bézier solved for x = 0.5, as browsers compute it); the curve ends at (0, 0) and (1, 1).
  @Test func cubicBezierMatchesKnownValues() {
    #expect(abs(Easing.ease(0.5) - 0.8024033877399112) < 1e-9)
    #expect(Easing.ease(0) == 0)
    #expect(abs(Easing.ease(1) - 1) < 1e-12)
    #expect(abs(Easing.easeInOut(0.5) - 0.5) < 1e-9)
    // A linear Bézier is the identity.
    let line = Easing.cubicBezier(x1: 1.0 / 3, y1: 1.0 / 3, x2: 2.0 / 3, y2: 2.0 / 3)
    for i in 0...20 { #expect(abs(line(Double(i) / 20) - Double(i) / 20) < 1e-9) }
  }

  /// Monotonic x with y in [0, 1] controls gives a non-decreasing curve, for many control points.
  @Test func cubicBezierIsMonotoneForMonotoneControls() {
    var seed: UInt64 = 42
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53)
    }
    for _ in 0..<200 {
      let e = Easing.cubicBezier(x1: next(), y1: next(), x2: next(), y2: next())
      var previous = -1e-9
      for i in 0...100 {
        let y = e(Double(i) / 100)
        #expect(y >= previous - 1e-9)
        previous = y
      }
    }
  }

  @Test func outsideTheUnitIntervalBezierFollowsTheEndTangents() {
    // ease-out (0, 0, 0.58, 1): x1 = 0 and y1 = 0, so the start slope is y2 / x2 = 1 / 0.58.
    #expect(abs(Easing.easeOut(-1) - (-1 / 0.58)) < 1e-12)
    // ease-in (0.42, 0, 1, 1): x2 = 1 and y2 = 1, so the end slope is (y1 − 1)/(x1 − 1).
    #expect(abs(Easing.easeIn(2) - (1 + 1 / 0.58)) < 1e-12)
  }
}
