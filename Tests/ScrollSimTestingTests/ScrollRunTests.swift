import ScrollCheck
import ScrollEffects
import ScrollPhysics
import ScrollSimCore
import ScrollSimTesting
import Testing

@Suite struct ScrollRunTests {
  static let fling = Result {
    try ScrollRun(of: CompiledPreset(.appleMusic), trace: .bundled("swipe-shield/gesture-02"))
  }

  @Test func valueAtATimeAndAnOffset() throws {
    let run = try ScrollRun(of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-02"))
    // At t = 0.1 s (frame 12) the height is 350 − s of that frame's own offset.
    let frame = try #require(run.frame(atTime: 0.1))
    #expect(frame.index == 12)
    expectValue(
      of: "header.height", in: run, at: .time(0.1),
      equals: max(350 - frame.sample.offset, 120))
    expectValue(of: "header.height", in: run, at: .offset(0), equals: 350)
    // Past 470 pt the header is collapsed into the bar.
    expectValue(of: "header.height", in: run, at: .offset(500), equals: 120)
    expectValue(of: "bar.opacity", in: run, at: .offset(500), equals: 1)
    #expect(
      verifyValue(of: "header.height", in: run, at: .time(0), equals: 300)
        == "header.height is 350 at t = 0.000 s (frame 0, t = 0.000 s, offset 0.000 pt) of "
        + "swipe-shield/gesture-02, but expected 300 (tolerance 1e-09)")
    #expect(
      verifyValue(of: "header.hieght", in: run, at: .time(0), equals: 350)
        == "FixedProfileHeader has no output named header.hieght; its outputs: header.height, "
        + "header.contentOpacity, bar.opacity; did you mean 'header.height'?")
    #expect(
      verifyValue(of: "header.height", in: run, at: .offset(-10), equals: 350)?.hasPrefix(
        "swipe-shield/gesture-02 never reaches offset -10.000 pt (382 frames, t = 0.000 … "
          + "3.175 s, offset 0.000 … 1935.553 pt)") == true)
  }

  @Test func titlePinsExactlyOnceDuringTheFling() throws {
    let run = try Self.fling.get()
    expectEvent(.enter("titlePinned"), count: 1, in: run)
    expectEvent(.leaveBack("titlePinned"), count: 0, in: run)
    #expect(
      verifyEvent(.enter("titlePinned"), count: 2...2, in: run)
        == "titlePinned:enter occurred 1 time, but expected 2 times (frames 17 (t = 0.142 s, "
        + "offset 314.034 pt)) in swipe-shield/gesture-02")
  }

  @Test func enteringTwiceNamesBothFrames() {
    let output = EffectOutput(name: "compact", range: 0...1, unit: .flag)
    let frames = (0..<10).map { index in
      ScrollRun.Frame(
        index: index,
        sample: ScrollSample(
          time: Double(index) / 60, offset: Double(index * 10), velocity: 600, phase: .dragging,
          geometry: CheckDevice.standard[0].geometry),
        values: [index >= 3 ? 1 : 0],
        events: index == 3 || index == 7 ? [EffectEvent(output: 0, kind: .enter)] : [])
    }
    let run = ScrollRun(
      name: "flicker", effectName: "compact", outputs: [output], refreshRate: 60, frames: frames)
    #expect(
      verifyEvent(.enter("compact"), count: 1...1, in: run)
        == "compact:enter occurred 2 times, but expected 1 time (frames 3 (t = 0.050 s, offset "
        + "30.000 pt), 7 (t = 0.117 s, offset 70.000 pt)) in flicker")
    #expect(verifyEvent(.enter("compact"), count: 1...2, in: run) == nil)
    withKnownIssue {
      expectEvent(.enter("compact"), count: 1, in: run)
    } matching: {
      $0.description.contains("compact:enter occurred 2 times, but expected 1 time")
    }
  }

  @Test func phaseSequenceInEachFrameworksNames() throws {
    let run = try Self.fling.get()
    expectPhases(["tracking", "dragging", "decelerating", "idle"], in: run)
    expectPhases(["tracking", "interacting", "decelerating", "idle"], in: run, naming: .swiftUI)
    #expect(
      verifyPhases(["idle", "dragging"], in: run, naming: .uiKit)
        == "phases of swipe-shield/gesture-02 were tracking → dragging → decelerating → idle, "
        + "but expected idle → dragging (uiKit names)")
    // A pull-down released overscrolled bounces back: SwiftUI calls that decelerating.
    let pull = try ScrollRun(of: FixedProfileHeader(), gesture: .named("pull-down-top"))
    #expect(pull.phases().contains("bouncing"))
    #expect(!pull.phases(naming: .swiftUI).contains("bouncing"))
  }

  @Test func neverVisibleTogether() throws {
    let run = try ScrollRun(of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-02"))
    // They cross-fade: never both above one half, but both above a quarter mid-way.
    expectNeverVisibleTogether("header.contentOpacity", "bar.opacity", in: run, threshold: 0.5)
    let message = try #require(
      verifyNeverVisibleTogether("header.contentOpacity", "bar.opacity", in: run, threshold: 0.25))
    #expect(
      message.hasPrefix(
        "header.contentOpacity and bar.opacity were both above 0.25 on "))
    #expect(message.contains(" frames of swipe-shield/gesture-02, first at frame "))
  }

  @Test func noChangeWhileTheFingerHoldsStill() throws {
    // slow-drag holds the finger still for 0.2 s at the end of every stroke.
    expectNoChangeWhileHolding(
      in: try ScrollRun(of: FixedProfileHeader(), gesture: .named("slow-drag")))
    let run = try ScrollRun(of: ClockEffect(), gesture: .named("slow-drag"))
    let message = try #require(verifyNoChangeWhileHolding(in: run))
    #expect(
      message.contains(
        " changes while the finger held still in slow-drag on small-phone:\n  frame "))
    #expect(message.contains("pulse "))
  }

  @Test func throwingEffectStopsTheRunWithItsErrorAndFrame() {
    #expect {
      _ = try ScrollRun(of: ThrowsAfterOneSecond(), gesture: .named("fling-1000"))
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.kind == .effectFailed && error.underlying is LayoutNotReady
        && error.message.hasPrefix("threw at frame 120 (t = 1 s")
    }
  }
}

