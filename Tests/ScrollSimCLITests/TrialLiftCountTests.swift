import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// Trial finding 1: the many-trace row's lifts and fastest lift.
@Suite struct TrialLiftCountTests {
  /// Finding 1: a trace of 62 lifts (more than the 40 listed one by one) gives its row 62 lifts
  /// and the total "62 lifts", as the one-trace summary; the row's fastest lift is the one the
  /// one-trace summary names, signed (-120.1, the first of equal speeds).
  @Test func manyTraceRowCountsEveryLift() throws {
    let dir = try trialFolder("lifts")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let trace = dir + "/l50.jsonl"
    try DenseTrace.write(gestures: 62, to: trace)
    let one = scrollsim(["replay", trace, "--summary-only"])
    #expect(one.status == 0)
    #expect(one.out.contains(". 62 lifts (table below); fastest fling -120.1 pt/s at "))
    let json = scrollsim(["replay", trace, "--summary-only", "--format", "json"])
    #expect(json.out.contains(#""releaseCount" : 62"#))
    let many = scrollsim(["replay", dir])
    #expect(many.status == 0)
    let lines = many.out.split(separator: "\n").map(String.init)
    let row = lines[1].split(separator: " ").map(String.init)
    // trace, physics, frames, time_s, lifts, fastest_lift_pt_s, …
    #expect(row[4] == "62")
    #expect(row[5] == "-120.1")
    #expect(lines[2].contains(", 62 lifts, "))
    let csv = scrollsim(["replay", dir, "--format", "csv"])
    #expect(csv.out.split(separator: "\n")[1].split(separator: ",")[4...5] == ["62", "-120.1"])
  }
}
