import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// `replay` and `check` over many traces: one report in path order at any `--jobs`, shards
/// that partition the list, and usage errors for what does not apply.
@Suite struct ManyTracesCommandTests {
  static let folder = Repository.path("traces/swipe-shield")
  static let seed = Repository.path("effects/seeds-original/apple-music.json")

  /// The same command at 1 and 2 jobs prints the same bytes, and no progress line (standard
  /// error is not a terminal).
  @Test(arguments: [
    ["check", seed, "--traces", folder],
    ["check", "all", "--traces", folder + "/gesture-1*.jsonl"],
    ["replay", folder, "--effect", "all"],
    ["replay", folder, "--format", "csv"],
    ["replay", folder + "/gesture-0*.jsonl", folder + "/session.jsonl", "--format", "json"],
  ])
  func outputIsTheSameAtAnyJobs(arguments: [String]) {
    let one = scrollsim(arguments + ["--jobs", "1"])
    let two = scrollsim(arguments + ["--jobs", "2"])
    #expect(one.status == two.status)
    #expect([0, 1].contains(one.status))
    #expect(one.out == two.out)
    #expect(one.err == two.err)
    #expect(!one.err.contains("\r"))
    #expect(!one.out.isEmpty)
  }

  @Test func checkOverTracesNamesTheTraceAndHowToRerunIt() {
    let r = scrollsim(["check", Self.seed, "--traces", Self.folder, "--examples", "1"])
    #expect(r.status == 1)
    #expect(
      r.out.hasPrefix(
        "Checked \(Self.seed) (apple-music-original, 4 outputs) at 120 Hz over 34 traces: 14855 frames."
      ))
    #expect(r.out.contains("FAIL range header.overlayOpacity: 12698 frames in 32 runs"))
    #expect(
      r.out.contains(
        "  \(Self.folder)/gesture-02.jsonl on Android phone 1080×2400 px (assumed) (viewport 914.3 pt, content 8000 pt), frame 21 (t 0.1750 s"
      ))
    #expect(
      r.out.contains(
        "  reproduce: scrollsim check \(Self.seed) --traces \(Self.folder)/gesture-02.jsonl\n"))
  }

  /// The replay table: one row per trace in path order, then a total.
  @Test func replayPrintsOneRowPerTrace() throws {
    let r = scrollsim(["replay", Self.folder + "/gesture-0[2-3].jsonl"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0].hasPrefix("trace"))
    #expect(lines[1].hasPrefix(Self.folder + "/gesture-02.jsonl  ios"))
    #expect(
      lines[1].hasSuffix(
        "382   3.175      1             3537.9               0.00                  0.00   3.075       1"
      ))
    #expect(lines[2].hasPrefix(Self.folder + "/gesture-03.jsonl  ios"))
    #expect(
      lines[4]
        == "Replayed 2 traces through apple-music at 120 Hz (virtual clock): 513 frames over 4.258 s, 2 lifts, 1 threshold event."
    )
  }

  /// `--out DIR`: one frame file per trace, each the frames a one-trace replay writes.
  @Test func outFolderHoldsOneFrameFilePerTrace() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("many-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let trace = Self.folder + "/gesture-05.jsonl"
    let many = scrollsim(["replay", Self.folder + "/gesture-0[45].jsonl", "--out", dir.path])
    #expect(many.status == 0)
    let single = dir.appendingPathComponent("single.jsonl").path
    #expect(scrollsim(["replay", trace, "--summary-only", "--out", single]).status == 0)
    let a = try String(
      contentsOfFile: dir.appendingPathComponent("gesture-05.frames.jsonl").path, encoding: .utf8)
    let b = try String(contentsOfFile: single, encoding: .utf8)
    #expect(a == b)
    #expect(
      FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("gesture-04.frames.jsonl").path))
  }

  /// The shards' rows together are the whole table's rows, each once.
  @Test(arguments: [2, 3, 7])
  func shardsPartitionTheTraces(count: Int) {
    func rows(_ extra: [String]) -> [String] {
      let r = scrollsim(["replay", Self.folder, "--format", "csv"] + extra)
      return r.out.split(separator: "\n").dropFirst().map(String.init)
    }
    let all = rows([])
    #expect(all.count == 34)
    let shards = (1...count).map { rows(["--shard", "\($0)/\(count)"]) }
    #expect(shards.flatMap { $0 }.sorted() == all.sorted())
    #expect(shards.map(\.count).reduce(0, +) == 34)
  }

  @Test(arguments: [
    (["replay", folder, "--shard", "0/2"], "--shard 0/2: expected I/N"),
    (["replay", folder, "--shard", "3/2"], "--shard 3/2: expected I/N"),
    (["check", "all", "--traces", folder, "--shard", "two"], "--shard two: expected I/N"),
    (
      ["check", "all", "--traces", folder, "--jobs", "0"], "--jobs 0: expected an integer in 1…1024"
    ),
    (["check", "all", "--jobs", "2"], "--jobs applies to many traces"),
    // One trace runs as one job, but a bad --jobs is still refused.
    (
      ["replay", folder + "/gesture-01.jsonl", "--jobs", "abc"],
      "--jobs abc: expected an integer in 1…1024"
    ),
    (["check", "all", "--traces", folder, "--device", "landscape"], "--gesture and --device"),
    (["replay", folder, "--realtime"], "--realtime applies to one trace"),
    (["replay", folder, "--out", folder + "/gesture-01.jsonl"], "expected an existing folder"),
  ])
  func badManyTraceOptionsAreUsageErrors(arguments: [String], message: String) {
    let r = scrollsim(arguments)
    #expect(r.status == 64)
    #expect(r.err.contains(message), "\(r.err)")
  }

  /// A missing list entry and a glob without matches are unreadable inputs (74), named.
  @Test func unreadableSetsExit74() throws {
    let list = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID()).txt")
    try "# one good, one missing\n\(Self.folder)/gesture-01.jsonl\nmissing.jsonl\n".write(
      to: list, atomically: true, encoding: .utf8)
    let r = scrollsim(["check", "all", "--traces", list.path])
    #expect(r.status == 74)
    #expect(r.err.contains("\(list.path):3: "))
    let glob = scrollsim(["replay", Self.folder + "/zzz*.jsonl"])
    #expect(glob.status == 74 && glob.err.contains("no file matches"))
  }

  /// `--format json` with many traces is JSON Lines: one compact object per trace, each line a
  /// whole JSON document naming its trace, in path order.
  @Test func manyTracesJSONIsOneObjectPerLine() throws {
    let r = scrollsim(["replay", Self.folder + "/gesture-0[1-3].jsonl", "--format", "json"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4 && lines.last == "")
    for (line, number) in zip(lines.dropLast(), 1...) {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["file"] as? String == Self.folder + "/gesture-0\(number).jsonl")
      #expect(object?["physics"] as? String == "ios")
    }
    #expect(lines[1].contains(#""frames":382,"#))
  }

  /// A scratch folder holding copies of `names` from the swipe-shield traces.
  static func scratch(_ names: [String]) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("many-\(UUID())").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for name in names {
      try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: dir + "/" + name)
    }
    return dir
  }

  /// A list file with CRLF line endings (and names with spaces) names its traces, for replay
  /// and check alike.
  @Test func crlfListFile() throws {
    let dir = try Self.scratch([])
    try FileManager.default.copyItem(
      atPath: Self.folder + "/gesture-01.jsonl", toPath: dir + "/my trace 1.jsonl")
    try FileManager.default.copyItem(
      atPath: Self.folder + "/gesture-02.jsonl", toPath: dir + "/second one.jsonl")
    try Data("my trace 1.jsonl\r\nsecond one.jsonl\r\n# c\r\n\r\n".utf8).write(
      to: URL(fileURLWithPath: dir + "/crlf.txt"))
    let replay = scrollsim(["replay", dir + "/crlf.txt", "--format", "csv"])
    #expect(replay.status == 0, "\(replay.err)")
    #expect(
      replay.out.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] } == [
        "\(dir)/my trace 1.jsonl", "\(dir)/second one.jsonl",
      ])
    let check = scrollsim(["check", "all", "--traces", dir + "/crlf.txt"])
    #expect([0, 1].contains(check.status), "\(check.err)")
    #expect(check.out.contains("over 2 traces"))
  }

  /// The same file under two spellings runs once (the first spelling), and `--out` writes one
  /// frame file for it.
  @Test func oneFileUnderTwoSpellingsRunsOnce() throws {
    let dir = try Self.scratch(["gesture-02.jsonl"])
    let out = try Self.scratch([])
    let r = scrollsim([
      "replay", dir + "/gesture-02.jsonl", dir + "/./gesture-02.jsonl", "--out", out, "--format",
      "csv",
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.split(separator: "\n").count == 2)
    #expect(r.out.contains("\n\(dir)/gesture-02.jsonl,ios,382,"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["gesture-02.frames.jsonl"])
  }

  /// `--out` into the trace folder: the next replay of the folder skips the frame files and
  /// prints the same table.
  @Test func outIntoTheTraceFolderKeepsItReplayable() throws {
    let dir = try Self.scratch(["gesture-01.jsonl", "gesture-02.jsonl"])
    let first = scrollsim(["replay", dir, "--out", dir])
    #expect(first.status == 0, "\(first.err)")
    #expect(FileManager.default.fileExists(atPath: dir + "/gesture-01.frames.jsonl"))
    let second = scrollsim(["replay", dir])
    #expect(second.status == 0, "\(second.err)")
    #expect(second.out == first.out)
    #expect(second.out.contains("Replayed 2 traces"))
  }

  /// One status per mistake: nothing to run is 74 for replay and check, whatever names it; an
  /// `--out` folder that does not exist is 74 with one trace and with many.
  @Test(arguments: ["folder", "glob", "comments", "empty list"])
  func nothingToRunIs74(form: String) throws {
    let dir = try Self.scratch([])
    let source: String
    switch form {
    case "folder": source = dir
    case "glob": source = dir + "/*.jsonl"
    default:
      source = dir + "/list.txt"
      try Data((form == "comments" ? "# none\n" : "").utf8).write(
        to: URL(fileURLWithPath: source))
    }
    for arguments in [["replay", source], ["check", "all", "--traces", source]] {
      let r = scrollsim(arguments)
      #expect(r.status == 74, "\(arguments): \(r.err)")
      #expect(r.err.hasPrefix("scrollsim: error: \(source): nothing to run: "), "\(r.err)")
    }
  }

  @Test func outIntoAMissingFolderIs74() {
    let many = scrollsim(["replay", Self.folder, "--out", "/nonexistent-folder"])
    let one = scrollsim([
      "replay", Self.folder + "/gesture-01.jsonl", "--out", "/nonexistent-folder/x.jsonl",
    ])
    #expect(many.status == 74 && one.status == 74)
    #expect(many.err.contains("--out /nonexistent-folder: no such folder"), "\(many.err)")
  }

  /// A shard with no trace (more shards than traces) runs nothing and passes: the set is not
  /// empty, another shard runs it.
  @Test func anEmptyShardPasses() {
    let r = scrollsim(["replay", Self.folder + "/gesture-0[12].jsonl", "--shard", "3/3"])
    #expect(r.status == 0)
    #expect(r.out.contains("Replayed 0 traces (shard 3/3 of 2)"))
  }

  /// A folder of three traces, the second with a bad line 5 (an unknown event type).
  static func folderWithABadTrace() throws -> String {
    let dir = try scratch(["gesture-01.jsonl", "gesture-02.jsonl", "gesture-03.jsonl"])
    let path = dir + "/gesture-02.jsonl"
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    lines[4] = #"{"t":0.1,"type":"wiggle","x":1,"y":1}"#
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    return dir
  }

  /// `check --traces --junit` with a bad trace among many still writes the shard's results:
  /// the trace before it as it ran (passed), it as an `<error>` (file:line: message), the one after it
  /// not run; the exit status is the bad trace's (65), the same at any `--jobs`.
  @Test(arguments: ["1", "2"])
  func aBadTraceAmongManyIsAJUnitError(jobs: String) throws {
    let dir = try Self.folderWithABadTrace()
    let junit = dir + "/results.xml"
    let r = scrollsim([
      "check", Self.seed, "--traces", dir, "--junit", junit, "--jobs", jobs,
    ])
    #expect(r.status == 65)
    #expect(r.err.hasPrefix("\(dir)/gesture-02.jsonl:5: error: "), "\(r.err)")
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains(#"tests="3" failures="0" errors="1""#), "\(xml)")
    let cases = xml.components(separatedBy: "<testcase ").dropFirst()
    #expect(cases.count == 3)
    // gesture-01 ran and passed (a self-closing test case).
    #expect(
      cases.first?.hasPrefix(
        #"name="\#(dir)/gesture-01.jsonl" classname="scrollsim.check.apple-music-original"/>"#)
        == true)
    #expect(
      cases.dropFirst().first?.contains(
        #"<error message="\#(dir)/gesture-02.jsonl:5: "#) == true)
    #expect(
      cases.last?.contains(
        #"<skipped message="not run: the check stopped at the rejected trace \#(dir)/gesture-02.jsonl"/>"#
      ) == true)
  }

  /// `replay DIR --out OUT` with a bad trace says which frame files it wrote: those of the
  /// traces before it in path order, at any --jobs (a trace after it that a second thread
  /// finished meanwhile has its file removed), so the files and the message never depend on
  /// the scheduling.
  @Test(arguments: ["1", "2"])
  func aBadTraceAmongManySaysWhichFrameFilesWereWritten(jobs: String) throws {
    let dir = try Self.folderWithABadTrace()
    for _ in 0..<(jobs == "1" ? 1 : 8) {
      let out = try Self.scratch([])
      let r = scrollsim(["replay", dir, "--out", out, "--jobs", jobs])
      #expect(r.status == 65)
      #expect(
        r.err.hasSuffix(
          "; --out wrote 1 frame file of 3 before it stopped: \(out)/gesture-01.frames.jsonl "
            + "(those of the traces before it in path order; the others were not written)\n"),
        "\(r.err)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: out) == ["gesture-01.frames.jsonl"])
    }
  }

  /// The frame files --out leaves never depend on the scheduling: a trace after the rejected
  /// one (in path order) that a second thread finished first is not put in place, so an
  /// earlier run's file of that name is left as it was, at --jobs 1 (never run) and 2 (run
  /// while the long rejected trace, bad at its last line, was still being replayed).
  @Test(arguments: ["1", "2"])
  func framesOfTracesAfterARejectedOneAreNeverPutInPlace(jobs: String) throws {
    let dir = try Self.scratch(["gesture-01.jsonl", "gesture-03.jsonl"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let bad = dir + "/gesture-02.jsonl"
    try
      (String(contentsOfFile: Self.folder + "/session.jsonl", encoding: .utf8)
      + #"{"t":99,"type":"wiggle","x":1,"y":1}"# + "\n")
      .write(toFile: bad, atomically: true, encoding: .utf8)
    let out = try Self.scratch([])
    defer { try? FileManager.default.removeItem(atPath: out) }
    let earlier = "an earlier run's file\n"
    try earlier.write(toFile: out + "/gesture-03.frames.jsonl", atomically: true, encoding: .utf8)
    let r = scrollsim(["replay", dir, "--out", out, "--jobs", jobs])
    #expect(r.status == 65)
    #expect(r.err.contains("--out wrote 1 frame file of 3"), "\(r.err)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
        "gesture-01.frames.jsonl", "gesture-03.frames.jsonl",
      ])
    #expect(
      try String(contentsOfFile: out + "/gesture-03.frames.jsonl", encoding: .utf8) == earlier)
  }

  /// reading-progress: its declared exception is listed as expected and the check passes.
  @Test func readingProgressPassesWithItsException() {
    let r = scrollsim(["check", Repository.path("effects/examples/reading-progress.json")])
    #expect(r.status == 0)
    #expect(
      r.out.contains(
        "EXPECTED zero-length timeline reading when content-fits-viewport: 12577 frames in 13 runs (an article that fits on the screen"
      ))
    #expect(r.out.hasSuffix("No violations (12577 expected).\n"))
  }
}
