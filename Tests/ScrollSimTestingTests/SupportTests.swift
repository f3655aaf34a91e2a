import Foundation
import ScrollSimTesting
import ScrollTrace
import Testing
import XCTest

@Suite struct ReplayTraceTests {
  @Test func bundledTracesAreTheRepositorysFiles() throws {
    let names = ReplayTrace.bundledTraces.map(\.name)
    #expect(names.count == 34)
    #expect(names.first == "swipe-shield/gesture-01")
    #expect(names.last == "swipe-shield/session")
    // The resource and `traces/swipe-shield` (a symlink into the target) are one file.
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let fromRepository = try Trace.load(
      path: repository.appendingPathComponent("traces/swipe-shield/gesture-05.jsonl").path)
    #expect(try ReplayTrace.bundled("swipe-shield/gesture-05.jsonl").load() == fromRepository)
  }

  @Test func unknownBundledNameSuggestsTheClosest() {
    #expect {
      _ = try ReplayTrace.bundled("swipe-shield/gesture-5").load()
    } throws: { error in
      "\(error)".contains("not a bundled trace")
        && "\(error)".contains("did you mean 'swipe-shield/gesture-05'?")
    }
  }
}

@Suite(.scrollSim(record: .missing, refreshRate: 60))
struct TraitTests {
  @Test func traitSetsTheScope() {
    #expect(ScrollSimTestingConfiguration.current?.record == .missing)
    #expect(ScrollSimTestingConfiguration.current?.refreshRate == 60)
  }

  @Test(.scrollSim(record: .never)) func innerTraitWinsAndInheritsTheRest() throws {
    #expect(ScrollSimTestingConfiguration.current?.record == .never)
    #expect(ScrollSimTestingConfiguration.current?.refreshRate == 60)
    let run = try ScrollRun(of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-02"))
    #expect(run.refreshRate == 60)
    // An argument beats the scope.
    let fast = try ScrollRun(
      of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-02"), refreshRate: 120)
    #expect(fast.refreshRate == 120)
  }
}

@Suite struct CostReportTests {
  @Test func reportsPercentilesAgainstThePhysicsInTheSameRun() throws {
    let report = try costReport(of: FixedProfileHeader(), repetitions: 2)
    #expect(report.frames == 382)
    #expect(report.physics.count == 764)
    #expect(report.physicsAndEffect.count == 764)
    #expect(report.effectOnly.count == 764)
    #expect(report.mallocCountTotal == nil)
    let json = report.json
    for key in [
      #""wallClock":{"p50":"#, #""p90":"#, #""p99":"#, #""mallocCountTotal":null"#,
      #""instructions":null"#, #""physics":{"#, #""physicsAndEffect":{"#, #""unit":"ns/frame""#,
    ] {
      #expect(json.contains(key), "\(key) in \(json)")
    }
    #expect(
      report.table.hasPrefix(
        "Cost of FixedProfileHeader over swipe-shield/gesture-02 at 120 Hz (382 frames × 2):"))
  }
}

/// The XCTest route: the same checks inside an `XCTestCase`, configured by `invokeTest`.
final class XCTestRouteTests: XCTestCase {
  override func invokeTest() {
    withScrollSimTesting(refreshRate: 60) { super.invokeTest() }
  }

  func testChecksRunUnderXCTest() throws {
    let run = try ScrollRun(of: FixedProfileHeader(), trace: .bundled("swipe-shield/gesture-02"))
    XCTAssertEqual(run.refreshRate, 60)
    expectValue(of: "header.height", in: run, at: .offset(0), equals: 350)
    expectInvariants(
      of: FixedProfileHeader(), over: [.named("pull-down-top")], devices: [.named("landscape")])
    XCTAssertNotNil(verifyInvariants(of: ArticleProfileHeader(), over: [.named("pull-down-top")]))
  }
}
