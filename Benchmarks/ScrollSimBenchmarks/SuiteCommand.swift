import BenchmarkSupport
import Foundation
import ScrollEffects

/// `scrollsim-bench [options]`: runs the suite, prints the table or JSON, saves or compares a
/// baseline.
enum SuiteCommand {
  static let help = """
    usage: scrollsim-bench [options]
           scrollsim-bench pacing [options]     (real-time frame pacing; see pacing --help)

    Runs the benchmark suite (release builds only): physics per profile, each seed preset,
    a whole frame (physics + the five presets) against the hand-inlined floor and the naive
    closures-and-dictionary version, the general engine at 1/10/100/1000 outputs (ns per
    output) and `check` throughput, whole replays (frames/s) and trace parsing (MB/s) of the
    generated 60 s trace and of traces/swipe-shield/*.jsonl. Each case: warm-up, many timed
    batches, median/p90/p99 per unit (ns per frame or per byte), allocations per unit counted
    in steady state. Ratios to the floor and the naive version come from the same run.

    options:
      --quick               short run for CI (about 0.1 s per case)
      --filter TEXT[,TEXT]  only cases whose name contains one of the TEXTs
      --list                list the case names and exit
      --format FORMAT       table (default) or json
      --save-baseline FILE  also write the results as a baseline (JSON)
      --compare FILE        compare with a saved baseline; print the differences
      --thresholds FILE     per-case tolerances for --compare (JSON, see Benchmarks/README.md);
                            default: median +25% and +20 ns, allocations exact, instructions +2%
      --instructions        also count instructions per unit with valgrind --tool=callgrind
                            (stable on noisy machines; slow); without valgrind: time only
      --traces DIR          real traces to replay and parse (default traces/swipe-shield)
      --enforce-targets     exit 3 when a target (frame < 1 µs, 0 allocations, ≤ 2× floor,
                            ≥ 10× naive) is not met

    exit status: 0 ok, 3 regression against the baseline (or unmet target with
    --enforce-targets), 64 bad command line, 65 bad baseline or thresholds file, 74 unreadable
    or unwritable file, 70 a case whose state could not be built, 78 debug build.
    """

  static func run(_ words: [String]) throws(BenchError) -> Int32 {
    let options = try BenchOptions(
      words,
      valued: [
        "filter", "format", "save-baseline", "compare", "thresholds", "traces", "run-case",
        "warmup", "iterations",
      ],
      flags: ["quick", "list", "instructions", "enforce-targets"])
    let tracesDirectory = options.value("traces") ?? "traces/swipe-shield"
    let (replayCases, replayNotes) = ReplayCases.all(tracesDirectory: tracesDirectory)
    let everyCase = PhysicsCases.all + EffectCases.all + EngineCases.all + replayCases
    // Internal child mode of --instructions: --run-case NAME --warmup W --iterations N.
    if let name = options.value("run-case") {
      return try runChild(name, everyCase, options)
    }
    let json = try options.value("format", default: false, expected: "table or json") {
      $0 == "json" ? true : $0 == "table" ? false : nil
    }
    let filters = options.value("filter")?.split(separator: ",").map(String.init)
    let cases = everyCase.filter { benchmark in
      filters.map { $0.contains { benchmark.name.contains($0) } } ?? true
    }
    if options.flag("list") {
      for benchmark in cases { print(benchmark.name) }
      return 0
    }
    guard !cases.isEmpty else {
      throw .usage("--filter \(options.value("filter") ?? ""): no case matches")
    }
    let baseline = try options.value("compare").map { path throws(BenchError) in
      try readBaseline(path)
    }
    let thresholds = try options.value("thresholds").map { path throws(BenchError) in
      try readThresholds(path)
    }

    var notes = replayNotes
    let allocationProblem = AllocationCounter.selfTest()
    if let allocationProblem { notes.append(allocationProblem + "; allocations not reported") }
    if let mismatch = HandInlinedCheck.mismatch() { notes.append(mismatch) }
    let instructions = options.flag("instructions") && Callgrind.valgrind != nil
    if options.flag("instructions") && !instructions {
      notes.append(
        "valgrind is not installed: no instruction counts, comparisons gate on time only")
    }
    let quick = options.flag("quick")
    let harness = Harness(
      settings: quick ? .quick : .full, countsAllocations: allocationProblem == nil)
    let progress = Progress()
    var results: [BenchmarkResult] = []
    for (number, benchmark) in cases.enumerated() {
      progress.show("[\(number + 1)/\(cases.count)] \(benchmark.name)")
      var (result, batch) = try harness.measure(benchmark)
      if instructions {
        progress.show("[\(number + 1)/\(cases.count)] \(benchmark.name) (callgrind)")
        // Fast cases cycle through 128 physics frames or 4096 samples: a fixed 4096 iterations
        // counts the same frames every run, so the count is reproducible to the instruction.
        // Slower cases: about 2 ms of native work per measured run (≈ 0.1–0.3 s under callgrind).
        let perIteration = result.time.median * benchmark.unitsPerIteration
        let iterations =
          perIteration <= 1000 ? 4096 : max(1, min(batch, Int(2_000_000 / max(perIteration, 1))))
        result.instructionsPerUnit = Callgrind.instructionsPerUnit(
          benchmark, iterations: iterations)
      }
      results.append(result)
    }
    progress.clear()
    let report = BenchmarkReport(
      quick: quick, environment: environment, notes: notes, results: results,
      ratios: ratios(results), targets: targets(results), scaling: scaling(results))
    if json {
      print(String(decoding: (try? report.jsonData()) ?? Data(), as: UTF8.self))
    } else {
      print(ReportFormatter.table(report))
    }
    if let path = options.value("save-baseline") {
      do {
        try report.jsonData().write(to: URL(fileURLWithPath: path))
      } catch {
        throw .io("\(path): cannot be written")
      }
      FileHandle.standardError.write(Data("scrollsim-bench: baseline saved to \(path)\n".utf8))
    }
    var status: Int32 = 0
    if var baseline {
      // Cases left out by --filter are not "missing".
      baseline.results.removeAll { old in
        !cases.contains { $0.name == old.name } && everyCase.contains { $0.name == old.name }
      }
      let comparison = BaselineComparison(
        baseline: baseline, current: report, thresholds: thresholds ?? Thresholds())
      let text =
        "\ncomparison with \(options.value("compare") ?? ""):\n" + comparison.table() + "\n"
      FileHandle.standardError.write(Data(text.utf8))
      if comparison.hasRegression { status = 3 }
    }
    if options.flag("enforce-targets") && report.targets.contains(where: { !$0.met }) { status = 3 }
    return status
  }

