import Foundation
import ScrollTrace
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `scrollsim` binary recording from a pipe, stopped by a signal. Runs when the package has
/// been built (`swift build`; CI builds first).
@Suite(.serialized)
struct RecordSignalTests {
  static let binary = Repository.path(".build/debug/scrollsim")
  static let isBuilt = FileManager.default.isExecutableFile(atPath: binary)

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
  /// live `adb` stream is) and waits until `count` events are in the file.
  static func startRecording(_ text: String, out: String, count: Int) throws -> (
    Process, Pipe, Pipe
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["record", "--out", out]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    for _ in 0..<2000 where recordedLines(out) < count + 1 { usleep(5000) }
    return (process, input, output)
  }

  static func recordedLines(_ path: String) -> Int {
    guard let data = FileManager.default.contents(atPath: path) else { return 0 }
    return data.filter { $0 == UInt8(ascii: "\n") }.count
  }

  static func events(_ path: String) throws -> [TraceEvent] {
    let reader = try TraceStreamReader(path: path, warn: { _ in })
    var events: [TraceEvent] = []
    while case .touch(let event)? = try reader.next() { events.append(event) }
    return events
  }

  @Test(.enabled(if: isBuilt)) func sigkillKeepsEveryWrittenEvent() throws {
    let (text, expected) = try Self.input()
    let out = DiffCommandTests.temporary("kill.jsonl")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let (process, input, _) = try Self.startRecording(text, out: out, count: expected.count)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    try? input.fileHandleForWriting.close()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(try Self.events(out) == expected)
  }

  @Test(.enabled(if: isBuilt), arguments: [SIGINT, SIGTERM])
  func interruptClosesTheFileCleanly(signal: Int32) throws {
    let (text, expected) = try Self.input()
    let out = DiffCommandTests.temporary("int.jsonl")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let (process, input, output) = try Self.startRecording(text, out: out, count: expected.count)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    try? input.fileHandleForWriting.close()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(printed == "Recorded \(expected.count) events to \(out).\n")
    #expect(try Self.events(out) == expected)
    #expect(FileManager.default.contents(atPath: out)?.last == UInt8(ascii: "\n"))
  }
}
