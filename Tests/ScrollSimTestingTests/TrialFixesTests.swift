import Foundation
import ScrollCheck
import ScrollEffects
import ScrollSimCore
import ScrollSimTesting
import Testing

/// The defects a new user's trial found, each pinned by its failure text.
@Suite struct TrialFixesTests {
  @Test func unknownDeviceNameIsAnIssueNotATrap() throws {
    let text = try #require(
      verifyInvariants(
        of: FixedProfileHeader(), over: [.named("slow-drag")], devices: [.named("iphone-se")]))
    #expect(
      text
        == "No standard device named iphone-se; expected one of small-phone, large-phone, "
        + "landscape, large-safe-areas, short-content")
    let close = try #require(
      verifyInvariants(
        of: FixedProfileHeader(), over: [.named("slow-drag")], devices: [.named("small-phon")]))
    #expect(close.hasSuffix("; did you mean 'small-phone'?"))
    #expect(CheckDevice.named("small-phone") == CheckDevice.standard[0])
    #expect(throws: InputError.self) {
      try ScrollRun(
        of: FixedProfileHeader(), gesture: .named("slow-drag"), device: .named("iphone-se"))
    }
  }
}

/// An effect that declares nothing.
struct NoOutputs: ScrollEffect {
  var outputs: [EffectOutput] { [] }
  func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {}
}

extension TrialFixesTests {
  @Test(arguments: [0, -5, 1001])
  func refreshRateOutOfRangeIsAnIssueAndRunsNothing(_ rate: Int) {
    let expected = "refreshRate: \(rate) Hz is out of range: expected 1…1000"
    #expect(verifyInvariants(of: FixedProfileHeader(), refreshRate: rate) == expected)
    #expect(
      verifyInvariants(
        of: FixedProfileHeader(), traces: [.bundled("swipe-shield/gesture-01")], refreshRate: rate)
        == expected)
    withKnownIssue {
      expectInvariants(of: FixedProfileHeader(), refreshRate: rate)
    } matching: { $0.description.contains(expected) }
  }

  @Test func maxIssuesBelowOneIsAnIssue() {
    #expect(
      verifyInvariants(of: FixedProfileHeader(), maxIssues: 0)
        == "maxIssues: 0 is out of range: expected 1 or more")
  }

  @Test func checksOverNothingFail() {
    #expect(
      verifyInvariants(of: FixedProfileHeader(), over: [])
        == "FixedProfileHeader: no gesture to run (over: is empty); pass some of "
        + "ScrollSimGesture.standard, or leave over: out to run them all")
    #expect(
      verifyInvariants(of: FixedProfileHeader(), devices: [])
        == "FixedProfileHeader: no device to run on (devices: is empty); pass some of "
        + "CheckDevice.standard, or leave devices: out to run them all")
    #expect(
      verifyInvariants(of: FixedProfileHeader(), traces: [])
        == "FixedProfileHeader: no trace to run (traces: is empty); pass some, e.g. "
        + "ReplayTrace.bundledTraces")
    let none = "NoOutputs declares no outputs: there is nothing to check; list them in outputs"
    #expect(verifyInvariants(of: NoOutputs()) == none)
    #expect(
      verifyInvariants(of: NoOutputs(), traces: [.bundled("swipe-shield/gesture-01")]) == none)
  }
}
