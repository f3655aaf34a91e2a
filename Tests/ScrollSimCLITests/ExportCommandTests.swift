import Foundation
import ScrollSimTestSupport
import ScrollTrace
import Testing

@testable import ScrollSimCLI

@Suite(.serialized)
struct ExportCommandTests {
  /// A real gesture exported as WebDriver actions and imported back keeps its header (no
  /// geometry option needed) and replays as the same fling, its release velocity within what
  /// whole-millisecond times allow.
  ///
  /// The bound: the iOS estimator is `v = Σ wᵢ·Δyᵢ/Δtᵢ` over the last three sample intervals
  /// (w = 0.6, 0.35, 0.05, Flutter's `IOSScrollViewFlingVelocityTracker`). Positions travel
  /// exactly; each time is rounded to the nearest ms, so each interval changes by
  /// `|eᵢ| ≤ 1 ms`, and `|Δyᵢ/(Δtᵢ+eᵢ) − Δyᵢ/Δtᵢ| ≤ |Δyᵢ|·1 ms / (Δtᵢ·(Δtᵢ − 1 ms))`.
  /// Summed with the weights over gesture-02's last intervals (5.4 ms each) that is ≈ 798 pt/s;
  /// the round trip moves it by 99 pt/s (3537.9 → 3438.7; whole-point positions as before
  /// gave 3400.0).
  @Test func webdriverRoundTripOfARealGesture() throws {
    let actions = DiffCommandTests.temporary("a.json")
    let back = DiffCommandTests.temporary("back.jsonl")
    defer { for path in [actions, back] { try? FileManager.default.removeItem(atPath: path) } }
    let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")
    let export = DiffCommandTests.run("export", ["webdriver", trace, "--out", actions])
    #expect(export.output == "Wrote \(actions): 14 touch events as WebDriver pointer actions.\n")
    let json = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: actions)))
    let sources = try #require((json as? [String: Any])?["actions"] as? [[String: Any]])
    #expect(sources.count == 1)
    #expect((sources[0]["parameters"] as? [String: String])?["pointerType"] == "touch")
    let imported = DiffCommandTests.run("import", ["webdriver", actions, "--out", back])
    #expect(imported.status == 0, "\(imported.errors)")
    let original = try Trace.load(path: trace)
    let roundTrip = try Trace.load(path: back)
    #expect(roundTrip.header == original.header)
    func fling(_ path: String) -> Double? {
      let summary = DiffCommandTests.run("replay", [path, "--summary-only"]).output
      guard let range = summary.range(of: "Fling velocity at lift: ") else { return nil }
      return Double(summary[range.upperBound...].prefix { $0 != " " })
    }
    let moves = original.events.filter { $0.kind == .move }.suffix(4)
    #expect(zip(moves, moves.dropFirst()).allSatisfy { $1.time - $0.time < 0.017 })
    let bound = zip(zip(moves, moves.dropFirst()), [0.6, 0.35, 0.05]).reduce(0.0) {
      sum, pair in
      let ((a, b), weight) = pair
      let dt = b.time - a.time
      return sum + weight * abs(b.y - a.y) * 0.001 / (dt * (dt - 0.001))
    }
    let before = try #require(fling(trace))
    let after = try #require(fling(back))
    #expect(before == 3537.9)
    #expect(abs(bound - 798) < 1, "\(bound)")
    #expect(abs(after - before) <= bound, "\(after)")
    #expect(after == 3438.7)
  }

  @Test func framesConvertBetweenFormatsExactly() throws {
    let jsonl = DiffCommandTests.frames("gesture-05.jsonl")
    let csv = DiffCommandTests.temporary("c.csv")
    let again = DiffCommandTests.temporary("again.jsonl")
    defer { for path in [jsonl, csv, again] { try? FileManager.default.removeItem(atPath: path) } }
    #expect(
      DiffCommandTests.run("export", ["frames", jsonl, "--out", csv]).output
        == "Wrote \(csv): 130 frames.\n")
    let quiet = DiffCommandTests.run("export", ["frames", csv, "--out", again, "--quiet"])
    #expect(quiet.status == 0 && quiet.output.isEmpty && quiet.errors.isEmpty)
    #expect(DiffCommandTests.run("diff", [jsonl, again]).status == 0)
    let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
    #expect(
      rows[0]
        == "frame,time_s,offset_pt,velocity_pt_s,phase,header.overlayOpacity,header.imageOffsetY,header.imageHeight,navBar.opacity,titlePinned,events,scroll_view"
    )
  }

  @Test func chromeTraceFromAFrameFile() throws {
    let jsonl = DiffCommandTests.frames("gesture-05.jsonl", ["--hz", "60"])
    let out = DiffCommandTests.temporary("t.json")
    defer { for path in [jsonl, out] { try? FileManager.default.removeItem(atPath: path) } }
    #expect(DiffCommandTests.run("export", ["chrome-trace", jsonl, "--out", out]).status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out)))
    let events = try #require((json as? [String: Any])?["traceEvents"] as? [[String: Any]])
    let slice = try #require(events.first { $0["ph"] as? String == "X" })
    // 60 Hz from the frame file's header: 16666.67 µs slices.
    #expect((slice["dur"] as? Double).map { abs($0 - 1e6 / 60) < 1e-6 } == true)
  }

  /// With rate changes mid-run each slice lasts until the next frame: 120 Hz frames are
  /// 8333 µs long, 60 Hz frames 16667 µs, and the last frame as long as the one before.
  @Test func chromeTraceSlicesFollowRateChanges() throws {
    let out = DiffCommandTests.temporary("rates.json")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let trace = Repository.path("traces/swipe-shield/gesture-05.jsonl")
    let result = DiffCommandTests.run(
      "replay",
      [trace, "--hz", "120", "--hz-changes", "30:60", "--summary-only", "--trace-events", out])
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out)))
    let events = try #require((json as? [String: Any])?["traceEvents"] as? [[String: Any]])
    let durations = events.filter { $0["ph"] as? String == "X" }.compactMap { $0["dur"] as? Double }
    #expect(durations.count > 40)
    for (frame, duration) in durations.enumerated() {
      let expected = frame < 30 ? 1e6 / 120 : 1e6 / 60
      #expect(abs(duration - expected) < 1e-3, "frame \(frame): \(duration) µs")
    }
  }

  /// Control events cannot go into WebDriver pointer actions: a warning counts them; an offset
  /// trace has no touches at all: an error, and no file.
  @Test func webdriverSaysWhatItCannotExport() throws {
    let controls = DiffCommandTests.temporary("c.jsonl")
    let offsets = DiffCommandTests.temporary("o.jsonl")
    let out = DiffCommandTests.temporary("a.json")
    defer {
      for path in [controls, offsets, out] { try? FileManager.default.removeItem(atPath: path) }
    }
    let header = ReplayCommandTests.header.replacingOccurrences(
      of: #""version":1"#, with: #""version":2"#)
    try [
      header.replacingOccurrences(of: #""physics""#, with: #""kind":"input","physics""#),
      #"{"t":0,"type":"down","x":1,"y":500}"#, #"{"t":0.1,"type":"up","x":1,"y":500}"#,
      #"{"dy":40,"t":0.2,"type":"wheel"}"#, "",
    ].joined(separator: "\n").write(toFile: controls, atomically: true, encoding: .utf8)
    let exported = DiffCommandTests.run("export", ["webdriver", controls, "--out", out])
    #expect(exported.status == 0)
    #expect(
      exported.errors.contains("1 control event (wheel, scrollTo, content, viewport) not exported"))
    #expect(exported.output.contains("2 touch events"))
    try [
      header.replacingOccurrences(of: #""physics""#, with: #""kind":"offset","physics""#),
      #"{"t":0,"type":"offset","x":0,"y":10}"#, "",
    ].joined(separator: "\n").write(toFile: offsets, atomically: true, encoding: .utf8)
    try? FileManager.default.removeItem(atPath: out)
    let refused = DiffCommandTests.run("export", ["webdriver", offsets, "--out", out])
    #expect(refused.status == 65)
    #expect(refused.errors.contains("has no touches to export"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test(arguments: [
    (["webdriver"], 64), (["pdf", "x", "--out", "y"], 64),
    (["frames", "/no/f.jsonl", "--out", "x.csv"], 74),
    (["webdriver", "x.jsonl"], 64),
  ])
  func errors(arguments: [String], status: Int) {
    #expect(DiffCommandTests.run("export", arguments).status == Int32(status))
  }
}

