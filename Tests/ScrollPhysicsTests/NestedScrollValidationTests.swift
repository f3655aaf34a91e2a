import ScrollPhysics
import Testing

/// The Swift API refuses what a chain trace refuses, and scrolls programmatically as the one-axis
/// ``ScrollSimulator`` does.
@Suite struct NestedScrollValidationTests {
  static let chain = NestedScrollChain(
    viewportHeight: 852, headers: [NestedScrollHeader(expandedHeight: 350, collapsedHeight: 120)],
    contentHeight: 4000, rule: .compose)

  /// No header: refused naming `headers`, as a trace's empty `nested.headers`.
  @Test func aChainWithoutHeadersIsRefused() throws {
    let empty = NestedScrollChain(viewportHeight: 852, headers: [], contentHeight: 4000)
    let error = try #require(throws: PhysicsError.self) {
      _ = try NestedScrollSimulator(chain: empty)
    }
    guard case .invalidParameter(let name, _, _) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(name == "headers")
    #expect(throws: PhysicsError.self) { try empty.validate() }
  }

  /// `scrollTo` as ``ScrollSimulator/scrollTo(offset:animated:at:)`` under every rule: beyond
  /// ±1e7 points or not finite it throws naming `offset`; in that span it is clamped to
  /// `0 … combinedGeometry.maxOffset` (350 − 120 + 4000 − 732 = 3498 pt).
  @Test(arguments: NestedScrollRule.allCases)
  func scrollToMatchesTheOneAxisSimulator(rule: NestedScrollRule) throws {
    var chain = Self.chain
    chain.rule = rule
    var one = try ScrollSimulator(geometry: chain.combinedGeometry)
    var nested = try NestedScrollSimulator(chain: chain)
    for bad in [1e9, -1e9, .infinity, .nan] {
      #expect(throws: PhysicsError.self) { try one.scrollTo(offset: bad, animated: true, at: 0) }
      let error = try #require(throws: PhysicsError.self) {
        try nested.scrollTo(combinedOffset: bad, animated: true, at: 0)
      }
      guard case .invalidParameter(let name, _, _) = error else {
        Issue.record("unexpected \(error)")
        continue
      }
      #expect(name == "offset")
    }
    try nested.scrollTo(combinedOffset: 5000, animated: false, at: 0)
    try one.scrollTo(offset: 5000, animated: false, at: 0)
    #expect(chain.combinedGeometry.maxOffset == 3498)
    #expect(nested.state(at: 0).combined.offset == 3498)
    #expect(one.state(at: 0).offset == 3498)
  }
}
