import Foundation
import ScrollSimCore
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// The command line as a whole: option tables, shared value types, suggestions, the version,
/// deprecated names and the one exit-status table.
struct CommandLineTests {
  /// Every option in every command's table (and each deprecated name) is in its help: the
  /// tables drive both, so a new option cannot go undocumented.
  @Test(arguments: ScrollSimCommand.subcommands.map(\.name))
  func helpCoversEveryOption(command: String) throws {
    let subcommand = try #require(ScrollSimCommand.subcommands.first { $0.name == command })
    let result = scrollsim(["help", command])
    #expect(result.status == 0)
    for option in subcommand.options {
      #expect(result.out.contains("  " + option.synopsis), "\(option.synopsis) missing")
      for alias in option.aliases {
        #expect(result.out.contains("--" + alias), "--\(alias) missing")
      }
    }
    #expect(result.out.contains("exit status:\n  0     done"))
  }

  /// The tables of one command hold each name once (aliases included).
  @Test(arguments: ScrollSimCommand.subcommands.map(\.name))
  func namesAreUnique(command: String) throws {
    let subcommand = try #require(ScrollSimCommand.subcommands.first { $0.name == command })
    let names = subcommand.options.flatMap { [$0.name] + $0.aliases }
    #expect(Set(names).count == names.count)
  }

