import ScrollEffects
import ScrollSimCLI

/// The command line of `scrollsim-bench`: one option table per command, parsed by the same
/// ``ArgumentList`` and value types as `scrollsim` (`--hz`, `--hz-changes`, `--max-hitch-ratio`
/// are the very declarations `scrollsim replay` uses), help generated from the tables.
package enum BenchCommandLine {
  /// Options of `scrollsim-bench [options]` (the suite).
  package enum Suite {
    package static let quick = Flag("quick", help: "short run for CI (about 0.1 s per case)")
    package static let filter = Option<String>(
      "filter", "TEXT[,TEXT]", help: "only cases whose name contains one of the TEXTs")
    package static let list = Flag("list", help: "list the case names and exit")
    package static let format = Option<ReportFormat>(
      "format", "FORMAT", help: "table (default) or json")
    package static let saveBaseline = Option<String>(
      "save-baseline", "FILE", help: "also write the results as a baseline (JSON)")
    package static let compare = Option<String>(
      "compare", "FILE", help: "compare with a saved baseline; print the differences")
    package static let thresholds = Option<String>(
      "thresholds", "FILE",
      help: "per-case tolerances for --compare (JSON, see Benchmarks/README.md); default: "
        + "median +25% and +20 ns, allocations exact, instructions +2%")
    package static let instructions = Flag(
      "instructions",
      help: "also count instructions per unit with valgrind --tool=callgrind (stable on noisy "
        + "machines; slow); without valgrind: time only")
    package static let traces = Option<String>(
      "traces", "DIR", help: "real traces to replay and parse (default traces/swipe-shield)")
    package static let enforceTargets = Flag(
      "enforce-targets",
      help: "exit 3 when a target (frame < 1 µs, 0 allocations, ≤ 2× floor, ≥ 10× naive) is "
        + "not met")
    package static let runCase = Option<String>(
      "run-case", "NAME",
      help: "internal (the child process of --instructions): set up case NAME, run --warmup "
        + "then --iterations iterations, print nothing")
    package static let warmup = Option<Int>(
      "warmup", "N", expected: "an integer ≥ 0",
      help: "internal, with --run-case: warm-up iterations, ≥ 0 (default 0)"
    ) { $0 >= 0 }
    package static let iterations = Option<Int>(
      "iterations", "N", expected: "an integer ≥ 1",
      help: "internal, with --run-case: measured iterations, ≥ 1 (default 1)"
    ) { $0 >= 1 }

    /// Every option of the suite, in help order.
    package static let options: [OptionInfo] =
      [
        quick.info, filter.info, list.info, format.info, saveBaseline.info, compare.info,
        thresholds.info, instructions.info, traces.info, enforceTargets.info, runCase.info,
        warmup.info, iterations.info,
      ] + ci.map(\.info) + [annotations.info]

    /// `--junit`, `--json` and `--annotations` of `scrollsim`'s `check` and `diff`, here for
    /// `--compare`.
    package static let ci = [
      CIOutputs.junit.help(
        "with --compare: also write the comparison as JUnit XML (a testcase per benchmark "
          + "case, a failure per regressed metric)"),
      CIOutputs.json.help("with --compare: also write the comparison's test cases as JSON"),
    ]
    /// `--annotations github` for `--compare`.
    package static let annotations = CIOutputs.annotations.help(
      "with --compare: github prints each regression as a GitHub Actions ::error workflow "
        + "command; none (default)")

    /// `scrollsim-bench --help`.
    package static let help = """
      usage: scrollsim-bench [options]
             scrollsim-bench pacing [options]     (real-time frame pacing; see pacing --help)
             scrollsim-bench --version

      Runs the benchmark suite (release builds only): physics per profile, each seed preset,
      a whole frame (physics + the five presets) against the hand-inlined floor and the naive
      closures-and-dictionary version, the general engine at 1/10/100/1000 outputs (ns per
      output) and `check` throughput, whole replays (frames/s) and trace parsing (MB/s) of the
      generated 60 s trace and of traces/swipe-shield/*.jsonl. Each case: warm-up, many timed
      batches, median/p90/p99 per unit (ns per frame or per byte), allocations per unit counted
      in steady state. Ratios to the floor and the naive version come from the same run.

      options:
      \(HelpText.options(options))

      \(HelpText.exitStatuses([
        .success, .regression, .usage, .dataError, .software, .ioError, .configuration,
      ]))
      """
  }

  /// Options of `scrollsim-bench pacing`.
  package enum Pacing {
    package static let seconds = Option<Double>(
      "seconds", "S", expected: "a number of seconds in (0, 3600]",
      help: "run length in seconds of trace time, in (0, 3600] (default 60)"
    ) { $0 > 0 && $0 <= 3600 }
    package static let hz = CommonOptions.hz.help("refresh rate, 1…1000 (default 120)")
    package static let hzChanges = CommonOptions.hzChanges.help(
      "rate changes as FRAME:HZ pairs, e.g. 600:60,1200:120")
    package static let effect = Option<EffectPreset>(
      "effect", "NAME", help: "effect preset (default apple-music)")
    package static let format = Option<ReportFormat>(
      "format", "FORMAT", help: "table (default) or json")
    package static let maxHitchRatio = CommonOptions.maxHitchRatio.help(
      "exit 3 when the hitch time ratio exceeds X ms/s")

    /// Every option of `pacing`, in help order.
    package static let options: [OptionInfo] = [
      seconds.info, hz.info, hzChanges.info, effect.info, format.info, maxHitchRatio.info,
    ]

    /// `scrollsim-bench pacing --help`.
    package static let help = """
      usage: scrollsim-bench pacing [options]

      Replays the generated swipe trace (seed 1) in real time on the DispatchSourceTimer clock,
      computing every frame through the iOS physics and an effect preset, and reports the frame
      pacing: frames, missed frames, lateness p50/p90/p99/max, hitch time ratio (ms/s, WWDC20
      bands), JankStats janky frames (over 2× the period), Chrome delayed frames.

      options:
      \(HelpText.options(options))

      \(HelpText.exitStatuses([.success, .regression, .usage]))
      """
  }

  /// Parses the words of a `scrollsim-bench` command against `options`; errors point to
  /// `scrollsim-bench --help`.
  package static func parse(_ words: [String], command: String, options: [OptionInfo])
    throws(CommandError) -> ArgumentList
  {
    try ArgumentList(
      words, command: command, options: options,
      helpHint: command == "pacing" ? "scrollsim-bench pacing --help" : "scrollsim-bench --help")
  }
}
