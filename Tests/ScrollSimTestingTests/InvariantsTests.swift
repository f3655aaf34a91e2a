import Foundation
import ScrollCheck
import ScrollSimTesting
import Testing

@Suite struct InvariantsTests {
  @Test func articleHeaderBreaksItsRangesOnPullDown() throws {
    let text = try #require(verifyInvariants(of: ArticleProfileHeader(), maxIssues: 3))
    let issues = text.components(separatedBy: "\n\n")
    // Three issues one by one, then the count of the rest.
    #expect(issues.count == 4)
    #expect(issues[0].hasPrefix("range: "))
    #expect(issues[0].contains("\nreproduce: expectInvariants(of: effect, over: [.named(\""))
    #expect(issues[3].hasPrefix("ArticleProfileHeader: "))
    #expect(issues[3].contains("more invariant violations not shown ("))
    #expect(issues[3].hasSuffix("raise maxIssues: to see them"))
    // The pull-down at the top drives the content opacity above 1 and the bar's below 0.
    let pull = try #require(
      verifyInvariants(
        of: ArticleProfileHeader(), over: [.named("pull-down-top")],
        devices: [.named("small-phone")], maxIssues: 1000))
    #expect(pull.contains("range: header.contentOpacity = 1."))
    #expect(pull.contains("range: bar.opacity = -"))
    #expect(pull.contains("of pull-down-top on small-phone at 120 Hz; expected a value in 0 … 1"))
  }

  @Test func fixedHeaderPassesTheWholeMatrix() {
    #expect(verifyInvariants(of: FixedProfileHeader()) == nil)
    expectInvariants(of: FixedProfileHeader())
  }

  @Test(arguments: ScrollSimGesture.standard)
  func fixedHeaderPassesEachGesture(_ gesture: ScrollSimGesture) {
    expectInvariants(of: FixedProfileHeader(), over: [gesture])
  }

  @Test func gesturesAreNamedArguments() {
    #expect(
      ScrollSimGesture.standard.map(\.description) == [
        "slow-drag", "fling-1000", "fling-3000", "fling-8000", "pull-down-top", "pull-up-bottom",
        "release-overscrolled-forward", "release-overscrolled-outward", "content-shrinks",
        "rest-on-boundary", "hold-still",
      ])
  }

  @Test func nanAtOneFrameIsExactlyOneIssueNamingThatFrame() throws {
    let text = try #require(
      verifyInvariants(
        of: NaNAtHalfSecond(), over: [.named("fling-3000")], devices: [.named("small-phone")]))
    #expect(
      text
        == "nan: bar.opacity = nan at frame 60 (t = 0.500 s, offset \(try offsetAtHalfSecond()) "
        + "pt) of fling-3000 on small-phone at 120 Hz; expected a number in 0 … 1\n"
        + "reproduce: expectInvariants(of: effect, over: [.named(\"fling-3000\")], devices: "
        + "[.named(\"small-phone\")], refreshRate: 120)")
    withKnownIssue {
      expectInvariants(
        of: NaNAtHalfSecond(), over: [.named("fling-3000")], devices: [.named("small-phone")])
    } matching: { issue in
      issue.description.contains("nan: bar.opacity = nan at frame 60 (t = 0.500 s")
    }
  }

  /// The offset at frame 60 of fling-3000 on the small phone, as the run computes it.
  private func offsetAtHalfSecond() throws -> String {
    let run = try ScrollRun(
      of: FixedProfileHeader(), gesture: .named("fling-3000"), device: .named("small-phone"))
    return String(format: "%.3f", run.frames[60].sample.offset)
  }

  @Test func throwingEffectIsOneIssueWithItsErrorAndFrame() throws {
    let text = try #require(
      verifyInvariants(
        of: ThrowsAfterOneSecond(), over: [.named("slow-drag"), .named("fling-3000")],
        devices: [.named("large-phone")]))
    #expect(!text.contains("\n\n"))
    #expect(
      text.hasPrefix("ThrowsAfterOneSecond failed during slow-drag on large-phone at 120 Hz: "))
    #expect(text.contains("threw at frame 120 (t = 1 s"))
    #expect(text.contains("LayoutNotReady"))
  }

  @Test func unknownGestureNamesTheKnownOnes() throws {
    let text = try #require(verifyInvariants(of: FixedProfileHeader(), over: [.named("fling-300")]))
    #expect(text.hasPrefix("No checker gesture named fling-300; expected one of slow-drag, "))
    #expect(text.contains("did you mean"))
  }
}

/// The checker over recorded traces: the bundled real gestures through the user's effect.
@Suite struct TraceInvariantsTests {
  /// The fixed header breaks nothing on any of the 34 bundled recordings.
  @Test func fixedHeaderPassesEveryBundledTrace() {
    #expect(verifyInvariants(of: FixedProfileHeader(), traces: ReplayTrace.bundledTraces) == nil)
  }

  /// The article's header overshoots on the real pull-down of gesture-05 (a fling down from the
  /// top: rubber band), and the issue says how to re-run exactly that trace.
  @Test func articleHeaderFailsOnTheRealPullDown() throws {
    let text = try #require(
      verifyInvariants(
        of: ArticleProfileHeader(), traces: [.bundled("swipe-shield/gesture-05")], maxIssues: 1))
    #expect(text.hasPrefix("range: header.contentOpacity = 1."))
    #expect(text.contains(" of swipe-shield/gesture-05 on "))
    #expect(
      text.contains(
        "reproduce: expectInvariants(of: effect, traces: [.bundled(\"swipe-shield/gesture-05\")], "
          + "refreshRate: 120)"))
  }

  /// A trace that does not exist is one issue naming it, with the closest bundled name.
  @Test func anUnknownTraceIsOneIssue() throws {
    let text = try #require(
      verifyInvariants(of: FixedProfileHeader(), traces: [.bundled("swipe-shield/gesture-5")]))
    #expect(text.contains("not a bundled trace"))
    #expect(text.contains("did you mean 'swipe-shield/gesture-05'?"))
  }
}
