import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import Testing

@testable import ScrollCheck

/// `scrollsim check` on motion-aware effects: the shipped hide-on-scroll bar passes, the same
/// bar without hysteresis flickers while the finger holds still, velocity flags are not
/// judged as flicker, and a session restored mid-content reports enters before exits.
@Suite struct DirectionCheckTests {
  let path = effectsFolder.appendingPathComponent("examples/hide-on-scroll.json").path

  func hideOnScroll(hysteresis: Double) throws -> CompiledEffect {
    var spec = try EffectSpec.load(path: path)
    spec.timelines[0].timeline = .direction(hysteresis: hysteresis)
    return try CompiledEffect(spec)
  }

  /// The shipped bar (8 pt of hysteresis) breaks no invariant, and its `hold-still` runs
  /// (one per device) are made: 45 runs of the matrix + 5.
  @Test func hideOnScrollPasses() throws {
    let report = try EffectChecker(effect: CompiledEffect(EffectSpec.load(path: path))).run()
    #expect(report.violations.isEmpty, "\(report.violations.prefix(3))")
    #expect(report.runs == 45 + 5)
    #expect(report.gestures.count == 10)
    #expect(report.gestures.last == CheckGesture.holdStillName)
    let velocitySkew = effectsFolder.appendingPathComponent("examples/velocity-skew.json").path
    let skew = try EffectChecker(effect: CompiledEffect(EffectSpec.load(path: velocitySkew))).run()
    #expect(skew.violations.isEmpty, "\(skew.violations.prefix(3))")
    #expect(skew.runs == 45)
  }

  /// Without hysteresis the bar flips on ±0.25 pt of touch noise: `flicker` on the flag and
  /// the bar's offset read from it, in the `hold-still` run of every device with a range to
  /// scroll (not `short-content`), with the count of flips and what to change.
  @Test func noHysteresisFlickers() throws {
    let report = try EffectChecker(effect: hideOnScroll(hysteresis: 0)).run()
    let flicker = report.violations.filter { $0.kind == .flicker }
    #expect(flicker.count == report.violations.count)
    #expect(Set(flicker.map(\.subject)) == ["bar.hidden", "bar.offsetY"])
    #expect(Set(flicker.map(\.gesture)) == [CheckGesture.holdStillName])
    #expect(
      Set(flicker.map(\.device)) == ["small-phone", "large-phone", "landscape", "large-safe-areas"])
    let first = try #require(flicker.first)
    let window = CheckGesture.holdStillWindow(viewportHeight: 667)
    #expect(first.time > window.start && first.time <= window.end)
    #expect(first.value >= 10)
    #expect(
      first.detail.hasPrefix(
        "no show/hide change while the finger holds still (±0.25 pt of touch noise for 1 s): "
          + "its direction timeline 'motion' flipped "))
    #expect(first.detail.contains("with a hysteresis of 0 pt"))
    // The finding reruns alone.
    let again = try EffectChecker(
      effect: hideOnScroll(hysteresis: 0), devices: [CheckDevice.standard[0]],
      gestureNames: [CheckGesture.holdStillName]
    ).run()
    #expect(again.gestures == [CheckGesture.holdStillName])
    #expect(again.runs == 1)
    let alone = again.violations.filter { $0.kind == .flicker }
    #expect(alone.map(\.subject) == ["bar.hidden", "bar.offsetY"])
    #expect(alone.first?.frame == first.frame)
  }

  /// A hysteresis just above the noise (0.5 pt peak to peak) holds; just below it does not.
  @Test(arguments: [(0.6, false), (0.2, true)])
  func hysteresisAgainstTheNoise(hysteresis: Double, flickers: Bool) throws {
    let report = try EffectChecker(
      effect: hideOnScroll(hysteresis: hysteresis), gestureNames: [CheckGesture.holdStillName]
    ).run()
    #expect(report.violations.contains { $0.kind == .flicker } == flickers)
  }

  /// The hold-still gesture: a forward drag of 0.35·H at 300 pt/s, then 1 s of touch noise
  /// within ±0.25 pt of the drag's end, then the lift.
  @Test func holdStillGesture() {
    let gesture = CheckGesture.holdStill(viewportHeight: 800)
    let window = CheckGesture.holdStillWindow(viewportHeight: 800)
    let held = gesture.touches.filter { $0.time > window.start && $0.time <= window.end }
    var ys: [Double] = []
    for touch in held { if case .move(let y) = touch.touch { ys.append(y) } }
    #expect(ys.count == 120)
    #expect(ys.allSatisfy { abs($0 - 400) <= 0.25 })
    #expect(gesture.touches.last?.touch == .up)
    #expect(gesture.touches.last?.time == window.end)
  }

  /// A session restored mid-content (the view starts at the bottom of its range): the flags
  /// already passed report `enter` (then `leave`) on frame 0, and no flag ever exits before it
  /// entered, through the iOS physics.
  @Test func restoredSessionEntersFirst() throws {
    let spec = try EffectSpec.parse(
      """
      {"version": 1, "name": "sections", "timelines": [{"name": "s", "type": "distance"}],
       "outputs": [
        {"name": "intro", "trigger": {"timeline": "s", "start": 100, "end": 400}},
        {"name": "footer", "trigger": {"timeline": "s", "start": 2000}}]}
      """, file: "sections.json")
    let effect = try CompiledEffect(spec)
    let device = CheckDevice.standard[0]
    let gesture = try #require(
      CheckGesture.standard(viewportHeight: device.geometry.viewportHeight).first {
        $0.name == "content-shrinks"
      })
    #expect(gesture.startsAtBottom)
    var loop = try gesture.frameLoop(on: device, effect: effect, refreshRate: 120)
    var log: [(frame: Int, event: EffectEvent)] = []
    for frame in 0...Int(gesture.duration * 120) {
      try loop.computeFrame(frame)
      log += loop.events.map { (frame, $0) }
    }
    #expect(
      log.prefix(3).map { "\($0.frame) \($0.event.output) \($0.event.kind)" } == [
        "0 0 enter", "0 0 leave", "0 1 enter",
      ])
    var on = [false, false]
    for (_, event) in log {
      let entering = event.kind == .enter || event.kind == .enterBack
      #expect(on[event.output] != entering)
      on[event.output] = entering
    }
    // The content shrinks to nothing: the view ends at rest at the top, both flags off.
    #expect(on == [false, false])
  }
}

/// `scrollsim check` generates vertical gestures: an effect that reads the horizontal axis is
/// rejected before any run, naming the spec's `axis` field and saying what to do instead.
@Suite struct HorizontalEffectCheckTests {
  @Test func checkRejectsAHorizontalEffect() throws {
    let path = effectsFolder.appendingPathComponent("examples/cover-flow-carousel.json").path
    let effect = try CompiledEffect(EffectSpec.load(path: path), file: path)
    #expect {
      _ = try EffectChecker(effect: effect).run()
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.field == "axis" && error.path == "$.timelines[0].axis" && error.file == path
        && error.message.hasPrefix("timeline 'card2' reads the horizontal axis (x)")
        && error.message.contains("check's gestures are vertical drags and flings")
    }
    #expect {
      _ = try EffectChecker(effect: effect).run(traces: ["no-such-trace.jsonl"])
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.field == "axis" && error.message.contains("vertical axis only")
    }
  }
}
