import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// Trial finding 5: CSV quoting of the many-trace table.
@Suite struct TrialCSVQuotingTests {
  /// Finding 5: the many-trace CSV quotes a path holding a double quote (doubled) as it quotes
  /// one holding a comma (RFC 4180).
  @Test func manyTraceCSVQuotesPaths() throws {
    let dir = try trialFolder("csv")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try DenseTrace.write(gestures: 1, to: dir + #"/q"uote.jsonl"#)
    try DenseTrace.write(gestures: 1, to: dir + "/a,b.jsonl")
    let r = scrollsim(["replay", dir, "--format", "csv"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix("\"\(dir)/a,b.jsonl\",ios,"))
    #expect(lines[2].hasPrefix("\"\(dir)/q\"\"uote.jsonl\",ios,"))
  }
}
