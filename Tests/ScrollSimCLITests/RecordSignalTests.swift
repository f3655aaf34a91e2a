import Foundation
import ScrollSimTestSupport
import ScrollTrace
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `scrollsim` binary recording from a live pipe, stopped by a signal. Needs the built
/// binary: enabled when it exists, and always on CI, where a missing binary fails.
@Suite(.serialized, .enabled(if: BuiltBinary.shouldRun))
struct RecordSignalTests {
  /// The first 200 lines of the real log, then a SYN_REPORT with the last line's timestamp so
  /// the recorder writes the last report without waiting for more input.
  static func input() throws -> (text: String, expected: [TraceEvent]) {
    let log = try String(
      contentsOfFile: RecordCommandTests.recording, encoding: .utf8)
    let lines = log.split(separator: "\n").prefix(200)
    let stamp = lines.last?.prefix { $0 != "]" } ?? "["
    let text =
      lines.joined(separator: "\n") + "\n\(stamp)] /dev/input/event3: EV_SYN SYN_REPORT 00000000\n"
    let expected = try GeteventImporter().session(fromText: text, file: "log").events
    return (text, expected)
  }

  /// Starts `scrollsim record --out out`, writes `text` to its standard input (left open, as a
  /// live `adb` stream is) and waits for the line saying the recording started (its signal
  /// handlers are installed before its first read, so a signal from then on takes the clean
  /// path).
  static func startRecording(_ text: String, out: String) throws -> ChildProcess {
    try BuiltBinary.require()
    let child = try ChildProcess(["record", "--out", out], pipeInput: true)
    try child.write(text, close: false)
    let started = child.wait { _, errors in errors.contains("scrollsim: recording to \(out)") }
    #expect(started, "no start line: \(child.errors)")
    return child
  }

  static func events(_ path: String) throws -> [TraceEvent] {
    let reader = try TraceStreamReader(path: path, warn: { _ in })
    var events: [TraceEvent] = []
    while case .touch(let event)? = try reader.next() { events.append(event) }
    return events
  }

  /// SIGKILL cannot be caught: every event written before it is kept (one write per event).
  /// The events are all in the pipe before the kill, but how many the recorder read first is
  /// not known: the file holds a prefix of them, each line whole but maybe the last.
  @Test func sigkillKeepsEveryWrittenEvent() throws {
    let (text, expected) = try Self.input()
    let out = DiffCommandTests.temporary("kill.jsonl")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let child = try Self.startRecording(text, out: out)
    child.send(SIGKILL)
    _ = child.finish()
    #expect(child.process.terminationReason == .uncaughtSignal)
    let events = try Self.events(out)
    #expect(!events.isEmpty)
    #expect(events == Array(expected.prefix(events.count)))
  }

  /// SIGINT and SIGTERM take one path: the input already sent is read, the file closed, the
  /// summary printed once, one line on standard error says where it stopped, exit 130.
  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalStopsOnOnePath(signal: Int32) throws {
    let (text, expected) = try Self.input()
    let out = DiffCommandTests.temporary("int.jsonl")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let child = try Self.startRecording(text, out: out)
    child.send(signal)
    let status = child.finish()
    try? child.input?.fileHandleForWriting.close()
    #expect(child.process.terminationReason == .exit)
    #expect(status == 130)
    #expect(child.output == "Recorded \(expected.count) events to \(out).\n")
    let name = signal == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM"
    let lines = child.errors.split(separator: "\n")
    #expect(lines.count == 2, "\(child.errors)")
    #expect(
      lines.last?.hasPrefix("scrollsim: stopped by \(name) after input line 201; \(out) is closed")
        == true, "\(child.errors)")
    #expect(try Self.events(out) == expected)
    #expect(FileManager.default.contents(atPath: out)?.last == UInt8(ascii: "\n"))
  }

  /// The end of the input is the other ending: exit 0, one summary, no stop line.
  @Test func theEndOfTheInputIsNotAnInterruption() throws {
    let (text, expected) = try Self.input()
    let out = DiffCommandTests.temporary("end.jsonl")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let child = try Self.startRecording(text, out: out)
    try child.input?.fileHandleForWriting.close()
    #expect(child.finish() == 0)
    #expect(child.output == "Recorded \(expected.count) events to \(out).\n")
    #expect(!child.errors.contains("stopped by"))
  }
}
