import Foundation
import ScrollRuntime
import ScrollSimTestSupport
import ScrollTrace
import Testing

@testable import ScrollSimCLI

/// `scrollsim replay --output` and `--trace-events`, and replaying offset traces.
@Suite(.serialized)
struct ReplayOutputTests {
  /// Every frame of a real trace, as a golden frame file compared field by field with `diff`
  /// (exact). Re-recorded only with SCROLLSIM_RECORD_GOLDENS=1.
  @Test func framesMatchTheirGolden() throws {
    let frames = DiffCommandTests.frames("gesture-02.jsonl", ["--effect", "title-card"])
    defer { try? FileManager.default.removeItem(atPath: frames) }
    try Golden.assertFrames(frames, named: "gesture-02.title-card.120hz.frames.jsonl")
  }

  @Test func framesFileHasAHeaderAndOneLinePerTableRow() throws {
    let path = DiffCommandTests.temporary("f.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let trace = Repository.path("traces/swipe-shield/gesture-05.jsonl")
    let table = DiffCommandTests.run("replay", [trace, "--out", path])
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let rows = table.output.split(separator: "\n").count - 2  // header row and summary
    #expect(lines.count == rows + 2)  // a header line and the closing record
    #expect(lines.last == #"{"end":{"complete":true,"frames":\#(rows)}}"#)
    #expect(lines[0].hasPrefix(#"{"effect":"apple-music","format":"scrollsim-frames","outputs":["#))
    #expect(
      lines[1].hasPrefix(
        #"{"events":[],"frame":0,"offset":0,"outputs":{"header.overlayOpacity":0,"#))
  }

  @Test func chromeTraceIsValidJSONWithSlicesInstantsAndCounters() throws {
    let path = DiffCommandTests.temporary("t.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")
    #expect(
      DiffCommandTests.run("replay", [trace, "--summary-only", "--trace-events", path]).status == 0)
    let object = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: path)))
    let events = try #require((object as? [String: Any])?["traceEvents"] as? [[String: Any]])
    let phases = events.compactMap { $0["ph"] as? String }
    let slices = phases.filter { $0 == "X" }.count
    #expect(slices > 100)
    #expect(phases.filter { $0 == "C" }.count == slices * (2 + 5))
    let instants = events.filter { $0["ph"] as? String == "i" }.compactMap { $0["name"] as? String }
    #expect(instants.contains("phase: dragging"))
    #expect(instants.contains("titlePinned:enter"))
    let first = try #require(events.first { $0["ph"] as? String == "X" })
    #expect((first["dur"] as? Double).map { abs($0 - 1_000_000.0 / 120) < 1e-6 } == true)
  }

  /// An output that is the input (directly, through `..` or a symbolic link) is refused before
  /// anything is opened, and the input is intact; so are two outputs naming one file.
  @Test func anOutputNeverOverwritesTheInput() throws {
    let input = DiffCommandTests.temporary("in.jsonl")
    let link = DiffCommandTests.temporary("link.jsonl")
    defer { for path in [input, link] { try? FileManager.default.removeItem(atPath: path) } }
    try FileManager.default.copyItem(
      atPath: Repository.path("traces/swipe-shield/gesture-03.jsonl"), toPath: input)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    for arguments in [
      [input, "--out", input], [input, "--trace-events", link],
      [
        input, "--out",
        (input as NSString).deletingLastPathComponent + "/../"
          + ((input as NSString).deletingLastPathComponent as NSString).lastPathComponent + "/"
          + (input as NSString).lastPathComponent,
      ],
    ] {
      let result = DiffCommandTests.run("replay", arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.errors.contains("is the input file"), "\(result.errors)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    let frames = DiffCommandTests.temporary("f.jsonl")
    defer { try? FileManager.default.removeItem(atPath: frames) }
    #expect(
      DiffCommandTests.run("replay", [input, "--summary-only", "--out", frames]).status == 0)
    #expect(DiffCommandTests.run("export", ["frames", frames, "--out", frames]).status == 64)
    #expect(DiffCommandTests.run("plot", [frames, "--out", frames]).status == 64)
    #expect(FrameFile.Format(path: frames) != nil)
  }

  /// Offset samples are `contentOffset.y`: under a 100 pt top inset the view rests at
  /// y = −100, which replays as distance 0 (no stretch), and y = 0 as 100 pt scrolled.
  @Test func offsetSamplesAreContentOffsetUnderAnInset() throws {
    let path = DiffCommandTests.temporary("inset.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text =
      #"{"device":{"refreshRate":60,"scale":3,"screenHeight":852,"screenWidth":393},"#
      + #""format":"scrollsim-trace","kind":"offset","physics":"ios","scroll":{"contentHeight":3000,"#
      + #""contentInsetBottom":0,"contentInsetTop":100,"startOffset":0,"viewportHeight":852},"#
      + #""units":{"length":"pt","time":"s"},"version":2}"# + "\n"
      + #"{"t":0,"type":"offset","x":0,"y":-100}"# + "\n"
      + #"{"t":0.5,"type":"offset","x":0,"y":-100}"# + "\n"
      + #"{"t":1,"type":"offset","x":0,"y":0}"# + "\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = DiffCommandTests.run(
      "replay", [path, "--hz", "2", "--format", "csv", "--effect", "apple-music"])
    #expect(result.status == 0, "\(result.errors)")
    let rows = result.output.split(separator: "\n").map { $0.split(separator: ",") }
    // frame, time, offset, velocity, phase, overlayOpacity, imageOffsetY, imageHeight, …
    #expect(rows[1][2] == "0.000" && rows[1][7] == "400.0000", "\(rows[1])")
    #expect(rows[3][2] == "100.000" && rows[3][5] == "0.2500", "\(rows[3])")
  }

  @Test func anOffsetTraceBypassesThePhysics() throws {
    let path = DiffCommandTests.temporary("o.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    var text =
      #"{"device":{"refreshRate":60,"scale":3,"screenHeight":852,"screenWidth":393},"#
      + #""format":"scrollsim-trace","kind":"offset","physics":"ios","scroll":{"contentHeight":3000,"#
      + #""contentInsetBottom":0,"contentInsetTop":0,"startOffset":0,"viewportHeight":852},"#
      + #""units":{"length":"pt","time":"s"},"version":2}"# + "\n"
    for i in 0...10 {
      text += #"{"t":\#(Double(i) / 10),"type":"offset","x":0,"y":\#(i * 30)}"# + "\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = DiffCommandTests.run(
      "replay", [path, "--hz", "20", "--format", "csv", "--effect", "collapsible-header"])
    #expect(result.status == 0, "\(result.errors)")
    let rows = result.output.split(separator: "\n")
    // 20 Hz frames at 0.05 s steps: halfway between 0.1 s samples, offset 15 pt, velocity 300 pt/s.
    #expect(rows[2].hasPrefix("1,0.0500,15.000,300.0,decelerating,"))
    #expect(rows[21].hasPrefix("20,1.0000,300.000,0.0,idle,"))
    // Standard output is pure CSV (header and rows); the summary is on standard error.
    #expect(rows.count == 1 + 21)
    #expect(result.errors.contains("Replayed offset trace \(path) (21 frames at 20 Hz, 1.000 s)"))
    #expect(result.errors.contains("Outputs (min … max): header.height "))
  }
}

extension Golden {
  /// Compares the frame file at `path` with the golden frame file `name` using
  /// `scrollsim diff` (exact), reporting its table; records it with SCROLLSIM_RECORD_GOLDENS=1.
  static func assertFrames(
    _ path: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let golden = folder.appendingPathComponent(name).path
    if isRecording {
      var text = try String(contentsOfFile: path, encoding: .utf8)
      // The header names the trace by absolute path; keep the golden machine-independent.
      text = text.replacingOccurrences(of: Repository.root.path + "/", with: "")
      try text.write(toFile: golden, atomically: true, encoding: .utf8)
      return
    }
    guard FileManager.default.fileExists(atPath: golden) else {
      Issue.record(
        "golden \(name) is missing: run with SCROLLSIM_RECORD_GOLDENS=1 to record it",
        sourceLocation: sourceLocation)
      return
    }
    let result = DiffCommandTests.run("diff", [golden, path])
    if result.status != 0 {
      Issue.record(
        "\(name) differs from its golden:\n\(result.output)\(result.errors)",
        sourceLocation: sourceLocation)
    }
  }
}

/// The offset path against the physics path: the offsets of a physics replay, sampled at its
/// own frame times and replayed as an offset trace, give the same outputs and threshold events
/// frame for frame (the resampling rule returns a sample exactly at its time). Velocity and
/// phase differ by design (chord slope; inferred phase) and are ignored.
@Suite(.serialized)
struct OffsetReplayEquivalenceTests {
  @Test(arguments: [
    "apple-music", "apple-tv-bar", "logo-follow", "title-card", "collapsible-header",
  ])
  func offsetsOfAPhysicsRunReproduceItsOutputs(effect: String) throws {
    for gesture in ["gesture-05.jsonl", "gesture-12.jsonl"] {
      let physics = DiffCommandTests.frames(gesture, ["--effect", effect])
      let offsets = DiffCommandTests.temporary("offsets.jsonl")
      let replayed = DiffCommandTests.temporary("replayed.jsonl")
      defer {
        for path in [physics, offsets, replayed] {
          try? FileManager.default.removeItem(atPath: path)
        }
      }
      let input = try Trace.load(path: Repository.path("traces/swipe-shield/\(gesture)"))
      var header = input.header
      header.kind = .offset
      header.version = 2
      let reader = try FrameFileReader(path: physics)
      var samples: [OffsetSample] = []
      while let frame = try reader.next() {
        samples.append(OffsetSample(time: frame.time, y: frame.offset))
      }
      try TraceWriter.write(Trace(header: header, events: [], offsets: samples), to: offsets)
      let run = DiffCommandTests.run(
        "replay", [offsets, "--effect", effect, "--summary-only", "--out", replayed])
      #expect(run.status == 0, "\(run.errors)")
      // Recorded offsets have no physics, so no delegate events: scrollView is not compared.
      let diff = DiffCommandTests.run(
        "diff",
        [physics, replayed, "--ignore", "velocity", "--ignore", "phase", "--ignore", "scrollView"])
      #expect(diff.status == 0, "\(gesture) \(effect):\n\(diff.output)")
    }
  }
}

/// Control events (format v2) go through the physics: programmatic scrolls, wheel deltas,
/// content and viewport changes.
@Suite struct ReplayControlTests {
  /// Replays `body` under a version-`version` input header (content 3000 pt, viewport 852 pt)
  /// with the apple-tv-bar effect, as CSV.
  static func replay(_ body: [String], version: Int = 2) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let path = DiffCommandTests.temporary("controls.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let header = ReplayCommandTests.header
      .replacingOccurrences(of: #""version":1"#, with: #""version":\#(version)"#)
      .replacingOccurrences(of: #""physics""#, with: #""kind":"input","physics""#)
    try ([header] + body).joined(separator: "\n").appending("\n")
      .write(toFile: path, atomically: true, encoding: .utf8)
    return DiffCommandTests.run("replay", [path, "--format", "csv", "--effect", "apple-tv-bar"])
  }

  /// The offset column of the frame at `time` seconds.
  static func offset(at time: String, in csv: String) -> Double? {
    csv.split(separator: "\n").first { $0.split(separator: ",")[1] == Substring(time) }
      .flatMap { Double($0.split(separator: ",")[2]) }
  }

  @Test func programmaticScrollsAndWheelDeltasMoveTheOffset() throws {
    let result = try Self.replay([
      #"{"animated":false,"t":0.1,"type":"scrollTo","y":100}"#,
      #"{"dy":40,"t":0.2,"type":"wheel"}"#,
      #"{"animated":true,"t":0.3,"type":"scrollTo","y":0}"#,
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(Self.offset(at: "0.1000", in: result.output) == 100)
    #expect(Self.offset(at: "0.2000", in: result.output) == 140)
    #expect(result.output.contains("animating"))
    #expect(result.output.split(separator: "\n").last?.split(separator: ",")[2] == "0.000")
  }

  /// Any delta the reader accepts replays: a huge one stops at the end of the content.
  @Test func aHugeWheelDeltaStopsAtTheEnd() throws {
    let result = try Self.replay([
      #"{"dy":1e7,"t":0.1,"type":"wheel"}"#, #"{"dy":1e7,"t":0.2,"type":"wheel"}"#,
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(Self.offset(at: "0.2000", in: result.output) == 2148)
  }

  /// A wheel delta during a bounce moves the content by the delta and the bounce goes on from
  /// there: no frame jumps to the edge, and the view comes back to rest at 0.
  @Test func aWheelDeltaDuringABounceKeepsTheOffsetContinuous() throws {
    let result = try Self.replay([
      #"{"t":0,"type":"down","x":100,"y":300}"#, #"{"t":0.05,"type":"move","x":100,"y":450}"#,
      #"{"t":0.1,"type":"move","x":100,"y":600}"#, #"{"t":0.1,"type":"up","x":100,"y":600}"#,
      #"{"dy":1,"t":0.15,"type":"wheel"}"#,
    ])
    #expect(result.status == 0, "\(result.errors)")
    // Frames from the lift on (the drag itself moves 75 pt in one touch report).
    let offsets = result.output.split(separator: "\n").dropFirst()
      .filter { (Double($0.split(separator: ",")[1]) ?? 0) >= 0.1 }
      .compactMap { Double($0.split(separator: ",")[2]) }
    let steps = zip(offsets, offsets.dropFirst()).map { abs($1 - $0) }
    #expect(offsets.min().map { $0 < -100 } == true)
    #expect(steps.max().map { $0 < 15 } == true, "largest step \(steps.max() ?? 0)")
    #expect(offsets.last == 0)
  }

  @Test func aShrinkingContentBringsAnOutOfRangeViewBack() throws {
    // Scrolled to the end of 3000 pt of content in an 852 pt viewport (max 2148), the content
    // shrinks to 1000 pt (max 148): the view bounces back into range and rests at 148.
    let result = try Self.replay([
      #"{"animated":false,"t":0.1,"type":"scrollTo","y":2148}"#,
      #"{"height":1000,"t":0.2,"type":"content"}"#,
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("bouncing"))
    #expect(result.output.split(separator: "\n").last?.split(separator: ",")[2] == "148.000")
  }

  @Test func aScrollToWhileTheFingerIsDownNamesItsLine() throws {
    let result = try Self.replay([
      #"{"t":0,"type":"down","x":1,"y":500}"#,
      #"{"animated":false,"t":0.2,"type":"scrollTo","y":100}"#,
    ])
    #expect(result.status == 65)
    #expect(
      result.errors.contains(":3: error: type: scrollTo while the finger is down"),
      "\(result.errors)")
  }
}

/// Options that need the physics or a real-time clock are refused for an offset trace instead of
/// being ignored (a pacing gate that can never fail would be worse than none).
@Suite struct ReplayOffsetOptionTests {
  @Test(arguments: [
    ["--realtime"], ["--profile", "flutter"], ["--format", "json"], ["--hz-changes", "10:60"],
  ])
  func physicsOptionsAreRefused(options: [String]) throws {
    let path = DiffCommandTests.temporary("offsets.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let header = ReplayCommandTests.header
      .replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
      .replacingOccurrences(of: #""physics""#, with: #""kind":"offset","physics""#)
    try [
      header, #"{"t":0,"type":"offset","x":0,"y":0}"#, #"{"t":0.5,"type":"offset","x":0,"y":200}"#,
    ]
    .joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
    let result = DiffCommandTests.run("replay", [path] + options)
    #expect(result.status == 64, "\(result.errors)")
    #expect(result.errors.contains("cannot apply to \(path): an offset trace skips the physics"))
  }
}
