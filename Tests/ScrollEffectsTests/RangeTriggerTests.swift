import ScrollEffects
import Testing

@Suite struct RangeTriggerTests {
  func run(_ trigger: inout RangeTrigger, _ values: [Double]) -> [EffectEvent.Kind] {
    var kinds: [EffectEvent.Kind] = []
    for v in values {
      let (a, b) = trigger.update(v)
      if let a { kinds.append(a) }
      if let b { kinds.append(b) }
    }
    return kinds
  }

  /// GSAP ScrollTrigger's four callbacks, in the order a scroll through and back fires them.
  @Test func forwardThroughAndBack() {
    var t = RangeTrigger(start: 0.2, end: 0.8)
    #expect(
      run(&t, [0, 0.1, 0.2, 0.5, 0.8, 0.81, 1, 0.8, 0.5, 0.2, 0.19, 0]) == [
        .enter, .leave, .enterBack, .leaveBack,
      ])
  }

  /// A jump over the whole range reports both crossings, in order.
  @Test func jumpsReportBothCrossings() {
    var t = RangeTrigger(start: 0.2, end: 0.8)
    #expect(run(&t, [0, 1, 0]) == [.enter, .leave, .enterBack, .leaveBack])
    #expect(t.state == .before)
  }

  /// Hysteresis: wobbling across either boundary by less than the band gives one event.
  @Test func hysteresisBandIsOutsideTheRange() {
    var t = RangeTrigger(start: 10, end: 20, hysteresis: 2)
    #expect(run(&t, [0, 10, 9, 10, 8.5, 10, 7.9]) == [.enter, .leaveBack])
    var u = RangeTrigger(start: 10, end: 20, hysteresis: 2)
    #expect(run(&u, [15, 20.5, 21.9, 20, 22.1]) == [.leave])
  }

  /// The first value sets the state silently.
  @Test(arguments: [(-1.0, RangeTrigger.State.before), (0.5, .active), (2, .after)])
  func firstValueIsSilent(value: Double, state: RangeTrigger.State) {
    var t = RangeTrigger(start: 0, end: 1)
    #expect(run(&t, [value]).isEmpty)
    #expect(t.state == state)
  }

  /// With no end it is ``ThresholdTrigger``: same flag and events over seeded random walks.
  @Test func oneSidedEqualsThresholdTrigger() {
    var seed: UInt64 = 99
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53)
    }
    for _ in 0..<100 {
      let threshold = next() * 100
      let band = next() * 5
      var a = RangeTrigger(start: threshold, hysteresis: band)
      var b = ThresholdTrigger(threshold: threshold, hysteresis: band)
      var x = threshold
      for _ in 0..<300 {
        x += (next() - 0.5) * 8
        let (ea, second) = a.update(x)
        #expect(second == nil)
        #expect(ea == b.update(x))
        #expect(a.value == b.value)
      }
    }
  }

  @Test func nanIsIgnored() {
    var t = RangeTrigger(start: 0)
    #expect(run(&t, [.nan, 1, .nan]).isEmpty)
    #expect(t.value == 1)
  }
}
