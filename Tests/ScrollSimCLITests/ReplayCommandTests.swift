import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

@Suite(.serialized)
struct ReplayCommandTests {
  /// `scrollsim replay arguments…` in process (``scrollsim(_:)``).
  func replay(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
    let result = scrollsim(["replay"] + arguments)
    return (result.status, result.out, result.err)
  }

  @Test("every bundled real trace replays byte-identically twice", arguments: [60, 120])
  func replayIsDeterministic(hz: Int) throws {
    let traces = try Repository.bundledTraces()
    #expect(traces.count == 34)
    for trace in traces {
      let arguments = [
        Repository.path(trace), "--hz", String(hz), "--effect", "collapsible-header",
      ]
      let first = replay(arguments)
      let second = replay(arguments)
      #expect(first.status == 0, "\(trace): \(first.errors)")
      #expect(first.output == second.output, "\(trace) at \(hz) Hz")
      #expect(first.output.contains("Replayed"))
    }
  }

  @Test("golden summaries of every bundled trace with every preset at 120 Hz")
  func goldenSummaries() throws {
    var text = ""
    for trace in try Repository.bundledTraces() {
      for effect in [
        "apple-music", "apple-tv-bar", "logo-follow", "title-card", "collapsible-header",
      ] {
        let result = replay([Repository.path(trace), "--effect", effect, "--summary-only"])
        #expect(result.status == 0)
        text += result.output.replacingOccurrences(of: Repository.root.path + "/", with: "")
      }
    }
    try Golden.assertMatches(text, named: "replay-summaries.txt")
  }

