import Foundation
import ScrollEffects
import ScrollPhysics
import Testing

/// Values from the web-platform-tests `scroll-animations` folder, replayed through effect specs
/// (block axis only). Each layout is WPT's: a 100 px subject at `margin-top: 800px` in a 200 px
/// tall scroller (its 10 px border is outside the scrollport), so cover is 600…900, contain
/// 700…800, entry 600…700, exit 800…900.
@Suite struct WPTScrollAnimationsTests {
  let port = ScrollGeometry(viewportHeight: 200, contentHeight: 2000)
  let subject = #""subject": {"y": 800, "height": 100}"#

  func value(_ timeline: String, output: String, at s: Double) throws -> Double {
    let text = """
      {"version": 1, "name": "t", "timelines": [\(timeline)], "outputs": [\(output)]}
      """
    var effect = try CompiledEffect(EffectSpec.parse(text, file: "wpt.json"))
    var out = [Double](repeating: .nan, count: effect.outputs.count)
    var events: [EffectEvent] = []
    effect.evaluate(sample(s, geometry: port), into: &out, events: &events)
    return out[0]
  }

  func range(_ text: String) throws -> (start: Double, end: Double) {
    let spec = try EffectSpec.parse(
      #"{"version": 1, "name": "t", "timelines": [{"name": "v", "type": "view", "#
        + subject + #", "range": ""# + text
        + #""}], "outputs": [{"name": "p", "range": [0, 1], "timeline": "v"}]}"#,
      file: "wpt.json")
    let r = try #require(spec.timelines[0].timeline.range(geometry: port))
    return (r.start, r.end)
  }

  struct PlayStateCase: Sendable, CustomTestStringConvertible {
    var range: String
    var startTime: Double  // percent of the cover timeline
    var currentTime: Double  // percent, clamped to the range's end in the after phase
    var value: Double  // `anim auto both linear` from 0 to 1
    var testDescription: String { range }
  }

  /// `scroll-animations/view-timelines/change-animation-range-updates-play-state.html`:
  /// `animation: anim auto both linear` on the subject's view timeline, scrolled to 750; the
  /// range set to contain (running: start 100/3 %, current 100/6 %), entry (finished, after
  /// phase: start 0, current clamped to 100/3 %) and exit (before phase: start 200/3 %,
  /// current −100/6 %). With `fill: both` the value holds 1 after and 0 before.
  @Test(arguments: [
    PlayStateCase(
      range: "contain 0% contain 100%", startTime: 100 / 3, currentTime: 100 / 6, value: 0.5),
    PlayStateCase(range: "entry 0% entry 100%", startTime: 0, currentTime: 100 / 3, value: 1),
    PlayStateCase(range: "exit 0% exit 100%", startTime: 200 / 3, currentTime: -100 / 6, value: 0),
  ])
  func changeAnimationRangeUpdatesPlayState(c: PlayStateCase) throws {
    let cover = try range("cover")
    #expect(cover.start == 600 && cover.end == 900)
    let r = try range(c.range)
    let percent = 100 / (cover.end - cover.start)
    #expect(close((r.start - cover.start) * percent, c.startTime, 1e-9))
    #expect(close((min(750, r.end) - r.start) * percent, c.currentTime, 1e-9))
    let got = try value(
      #"{"name": "v", "type": "view", "# + subject + #", "range": ""# + c.range + #""}"#,
      output: #"{"name": "o", "unit": "fraction", "range": [0, 1], "timeline": "v", "#
        + #""fill": "both", "keyframes": [{"at": 0, "value": 0}, {"at": 1, "value": 1}]}"#,
      at: 750)
    #expect(close(got, c.value, 1e-12), "\(c.range): \(got)")
  }

  /// `scroll-animations/view-timelines/timeline-offset-in-keyframe.html`: an animation ranged
  /// `contain 0%`…`contain 100%` with keyframes at `cover 0%` (opacity 0) and `cover 100%`
  /// (opacity 1), `fill: both`: at scrollTop 700, 750, 800 the progress is 0, 0.5, 1 and the
  /// opacity 1/3, 1/2, 2/3 (±1e-6 there). The progress is the contain timeline's; the keyframes'
  /// cover offsets make the opacity the cover timeline's progress.
  @Test(
    arguments: [(700.0, 0.0, 1.0 / 3), (750.0, 0.5, 0.5), (800.0, 1.0, 2.0 / 3)]
      as [(Double, Double, Double)])
  func timelineOffsetInKeyframe(scrollTop: Double, progress: Double, opacity: Double) throws {
    func progressOn(_ range: String) throws -> Double {
      try value(
        #"{"name": "v", "type": "view", "# + subject + #", "range": ""# + range + #""}"#,
        output: #"{"name": "o", "range": [-1e6, 1e6], "clamp": false, "timeline": "v"}"#,
        at: scrollTop)
    }
    #expect(close(try progressOn("contain 0% contain 100%"), progress, 1e-6))
    #expect(close(try progressOn("cover 0% cover 100%"), opacity, 1e-6))
  }
}