@Suite(.serialized)
struct ImportFormatsTests {
  static let flutter = Repository.path("traces/flutter-velocitytracker/flutter_velocity_events.csv")

  @Test func importsAFlutterGestureFromCSV() throws {
    let out = DiffCommandTests.temporary("g.jsonl")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = DiffCommandTests.run(
      "import",
      [
        "csv", Self.flutter, "--out", out, "--columns", "t=time_ms,type=event,x=x_lpx,y=y_lpx",
        "--where", "gesture=4",
      ])
    #expect(result.output == "Wrote \(out): 15 events, 0.131 s, from \(Self.flutter).\n")
    let replay = DiffCommandTests.run("replay", [out, "--summary-only"])
    #expect(replay.status == 0)
    #expect(replay.output.contains("Fling velocity at lift"))
  }

  @Test(arguments: [
    (["csv", "x.csv", "--out", "o.jsonl"], 64, "needs --columns"),
    (["csv", "x.csv", "--out", "o.jsonl", "--columns", "t=a,type=b,x=c"], 64, "missing y=COLUMN"),
    (
      ["csv", "x.csv", "--out", "o.jsonl", "--columns", "t=a,type=b,x=c,y=d", "--time-unit", "h"],
      64, "--time-unit h"
    ),
    (
      [
        "csv", "x.csv", "--out", "o.jsonl", "--columns", "t=a,type=b,x=c,y=d", "--types", "hover=H",
      ], 64, "unknown role 'hover'"
    ),
    (
      [
        "csv", "x.csv", "--out", "o.jsonl", "--columns", "t=a,type=b,x=c,y=d", "--types",
        "down=a,skip=a|b",
      ], 64, "'a' is empty or given twice"
    ),
    (
      [
        "csv", "x.csv", "--out", "o.jsonl", "--columns", "t=a,type=b,x=c,y=d", "--start-offset",
        "9000",
      ], 64, "--start-offset"
    ),
    (["webdriver", "/no/a.json", "--out", "o.jsonl"], 74, "no such file"),
  ])
  func usageErrors(arguments: [String], status: Int, message: String) {
    let result = DiffCommandTests.run("import", arguments)
    #expect(result.status == Int32(status))
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  /// A hand-made pointer log (UIKit phase names, with the add/hover/remove rows a pointer
  /// logger writes): `--types` maps began/moved/ended and skips the rest; the start offset and
  /// insets go into the header.
  @Test func csvTypesSkipRowsAndHeaderOptionsSetTheGeometry() throws {
    let path = DiffCommandTests.temporary("pointer.csv")
    let out = DiffCommandTests.temporary("pointer.jsonl")
    defer { for file in [path, out] { try? FileManager.default.removeItem(atPath: file) } }
    try """
    t_ms,phase,x,y
    0,add,200,700
    0,hover,200,700
    4,began,200,700
    12,moved,200,680
    20,moved,200,650
    28,ended,200,650
    30,remove,200,650

    """.write(toFile: path, atomically: true, encoding: .utf8)
    let result = DiffCommandTests.run(
      "import",
      [
        "csv", path, "--out", out, "--columns", "t=t_ms,type=phase,x=x,y=y", "--types",
        "down=began,move=moved,up=ended,skip=hover|add|remove", "--start-offset", "120",
        "--inset-top", "97", "--inset-bottom", "34",
      ])
    #expect(result.status == 0, "\(result.errors)")
    let trace = try Trace.load(path: out)
    #expect(trace.events.map(\.kind) == [.down, .move, .move, .up])
    #expect(trace.events.map(\.time) == [0, 0.008, 0.016, 0.024])
    #expect(trace.header.scroll.startOffset == 120)
    #expect(trace.header.scroll.contentInsetTop == 97)
    #expect(trace.header.scroll.contentInsetBottom == 34)
    // Without skip=…, the add row is an error naming file, line and column (exit 65).
    let refused = DiffCommandTests.run(
      "import",
      [
        "csv", path, "--out", out, "--columns", "t=t_ms,type=phase,x=x,y=y", "--types",
        "down=began,move=moved,up=ended",
      ])
    #expect(refused.status == 65)
    #expect(
      refused.errors.contains("\(path):2: error: phase: unknown event type \"add\"; mapped: began"),
      "\(refused.errors)")
  }