  /// The summary says "release" for a trackpad session's end, and "no fling" with its reason for
  /// a release that cannot move the content; a touch trace keeps "Fling velocity at lift".
  @Test func summaryWordsTrackpadEndsAndReleasesThatCannotFling() throws {
    let trackpad = replay([
      Repository.path("traces/examples/trackpad-session.jsonl"), "--summary-only",
    ])
    #expect(trackpad.status == 0)
    #expect(!trackpad.output.contains("No finger lifted"))
    #expect(
      trackpad.output.contains("2 trackpad session ends (table below); fastest release 1875.0"))
    #expect(trackpad.output.contains("Time to rest after the end of the last trackpad session"))
    let android = replay([
      Repository.path("traces/swipe-shield/gesture-05.jsonl"), "--profile", "android",
      "--summary-only",
    ])
    #expect(android.status == 0)
    #expect(
      android.output.contains(
        "Release velocity at lift: -4560.8 pt/s at 0.123 s, no fling: at the top edge moving "
          + "past it, and android physics clamps there."))
    #expect(!android.output.contains("Fling velocity"))
    let ios = replay([Repository.path("traces/swipe-shield/gesture-05.jsonl"), "--summary-only"])
    #expect(ios.output.contains("Fling velocity at lift: -1792.7 pt/s at 0.123 s."))
  }

  /// Each line is parsed once, as the frame loop reaches it: a bad line in the middle stops the
  /// run there. The rows before it are printed, the error says they are incomplete (65), no
  /// summary is printed and the --out file is not created (never a partial result as whole).
  @Test func aBadLineStopsTheReplayWhereItIs() throws {
    var lines = try String(
      contentsOfFile: Repository.path("traces/swipe-shield/gesture-02.jsonl"), encoding: .utf8
    ).split(separator: "\n", omittingEmptySubsequences: false)
    lines[10] = #"{"t":0.05,"type":"mvoe","x":1,"y":2}"#
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bad-line-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let trace = folder + "/bad.jsonl"
    try lines.joined(separator: "\n").write(toFile: trace, atomically: true, encoding: .utf8)
    let result = scrollsim(["replay", trace, "--out", folder + "/frames.jsonl"])
    #expect(result.status == 65)
    #expect(
      result.err
        == "\(trace):11: error: type: unknown event type \"mvoe\"; allowed: down, move, "
        + "up, cancel, offset, wheel, scrollTo, content, viewport, scrollToTop; did you mean "
        + "'move'? (replay stopped; "
        + "the frames "
        + "above are incomplete)\n")
    let rows = result.out.split(separator: "\n")
    #expect(rows.count > 2 && rows.last?.hasPrefix("     8 ") == true, "\(result.out)")
    #expect(!result.out.contains("Replayed"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["bad.jsonl"])
  }

  @Test func theTableHasAHeaderAFrameARowAndASummary() throws {
    let result = replay([Repository.path("traces/swipe-shield/gesture-02.jsonl"), "--hz", "120"])
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0].contains("time_s") && lines[0].contains("header.overlayOpacity"))
    #expect(lines[1].hasPrefix("     0   0.0000"))
    #expect(lines.contains { $0.contains("titlePinned:enter") })
    #expect(lines.last { !$0.isEmpty }?.hasPrefix("Replayed") == true)
  }

  @Test func csvRowsHaveOneCellPerColumn() throws {
    let result = replay([
      Repository.path("traces/swipe-shield/gesture-05.jsonl"), "--format", "csv", "--effect",
      "apple-tv-bar",
    ])
    let rows = result.output.split(separator: "\n").prefix { !$0.hasPrefix("Replayed") }
    let columns = rows[0].split(separator: ",", omittingEmptySubsequences: false).count
    #expect(columns == 5 + 5 + 2)
    for row in rows {
      #expect(row.split(separator: ",", omittingEmptySubsequences: false).count == columns)
    }
  }

  /// Several presets run as one group: their columns, prefixed, in order; each group column
  /// has exactly the cells of the preset replayed alone.
  @Test func severalEffectsReplayAsOneGroup() throws {
    let trace = Repository.path("traces/swipe-shield/gesture-05.jsonl")
    let group = replay([trace, "--format", "csv", "--effect", "apple-tv-bar,logo-follow"])
    let tv = replay([trace, "--format", "csv", "--effect", "apple-tv-bar"])
    let logo = replay([trace, "--format", "csv", "--effect", "logo-follow"])
    #expect(group.status == 0)
    let rows = { (text: String) in
      text.split(separator: "\n").prefix { !$0.hasPrefix("Replayed") }.map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
    }
    let (g, t, l) = (rows(group.output), rows(tv.output), rows(logo.output))
    #expect(g[0][5] == "apple-tv-bar/navBar.progress" && g[0][10] == "logo-follow/logo.lift")
    #expect(g.count == t.count && g.count > 100)
    for (i, row) in g.enumerated().dropFirst() {
      #expect(Array(row[0..<10]) == Array(t[i][0..<10]))
      #expect(row[10] == l[i][5])
    }
    // A repeated option adds to the group; a spec path with a comma in it is one file.
    let repeated = replay([
      trace, "--format", "csv", "--effect", "apple-tv-bar", "--effect", "logo-follow",
    ])
    #expect(repeated.output == group.output)
    let folder = DiffCommandTests.temporary("a,b")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let spec = folder + "/bar.json"
    try FileManager.default.copyItem(
      atPath: Repository.path("effects/apple-tv-bar.json"), toPath: spec)
    #expect(replay([trace, "--format", "csv", "--effects", spec]).output == tv.output)
    let all = replay([trace, "--effect", "all", "--summary-only"])
    #expect(all.status == 0)
    #expect(
      all.output.contains("apple-music+apple-tv-bar+logo-follow+title-card+collapsible-header"))
  }

  /// `--outputs` picks the columns (in the order given), their events and the summary's
  /// ranges; the values are those of the full run.
  @Test func outputsPicksColumnsEventsAndSummary() throws {
    let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")
    let full = replay([trace, "--format", "csv", "--effect", "all"])
    let some = replay([
      trace, "--format", "csv", "--effect", "all", "--outputs",
      "logo-follow/logo.lift,apple-music/titlePinned",
    ])
    #expect(some.status == 0)
    let cells = { (text: String) in
      text.split(separator: "\n").map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
    }
    let (f, p) = (cells(full.output), cells(some.output))
    #expect(
      p[0] == [
        "frame", "time_s", "offset_pt", "velocity_pt_s", "phase",
        "logo-follow/logo.lift", "apple-music/titlePinned", "events", "scroll_view",
      ])
    let lift = try #require(f[0].firstIndex(of: "logo-follow/logo.lift"))
    let pinned = try #require(f[0].firstIndex(of: "apple-music/titlePinned"))
    for (a, b) in zip(f.dropFirst(), p.dropFirst()) {
      #expect(Array(a[0..<5]) + [a[lift], a[pinned]] == Array(b[0..<7]))
      #expect(b[7].split(separator: " ").allSatisfy { $0.hasPrefix("apple-music/titlePinned:") })
    }
    #expect(some.output.contains("apple-music/titlePinned:enter"))
    #expect(!some.output.contains("navBar.titleVisible"))
    #expect(
      some.errors.contains(
        "Outputs (min … max): logo-follow/logo.lift 0.0000 … 50.0000, apple-music/titlePinned 0.0000 … 1.0000. 1 threshold event."
      ))
  }

  static let header =
    #"{"device":{"refreshRate":60,"scale":3,"screenHeight":852,"screenWidth":393},"format":"scrollsim-trace","physics":"ios","scroll":{"contentHeight":3000,"contentInsetBottom":0,"contentInsetTop":0,"startOffset":0,"viewportHeight":852},"units":{"length":"pt","time":"s"},"version":1}"#

  @Test(
    "bad traces end with one line naming file, line and field, and no summary",
    arguments: [
      // A JSON syntax error names its column too (NaN at byte 34 of line 2).
      (#"{"t":0.1,"type":"down","x":1,"y":NaN}"#, ":2:34: error: y"),
      (
        #"{"t":0.1,"type":"down","x":1,"y":2}"# + "\n" + #"{"t":0.05,"type":"move","x":1,"y":2}"#,
        ":3: error: t"
      ),
      (#"{"t":0.1,"type":"hover","x":1,"y":2}"#, ":2: error: type"),
      (#"{"t":0.1,"type":"down","x":1"#, ":2"),
      (#"{"t":0.1,"type":"move","x":1,"y":2}"#, ":2: error: type"),
      (#"{"t":1e300,"type":"down","x":1,"y":2}"#, ":2: error: t"),
      (#"{"t":0.1,"type":"down","x":1,"y":1e20}"#, ":2: error: y"),
    ])
  func badTracesAreRejected(body: String, location: String) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bad-\(UUID().uuidString).jsonl"
    ).path
    try (Self.header + "\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = replay([path])
    #expect(result.status == 65)
    // Each line is parsed once, when the frame loop reaches it: a bad event due at the first
    // frame prints nothing but the error; a later one follows the rows before it, and the
    // error says they are incomplete. Never a summary.
    if location == ":3: error: t" {
      #expect(result.output.hasPrefix(" frame "))
      #expect(result.errors.hasSuffix("(replay stopped; the frames above are incomplete)\n"))
    } else {
      #expect(result.output.isEmpty)
    }
    #expect(!result.output.contains("Replayed"))
    let lines = result.errors.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(result.errors.hasPrefix("\(path)\(location)"), "\(result.errors)")
  }

  /// A spec file named like an earlier effect of the group is that file's data error (65, at
  /// its "name"); the same file or preset twice stays a usage error (64).
  @Test func aSpecNamedLikeAnotherEffectIsItsError() throws {
    let copy = DiffCommandTests.temporary("card.json")
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let card = Repository.path("effects/title-card.json")
    try FileManager.default.copyItem(atPath: card, toPath: copy)
    let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")
    let line = try #require(
      try String(contentsOfFile: copy, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false
      ).firstIndex { $0.contains("\"name\": \"title-card\"") })
    // The later file is blamed; of a file and a preset, the file, in either order.
    for (list, names) in [
      ("\(card),\(copy)", "the spec \(card)"), ("title-card,\(copy)", "the preset title-card"),
      ("\(copy),title-card", "the preset title-card"),
    ] {
      let r = scrollsim(["replay", trace, "--effects", list, "--summary-only"])
      #expect(r.status == 65)
      #expect(
        r.err.hasPrefix(
          "\(copy):\(line + 1):11: error: $.name: \"title-card\" is also the name of \(names)"),
        "\(r.err)")
    }
    // The same file twice, under two spellings too, is the command line's mistake.
    let folder = (copy as NSString).deletingLastPathComponent
    let respelled =
      folder + "/../" + (folder as NSString).lastPathComponent + "/"
      + (copy as NSString).lastPathComponent
    for list in ["\(copy),\(copy)", "\(copy),\(respelled)"] {
      let twice = scrollsim(["replay", trace, "--effects", list, "--summary-only"])
      #expect(twice.status == 64, "\(list): \(twice.err)")
      #expect(twice.err.contains("two effects named \"title-card\" cannot be grouped"))
    }
  }

  @Test func anUnknownPhysicsProfileIsRejected() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "android-\(UUID().uuidString).jsonl"
    ).path
    let header = Self.header.replacingOccurrences(
      of: #""physics":"ios""#, with: #""physics":"foo""#)
    try (header + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = replay([path])
    #expect(result.status == 65)
    #expect(
      result.errors.hasPrefix(
        "\(path):1: error: physics: unknown profile \"foo\"; expected ios, android, flutter"
      ))
  }

  @Test func csvKeepsTheSummaryOffStandardOutput() {
    let result = replay([
      Repository.path("traces/swipe-shield/gesture-01.jsonl"), "--format", "csv",
    ])
    #expect(result.status == 0)
    #expect(!result.output.contains("Replayed"))
    #expect(result.errors.hasPrefix("Replayed"))
  }

  @Test func theSummarySaysTheRateSchedule() {
    let trace = Repository.path("traces/swipe-shield/gesture-01.jsonl")
    let changed = replay([trace, "--hz-changes", "60:60,90:120", "--summary-only"])
    #expect(changed.status == 0)
    #expect(
      changed.output.contains(
        " at 120 Hz, 60 Hz from frame 60 (0.500 s), 120 Hz from frame 90 (1.000 s) (virtual clock)"),
      "\(changed.output)")
    let plain = replay([trace, "--summary-only"])
    #expect(plain.output.contains(" at 120 Hz (virtual clock)"))
  }

  @Test func aMissingFileIsAnIOError() {
    let result = replay(["/no/such/trace.jsonl"])
    #expect(result.status == 74)
    #expect(result.errors == "scrollsim: error: /no/such/trace.jsonl: no such file\n")
  }

  @Test(arguments: [
    (["--hz", "0", "x"], "--hz 0: expected an integer in 1…1000"),
    (
      ["--effect", "sparkle", "x"],
      "--effect sparkle: 'sparkle' is not a preset: expected apple-music"
    ),
    (["--speed", "2", "x"], "unknown option --speed for 'replay'"),
    ([], "'replay' needs a trace file"),
    (
      ["x", "--effect", "title-card", "--effects", "effects/apple-music.json"],
      "--effect and --effects exclude each other"
    ),
    (["--effect", "apple-music,", "x"], "--effect apple-music,: item 2 is empty"),
    (
      ["--outputs", "titlePinned,nope", "x"], "--outputs: no output named 'nope'; the effect has: "
    ),
    (["--outputs", "titlePinned,titlePinned", "x"], "--outputs: 'titlePinned' is listed twice"),
    (["--effect", "apple-music,tv", "x"], "'tv' is not a preset: expected apple-music"),
    (["--effect", "apple-music, logo-follow", "x"], "' logo-follow' has a space"),
    (
      ["--effect", "title-card,all", "x"],
      "--effect title-card,all: title-card: $.name: two effects named \"title-card\" cannot be grouped"
    ),
  ])
  func usageErrorsNameTheOption(arguments: [String], message: String) {
    let result = replay(arguments)
    #expect(result.status == 64)
    #expect(result.errors.contains(message), "\(result.errors)")
  }
}
