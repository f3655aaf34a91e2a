import ProfileHeader
import ScrollEffects
import ScrollSimTesting
import Testing

/// Seed 004's header tested as its author could have: the checker's gesture and device matrix,
/// goldens of real recorded gestures (bundled with ScrollSim), and what the design says.
@Suite struct ProfileHeaderTests {
  // MARK: The checker finds the article's defects

  /// The article's maths, pasted in: every output is one frame late (its
  /// `DispatchQueue.main.async` write of the offset) and the opacities leave 0…1.
  @Test func theCheckerCatchesTheArticle() throws {
    // One frame late: on a slow drag every value trails the offset by a frame.
    let drag = try #require(
      verifyInvariants(
        of: ArticleProfileHeader(), over: [.named("slow-drag")], devices: [.named("small-phone")],
        maxIssues: 10_000))
    #expect(drag.contains("lag: header.height = "))
    #expect(drag.contains("lag: bar.opacity = "))
    // Unclamped: above 1 while pulled down past the top, below 0 once scrolled past 470 pt.
    let pull = try #require(
      verifyInvariants(
        of: ArticleProfileHeader(), over: [.named("pull-down-top")],
        devices: [.named("small-phone")], maxIssues: 10_000))
    #expect(pull.contains("range: header.opacity = 1."))
    let fling = try #require(
      verifyInvariants(
        of: ArticleProfileHeader(), over: [.named("fling-3000")], devices: [.named("small-phone")],
        maxIssues: 10_000))
    #expect(fling.contains("range: bar.opacity = 1."))
    #expect(fling.contains("range: header.opacity = -"))
    // As a test failure (one issue per violation, capped, each with a reproduce line):
    withKnownIssue("the article's header is one frame late and unclamped") {
      expectInvariants(of: ArticleProfileHeader(), maxIssues: 3)
    }
  }

  /// The fixed header breaks nothing on any gesture or device.
  @Test func theFixedHeaderPasses() {
    expectInvariants(of: ProfileHeader())
  }

  /// And on every real recording bundled with ScrollSim (34 touches from a phone, each with its
  /// own device and physics profile).
  @Test func theFixedHeaderPassesOnRealGestures() {
    expectInvariants(of: ProfileHeader(), traces: ReplayTrace.bundledTraces)
  }

  /// Each gesture as its own test case, to re-run one alone.
  @Test(arguments: ScrollSimGesture.standard)
  func theFixedHeaderPassesEachGesture(_ gesture: ScrollSimGesture) {
    expectInvariants(of: ProfileHeader(), over: [gesture])
  }

  // MARK: Goldens of real gestures

  /// A real fling down from the top (rubber band: the header stretches, then springs back) and
  /// a real fling up the list, replayed at 120 Hz through iOS physics and compared with golden
  /// frame files (`__Goldens__`; record with `SCROLLSIM_RECORD=missing swift test`).
  @Test(arguments: ["swipe-shield/gesture-05", "swipe-shield/gesture-02"])
  func goldenReplays(of trace: String) {
    assertReplay(of: ProfileHeader(), trace: .bundled(trace), tolerance: 1e-9)
  }

  // MARK: What the design says

  /// Pulled down past the top, the header stretches by the overscroll: 350 + 100 pt.
  @Test func theHeaderStretchesOnPullDown() throws {
    let run = try ScrollRun(of: ProfileHeader(), gesture: .named("pull-down-top"))
    let deepest = try #require(run.frames.min { $0.sample.offset < $1.sample.offset })
    #expect(deepest.sample.offset < -50)
    expectValue(
      of: "header.height", in: run, at: .time(deepest.sample.time),
      equals: 350 - deepest.sample.offset)
  }

  /// Collapsed into the bar after 230 pt of scroll, and the bar's avatar and name fully shown
  /// after 470 pt (350 + the 120 pt bar), on a real fling.
  @Test func theHeaderCollapsesIntoTheBar() throws {
    let run = try ScrollRun(of: ProfileHeader(), trace: .bundled("swipe-shield/gesture-02"))
    expectValue(of: "header.height", in: run, at: .offset(230), equals: 120, tolerance: 2)
    expectValue(of: "bar.opacity", in: run, at: .offset(470), equals: 1, tolerance: 0.01)
    expectPhases(["tracking", "interacting", "decelerating", "idle"], in: run, naming: .swiftUI)
  }

  /// The header's content and the bar's content are never both mostly visible.
  @Test func headerAndBarNeverCompete() throws {
    for trace in ["swipe-shield/gesture-02", "swipe-shield/gesture-05", "swipe-shield/session"] {
      let run = try ScrollRun(of: ProfileHeader(), trace: .bundled(trace))
      expectNeverVisibleTogether("header.opacity", "bar.opacity", in: run, threshold: 0.5)
    }
  }

  /// Nothing moves while the finger rests.
  @Test func stillWhileTheFingerRests() throws {
    let run = try ScrollRun(of: ProfileHeader(), gesture: .named("slow-drag"))
    expectNoChangeWhileHolding(in: run)
  }

  // MARK: Cost

  /// The header's cost per frame beside the physics alone, and the same header as ScrollSim's
  /// compiled preset (printed, never asserted: times vary from run to run).
  @Test func cost() throws {
    let mine = try costReport(of: ProfileHeader())
    let preset = try costReport(of: CompiledPreset(.collapsibleHeader))
    print(mine.table)
    print(preset.table)
    #expect(mine.frames == preset.frames && mine.frames > 300)
  }
}
