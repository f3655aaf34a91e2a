import Testing

@testable import BenchmarkSupport
@testable import ScrollSimCLI

/// `scrollsim-bench` parses with the command line's own parser and value types.
struct BenchCommandLineTests {
  typealias Suite = BenchCommandLine.Suite
  typealias Pacing = BenchCommandLine.Pacing

  @Test func suiteOptionsParse() throws {
    let options = try BenchCommandLine.parse(
      ["--quick", "--filter", "frame", "--format=json", "--", "--list"], command: "scrollsim-bench",
      options: Suite.options)
    #expect(options.flag(Suite.quick))
    #expect(!options.flag(Suite.list))
    #expect(options.text(Suite.filter) == "frame")
    #expect(try options.value(Suite.format) == .json)
    #expect(options.positionals == ["--list"])
  }

  @Test(arguments: [
    (["--filter", "a", "--filter", "b"], "--filter given twice (a and b): it takes one value"),
    (
      ["--quik"],
      "unknown option --quik for 'scrollsim-bench'; did you mean '--quick'? (see 'scrollsim-bench --help')"
    ),
    (["--list=yes"], "--list takes no value"),
    (["--format", "csv"], "--format csv: expected table or json"),
    (["--iterations", "0"], "--iterations 0: expected an integer ≥ 1"),
  ])
  func suiteUsageErrorsAreTheCommandLines(words: [String], message: String) {
    #expect(throws: CommandError.usage(message)) {
      let options = try BenchCommandLine.parse(
        words, command: "scrollsim-bench", options: Suite.options)
      _ = try options.value(Suite.format)
      _ = try options.value(Suite.iterations)
    }
  }

  @Test(arguments: [
    (["--hz", "0"], "--hz 0: expected an integer in 1…1000"),
    (
      ["--effect", "apple-musc"],
      "--effect apple-musc: expected apple-music, apple-tv-bar, logo-follow, title-card, "
        + "collapsible-header, flutter-flexible-space-bar or flutter-sliver-app-bar; "
        + "did you mean 'apple-music'?"
    ),
    (["--seconds", "nan"], "--seconds nan: expected a number of seconds in (0, 3600]"),
    (["--max-hitch-ratio", "-1"], "--max-hitch-ratio -1: expected a number of ms/s ≥ 0"),
  ])
  func pacingValuesAreCheckedLikeReplays(words: [String], message: String) {
    #expect(throws: CommandError.usage(message)) {
      let options = try BenchCommandLine.parse(words, command: "pacing", options: Pacing.options)
      _ = try options.value(Pacing.hz)
      _ = try options.value(Pacing.effect)
      _ = try options.value(Pacing.seconds)
      _ = try options.value(Pacing.maxHitchRatio)
    }
  }

  @Test func helpCoversEveryOption() {
    for (help, options) in [(Suite.help, Suite.options), (Pacing.help, Pacing.options)] {
      for option in options {
        #expect(help.contains("  " + option.synopsis), "\(option.synopsis) missing")
      }
      #expect(help.contains("exit status:\n  0     done"))
    }
  }
}