  @Test(arguments: ["2", "0", "-1", "nan", "inf", "1", "slow"])
  func replayRejectsABadRate(rate: String) {
    let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")
    let result = scrollsim(["replay", trace, "--summary-only", "--rate", rate])
    #expect(result.status == 64)
    #expect(
      result.err
        == "scrollsim: error: --rate \(rate): expected normal, fast or a number in (0, 0.9995]\n")
    #expect(result.out.isEmpty)
  }

  @Test(arguments: ["replay", "simulate"])
  func bothCommandsParseTheRateTheSameWay(command: String) {
    let target =
      command == "replay" ? Repository.path("traces/swipe-shield/gesture-02.jsonl") : "fling"
    #expect(
      scrollsim([command, target, "--rate", "2"]).err
        == scrollsim(["replay", "x", "--rate", "2"]).err)
    #expect(
      scrollsim([command, target, "--hz", "0"]).err.contains(
        "--hz 0: expected an integer in 1…1000"))
  }

  /// Every command names an unknown option and suggests the closest one.
  @Test(arguments: ScrollSimCommand.subcommands.map(\.name))
  func unknownOptionsGetASuggestion(command: String) throws {
    let subcommand = try #require(ScrollSimCommand.subcommands.first { $0.name == command })
    let prefix = command == "import" ? ["import", "getevent"] : [command]
    guard let option = subcommand.options.first else {
      let result = scrollsim(prefix + ["--verbose"])
      #expect(result.status == 64)
      #expect(result.err.contains("unknown option --verbose for '\(command)'"))
      return
    }
    let result = scrollsim(prefix + ["--\(option.name)x", "1"])
    #expect(result.status == 64)
    #expect(
      result.err.contains("unknown option --\(option.name)x"), "\(result.err)")
    #expect(result.err.contains("did you mean '--\(option.name)'?"), "\(result.err)")
    #expect(result.err.contains("see 'scrollsim help \(command)'"))
  }

  @Test(arguments: [
    (["repaly", "x"], "unknown command 'repaly'; did you mean 'replay'?"),
    (["help", "simulte"], "no help for unknown command 'simulte'; did you mean 'simulate'?"),
    (["replay", "x", "--effect", "apple-musik"], "did you mean 'apple-music'?"),
    (["replay", "x", "--profile", "flutte"], "--profile flutte: expected ios, android, flutter"),
    (["replay", "x", "--profile", "flutte"], "did you mean 'flutter'?"),
    (["simulate", "flign"], "did you mean 'fling'?"),
    (
      ["replay", "x", "--format", "jsn"],
      "--format jsn: expected table, csv or json; did you mean 'json'?"
    ),
    (["check", "title-crd", "--device", "small-phon"], "did you mean 'small-phone'?"),
  ])
  func misspeltNamesGetASuggestion(arguments: [String], message: String) {
    let result = scrollsim(arguments)
    #expect(result.status == 64)
    #expect(result.err.contains(message), "\(result.err)")
  }

  @Test func aMisspeltPresetForCheckSuggestsTheName() {
    let result = scrollsim(["check", "title-crd"])
    #expect(result.status == 74)
    #expect(result.err.contains("did you mean 'title-card'?"), "\(result.err)")
  }

  @Test(arguments: [["--version"], ["version"]])
  func version(arguments: [String]) {
    let result = scrollsim(arguments)
    #expect(result.status == 0)
    #expect(result.out == "scrollsim \(ScrollSimVersion.current)\n")
    #expect(result.err.isEmpty)
  }

  /// A directory, a missing file and an unreadable one are unreadable inputs (74) for every
  /// command that reads a file.
  @Test(arguments: [
    ["replay", "traces"], ["replay", "traces", "--effect", "all"],
    ["export", "webdriver", "traces", "--out", "/tmp/never-scrollsim.json"],
    ["plot", "traces", "--out", "/tmp/never-scrollsim.svg"], ["diff", "traces", "traces"],
    ["import", "getevent", "traces", "--out", "/tmp/never-scrollsim"],
    [
      "import", "csv", "traces", "--out", "/tmp/never-scrollsim.jsonl", "--columns",
      "t=a,type=b,x=c,y=d",
    ],
    ["simulate", "fling", "--profile", "profiles/"], ["check", "effects"],
  ])
  func aDirectoryIsAnUnreadableInput(arguments: [String]) {
    let folders: Set = ["traces", "effects", "profiles/"]
    let result = scrollsim(arguments.map { folders.contains($0) ? Repository.path($0) : $0 })
    #expect(result.status == 74, "\(result.err)")
    // replay takes a folder as many traces: one without *.jsonl files is unreadable.
    let message = arguments[0] == "replay" ? "no trace (*.jsonl) in this folder" : "is a directory"
    #expect(result.err.contains(message), "\(result.err)")
  }

  @Test func theDeprecatedOutputNameStillWorksWithOneWarning() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "alias-\(UUID().uuidString).jsonl"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")
    let result = scrollsim(["replay", trace, "--summary-only", "--output", path])
    #expect(result.status == 0)
    #expect(result.err == "scrollsim: warning: --output is deprecated: use --out\n")
    #expect(FileManager.default.fileExists(atPath: path))
    // Every command that writes a file takes the old name too (plot has --outputs as well).
    let frames = try #require(String(contentsOfFile: path, encoding: .utf8).isEmpty ? nil : path)
    let svg = path + ".svg"
    defer { try? FileManager.default.removeItem(atPath: svg) }
    let plot = scrollsim(["plot", frames, "--output", svg])
    #expect(plot.status == 0, "\(plot.err)")
    #expect(plot.err == "scrollsim: warning: --output is deprecated: use --out\n")
  }

  @Test func theOldGeometryNamesStillWork() {
    let old = scrollsim(["simulate", "fling", "--viewport", "600", "--content", "2000"])
    let new = scrollsim([
      "simulate", "fling", "--viewport-height", "600", "--content-height", "2000",
    ])
    #expect(old.status == 0)
    #expect(old.out == new.out)
    #expect(
      old.err
        == "scrollsim: warning: --viewport is deprecated: use --viewport-height\n"
        + "scrollsim: warning: --content is deprecated: use --content-height\n")
  }

  @Test(arguments: [
    (["simulate", "fling", "--hz", "60", "--hz", "120"], "--hz given twice (60 and 120)"),
    (
      ["simulate", "fling", "--viewport", "600", "--viewport-height", "700"],
      "--viewport-height given twice"
    ),
    (["simulate", "fling", "--paging=yes"], "--paging takes no value"),
    (["simulate", "fling", "--hz"], "--hz needs a value"),
    (["simulate", "fling", "--hz", "--paging"], "--hz needs a value, found the option --paging"),
    (
      ["simulate", "fling", "--hz", "--paging=yes"], "--hz needs a value, found the option --paging"
    ),
  ])
  func repeatedOrMalformedOptions(arguments: [String], message: String) {
    let result = scrollsim(arguments)
    #expect(result.status == 64)
    #expect(result.err.contains(message), "\(result.err)")
  }

  /// A value may be a negative number (one dash) or a word starting with `--` that is not one
  /// of the command's options; only a known option is taken for a missing value.
  @Test func negativeNumbersAreValues() throws {
    let arguments = try ArgumentList(
      ["--hz", "-60", "--scale", "--3"], command: "test",
      options: [CommonOptions.hz.info, CommonOptions.scale.info])
    #expect(arguments.text(CommonOptions.hz) == "-60")
    #expect(arguments.text(CommonOptions.scale) == "--3")
  }

  @Test func everythingAfterADoubleDashIsPositional() throws {
    let arguments = try ArgumentList(
      ["--hz", "60", "--", "--hz", "x"], command: "test", options: [CommonOptions.hz.info])
    #expect(arguments.positionals == ["--hz", "x"])
    #expect(try arguments.value(CommonOptions.hz) == 60)
  }

  /// The README's exit-status table is the one `help` prints and errors map onto.
  /// `scrollsim help`: every command's summary starts in one column, two spaces after the
  /// longest name (completions, 11 characters), each name followed by at least two spaces.
  @Test func theCommandListIsAligned() {
    let r = scrollsim(["help"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "commands:") else {
      Issue.record("no commands section")
      return
    }
    let rows = lines[(start + 1)...].prefix { !$0.isEmpty }.map(String.init)
    let names = ScrollSimCommand.subcommands.map(\.name) + ["help", "version"]
    #expect(rows.count == names.count)
    for (row, name) in zip(rows, names) {
      #expect(row.hasPrefix("  " + name + "  "), "\(row)")
      #expect(row.dropFirst(2 + 11 + 2).first?.isLetter == true, "\(row)")
      #expect(row.dropFirst(2 + 11).hasPrefix("  "), "\(row)")
    }
    #expect(
      rows.contains("  completions  print a shell completion script: completions bash|zsh|fish"))
  }

  @Test func theReadmeListsTheSameExitStatuses() throws {
    let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "Exit statuses"))
    var rows: [(Int32, String)] = []
    for line in readme[section.upperBound...].split(separator: "\n").prefix(20) {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 2, let code = Int32(cells[0]) else { continue }
      rows.append((code, cells[1]))
    }
    #expect(rows.map(\.0) == ExitStatus.all.map(\.code))
    #expect(rows.map(\.1) == ExitStatus.all.map(\.meaning))
  }

  /// The doc comment of `ScrollSimCommand.main` names every status `scrollsim` can end with.
  @Test func theMainDocCommentListsTheSameExitStatuses() throws {
    let source = try String(
      contentsOfFile: Repository.path("Sources/ScrollSimCLI/ScrollSimCommand.swift"),
      encoding: .utf8)
    let end = try #require(source.range(of: "public static func main("))
    let before = source[..<end.lowerBound].trimmingCharacters(in: .whitespaces)
    let comment = before.split(separator: "\n").reversed()
      .prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
      .reversed().joined(separator: " ")
    let codes = comment.split(whereSeparator: { !$0.isNumber }).compactMap { Int32($0) }
    #expect(Set(codes) == Set(ExitStatus.scrollsim.map(\.code)), "\(comment)")
  }

  @Test func errorsMapOntoTheTable() {
    let cases: [(CommandError, Int32)] = [
      (.usage("x"), 64), (.input(InputError(.unreadable, file: "f", message: "m")), 74),
      (.input(InputError(.invalid, file: "f", message: "m")), 65),
      (.input(InputError(.unsupported, file: "f", message: "m")), 65), (.output("x"), 74),
      (.setUp("x"), 70),
    ]
    for (error, code) in cases {
      #expect(error.exitStatus == code)
      #expect(ExitStatus.all.contains(error.status))
    }
  }

  @Test func suggestionsUseEditDistance() {
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.closest(to: "hzz", among: ["hz", "rate"]) == "hz")
    #expect(Suggestion.closest(to: "zzzzzz", among: ["hz", "rate"]) == nil)
    // A transposition of neighbours is one edit (optimal string alignment), as a typist counts.
    #expect(Suggestion.editDistance("iso", "ios") == 1)
    #expect(Suggestion.editDistance("ca", "abc") == 3)
    #expect(Suggestion.closest(to: "iso", among: ["ios", "android", "flutter"]) == "ios")
  }

  /// A misspelt profile name on the command line, a misspelt base or field in a profile file.
  @Test func profilesGetASuggestion() throws {
    let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")
    let name = scrollsim(["replay", trace, "--profile", "iso"])
    #expect(name.status == 64)
    #expect(name.err.contains("did you mean 'ios'?"), "\(name.err)")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "profile-\(UUID().uuidString).json"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    for (text, suggestion) in [
      (#"{"base":"ios","decelerationRat":0.99}"#, "did you mean 'decelerationRate'?"),
      (#"{"base":"iso"}"#, "did you mean 'ios'?"),
    ] {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      let result = scrollsim(["simulate", "fling", "--profile", path])
      #expect(result.status == 65)
      #expect(result.err.contains(suggestion), "\(result.err)")
    }
  }
}