  /// Child mode for callgrind: set up a case, run `--warmup` then `--iterations` iterations.
  private static func runChild(_ name: String, _ cases: [BenchmarkCase], _ options: BenchOptions)
    throws(BenchError) -> Int32
  {
    guard let benchmark = cases.first(where: { $0.name == name }) else {
      throw .usage("--run-case \(name): no such case")
    }
    let warmup = try options.value("warmup", default: 0, expected: "an integer ≥ 0") {
      Int($0).flatMap { $0 >= 0 ? $0 : nil }
    }
    let iterations = try options.value("iterations", default: 1, expected: "an integer ≥ 1") {
      Int($0).flatMap { $0 >= 1 ? $0 : nil }
    }
    guard let run = benchmark.make() else { throw .setUp(Harness.setUpFailure(name)) }
    run(warmup)
    run(iterations)
    return 0
  }

  private static func readBaseline(_ path: String) throws(BenchError) -> BenchmarkReport {
    do {
      return try BenchmarkReport.read(path: path)
    } catch {
      throw error.isIO ? .io(error.description) : .data(error.description)
    }
  }

  private static func readThresholds(_ path: String) throws(BenchError) -> Thresholds {
    do {
      return try Thresholds.read(path: path)
    } catch {
      throw error.isIO ? .io(error.description) : .data(error.description)
    }
  }

  private static var environment: String {
    let info = ProcessInfo.processInfo
    return
      "\(info.hostName), \(info.activeProcessorCount) cores, \(info.operatingSystemVersionString), release build"
  }

  private static func ratios(_ results: [BenchmarkResult]) -> [BenchmarkReport.Ratio] {
    func median(_ name: String) -> Double? { results.first { $0.name == name }?.time.median }
    var ratios: [BenchmarkReport.Ratio] = []
    if let frame = median(EffectCases.frameName), let floor = median(EffectCases.handInlinedName) {
      let value = frame / floor
      ratios.append(
        .init(
          name: "frame ÷ hand-inlined", numerator: EffectCases.frameName,
          denominator: EffectCases.handInlinedName, value: value, target: "≤ 2", met: value <= 2))
    }
    if let separate = median(EffectCases.separateFrameName),
      let floor = median(EffectCases.handInlinedName)
    {
      ratios.append(
        .init(
          name: "separate ÷ hand-inlined", numerator: EffectCases.separateFrameName,
          denominator: EffectCases.handInlinedName, value: separate / floor))
    }
    if let frame = median(EffectCases.frameName), let floor = median(EffectCases.handInlinedName),
      let physics = median(EffectCases.physicsOnlyName), floor > physics
    {
      ratios.append(
        .init(
          name: "effects ÷ hand-inlined effects", numerator: EffectCases.frameName,
          denominator: EffectCases.handInlinedName,
          value: (frame - physics) / (floor - physics)))
    }
    if let frame = median(EffectCases.frameName), let naive = median(EffectCases.naiveName) {
      let value = naive / frame
      ratios.append(
        .init(
          name: "naive ÷ presets", numerator: EffectCases.naiveName,
          denominator: EffectCases.frameName, value: value, target: "≥ 10", met: value >= 10))
    }
    return ratios
  }

  private static func scaling(_ results: [BenchmarkResult]) -> [BenchmarkReport.Scaling]? {
    let rows = EngineCases.sizes.compactMap { n -> BenchmarkReport.Scaling? in
      guard let result = results.first(where: { $0.name == EngineCases.name(outputs: n) })
      else { return nil }
      return .init(
        name: result.name, outputs: n, nanosecondsPerOutput: result.time.median,
        instructionsPerOutput: result.instructionsPerUnit)
    }
    return rows.isEmpty ? nil : rows
  }

  private static func targets(_ results: [BenchmarkResult]) -> [BenchmarkReport.Target] {
    guard let frame = results.first(where: { $0.name == EffectCases.frameName }) else { return [] }
    var targets: [BenchmarkReport.Target] = [
      .init(
        name: "\(frame.name) median", value: frame.time.median, unit: "ns", target: "< 1000",
        met: frame.time.median < 1000)
    ]
    if let allocations = frame.allocationsPerUnit {
      targets.append(
        .init(
          name: "\(frame.name) allocations", value: allocations, unit: "per frame", target: "= 0",
          met: allocations == 0))
    }
    return targets
  }
}
