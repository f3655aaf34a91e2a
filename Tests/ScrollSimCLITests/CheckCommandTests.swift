import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

let repositoryEffects = Repository.path("effects")

@Suite struct CheckCommandTests {
  @Test(arguments: [
    "apple-music", "apple-tv-bar", "logo-follow", "title-card", "collapsible-header",
  ])
  func presetFilesPass(name: String) {
    let r = scrollsim(["check", "\(repositoryEffects)/\(name).json"])
    #expect(r.status == 0)
    #expect(r.out.contains("5 devices × 9 gestures"))
    #expect(r.out.contains("No violations"))
    #expect(!r.out.contains("FAIL"))
  }

  /// Several specs are checked as one group: a seed original's failures are reported under
  /// its prefixed names; a duplicate name is a usage error that says how to fix it.
  @Test func aListIsCheckedAsOneGroup() {
    let r = scrollsim([
      "check", "title-card,\(repositoryEffects)/seeds-original/apple-music.json", "--examples", "1",
    ])
    #expect(r.status == 1)
    #expect(r.out.contains("FAIL range apple-music-original/navBar.opacity"))
    #expect(!r.out.contains("title-card/"), "the title card has no violations")
    let all = scrollsim(["check", "all"])
    #expect(all.status == 0 && all.out.contains("No violations"))
    let twice = scrollsim(["check", "title-card,title-card"])
    #expect(twice.status == 64)
    #expect(twice.err.contains("give each spec a distinct \"name\""))
  }

  /// An error the compiler finds (not the parser) still names the file, line and column of
  /// its `$.path`: `readsPreviousFrame` on a direction timeline (line 7 of the file).
  @Test func aCompileErrorNamesItsLine() throws {
    let text = try String(
      contentsOfFile: "\(repositoryEffects)/examples/hide-on-scroll.json", encoding: .utf8)
    let bad = text.replacingOccurrences(
      of: #""type": "direction", "hysteresis": 8"#,
      with: #""type": "direction", "hysteresis": 8, "readsPreviousFrame": true"#)
    #expect(bad != text)
    let line =
      try #require(
        bad.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
          $0.contains("readsPreviousFrame")
        }) + 1
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qrp-\(UUID().uuidString).json"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try bad.write(toFile: path, atomically: true, encoding: .utf8)
    let r = scrollsim(["check", path])
    #expect(r.status == 65)
    #expect(r.err.contains("\(path):\(line):"), "\(r.err)")
    #expect(r.err.contains(": $.timelines[0].readsPreviousFrame: "), "\(r.err)")
  }

  /// Reproduce lines are shell words: a path with a space or a quote is single-quoted.
  @Test func reproduceLinesQuoteTheirPath() {
    #expect(CheckCommand.shellQuoted("effects/a.json") == "effects/a.json")
    #expect(CheckCommand.shellQuoted("my spec.json") == "'my spec.json'")
    #expect(CheckCommand.shellQuoted("it's.json") == #"'it'\''s.json'"#)
  }

  @Test func seedOriginalFailsWithReproducibleLines() {
    let r = scrollsim([
      "check", "\(repositoryEffects)/seeds-original/apple-music.json", "--examples", "1",
    ])
    #expect(r.status == 1)
    #expect(r.out.contains("FAIL range navBar.opacity"))
    #expect(r.out.contains("value 2, expected a value in 0 … 1"))
    #expect(r.out.contains("on small-phone, frame "))
  }

  @Test func printSpecOfAPresetIsTheShippedFile() throws {
    let r = scrollsim(["check", "title-card", "--print-spec"])
    #expect(r.status == 0)
    #expect(
      r.out == (try String(contentsOfFile: "\(repositoryEffects)/title-card.json", encoding: .utf8))
    )
  }

  @Test func badSpecIsADataErrorNamingThePath() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scrollsim-bad-spec.json"
    ).path
    try Data(
      #"{"version": 1, "name": "x", "outputs": [{"name": "o", "range": [0, 1], "timeline": "none"}]}"#
        .utf8
    )
    .write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = scrollsim(["check", path])
    #expect(r.status == 65)
    // The compiler's error, placed at its value in the file (line 1, byte 84: "none").
    #expect(r.err.contains("\(path):1:84: error: $.outputs[0].timeline: unknown timeline 'none'"))
    // replay --effects validates the spec the same way, before reading the trace.
    let replay = scrollsim(["replay", "missing.jsonl", "--effects", path])
    #expect(replay.status == 65)
    #expect(replay.err.contains("$.outputs[0].timeline"))
  }

  @Test func usageAndIOErrors() {
    #expect(scrollsim(["check"]).status == 64)
    #expect(scrollsim(["check", "x", "--hz", "0"]).status == 64)
    #expect(scrollsim(["check", "/nonexistent/spec.json"]).status == 74)
    let directory = scrollsim(["check", "/tmp"])
    #expect(directory.status == 74)
    #expect(directory.err == "scrollsim: error: /tmp: is a directory, not a file\n")
    #expect(scrollsim(["help", "check"]).out.contains("usage: scrollsim check"))
  }

  /// Counts are worded for what they count, with plurals, and each group says how to rerun it.
  @Test func wordingAndReproduction() throws {
    let r = scrollsim(["check", "apple-tv-bar", "--examples", "1"])
    #expect(r.out.hasPrefix("Checked apple-tv-bar (apple-tv-bar, 5 outputs) at 120 Hz: 5 devices"))
    #expect(r.out.contains("WARN chatter navBar.titleVisible: 4 boundary rests on 4 devices\n"))
    #expect(r.out.contains("): toggled 26 times, expected at most 2 toggles in 1 s"))
    let command = "scrollsim check apple-tv-bar --gesture rest-on-boundary --device small-phone"
    #expect(r.out.contains("  reproduce: \(command)\n"))
    let rerun = scrollsim(Array(command.split(separator: " ").dropFirst().map(String.init)))
    #expect(rerun.out.contains("1 device × 0 gestures"))
    #expect(rerun.out.contains("WARN chatter navBar.titleVisible: 1 boundary rest on 1 device\n"))
    #expect(rerun.status == 0 && !rerun.out.contains("unreachable"))
    let fling = scrollsim([
      "check", "\(repositoryEffects)/seeds-original/apple-music.json", "--gesture", "fling-3000",
      "--device", "landscape", "--examples", "0",
    ])
    #expect(fling.status == 1)
    #expect(fling.out.contains("1 device × 1 gesture,"))
    #expect(fling.out.contains("frames in 1 run\n"))
    #expect(scrollsim(["check", "title-card", "--device", "tablet"]).status == 64)
    #expect(scrollsim(["check", "title-card", "--gesture", "swipe"]).status == 64)
  }

  @Test func aSingleOutputAndUnreachableRangesAreWordedInTheSingular() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scrollsim-unreachable-\(UUID().uuidString).json"
    ).path
    try Data(
      (#"{"version": 1, "name": "x", "timelines": [{"name": "far", "type": "scroll", "#
        + #""start": 90000, "end": 90100}], "outputs": [{"name": "a", "unit": "fraction", "#
        + #""range": [0, 1], "timeline": "far"}]}"#).utf8
    ).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = scrollsim(["check", path])
    #expect(r.out.contains("(x, 1 output)"))
    #expect(r.out.contains("FAIL unreachable timeline far\n  its progress never lay in 0…1"))
    #expect(r.out.hasSuffix("1 violation.\n"))
  }
}

