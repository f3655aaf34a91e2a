import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollRuntime
@testable import ScrollSimCLI
@testable import ScrollSimCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `--junit`, `--json` and `--annotations github` of `check`, `diff` and `replay --realtime
/// --max-hitch-ratio`: the files parse back with their cases, the annotations point at the spec,
/// trace or frame file line.
@Suite(.serialized)
struct CIOutputTests {
  static func temporary(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "ci-\(UUID().uuidString)-\(name)"
    ).path
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  /// The article's Apple Music header (opacities unclamped) on one gesture and device: one
  /// case failed with its range violations; each annotation names the spec line declaring the
  /// output (`"name": "header.overlayOpacity"` is on line 11).
  @Test func checkWritesJUnitJSONAndAnnotations() throws {
    let spec = Repository.path("effects/seeds-original/apple-music.json")
    let junit = Self.temporary("check.xml")
    let json = Self.temporary("check.json")
    defer { for path in [junit, json] { try? FileManager.default.removeItem(atPath: path) } }
    let result = scrollsim([
      "check", spec, "--gesture", "fling-3000", "--device", "small-phone", "--junit", junit,
      "--json", json, "--annotations", "github",
    ])
    #expect(result.status == 1, "\(result.err)")
    let annotations = result.out.split(separator: "\n").filter { $0.hasPrefix("::") }
    let specLines = try Self.read(spec).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(specLines[10].contains(#""name": "header.overlayOpacity""#))
    let title =
      "::error file=\(spec),line=11,title=scrollsim check%3A range header.overlayOpacity::"
    let message: String =
      "range header.overlayOpacity: 922 frames in 1 run; first: fling-3000 on small-phone, "
      + "frame 30 (t 0.2500 s, offset 419.739 pt): value 1.0493467207619696, expected a value "
      + "in 0 … 1; "
      + "reproduce: scrollsim check \(spec) --gesture fling-3000 --device small-phone"
    #expect(annotations.first.map(String.init) == title + message)
    for annotation in annotations {
      #expect(annotation.hasPrefix("::error file=\(spec),line="))
    }
    let root = try JSONReader.parse(Self.read(json))
    #expect(root["tests"]?.number == 2)
    #expect(root["failures"]?.number == 1)
    let cases = try #require(root["cases"]?.elements)
    #expect(cases.map { $0["name"]?.string } == ["fling-3000 on small-phone", "whole matrix"])
    #expect(cases.map { $0["status"]?.string } == ["failed", "passed"])
    #expect(
      cases[0]["failures"]?.elements?.first?["message"]?.string
        == "range header.overlayOpacity: 922 frames")
    #if canImport(FoundationXML) || os(macOS)
      let document = try XMLDocument(xmlString: Self.read(junit), options: [])
      let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
      #expect(suite.attribute(forName: "tests")?.stringValue == "2")
      let failure = try #require(
        suite.elements(forName: "testcase").first?.elements(forName: "failure").first)
      #expect(failure.attribute(forName: "type")?.stringValue == "range")
      #expect(
        failure.stringValue?.contains(
          "reproduce: scrollsim check \(spec) --gesture fling-3000 --device small-phone") == true)
    #endif
  }

  /// A rejected spec under `--annotations github` is marked on its line (the step fails with
  /// 65 either way, and standard error has the compiler-style line).
  @Test func aRejectedSpecIsAnnotatedOnItsLine() throws {
    let spec = Self.temporary("bad.json")
    defer { try? FileManager.default.removeItem(atPath: spec) }
    try """
    {"version": 1, "name": "bad",
     "timelines": [{"name": "p", "type": "scroll", "start": 0, "end": 100}],
     "outputs": [{"name": "o", "unit": "fraction", "range": [0, 1], "timeline": "q"}]}

    """.write(toFile: spec, atomically: true, encoding: .utf8)
    let r = scrollsim(["check", spec, "--annotations", "github"])
    #expect(r.status == 65)
    #expect(
      r.out
        == "::error file=\(spec),line=3,col=77,title=scrollsim check%3A invalid spec::"
        + "$.outputs[0].timeline: unknown timeline 'q': expected one of p\n")
    #expect(r.err.hasPrefix("\(spec):3:"), "\(r.err)")
  }

  /// A report that cannot be written fails before the run (74, nothing on standard output, no
  /// file left), for `check`, `check --traces` and `diff` alike, not after a whole matrix.
  @Test(arguments: ["--junit", "--json"])
  func anUnwritableReportFailsBeforeTheRun(option: String) throws {
    let missing = Self.temporary("no-such-folder") + "/report.out"
    let frames = DiffCommandTests.frames("gesture-02.jsonl")
    defer { try? FileManager.default.removeItem(atPath: frames) }
    for words in [
      ["check", "apple-music"],
      [
        "check", "apple-music", "--traces", Repository.path("traces/swipe-shield/gesture-02.jsonl"),
      ],
      ["diff", frames, frames],
    ] {
      let r = scrollsim(words + [option, missing])
      #expect(r.status == 74, "\(words)")
      #expect(r.out.isEmpty, "\(words): \(r.out)")
      #expect(r.err.hasPrefix("scrollsim: error: \(missing): cannot create"), "\(r.err)")
    }
  }

  /// A quick-return bar without hysteresis flickers in the hold-still run: that run counts as
  /// a gesture (the header, `--gesture hold-still`), has its own test case per device (not
  /// "whole matrix"), and the example reads the count of direction changes as such.
  @Test func holdStillIsAGestureOfItsOwn() throws {
    let text = try Self.read(Repository.path("effects/examples/hide-on-scroll.json"))
      .replacingOccurrences(
        of: #""type": "direction", "hysteresis": 8"#, with: #""type": "direction", "hysteresis": 0"#
      )
    let spec = Self.temporary("qr0.json")
    let junit = Self.temporary("qr0.xml")
    let json = Self.temporary("qr0-report.json")
    defer { for path in [spec, junit, json] { try? FileManager.default.removeItem(atPath: path) } }
    try text.write(toFile: spec, atomically: true, encoding: .utf8)
    let alone = scrollsim([
      "check", spec, "--gesture", "hold-still", "--device", "small-phone", "--json", json,
    ])
    #expect(alone.status == 1, "\(alone.err)")
    #expect(alone.out.contains(": 1 device × 1 gesture, "))
    #expect(alone.out.contains("hold-still on small-phone, frame "))
    #expect(alone.out.contains(" pt): direction changed "))
    #expect(!alone.out.contains("): value "))
    let root = try JSONReader.parse(Self.read(json))
    let cases = try #require(root["cases"]?.elements)
    #expect(cases.map { $0["name"]?.string } == ["hold-still on small-phone", "whole matrix"])
    #expect(cases.map { $0["status"]?.string } == ["failed", "passed"])

    let whole = scrollsim(["check", spec, "--junit", junit])
    #expect(whole.status == 1, "\(whole.err)")
    #expect(whole.out.contains(": 5 devices × 10 gestures, "))
    let xml = try Self.read(junit)
    #expect(xml.contains(#"tests="51""#))
    for device in ["small-phone", "large-phone", "landscape", "large-safe-areas", "short-content"] {
      #expect(xml.contains(#"<testcase name="hold-still on \#(device)""#))
    }
    let wholeMatrix = try #require(xml.range(of: #"<testcase name="whole matrix""#))
    #expect(!xml[wholeMatrix.lowerBound...].contains("<failure"))
  }

  /// A preset that passes: every case passed, no annotation, the report is still written.
  @Test func checkOfAPassingPresetOverTraces() throws {
    let junit = Self.temporary("pass.xml")
    defer { try? FileManager.default.removeItem(atPath: junit) }
    let traces = [2, 5].map { Repository.path("traces/swipe-shield/gesture-0\($0).jsonl") }
    let list = Self.temporary("list.txt")
    try traces.joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: list) }
    let result = scrollsim([
      "check", "apple-music", "--traces", list, "--jobs", "1", "--junit", junit, "--annotations",
      "github",
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(!result.out.contains("::"))
    let xml = try Self.read(junit)
    for trace in traces {
      #expect(
        xml.contains(#"<testcase name="\#(trace)" classname="scrollsim.check.apple-music"/>"#))
    }
    #expect(xml.contains(#"tests="2" failures="0" errors="0" skipped="0""#))
  }

  /// Over a trace, the annotation points at the trace's line holding the last event at or
  /// before the first finding's frame: the fling after the lift of gesture-02 (its `up`, line
  /// 15, at 0.0999 s; the first range violation is at 0.175 s).
  @Test func checkOverATracePointsAtTheTraceLine() throws {
    let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")
    let result = scrollsim([
      "check", Repository.path("effects/seeds-original/apple-music.json"), "--traces", trace,
      "--annotations", "github",
    ])
    #expect(result.status == 1)
    let first = try #require(result.out.split(separator: "\n").first { $0.hasPrefix("::") })
    #expect(first.hasPrefix("::error file=\(trace),line=15,title=scrollsim check%3A range "))
    #expect(first.contains("frame 21 (t 0.1750 s"))
    let lines = try Self.read(trace).split(separator: "\n")
    #expect(lines[14].contains(#""type":"up""#))
  }

  /// Two replays of one trace through different physics: the annotation points at b's line of
  /// the first differing frame (frame n is on line n + 2).
  @Test func diffPointsAtTheFirstDifferingFrameLine() throws {
    let a = DiffCommandTests.frames("gesture-02.jsonl", ["--effect", "apple-music"], as: "a.jsonl")
    let b = DiffCommandTests.frames(
      "gesture-02.jsonl", ["--effect", "apple-music", "--profile", "flutter"], as: "b.jsonl")
    let junit = Self.temporary("diff.xml")
    defer { for path in [a, b, junit] { try? FileManager.default.removeItem(atPath: path) } }
    let result = scrollsim(["diff", a, b, "--junit", junit, "--annotations", "github"])
    #expect(result.status == 1)
    let summary = try #require(result.out.split(separator: "\n").first { $0.hasPrefix("\(a) vs") })
    let frame = try #require(
      summary.firstRange(of: "first at frame ").map {
        summary[$0.upperBound...].prefix { $0.isNumber }
      }
    )
    let annotation = try #require(result.out.split(separator: "\n").first { $0.hasPrefix("::") })
    #expect(
      annotation.hasPrefix(
        "::error file=\(b),line=\(Int(frame)! + 2),title=scrollsim diff%3A \(b) differs from \(a)::"
      ))
    #expect(annotation.hasSuffix(String(summary.dropFirst("\(a) vs \(b): ".count).dropLast())))
    #expect(summary.contains("\(a) has more frames"))
    let xml = try Self.read(junit)
    #expect(xml.contains(#"failures="1""#))
    #expect(xml.contains(#"type="difference""#))
    // Identical files: a passed case, no annotation.
    let same = scrollsim(["diff", a, a, "--junit", junit, "--annotations", "github"])
    #expect(same.status == 0)
    #expect(!same.out.contains("::"))
    #expect(try Self.read(junit).contains(#"failures="0""#))
  }

  /// The pacing check's results from a measured pacing (no wall clock in the test): a failure
  /// above the bound, with the pacing sentence; a pass below it.
  @Test func pacingResults() throws {
    let schedule = FrameSchedule(refreshRate: 60)
    // Frame 3 presented 50 ms late: one hitch.
    let timings = (0..<60).map { n in
      let deadline = UInt64(n) * 16_666_667
      let late: UInt64 = n == 3 ? 50_000_000 : 100_000
      return FrameTiming(
        index: n, deadline: deadline, start: deadline + late, end: deadline + late + 500_000)
    }
    let pacing = FramePacing(timings: timings, schedule: schedule)
    #expect(pacing.hitchTimeRatio > 5)
    let (failed, annotations) = ReplayCommand.pacingResults(
      trace: "t.jsonl", effect: "apple-music", pacing: pacing, bound: 5, duration: 1)
    #expect(failed.failureCount == 1)
    #expect(failed.cases[0].failures[0].type == "hitch-ratio")
    #expect(
      annotations.map(\.command).first?.hasPrefix(
        "::error file=t.jsonl,title=scrollsim replay%3A pacing::hitch time ratio "
          + "\(Number.fixed(pacing.hitchTimeRatio, 2)) ms/s exceeds --max-hitch-ratio 5 ms/s. Pacing: "
      ) == true)
    let (passed, none) = ReplayCommand.pacingResults(
      trace: "t.jsonl", effect: "apple-music", pacing: pacing, bound: 1000, duration: 1)
    #expect(passed.failureCount == 0 && none.isEmpty)
  }

  @Test func optionsAreCheckedBeforeRunning() {
    let replay = scrollsim([
      "replay", Repository.path("traces/swipe-shield/gesture-02.jsonl"), "--junit", "x.xml",
    ])
    #expect(replay.status == 64)
    #expect(replay.err.contains("give --realtime --max-hitch-ratio X"))
    let style = scrollsim(["check", "apple-music", "--annotations", "gitlab"])
    #expect(style.status == 64)
    #expect(style.err.contains("--annotations gitlab: expected github or none"))
  }
}

/// `check --timing` in a debug build says its timings are misleading (the tests are a debug
/// build unless built with `-c release`).
struct CheckTimingBuildTests {
  @Test func debugBuildIsSaid() throws {
    let effect = try CheckCommand.load("logo-follow").effect
    let text = CheckCommand.timing(effect)
    #if DEBUG
      #expect(CheckCommand.isDebugBuild)
      #expect(text.hasSuffix(CheckCommand.debugBuildNote))
      #expect(text.contains("This is a debug build (no optimisation): timings are misleading"))
    #else
      #expect(!CheckCommand.isDebugBuild)
      #expect(!text.contains("debug build"))
    #endif
  }
}
