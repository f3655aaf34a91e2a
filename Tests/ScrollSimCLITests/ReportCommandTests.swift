import Foundation
import ScrollRuntime
import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// `scrollsim report` without a browser: what the page embeds (every frame, the geometry, the
/// trigger ranges), that it needs nothing from the network, and bad input. The page in a real
/// Chromium is tested by `Tests/ReportBrowserTests/report_browser_test.py` (CI runs it).
@Suite(.serialized)
struct ReportCommandTests {
  /// The embedded JSON of a page, parsed by the one JSON reader.
  static func data(_ page: String) throws -> JSONNode {
    let start = try #require(page.range(of: #"<script type="application/json" id="report-data">"#))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    return try JSONReader.parse(page[start.upperBound..<end.lowerBound].utf8)
  }

  static func numbers(_ node: JSONNode?) -> [Double] {
    (node?.elements ?? []).compactMap(\.number)
  }

  /// Every frame of the file, exactly; the trace's geometry; apple-music's ranges as
  /// effects/apple-music.json declares them (darken over 0…400 pt, titlePinned from 301 pt with
  /// 4 pt of hysteresis, effects.md §1: H − barHeightTotal = 400 − 99); the event.
  @Test func embedsEveryFrameTheGeometryAndThePresetsRanges() throws {
    let frames = DiffCommandTests.frames("gesture-02.jsonl")
    let page = DiffCommandTests.temporary("r.html")
    defer { for path in [frames, page] { try? FileManager.default.removeItem(atPath: path) } }
    let result = DiffCommandTests.run("report", [frames, "--out", page])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output
        == "Wrote \(page): 382 frames over 3.175 s, 5 outputs, 2 trigger ranges, 1 threshold event, 9 scroll view events.\n"
    )
    #expect(result.errors.isEmpty)
    let text = try String(contentsOfFile: page, encoding: .utf8)
    #expect(text.hasPrefix("<!DOCTYPE html>") && text.hasSuffix("</html>\n"))
    let data = try Self.data(text)

