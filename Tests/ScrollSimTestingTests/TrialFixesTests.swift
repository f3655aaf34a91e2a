import Foundation
import ScrollCheck
import ScrollEffects
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
