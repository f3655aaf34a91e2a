import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built binary with inputs that are pipes, process substitutions, standard input and
/// FIFOs; outputs on a full disk or over a file-size limit; runs stopped by SIGINT and SIGTERM.
/// Enabled when the binary exists, and always on CI, where a missing binary fails.
@Suite(.serialized, .enabled(if: BuiltBinary.shouldRun))
struct InputOutputProcessTests {
  static let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")

  /// A folder of its own for one test.
  static func folder() throws -> String {
    let path = DiffCommandTests.temporary("io")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A trace whose finger rests for 600 s: 72,001 frames at 120 Hz, long enough to stop.
  static func longTrace(in folder: String) throws -> String {
    let path = folder + "/long.jsonl"
    let header = try String(contentsOfFile: trace, encoding: .utf8).prefix { $0 != "\n" }
    try """
    \(header)
    {"t":0,"type":"down","x":100,"y":600}
    {"t":0.05,"type":"move","x":100,"y":590}
    {"t":600,"type":"move","x":100,"y":580}

    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Runs `script` with bash; `$0` is the binary, `$1`… are `arguments`.
  static func bash(_ script: String, _ arguments: [String]) throws -> ChildProcess {
    try BuiltBinary.require()
    return try ChildProcess(
      ["-c", script, BuiltBinary.path] + arguments, executable: "/bin/bash")
  }

  @Test func replayReadsStandardInputOnce() throws {
    try BuiltBinary.require()
    let child = try ChildProcess(["replay", "-"], pipeInput: true)
    try child.write(try String(contentsOfFile: Self.trace, encoding: .utf8))
    #expect(child.finish() == 0, "\(child.errors)")
    let expected = DiffCommandTests.run("replay", [Self.trace]).output
    // The same rows; only the summary names the input differently.
    let rows = { (text: String) in text.split(separator: "\n").dropLast() }
    #expect(rows(child.output) == rows(expected))
    #expect(child.output.contains("382 frames over 3.175 s"))
  }

  /// A spec or profile on standard input is named `<stdin>` in its errors, as a trace is.
  @Test func aSpecOnStandardInputIsNamedStdin() throws {
    try BuiltBinary.require()
    let child = try ChildProcess(["check", "-"], pipeInput: true)
    try child.write(#"{"version": 1, "name": "x", "outputs": [{}]}"# + "\n")
    #expect(child.finish() == 65)
    #expect(
      child.errors.hasPrefix("<stdin>:1:41: error: $.outputs[0].name: missing"), "\(child.errors)")
  }

  /// A report into a FIFO (`--junit`): the check that the report can be written, made before
  /// the run, leaves a path that is not a regular file alone, so its reader gets the whole
  /// report (opening it then would end the reader's input, and the report's own write would
  /// wait for a reader forever; `timeout` turns such a hang into a failure here).
  @Test func aReportIntoAFIFOReachesItsReader() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let check = try Self.bash(
      #"mkfifo "$1/j" && { cat "$1/j" > "$1/o" & } && "#
        + #"timeout 120 "$0" check apple-music --gesture fling-3000 --device small-phone "#
        + #"--junit "$1/j" && wait"#,
      [folder])
    #expect(check.finish() == 0, "\(check.errors)")
    let report = try String(contentsOfFile: folder + "/o", encoding: .utf8)
    #expect(report.hasPrefix("<?xml") && report.hasSuffix("</testsuites>\n"), "\(report)")
  }

  @Test func processSubstitutionsAreReadOnce() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let replay = try Self.bash(
      #""$0" replay <(cat "$1") --summary-only --output "$2""#,
      [
        Self.trace, folder + "/f.jsonl",
      ])
    #expect(replay.finish() == 0, "\(replay.errors)")
    #expect(replay.output.hasPrefix("Replayed /dev/fd/"), "\(replay.output)")
    #expect(replay.output.contains("382 frames"))
    // A frame file from a pipe: the format comes from its first byte.
    let diff = try Self.bash(#""$0" diff <(cat "$1") "$1""#, [folder + "/f.jsonl"])
    #expect(diff.finish() == 0, "\(diff.output)\(diff.errors)")
    #expect(diff.output.contains("match: 382 frames"))
    let plot = try Self.bash(
      #"cat "$1" | "$0" plot - --out "$2""#,
      [
        folder + "/f.jsonl", folder + "/p.svg",
      ])
    #expect(plot.finish() == 0, "\(plot.errors)")  // Specs and profiles too.
    let check = try Self.bash(
      #""$0" check <(cat "$1") && "$0" simulate fling --profile <(cat "$2") | tail -1"#,
      [Repository.path("effects/title-card.json"), Repository.path("profiles/flutter.json")])
    #expect(check.finish() == 0, "\(check.errors)")
    #expect(check.output.hasPrefix("Checked /dev/fd/"), "\(check.output)")
    #expect(check.output.hasSuffix(",idle,0.000000,0\n"), "\(check.output)")
  }

  /// A FIFO nobody writes to: a note within a bounded time, then the replay runs once a
  /// writer comes.
  @Test func aFIFOWithoutAWriterSaysSo() throws {
    try BuiltBinary.require()
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/trace.fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let child = try ChildProcess(["replay", fifo, "--summary-only"])
    let noted = child.wait(timeout: 30) { _, errors in
      errors.contains("scrollsim: waiting for a writer on FIFO \(fifo)")
    }
    #expect(noted, "\(child.errors)")
    // Close-on-exec: no other child may inherit the write end and hold the FIFO open.
    let writer = open(fifo, O_WRONLY | O_CLOEXEC)
    try #require(writer >= 0)
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.trace)))
    #expect(bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == bytes.count)
    close(writer)
    #expect(child.finish() == 0, "\(child.errors)")
    #expect(child.output.contains("382 frames"))
  }

  /// SIGINT stops a virtual-clock replay at a frame boundary: whole rows, one stderr line,
  /// exit 130, and the frame file kept under its cut name (which plot refuses as cut).
  @Test func sigintStopsAVirtualReplayAtAFrame() throws {
    try BuiltBinary.require()
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let long = try Self.longTrace(in: folder)
    let out = folder + "/f.jsonl"
    let child = try ChildProcess(["replay", long, "--out", out])
    #expect(child.wait { output, _ in output.contains("\n") })
    child.send(SIGINT)
    #expect(child.finish() == 130)
    let lines = child.errors.split(separator: "\n")
    #expect(lines.count == 1, "\(child.errors)")
    #expect(
      lines.first?.hasPrefix("scrollsim: stopped by SIGINT (Ctrl-C) after frame ") == true,
      "\(child.errors)")
    #expect(child.errors.contains("f.cut.jsonl (no closing record)"))
    #expect(child.output.hasSuffix("\n"))
    #expect(child.output.contains("Replayed \(long)"))
    #expect(!FileManager.default.fileExists(atPath: out))
    let plot = DiffCommandTests.run("plot", [folder + "/f.cut.jsonl", "--out", folder + "/p.svg"])
    #expect(plot.status == 65)
    #expect(plot.errors.contains("f.cut.jsonl: is cut after frame "), "\(plot.errors)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "f.cut.jsonl", "long.jsonl",
      ])
  }

  /// SIGINT stops `simulate` after a whole row, with one line on standard error, exit 130.
  @Test func sigintStopsSimulateAfterAWholeRow() throws {
    try BuiltBinary.require()
    let child = try ChildProcess(["simulate", "fling", "--duration", "600", "--hz", "1000"])
    #expect(child.wait { output, _ in output.contains("\n") })
    child.send(SIGINT)
    #expect(child.finish() == 130)
    #expect(child.output.hasPrefix("time,offset,velocity,phase,stretch,programmatic\n"))
    #expect(child.output.hasSuffix("\n"))
    let lines = child.errors.split(separator: "\n")
    #expect(lines.count == 1, "\(child.errors)")
    #expect(lines.first?.hasPrefix("scrollsim: stopped by SIGINT (Ctrl-C) after frame ") == true)
  }

  /// SIGTERM stops a real-time replay: its buffered rows and summary are written, exit 130.
  @Test func sigtermStopsARealtimeReplayWithItsRows() throws {
    try BuiltBinary.require()
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let child = try ChildProcess(["replay", try Self.longTrace(in: folder), "--realtime"])
    #expect(child.wait { _, errors in errors.contains("real-time replay started") })
    child.send(SIGTERM)
    #expect(child.finish(timeout: 60) == 130)
    #expect(child.errors.contains("scrollsim: stopped by SIGTERM after frame "), "\(child.errors)")
    let lines = child.output.split(separator: "\n")
    #expect(lines.first?.contains("frame") == true)
    #expect(lines.count >= 3, "\(child.output)")  // the header, rows, the summary
    // The summary says it is partial before anything else (trial finding 3).
    #expect(lines.last?.hasPrefix("Interrupted by SIGTERM at t = ") == true, "\(child.output)")
    #expect(
      lines.last?.contains(" s: a partial replay, the trace was not read to its end. Replayed ")
        == true)
  }

  /// Standard output on a full disk: a message and 74, not a crash.
  @Test func aFullDiskEndsWith74() throws {
    let child = try Self.bash(#""$0" replay "$1" > /dev/full"#, [Self.trace])
    #expect(child.finish() == 74)
    #expect(child.errors.contains("scrollsim: error: cannot write standard output"))
  }

  /// A file-size limit (`ulimit -f`): SIGXFSZ is ignored, the write fails, 74, and neither the
  /// output nor a temporary file is left behind.
  @Test func aFileSizeLimitEndsWith74() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let child = try Self.bash(
      #"ulimit -f 1; "$0" replay "$1" --summary-only --output "$2""#,
      [Self.trace, folder + "/f.jsonl"])
    #expect(child.finish() == 74)
    #expect(child.process.terminationReason == .exit)
    #expect(child.errors.contains("f.jsonl: cannot write: File too large"), "\(child.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }
}
