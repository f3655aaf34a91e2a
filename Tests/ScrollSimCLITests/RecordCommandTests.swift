import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

@Suite(.serialized)
struct RecordCommandTests {
  static let recording = Repository.path(
    "traces/swipe-shield/source/data_first33gestures.getevent-lt.txt")

  @Test func recordingTheRealLogEqualsTheBundledSession() throws {
    let out = DiffCommandTests.temporary("rec.jsonl")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = DiffCommandTests.run("record", ["--input", Self.recording, "--out", out])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "Recorded 593 events to \(out).\n")
    let recorded = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
      .dropFirst()
    let bundled = try String(
      contentsOfFile: Repository.path("traces/swipe-shield/session.jsonl"), encoding: .utf8
    )
    .split(separator: "\n").dropFirst()
    #expect(Array(recorded) == Array(bundled))
  }

  static let session = Repository.path("traces/swipe-shield/session.jsonl")

  @Test func aKilledRecordingReplaysWithAWarning() throws {
    let out = DiffCommandTests.temporary("rec.jsonl")
    defer { try? FileManager.default.removeItem(atPath: out) }
    #expect(DiffCommandTests.run("record", ["--input", Self.recording, "--out", out]).status == 0)
    // What SIGKILL mid-write leaves: the file cut inside line 41 (the 40th event).
    let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
    let newlines = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }
    try bytes.prefix(newlines[40] - 7).write(to: URL(fileURLWithPath: out))
    let result = DiffCommandTests.run("replay", [out, "--summary-only"])
    #expect(result.status == 0)
    #expect(
      result.errors.hasPrefix("\(out):41: warning: incomplete last line"),
      "\(result.errors)")
    #expect(result.output.hasPrefix("Replayed"))
    // The JSON summary says what was skipped (a whole trace's has no "warnings").
    let json = DiffCommandTests.run("replay", [out, "--format", "json"])
    #expect(json.status == 0)
    #expect(json.output.contains("\"warnings\" : [\n    \"\(out):41: incomplete last line"))
    let whole = DiffCommandTests.run("replay", [Self.session, "--format", "json"])
    #expect(whole.status == 0 && !whole.output.contains("warnings"))
    // check refuses the cut trace, without the replay's "the events before it are replayed".
    let check = DiffCommandTests.run("check", ["apple-music", "--traces", out])
    #expect(check.status == 65)
    #expect(
      check.errors
        == "\(out):41: error: incomplete last line (no newline): the recording was cut off "
        + "mid-write, and check refuses a cut trace (replay skips the line and replays the events "
        + "before it): remove the partial line to check the rest\n")
  }

  @Test func aBadLineIsADataErrorThatKeepsEarlierEvents() throws {
    let input = DiffCommandTests.temporary("in.txt")
    let out = DiffCommandTests.temporary("rec.jsonl")
    defer { for path in [input, out] { try? FileManager.default.removeItem(atPath: path) } }
    let lines = try String(contentsOfFile: Self.recording, encoding: .utf8).split(separator: "\n")
      .prefix(60)
    try (lines.joined(separator: "\n") + "\n[ 99999.000000] garbage\n").write(
      toFile: input, atomically: true, encoding: .utf8)
    let result = DiffCommandTests.run("record", ["--input", input, "--out", out])
    #expect(result.status == 65)
    #expect(result.errors.contains("\(input):61: "), "\(result.errors)")
    #expect(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").count > 2)
  }

  /// No touch: an older recording at the path is kept, and the summary says so.
  @Test func noTouchLeavesAnOlderRecordingAndSaysSo() throws {
    let out = DiffCommandTests.temporary("old.jsonl")
    defer { try? FileManager.default.removeItem(atPath: out) }
    try "older recording\n".write(toFile: out, atomically: true, encoding: .utf8)
    let result = DiffCommandTests.run("record", ["--input", "/dev/null", "--out", out])
    #expect(result.status == 0)
    #expect(result.output.contains("No touch recorded; the existing \(out) was left unchanged"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "older recording\n")
    try FileManager.default.removeItem(atPath: out)
    let fresh = DiffCommandTests.run("record", ["--input", "/dev/null", "--out", out])
    #expect(fresh.output.contains("No touch recorded; \(out) was not created."))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// An unwritable --out fails before any input is read (not at the first touch).
  @Test(arguments: [
    ("/tmp", "/tmp: is a directory"),
    ("/no/such/folder/x.jsonl", "no writable folder /no/such/folder"),
  ])
  func anUnwritableOutFailsAtOnce(out: String, message: String) {
    let result = DiffCommandTests.run("record", ["--input", "/dev/null", "--out", out])
    #expect(result.status == 74)
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  @Test(arguments: [
    ([], "needs --out"),
    (["--out", "x.jsonl", "extra"], "takes no positional"),
    (["--out", "x.jsonl", "--sync", "sometimes"], "--sync sometimes"),
    (["--out", "x.jsonl", "--scale", "0", "--input", "/dev/null"], "--scale 0: expected"),
  ])
  func usageErrors(arguments: [String], message: String) {
    let result = DiffCommandTests.run("record", arguments)
    #expect(result.status == 64)
    #expect(result.errors.contains(message), "\(result.errors)")
  }
}
