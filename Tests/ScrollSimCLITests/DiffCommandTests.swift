import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

@Suite(.serialized)
struct DiffCommandTests {
  /// `scrollsim command arguments…` in process (``scrollsim(_:)``).
  static func run(_ command: String, _ arguments: [String]) -> (
    status: Int32, output: String, errors: String
  ) {
    let result = scrollsim([command] + arguments)
    return (result.status, result.out, result.err)
  }

  static func temporary(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "diff-\(UUID().uuidString)-\(name)"
    ).path
  }

  /// Replays a bundled trace to a frame file and returns its path.
  static func frames(_ trace: String, _ options: [String] = [], as name: String = "f.jsonl")
    -> String
  {
    let path = temporary(name)
    let result = run(
      "replay",
      [Repository.path("traces/swipe-shield/\(trace)"), "--summary-only", "--out", path]
        + options)
    #expect(result.status == 0, "\(result.errors)")
    return path
  }

  /// `--effect NAME` compares one effect's outputs and events between a single-effect run
  /// and a group run (either side), and says when a file has none of them.
  @Test func oneEffectOfAGroupAgainstItsGolden() {
    let group = Self.frames("gesture-02.jsonl", ["--effect", "all"], as: "g.jsonl")
    let music = Self.frames("gesture-02.jsonl", ["--effect", "apple-music"], as: "m.jsonl")
    defer { for path in [group, music] { try? FileManager.default.removeItem(atPath: path) } }
    #expect(Self.run("diff", [group, music]).status == 1)
    let matched = Self.run("diff", [music, group, "--effect", "apple-music"])
    #expect(matched.status == 0, "\(matched.output)")
    #expect(matched.output.contains("match: 382 frames, 5 outputs"))
    // A CSV frame file does not name its effect: its outputs are taken as the effect's.
    let csv = Self.frames("gesture-02.jsonl", ["--effect", "apple-music"], as: "m.csv")
    defer { try? FileManager.default.removeItem(atPath: csv) }
    #expect(Self.run("diff", [group, csv, "--effect", "apple-music"]).status == 0)
    let tv = Self.run("diff", [group, music, "--effect", "apple-tv-bar"])
    #expect(tv.status == 64)
    #expect(
      tv.errors.contains(
        "\(music) has no outputs of apple-tv-bar (it was replayed with apple-music"))
  }

  /// Two groups of the same effects in another order compare by output name; unequal names
  /// that come from a group suggest --effect.
  @Test func groupsInAnotherOrderCompareByName() {
    let ab = Self.frames(
      "gesture-02.jsonl", ["--effect", "apple-music,apple-tv-bar"], as: "ab.jsonl")
    let ba = Self.frames(
      "gesture-02.jsonl", ["--effect", "apple-tv-bar,apple-music"], as: "ba.csv")
    let a = Self.frames("gesture-02.jsonl", ["--effect", "apple-music"], as: "a.jsonl")
    defer { for path in [ab, ba, a] { try? FileManager.default.removeItem(atPath: path) } }
    let reordered = Self.run("diff", [ab, ba])
    #expect(reordered.status == 0, "\(reordered.output)")
    #expect(reordered.output.contains("match: 382 frames, 10 outputs"))
    let mismatch = Self.run("diff", [ab, a])
    #expect(mismatch.status == 1)
    #expect(
      mismatch.output.contains(
        "(to compare one effect of a group run with its own run: --effect NAME)"))
  }

  @Test func identicalRunsMatchAcrossFormats() {
    let jsonl = Self.frames("gesture-05.jsonl")
    let csv = Self.frames("gesture-05.jsonl", as: "f.csv")
    defer { for path in [jsonl, csv] { try? FileManager.default.removeItem(atPath: path) } }
    let result = Self.run("diff", [jsonl, csv])
    #expect(result.status == 0)
    #expect(result.output.contains("match: 130 frames, 5 outputs"))
  }

  @Test func aDifferenceExitsOneAndShowsTheFirstFrames() throws {
    let normal = Self.frames("gesture-12.jsonl", ["--effect", "title-card"])
    let fast = Self.frames("gesture-12.jsonl", ["--effect", "title-card", "--rate", "fast"])
    defer { for path in [normal, fast] { try? FileManager.default.removeItem(atPath: path) } }
    let result = Self.run(
      "diff",
      [normal, fast, "--max-frames", "2", "--tolerance", "offset=0.5", "--ignore", "velocity"])
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n")
    #expect(lines[0].contains("frame") && lines[0].contains("tolerance"))
    // Frame 11: the deceleration rates first separate the outputs; offset stays within 0.5 pt.
    #expect(lines[1].hasPrefix("    11   0.0917  titleCard.inlineTitleOpacity"))
    #expect(lines.contains { $0.hasPrefix("    12   0.1000  offset") && $0.hasSuffix("0.5") })
    #expect(!result.output.contains("velocity  "))
    #expect(result.output.contains("has more frames (from frame 81"))
  }

  /// One output of one frame moved by 1e-6: exact comparison fails on that field only; a
  /// tolerance of 1e-5 for that output, or as the default, accepts it; 1e-7 does not.
  @Test func toleranceDecidesPerOutput() throws {
    let original = Self.frames("gesture-05.jsonl", as: "f.csv")
    defer { try? FileManager.default.removeItem(atPath: original) }
    var rows = try String(contentsOfFile: original, encoding: .utf8).split(separator: "\n").map(
      String.init)
    var cells = rows[40].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let column = try #require(rows[0].split(separator: ",").firstIndex(of: "header.imageHeight"))
    cells[column] = String(try #require(Double(cells[column])) + 1e-6)
    rows[40] = cells.joined(separator: ",")
    let moved = Self.temporary("moved.csv")
    defer { try? FileManager.default.removeItem(atPath: moved) }
    try (rows.joined(separator: "\n") + "\n").write(
      toFile: moved, atomically: true, encoding: .utf8)

    let exact = Self.run("diff", [original, moved])
    #expect(exact.status == 1)
    #expect(exact.output.contains("1 of 130 frames differ (first at frame 39, t = 0.3250 s"))
    #expect(exact.output.split(separator: "\n")[1].contains("header.imageHeight"))
    #expect(
      Self.run("diff", [original, moved, "--tolerance", "header.imageHeight=1e-5"]).status == 0)
    #expect(Self.run("diff", [original, moved, "--tolerance", "1e-5"]).status == 0)
    #expect(
      Self.run("diff", [original, moved, "--tolerance", "header.imageHeight=1e-7"]).status == 1)
    #expect(Self.run("diff", [original, moved, "--tolerance", "offset=1e-5"]).status == 1)
  }

  @Test(arguments: [
    (["a"], 64, "needs two frame files"),
    (["a", "b", "--tolerance", "x=-1"], 64, "--tolerance x=-1"),
    (["a", "b", "--max-frames", "0"], 64, "--max-frames 0"),
    (["/no/a.jsonl", "/no/b.jsonl"], 74, "no such file"),
  ])
  func usageAndIOErrors(arguments: [String], status: Int32, message: String) {
    let result = Self.run("diff", arguments)
    #expect(result.status == status)
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  @Test func aMalformedFrameNamesFileLineAndField() throws {
    let good = Self.frames("gesture-05.jsonl")
    defer { try? FileManager.default.removeItem(atPath: good) }
    var lines = try String(contentsOfFile: good, encoding: .utf8).split(separator: "\n").map(
      String.init)
    lines[3] = lines[3].replacingOccurrences(of: #""offset":"#, with: #""offset":"x","was":"#)
    let bad = Self.temporary("bad.jsonl")
    defer { try? FileManager.default.removeItem(atPath: bad) }
    try (lines.joined(separator: "\n") + "\n").write(toFile: bad, atomically: true, encoding: .utf8)
    let result = Self.run("diff", [good, bad])
    #expect(result.status == 65)
    #expect(result.errors.contains("\(bad):4: error: offset:"), "\(result.errors)")
  }
}
