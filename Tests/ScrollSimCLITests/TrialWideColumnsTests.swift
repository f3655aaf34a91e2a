import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// Trial finding 4: frame table columns past 1000 s.
@Suite struct TrialWideColumnsTests {
  /// Finding 4: at 1 Hz frame 1000 is at 1000 s; its frame and time columns stay apart.
  @Test func frameTableColumnsStayApartPast1000Seconds() throws {
    let dir = try trialFolder("long")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let trace = dir + "/long.jsonl"
    let header = DenseTrace.make(gestures: 0).text
    try
      (header + #"{"t":0,"type":"down","x":200,"y":500}"# + "\n"
      + #"{"t":1000.5,"type":"up","x":200,"y":500}"# + "\n")
      .write(toFile: trace, atomically: true, encoding: .utf8)
    let r = scrollsim(["replay", trace, "--hz", "1"])
    #expect(r.status == 0)
    let row = r.out.split(separator: "\n").first { $0.hasPrefix("  1000 ") }
    #expect(row?.hasPrefix("  1000 1000.0000 ") == true, "\(row ?? "")")
  }
}
