import Foundation
import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// A located input error is one line in the form compilers write, so an editor links it to
/// the place: Xcode for a build-tool plugin's failure, VS Code's problem matchers, CI log
/// annotators. The pattern is the `$gcc` problem matcher of VS Code's C/C++ extension
/// (microsoft/vscode-cpptools, `Extension/package.json`):
/// `^(.*?):(\d+):(\d*):?\s+(?:fatal\s+)?(warning|error):\s+(.*)$` (file, line, column,
/// severity, message). A problem with no line keeps the tool's own prefix.
struct DiagnosticFormatTests {
  /// The `$gcc` matcher's groups for `line`, or nil when it does not match.
  static func gcc(_ line: String) throws -> [String]? {
    let pattern = try Regex(#"^(.*?):(\d+):(\d*):?\s+(?:fatal\s+)?(warning|error):\s+(.*)$"#)
    guard let match = try pattern.wholeMatch(in: line) else { return nil }
    return (1...5).map { match.output[$0].substring.map(String.init) ?? "" }
  }

  @Test func aJSONProblemNamesFileLineColumnAndPath() throws {
    let problem = InputError(
      file: "Tests/A/a.effect.json", line: 3, column: 17, path: "$.outputs[0].range",
      message: "expected two numbers")
    let text = Console.diagnosticText(.error, problem)
    #expect(
      text == "Tests/A/a.effect.json:3:17: error: $.outputs[0].range: expected two numbers")
    #expect(
      try Self.gcc(text)
        == [
          "Tests/A/a.effect.json", "3", "17", "error", "$.outputs[0].range: expected two numbers",
        ])
  }

  @Test func aLineProblemHasNoColumnAndAWarningIsAWarning() throws {
    let problem = InputError(file: "t.jsonl", line: 41, message: "incomplete last line")
    let text = Console.diagnosticText(.warning, problem)
    #expect(text == "t.jsonl:41: warning: incomplete last line")
    #expect(try Self.gcc(text) == ["t.jsonl", "41", "", "warning", "incomplete last line"])
    let field = InputError(file: "t.jsonl", line: 2, field: "y", message: "not a number")
    #expect(Console.diagnosticText(.error, field) == "t.jsonl:2: error: y: not a number")
  }

  /// Text quoted from the input (an escaped newline, a NUL, a terminal escape in a key; a
  /// newline in a file name) is written as escapes: the diagnostic stays one line and never
  /// drives the terminal.
  @Test func controlCharactersAreEscaped() throws {
    let problem = InputError(
      file: "a\nb.json", line: 2, column: 5, path: "$.outputs[0].timeline",
      message: "unknown timeline 'fa\nde\u{0}x\u{1B}[31m\t\u{7F}'")
    let text = Console.diagnosticText(.error, problem)
    #expect(
      text
        == #"a\nb.json:2:5: error: $.outputs[0].timeline: unknown timeline 'fa\nde\u{0}x\u{1B}[31m\t\u{7F}'"#
    )
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(Console.oneLine("plain, é, ∞") == "plain, é, ∞")
  }

  /// Without a line there is no place to link: the tool's prefix, as for every other error.
  @Test func aWholeFileProblemKeepsTheToolsPrefix() throws {
    let problem = InputError(.unreadable, file: "/no/such.jsonl", message: "no such file")
    let text = Console.diagnosticText(.error, problem)
    #expect(text == "scrollsim: error: /no/such.jsonl: no such file")
    #expect(try Self.gcc(text) == nil)
  }

  /// End to end: the exporter the build-tool plugin runs writes one such line for a bad spec,
  /// naming the spec's own line and column, and exits 65.
  @Test func theExportersFailureIsOneLinkableLine() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "diagnostic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("bad.effect.json").path
    try """
    {
      "version": 1, "name": "bad",
      "timelines": [{"name": "t", "type": "scroll", "start": 0, "end": 100}],
      "outputs": [{"name": "o", "unit": "fraction", "range": [0, 1], "timeline": "none"}]
    }

    """.write(toFile: spec, atomically: true, encoding: .utf8)
    let result = scrollsim([
      "export", "swift", spec, "--out", folder.appendingPathComponent("Bad.swift").path,
    ])
    #expect(result.status == 65)
    let lines = result.err.split(separator: "\n").map(String.init)
    #expect(lines.count == 1, "\(result.err)")
    let groups = try #require(try Self.gcc(lines[0]), "\(result.err)")
    #expect(groups[0] == spec)
    // Line 4, column 78: the opening quote of "none".
    #expect(groups[1] == "4" && groups[2] == "78", "\(result.err)")
    #expect(groups[3] == "error")
    #expect(groups[4].hasPrefix("$.outputs[0].timeline: unknown timeline 'none'"), "\(result.err)")
  }

  /// A view range written as one `range` text is judged as its two ends (`rangeEnd`): the
  /// error is placed at that text, not at the timeline's opening brace.
  @Test func aReversedViewRangeIsPlacedAtItsText() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "diagnostic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("rev.json").path
    let line2 =
      #"  "timelines": [{"name": "v", "type": "view", "subject": {"y": 900, "height": 200}, "#
      + #""range": "exit 100% entry 0%"}],"#
    try """
    {
      "version": 1, "name": "rev",
    \(line2)
      "outputs": [{"name": "o", "unit": "fraction", "range": [0, 1], "timeline": "v",
        "keyframes": [{"at": 0, "value": 0}, {"at": 1, "value": 1}]}]
    }

    """.write(toFile: spec, atomically: true, encoding: .utf8)
    let result = scrollsim(["check", spec])
    #expect(result.status == 65)
    let groups = try #require(try Self.gcc(String(result.err.dropLast())), "\(result.err)")
    let column = line2.utf8.count - #""exit 100% entry 0%"}],"#.utf8.count + 1
    #expect(groups[1] == "3" && groups[2] == "\(column)", "\(result.err)")
    #expect(groups[4].hasPrefix("$.timelines[0].rangeEnd: reversed range exit 100% … entry 0%"))
  }
}