/// `scrollsim check` on an effect that reads the horizontal axis (issue 16): the gestures are
/// vertical, so it stops before any run with the error naming the spec file, the line and
/// column of the first horizontal timeline's `axis` key and the field, and exits with the
/// status of an effect failure; the same over traces.
@Suite struct CheckHorizontalEffectTests {
  @Test func aHorizontalEffectIsRejected() throws {
    let path = "\(repositoryEffects)/examples/cover-flow-carousel.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let line =
      try #require(
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
          $0.contains(#""axis": "x""#)
        }) + 1
    let r = scrollsim(["check", path])
    // 65: the spec is well formed but asks for an axis the gestures do not have.
    #expect(r.status == 65, "\(r.status) \(r.err)")
    #expect(r.err.contains("\(path):\(line):"), "\(r.err)")
    #expect(r.err.contains("$.timelines[0].axis"), "\(r.err)")
    #expect(r.err.contains("check's gestures are vertical drags and flings"), "\(r.err)")
    #expect(!r.err.contains("the physics rejected a run"), "\(r.err)")
  }

  /// `replay` of a one-axis trace with a spec that reads x stops before the first frame (65),
  /// naming the spec's line and `axis`, instead of replaying with the horizontal outputs
  /// frozen at their first keyframes.
  @Test func aHorizontalEffectOnAOneAxisReplayIsRejected() throws {
    let path = "\(repositoryEffects)/examples/cover-flow-carousel.json"
    let r = scrollsim([
      "replay", Repository.path("traces/swipe-shield/gesture-01.jsonl"), "--effects", path,
    ])
    #expect(r.status == 65, "\(r.status) \(r.err)")
    #expect(r.out.isEmpty, "\(r.out)")
    #expect(r.err.contains("\(path):"), "\(r.err)")
    #expect(r.err.contains("$.timelines[0].axis"), "\(r.err)")
    #expect(r.err.contains("scrolls only vertically"), "\(r.err)")
    let twoAxis = scrollsim([
      "replay", Repository.path("traces/examples/photo-pan.jsonl"), "--effects", path, "--format",
      "csv",
    ])
    #expect(twoAxis.status == 0, "\(twoAxis.err)")
    // Many traces: the error says which trace lacks the axis.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("scrollsim-axis-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["examples/photo-pan.jsonl", "swipe-shield/gesture-01.jsonl"] {
      try FileManager.default.copyItem(
        atPath: Repository.path("traces/\(name)"),
        toPath: "\(folder)/\(name.split(separator: "/").last!)")
    }
    let many = scrollsim(["replay", folder, "--effects", path])
    #expect(many.status == 65, "\(many.status) \(many.err)")
    #expect(many.err.contains("(replaying \(folder)/gesture-01.jsonl)"), "\(many.err)")
  }
}
