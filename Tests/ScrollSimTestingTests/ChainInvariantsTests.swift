import Foundation
import ScrollCheck
import ScrollEffects
import ScrollPhysics
import ScrollSimTesting
import Testing

/// ScrollSimTesting's check on a nested chain: `expectInvariants(of:on:…)` and
/// `verifyInvariants(of:on:…)` with agreements between outputs reading different views.
@Suite struct ChainInvariantsTests {
  static let chain = NestedScrollChain(
    viewportHeight: 800, headers: [NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100)],
    contentHeight: 5000, rule: .compose, handover: .unified)

  /// The header's collapsed flag on the header view and the list's inline title on `title`.
  static func effect(title: String) throws -> CompiledEffect {
    let text = """
      {"version": 1, "name": "titles",
       "timelines": [
         {"name": "header", "type": "distance", "scrollView": "header"},
         \(title)
       ],
       "outputs": [
         {"name": "header.collapsed",
          "trigger": {"timeline": "header", "start": 199, "hysteresis": 0.5}},
         {"name": "list.titleVisible",
          "trigger": {"timeline": "title", "start": 1, "hysteresis": 0.5}}
       ]}
      """
    return try CompiledEffect(EffectSpec.parse(text, file: "titles.json"), file: "titles.json")
  }

  static let agreement = OutputAgreement(
    "list.titleVisible", .onlyWhile, "header.collapsed", reason: "one title on screen")

  /// The list's title reads the list view: it holds over every gesture.
  @Test func holdsOnTheChain() throws {
    let effect = try Self.effect(
      title: #"{"name": "title", "type": "distance", "scrollView": "list"}"#)
    #expect(verifyInvariants(of: effect, on: Self.chain, agreements: [Self.agreement]) == nil)
    expectInvariants(of: effect, on: Self.chain, agreements: [Self.agreement])
  }

  /// The list's title reads the combined offset (shown 1 pt into the header's collapse): the
  /// issue names the disagreement, both values, the gesture, the device and a reproduction.
  @Test func brokenTitleFails() throws {
    let effect = try Self.effect(title: #"{"name": "title", "type": "distance"}"#)
    let text = try #require(
      verifyInvariants(
        of: effect, on: Self.chain, over: [.named("slow-drag")], agreements: [Self.agreement],
        maxIssues: 1))
    let first = try #require(text.components(separatedBy: "\n\n").first)
    #expect(
      first.hasPrefix("disagreement: list.titleVisible onlyWhile header.collapsed = 1 at frame "),
      "\(first)")
    #expect(first.contains("of slow-drag on chain at 120 Hz"), "\(first)")
    #expect(first.contains("list.titleVisible = 1, header.collapsed = 0"), "\(first)")
    #expect(
      first.hasSuffix(
        "reproduce: expectInvariants(of: effect, on: chain, over: [.named(\"slow-drag\")], "
          + "agreements: agreements, refreshRate: 120)"), "\(first)")
  }

  /// Bad input is an issue, never a pass: an agreement naming a missing output, and only a
  /// gesture that cannot run on a chain.
  @Test func badInput() throws {
    let effect = try Self.effect(
      title: #"{"name": "title", "type": "distance", "scrollView": "list"}"#)
    let missing = try #require(
      verifyInvariants(
        of: effect, on: Self.chain,
        agreements: [OutputAgreement("list.title", .onlyWhile, "header.collapsed")]))
    #expect(missing.hasPrefix("titles stopped the check on the chain: "), "\(missing)")
    #expect(missing.contains("agree[0].output"), "\(missing)")
    let none = try #require(
      verifyInvariants(of: effect, on: Self.chain, over: [.named("content-shrinks")]))
    #expect(none.hasPrefix("titles: no gesture to run on the chain"), "\(none)")
  }
}