    let reader = try FrameFileReader(path: frames)
    var records: [FrameRecord] = []
    while let record = try reader.next() { records.append(record) }
    #expect(Self.numbers(data["frames"]?["t"]) == records.map(\.time))
    #expect(Self.numbers(data["frames"]?["offset"]) == records.map(\.offset))
    #expect(Self.numbers(data["frames"]?["velocity"]) == records.map(\.velocity))
    let values = data["frames"]?["values"]?.elements ?? []
    #expect(values.count == 5)
    for (k, column) in values.enumerated() {
      #expect(Self.numbers(column) == records.map { $0.values[k] }, "output \(k)")
    }
    let phases = (data["phases"]?.elements ?? []).compactMap(\.string)
    #expect(
      Self.numbers(data["frames"]?["phase"]).map { phases[Int($0)] } == records.map(\.phase))

    let scene = try #require(data["scene"])
    #expect(scene["viewportHeight"]?.number == 914.2857142857143)
    #expect(scene["contentHeight"]?.number == 8000)
    #expect(scene["maxOffset"]?.number == 8000 - 914.2857142857143)

    let markers = data["markers"]?.elements ?? []
    #expect(markers.count == 2)
    #expect(markers.first?["label"]?.string == "darken")
    #expect(markers.first?["start"]?.number == 0 && markers.first?["end"]?.number == 400)
    #expect(
      (markers.first?["outputs"]?.elements ?? []).compactMap(\.string) == [
        "header.overlayOpacity"
      ])
    #expect(markers.last?["label"]?.string == "titlePinned")
    #expect(markers.last?["kind"]?.string == "trigger")
    #expect(markers.last?["start"]?.number == 301 && markers.last?["hysteresis"]?.number == 4)
    #expect(markers.last?["end"]?.value == .null)

    let all = data["events"]?.elements ?? []
    let events = all.filter { $0["kind"]?.string != "scrollView" }
    #expect(events.count == 1)
    // gesture-02 is one fling: four phase changes and five UIKit callbacks (docs/delegate-events.md).
    let callbacks = all.compactMap { $0["kind"]?.string == "scrollView" ? $0["name"]?.string : nil }
    #expect(
      callbacks == [
        "onScrollPhaseChange", "scrollViewWillBeginDragging", "onScrollPhaseChange",
        "scrollViewWillEndDragging", "scrollViewDidEndDragging", "scrollViewWillBeginDecelerating",
        "onScrollPhaseChange", "scrollViewDidEndDecelerating", "onScrollPhaseChange",
      ])
    let eventFrame = try #require(records.firstIndex { !$0.events.isEmpty })
    #expect(events.first?["name"]?.string == "titlePinned:enter")
    #expect(events.first?["frame"]?.number == Double(eventFrame))
    #expect(events.first?["t"]?.number == records[eventFrame].time)
  }

  /// Nothing from the network: no element loads anything (no src, href or CSS url), no
  /// address; the data cannot end its script element early, and the title is escaped.
  @Test func theFileIsSelfContainedAndEscaped() throws {
    let frames = DiffCommandTests.frames(
      "gesture-05.jsonl", ["--effect", "apple-music,title-card"])
    let out = DiffCommandTests.temporary("e.html")
    defer { for path in [frames, out] { try? FileManager.default.removeItem(atPath: path) } }
    let title = "</script><img src=x> & \"quoted\""
    let result = DiffCommandTests.run("report", [frames, "--out", out, "--title", title])
    #expect(result.status == 0, "\(result.errors)")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    // (The title's own "src=x" is text, escaped; the rest of the page must load nothing.)
    let page = text.replacingOccurrences(of: "img src=x", with: "")
    for forbidden in ["src=", "href=", "url(", "@import", "http:", "https:", "<link", "<iframe"] {
      #expect(!page.contains(forbidden), "\(forbidden)")
    }
    #expect(text.components(separatedBy: "</script>").count - 1 == 3)
    #expect(text.contains("<title>&lt;/script&gt;&lt;img src=x&gt; &amp; &quot;quoted&quot;"))
    #expect(try Self.data(text)["title"]?.string == title)
    // A group of presets: each member's ranges, named by member.
    let labels = (try Self.data(text)["markers"]?.elements ?? []).compactMap { $0["label"]?.string }
    #expect(labels == ["apple-music/darken", "apple-music/titlePinned", "title-card/title"])
  }

  /// A user's spec: without `--effects` the page has no ranges and says why; with it, the
  /// spec's ranges (effects/examples/stretchy-profile.json).
  @Test func aUserSpecGetsItsRangesFromEffects() throws {
    let spec = Repository.path("effects/examples/stretchy-profile.json")
    let frames = DiffCommandTests.frames("gesture-05.jsonl", ["--effects", spec])
    let page = DiffCommandTests.temporary("u.html")
    defer { for path in [frames, page] { try? FileManager.default.removeItem(atPath: path) } }
    let bare = DiffCommandTests.run("report", [frames, "--out", page])
    #expect(bare.status == 0)
    #expect(bare.output.contains("0 trigger ranges"))
    #expect(
      bare.errors.contains(
        "scrollsim: note: no trigger ranges: the effect 'stretchy-profile' is not a preset"))
    let ranged = DiffCommandTests.run("report", [frames, "--out", page, "--effects", spec])
    #expect(ranged.status == 0, "\(ranged.errors)")
    #expect(ranged.errors.isEmpty)
    let markers = try Self.data(String(contentsOfFile: page, encoding: .utf8))["markers"]
    #expect((markers?.elements ?? []).count == 4)
  }

  /// A frame file whose trace cannot be found: the page is written without edges, a note
  /// says why; geometry-free ranges stay. `--trace` names it; a missing `--trace` exits 74.
  @Test func theGeometryComesFromTheTraceOrTrace() throws {
    let frames = DiffCommandTests.frames("gesture-02.jsonl")
    let moved = DiffCommandTests.temporary("moved.jsonl")
    let page = DiffCommandTests.temporary("g.html")
    defer {
      for path in [frames, moved, page] { try? FileManager.default.removeItem(atPath: path) }
    }
    var lines = try String(contentsOfFile: frames, encoding: .utf8).components(separatedBy: "\n")
    let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")
    lines[0] = lines[0].replacingOccurrences(of: trace, with: "nowhere/gesture-02.jsonl")
    try lines.joined(separator: "\n").write(toFile: moved, atomically: true, encoding: .utf8)

    let noted = DiffCommandTests.run("report", [moved, "--out", page])
    #expect(noted.status == 0, "\(noted.errors)")
    #expect(
      noted.errors
        == "scrollsim: note: no content edges or overscroll band: the trace "
        + "nowhere/gesture-02.jsonl named by the frame file was not found; pass --trace\n")
    var data = try Self.data(String(contentsOfFile: page, encoding: .utf8))
    #expect(data["scene"]?.value == .null)
    #expect((data["markers"]?.elements ?? []).count == 2)

    let given = DiffCommandTests.run("report", [moved, "--out", page, "--trace", trace])
    #expect(given.status == 0 && given.errors.isEmpty, "\(given.errors)")
    data = try Self.data(String(contentsOfFile: page, encoding: .utf8))
    #expect(data["scene"]?["contentHeight"]?.number == 8000)

    let missing = DiffCommandTests.run(
      "report", [moved, "--out", page, "--trace", "nowhere.jsonl"])
    #expect(missing.status == 74)
    #expect(missing.errors.contains("nowhere.jsonl"))
  }

  /// Bad input: the one error line (file, line, field) and its status, and no page at all,
  /// not even a temporary file, left behind.
  @Test(arguments: [
    ("missing", 74, "no such file"),
    ("garbled", 65, ":3: error: offset: wrong type or null"),
    ("cut", 65, "no closing record"),
    ("header", 65, ":1: error: version: unsupported"),
  ])
  func badInputWritesNoPage(kind: String, status: Int32, message: String) throws {
    let folder = DiffCommandTests.temporary("bad")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let frames = DiffCommandTests.frames("gesture-05.jsonl")
    defer { try? FileManager.default.removeItem(atPath: frames) }
    var lines = try String(contentsOfFile: frames, encoding: .utf8).components(separatedBy: "\n")
    let input = folder + "/in.jsonl"
    switch kind {
    case "garbled":
      lines[2] = lines[2].replacingOccurrences(of: #""offset":"#, with: #""offset":"x","o":"#)
    case "cut": lines.removeLast(2)
    case "header":
      lines[0] = lines[0].replacingOccurrences(
        of: #""version":[0-9]+"#, with: #""version":9"#, options: .regularExpression)
    default: break
    }
    if kind != "missing" {
      try lines.joined(separator: "\n").write(toFile: input, atomically: true, encoding: .utf8)
    }
    let result = DiffCommandTests.run("report", [input, "--out", folder + "/run.html"])
    #expect(result.status == status, "\(result.errors)")
    // A located error reads as compilers write one (`file:line: error: …`), the others
    // `scrollsim: error: file: …`.
    let prefix = message.hasPrefix(":") ? input + message : "scrollsim: error: \(input)"
    #expect(result.errors.hasPrefix(prefix), "\(result.errors)")
    #expect(result.errors.lowercased().contains(message.lowercased()), "\(result.errors)")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(left.filter { $0 != "in.jsonl" }.isEmpty, "\(left)")
  }

  /// The scroll view's events (delegate callbacks) go into the page beside the threshold
  /// events, each with its own time and kind.
  @Test func scrollViewEventsAreEmbeddedWithTheirKind() throws {
    let record = FrameRecord(
      frame: 0, time: 0, offset: 0, velocity: 0, phase: "idle", values: [],
      events: ["titlePinned:enter"])
    var data = ReportData(
      title: "t", effect: "", trace: "", frameFile: "f.jsonl", refreshRate: 120, scene: nil,
      outputs: [], markers: [], notes: [], records: [record])
    data.scrollViewEvents = [
      (0, 0.0042, "scrollViewWillBeginDragging", "scrollViewWillBeginDragging@0.0042")
    ]
    let events = try JSONReader.parse(data.json.utf8)["events"]?.elements ?? []
    #expect(events.map { $0["kind"]?.string } == ["threshold", "scrollView"])
    #expect(events.last?["t"]?.number == 0.0042)
    #expect(events.last?["detail"]?.string == "scrollViewWillBeginDragging@0.0042")
  }

  @Test func usageErrors() {
    #expect(DiffCommandTests.run("report", []).status == 64)
    #expect(DiffCommandTests.run("report", ["f.jsonl"]).errors.contains("needs --out <run.html>"))
    let both = DiffCommandTests.run(
      "report", ["f.jsonl", "--out", "r.html", "--effect", "apple-music", "--effects", "x.json"])
    #expect(both.status == 64)
    let help = DiffCommandTests.run("help", ["report"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("usage: scrollsim report <frames.jsonl|frames.csv> --out"))
  }
}