@Suite struct DelegateSequenceTests {
  @Test func aRealFlingSendsUIKitsSequence() throws {
    let run = try ScrollRunTests.fling.get()
    expectDelegateSequence(
      [
        "scrollViewWillBeginDragging", "scrollViewWillEndDragging",
        "scrollViewDidEndDragging(willDecelerate:true)", "scrollViewWillBeginDecelerating",
        "scrollViewDidEndDecelerating(finished:true)",
      ], in: run)
    // The announced target is where the run comes to rest.
    let target = run.scrollViewEvents.compactMap { event -> Double? in
      if case .willEndDragging(_, let target) = event.kind { return target }
      return nil
    }
    #expect(target == [run.frames.last!.sample.offset])
    #expect(
      verifyDelegateSequence(["scrollViewWillBeginDragging"], in: run)?.hasPrefix(
        "delegate callbacks of swipe-shield/gesture-02 were scrollViewWillBeginDragging, "
          + "scrollViewWillEndDragging, ") == true)
  }

  /// A bare name matches the callback with any flags; a name with flags matches exactly those
  /// flags (spaces ignored).
  @Test func bareNamesMatchAnyFlags() throws {
    let run = try ScrollRunTests.fling.get()
    let bare = [
      "scrollViewWillBeginDragging", "scrollViewWillEndDragging", "scrollViewDidEndDragging",
      "scrollViewWillBeginDecelerating", "scrollViewDidEndDecelerating",
    ]
    #expect(verifyDelegateSequence(bare, in: run) == nil)
    expectDelegateSequence(bare, in: run)
    var spaced = bare
    spaced[2] = "scrollViewDidEndDragging(willDecelerate: true)"
    #expect(verifyDelegateSequence(spaced, in: run) == nil)
    var wrongFlag = bare
    wrongFlag[4] = "scrollViewDidEndDecelerating(finished:false)"
    #expect(
      verifyDelegateSequence(wrongFlag, in: run)?.contains("(first difference: callback 5 at ")
        == true)
    var wrongName = bare
    wrongName[1] = "scrollViewDidEndDragging"
    #expect(
      verifyDelegateSequence(wrongName, in: run)?.contains("(first difference: callback 2 at ")
        == true)
    #expect(
      verifyDelegateSequence(Array(bare.dropLast()), in: run)?.contains(
        "(first difference: callback 5") == true)
  }

  @Test func aTapSendsNoCallback() throws {
    let run = try ScrollRun(
      of: CompiledPreset(.appleMusic), trace: .bundled("swipe-shield/gesture-01"))
    expectDelegateSequence([], in: run)
    #expect(run.scrollViewEvents.map(\.name) == ["onScrollPhaseChange", "onScrollPhaseChange"])
  }
}
