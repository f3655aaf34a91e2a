import ScrollEffects
import Testing

@Suite struct ThresholdTriggerTests {
  /// Feeds `values` and returns the crossings.
  func crossings(_ trigger: inout ThresholdTrigger, _ values: [Double]) -> [EffectEvent.Kind] {
    values.compactMap { trigger.update($0) }
  }

  @Test(arguments: [50.0, 100, 150, .infinity])
  func firstValueSetsTheStateSilently(value: Double) {
    var trigger = ThresholdTrigger(threshold: 100, hysteresis: 4)
    #expect(trigger.update(value) == nil)
    #expect(trigger.isOn == (value >= 100))
    #expect(trigger.isPrimed)
  }

  @Test func oscillationWithinTheHysteresisGivesOneEnter() {
    var trigger = ThresholdTrigger(threshold: 301, hysteresis: 4)
    let wobble = [0.0] + (0..<1000).map { 301 + ($0.isMultiple(of: 2) ? 1.0 : -1.0) }
    #expect(crossings(&trigger, wobble) == [.enter])
    #expect(trigger.isOn)
  }

  @Test func withoutHysteresisExactCrossingsPair() {
    var trigger = ThresholdTrigger(threshold: 10)
    let got = crossings(&trigger, [0, 10, 9.999, 10, 10, 11, 9, 20, 0])
    #expect(got == [.enter, .leaveBack, .enter, .leaveBack, .enter, .leaveBack])
  }

  @Test func turnsOffOnlyBelowThresholdMinusHysteresis() {
    var trigger = ThresholdTrigger(threshold: 10, hysteresis: 2)
    #expect(crossings(&trigger, [0, 10, 8]) == [.enter])
    #expect(trigger.update(7.999) == .leaveBack)
    #expect(trigger.value == 0)
  }

  @Test func nanIsIgnored() {
    var trigger = ThresholdTrigger(threshold: 10)
    #expect(trigger.update(.nan) == nil)
    #expect(!trigger.isPrimed)
    #expect(crossings(&trigger, [20, .nan, 20, .nan, 0]) == [.leaveBack])
  }

  @Test func resetRePrimes() {
    var trigger = ThresholdTrigger(threshold: 10)
    _ = crossings(&trigger, [0, 20])
    trigger.reset()
    #expect(!trigger.isOn && !trigger.isPrimed)
    #expect(trigger.update(0) == nil)
    #expect(trigger.update(20) == .enter)
  }
}