  /// The iOS offset log (the documented snippet's format) and Flutter's pointer data import
  /// from the command line; the log's geometry fills the header, options still win.
  @Test func importsAnOffsetLogAndFlutterPointerData() throws {
    let log = Repository.path("traces/ios-offset-log/gesture-02-offsets.jsonl")
    let packets = Repository.path("traces/flutter-velocitytracker/velocity_events.pointerdata.json")
    let out = DiffCommandTests.temporary("o.jsonl")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let offsets = DiffCommandTests.run(
      "import", ["offset-log", log, "--out", out, "--screen-pt", "393x852", "--inset-bottom", "0"])
    #expect(
      offsets.output
        == "Wrote \(out): 190 contentOffset samples, 1 drag (isDragging), 3.167 s, from \(log).\n",
      "\(offsets.errors)")
    let trace = try Trace.load(path: out)
    #expect(trace.header.kind == .offset)
    #expect(trace.header.scroll.contentInsetTop == 97)
    #expect(trace.header.scroll.contentInsetBottom == 0)
    #expect(trace.header.device.screenWidth == 393)
    let replay = DiffCommandTests.run("replay", [out, "--summary-only"])
    #expect(replay.status == 0)
    #expect(replay.output.contains("physics bypassed"), "\(replay.output)")
    let flutter = DiffCommandTests.run(
      "import", ["flutter", packets, "--out", out, "--device-pixel-ratio", "3.5"])
    #expect(
      flutter.output
        == "Wrote \(out): 306 events, 0 wheel controls (skipped: add 13, remove 13), 7.525 s, "
        + "from \(packets).\n", "\(flutter.errors)")
    #expect(try Trace.load(path: out).header.device.scale == 3.5)
    let missing = DiffCommandTests.run("import", ["flutter", packets, "--out", out])
    #expect(missing.status == 64)
    #expect(missing.errors.contains("--device-pixel-ratio"))
  }

  @Test func badOffsetLogAndPointerDataNameFileLineAndField() throws {
    let path = DiffCommandTests.temporary("bad.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "{\"t\":1,\"contentOffset\":{\"y\":0}}\n{\"t\":2,\"contentOfset\":{\"y\":3}}\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let log = DiffCommandTests.run("import", ["offset-log", path, "--out", "/tmp/never.jsonl"])
    #expect(log.status == 65)
    #expect(log.errors.contains("\(path):2: error: contentOfset.y: unknown field"), "\(log.errors)")
    try "[{\"data\":[{\"timeStamp\":0,\"change\":\"dwon\"}]}]\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let flutter = DiffCommandTests.run(
      "import", ["flutter", path, "--out", "/tmp/never.jsonl", "--device-pixel-ratio", "2"])
    #expect(flutter.status == 65)
    #expect(
      flutter.errors.contains("\(path):1: error: [0].data[0].change: unknown value \"dwon\""),
      "\(flutter.errors)")
  }

  @Test func aBadCSVRowNamesFileLineAndColumn() throws {
    let path = DiffCommandTests.temporary("bad.csv")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "when,what,x,y\n0,DOWN,1,2\n10,MOVE,1,oops\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = DiffCommandTests.run(
      "import", ["csv", path, "--out", "/tmp/never.jsonl", "--columns", "t=when,type=what,x=x,y=y"])
    #expect(result.status == 65)
    #expect(
      result.errors.contains("\(path):3: error: y: \"oops\" is not a finite number"),
      "\(result.errors)")
  }

  /// `export swift`: a preset group, a spec file, and the two refusals with their statuses.
  @Test func swiftSourceOfPresetsAndSpecs() throws {
    let out = DiffCommandTests.temporary("Effect.swift")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let all = DiffCommandTests.run("export", ["swift", "all", "--out", out, "--type", "Five"])
    #expect(all.status == 0, "\(all.errors)")
    #expect(
      all.output
        == "Wrote \(out): Five, 16 outputs of "
        + "'apple-music+apple-tv-bar+logo-follow+title-card+collapsible-header' in straight-line "
        + "Swift (import ScrollEffects and ScrollPhysics).\n")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.contains("struct Five: ScrollEffect {"))
    #expect(text.contains("var appleMusicHeaderOverlayOpacity = 0.0"))
    let spec = Repository.path("effects/title-card.json")
    let card = DiffCommandTests.run("export", ["swift", spec, "--out", out])
    #expect(card.status == 0, "\(card.errors)")
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains("struct TitleCardEffect"))
    // --quiet (the build-tool plugin's): the same file, nothing printed.
    let before = try String(contentsOfFile: out, encoding: .utf8)
    try FileManager.default.removeItem(atPath: out)
    let quiet = DiffCommandTests.run("export", ["swift", spec, "--out", out, "--quiet"])
    #expect(quiet.status == 0 && quiet.output.isEmpty && quiet.errors.isEmpty)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == before)
    let badType = DiffCommandTests.run(
      "export", ["swift", "apple-music", "--out", out, "--type", "my-effect"])
    #expect(badType.status == 64)
    #expect(badType.errors.contains("--type: 'my-effect' is not a Swift type name"))
    // `_` is the wildcard keyword, no type name (the compiler refused the file written).
    let wildcard = DiffCommandTests.run(
      "export", ["swift", "apple-music", "--out", out, "--type", "_"])
    #expect(wildcard.status == 64)
    #expect(wildcard.errors.contains("--type: '_' is not a Swift type name"), "\(wildcard.errors)")
    // A spec whose name gives a type the generated code uses (the build-tool plugin passes no
    // --type): the spec's error, naming its file and its name.
    let generated = DiffCommandTests.temporary("generated.json")
    defer { try? FileManager.default.removeItem(atPath: generated) }
    try String(contentsOfFile: spec, encoding: .utf8)
      .replacingOccurrences(of: "\"name\": \"title-card\"", with: "\"name\": \"generated\"")
      .write(toFile: generated, atomically: true, encoding: .utf8)
    let named = DiffCommandTests.run("export", ["swift", generated, "--out", out])
    #expect(named.status == 65)
    #expect(
      named.errors.contains(
        "\(generated): $.name: the spec's name 'generated' gives the type name "
          + "'GeneratedEffect', which names a type or module the generated code uses"),
      "\(named.errors)")
    #expect(
      named.errors.contains("rename the spec, or pass --type NAME (e.g. --type MyGeneratedEffect)"))
    let renamed = DiffCommandTests.run(
      "export", ["swift", generated, "--out", out, "--type", "MyGeneratedEffect"])
    #expect(renamed.status == 0, "\(renamed.errors)")
    let motion = Repository.path("effects/examples/hide-on-scroll.json")
    let refused = DiffCommandTests.run("export", ["swift", motion, "--out", out])
    #expect(refused.status == 65)
    #expect(
      refused.errors.contains(
        "hide-on-scroll.json:6:5: error: $.timelines[0]: timeline 'motion' is a motion timeline"),
      "\(refused.errors)")
  }
}
