import Foundation
import ScrollSimTestSupport
import Testing

/// A chain run's range (`NestedScrollChain.combinedGeometry`'s maxOffset) wherever the CLI
/// checks or draws it. traces/examples/nested-header.jsonl: an 852 pt viewport, a 4000 pt list,
/// a 350 → 120 pt header: (350 − 120) + (4000 − (852 − 120)) = 3498 pt, where the flat
/// `contentHeight − viewportHeight` would be 3148.
@Suite(.serialized) struct NestedRangeTests {
  static let trace = Repository.path("traces/examples/nested-header.jsonl")

  /// A start offset past the flat range but inside the chain's replays; past the chain's, exit
  /// 65 naming the combined range.
  @Test func startOffsetIsCheckedAgainstTheCombinedRange() throws {
    let text = try String(contentsOfFile: Self.trace, encoding: .utf8)
    let folder = DiffCommandTests.temporary("range")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (start, status) in [(3400, Int32(0)), (3499, 65)] {
      let path = folder + "/start-\(start).jsonl"
      try text.replacingOccurrences(of: #""startOffset":0"#, with: "\"startOffset\":\(start)")
        .write(toFile: path, atomically: true, encoding: .utf8)
      let run = DiffCommandTests.run("replay", [path])
      #expect(run.status == status, "\(run.errors)")
      if status != 0 {
        #expect(
          run.errors.contains(
            "scroll.startOffset: 3499.0 is out of range; expected 0 ... 3498.0 points"),
          "\(run.errors)")
      }
    }
  }

  /// `plot` labels and hatches the chain's bottom edge; `report` embeds it. The flick from
  /// 3400 pt runs into the bottom (3498 pt), past the flat 3148 pt throughout.
  @Test func plotAndReportDrawTheCombinedEdge() throws {
    let folder = DiffCommandTests.temporary("draw")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let trace = folder + "/near-bottom.jsonl"
    try String(contentsOfFile: Self.trace, encoding: .utf8)
      .replacingOccurrences(of: #""startOffset":0"#, with: #""startOffset":3400"#)
      .write(toFile: trace, atomically: true, encoding: .utf8)
    let frames = folder + "/f.jsonl"
    let replay = DiffCommandTests.run("replay", [trace, "--out", frames])
    #expect(replay.status == 0, "\(replay.errors)")
    let plot = DiffCommandTests.run(
      "plot", [frames, "--trace", trace, "--out", folder + "/p.svg"])
    #expect(plot.status == 0, "\(plot.errors)")
    let svg = try String(contentsOfFile: folder + "/p.svg", encoding: .utf8)
    #expect(svg.contains("bottom edge (maxOffset 3498)"))
    #expect(!svg.contains("maxOffset 3148"))
    // The frames below the edge are not hatched as overscroll: one band, past 3498.
    #expect(svg.components(separatedBy: "<title>overscroll</title>").count == 2)
    let report = DiffCommandTests.run(
      "report", [frames, "--trace", trace, "--out", folder + "/r.html"])
    #expect(report.status == 0, "\(report.errors)")
    let html = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
    #expect(html.contains("\"maxOffset\":3498"))
    #expect(!html.contains("\"maxOffset\":3148"))
  }
}
