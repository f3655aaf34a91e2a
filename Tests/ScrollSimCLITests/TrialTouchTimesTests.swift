import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// Trial finding 2: the touch table's input times when a lift and the next finger-down share a frame.
@Suite struct TrialTouchTimesTests {
  /// Finding 2: at 120 Hz a lift and the next finger-down share a frame (ups 0.404167, 1.629167;
  /// downs 0.408333, 1.225000): the table shows the trace's own times, as at 1000 Hz.
  @Test(arguments: [120, 1000])
  func touchTableTimesAreTheTracesOwn(hz: Int) throws {
    let dir = try trialFolder("small")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let trace = dir + "/small.jsonl"
    try DenseTrace.write(gestures: 13, to: trace)
    let r = scrollsim(["replay", trace, "--summary-only", "--hz", String(hz)])
    #expect(r.status == 0)
    let rows = r.out.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
      .filter { $0.count >= 3 && Int($0[0]) != nil }
    #expect(rows.count == 13)
    #expect(
      rows.prefix(4).map { [$0[1], $0[2]] } == [
        ["0.000", "0.404"], ["0.408", "0.812"], ["0.817", "1.221"], ["1.225", "1.629"],
      ])
    #expect(!rows.contains { $0[1] == "–" })
  }
}
