import BenchmarkSupport
import Foundation
import ScrollEffects
import ScrollSimCLI
import ScrollSimCore

/// `scrollsim-bench [options]`: runs the suite, prints the table or JSON, saves or compares a
/// baseline.
enum SuiteCommand {
  typealias Options = BenchCommandLine.Suite

  static func run(_ words: [String]) throws(CommandError) -> ExitStatus {
    let options = try BenchCommandLine.parse(
      words, command: "scrollsim-bench", options: Options.options)
    guard options.positionals.isEmpty else {
      throw .usage(
        "unknown command '\(options.positionals[0])'"
          + Suggestion.didYouMean(options.positionals[0], among: ["pacing", "help", "version"])
          + " (see 'scrollsim-bench --help')")
    }
    let tracesDirectory = options.text(Options.traces) ?? "traces/swipe-shield"
    // A folder the user named must exist (a typo would otherwise skip every real-trace case
    // and still pass a comparison); the default one may be absent (run from elsewhere).
    if let named = options.text(Options.traces) {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: named, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        throw .input(InputError(.unreadable, file: named, message: "--traces: no such folder"))
      }
    }
    let (replayCases, replayNotes) = ReplayCases.all(tracesDirectory: tracesDirectory)
    let everyCase = PhysicsCases.all + EffectCases.all + EngineCases.all + replayCases
    // Internal child mode of --instructions: --run-case NAME --warmup W --iterations N.
    if let name = options.text(Options.runCase) {
      return try runChild(name, everyCase, options)
    }
    let json = try options.value(Options.format, default: .table) == .json
    let filters = options.text(Options.filter)?.split(separator: ",").map(String.init)
    let cases = everyCase.filter { benchmark in
      filters.map { $0.contains { benchmark.name.contains($0) } } ?? true
    }
    if options.flag(Options.list) {
      for benchmark in cases { print(benchmark.name) }
      return .success
    }
    guard !cases.isEmpty else {
      throw .usage("--filter \(options.text(Options.filter) ?? ""): no case matches")
    }
    if let path = options.text(Options.saveBaseline) {
      // Before the suite runs (minutes), not after.
      let folder = (path as NSString).deletingLastPathComponent
      guard FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder) else {
        throw .output(
          "\(path): cannot be written (its folder is missing or read-only); nothing was run")
      }
    }
    let baseline = try options.text(Options.compare).map { path throws(CommandError) in
      try readBaseline(path)
    }
    let ci = try CIOutputs(options)
    if ci.isRequested && baseline == nil {
      throw .usage("--junit, --json and --annotations report a comparison: give --compare FILE")
    }
    let thresholds = try options.text(Options.thresholds).map { path throws(CommandError) in
      try readThresholds(path)
    }

    var notes = replayNotes
    let allocationProblem = AllocationCounter.selfTest()
    if let allocationProblem { notes.append(allocationProblem + "; allocations not reported") }
    // A floor that computes other outputs than the presets makes every ratio to it meaningless
    // (it happened: two presets added to `EffectPreset.allCases` went into the frame case and
    // not into the floor), so it fails the run, not only a note.
    // The same for the generated Swift: it must give the engine's bits.
    let floorMismatch = HandInlinedCheck.mismatch() ?? HandInlinedCheck.generatedMismatch()
    if let floorMismatch { notes.append(floorMismatch) }
    let instructions = options.flag(Options.instructions) && Callgrind.valgrind != nil
    if options.flag(Options.instructions) && !instructions {
      notes.append(
        "valgrind is not installed: no instruction counts, comparisons gate on time only")
    }
    let quick = options.flag(Options.quick)
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
    if let path = options.text(Options.saveBaseline) {
      do {
        try report.jsonData().write(to: URL(fileURLWithPath: path))
      } catch {
        throw .output("\(path): cannot be written")
      }
      FileHandle.standardError.write(Data("scrollsim-bench: baseline saved to \(path)\n".utf8))
    }
    var status = ExitStatus.success
    if var baseline {
      // Cases left out by --filter are not "missing".
      baseline.results.removeAll { old in
        !cases.contains { $0.name == old.name } && everyCase.contains { $0.name == old.name }
      }
      let comparison = BaselineComparison(
        baseline: baseline, current: report, thresholds: thresholds ?? Thresholds())
      let text =
        "\ncomparison with \(options.text(Options.compare) ?? ""):\n" + comparison.table() + "\n"
      FileHandle.standardError.write(Data(text.utf8))
      if comparison.hasRegression { status = .regression }
      let (results, annotations) = comparison.testResults(
        baseline: options.text(Options.compare) ?? "")
      try ci.emit(results, annotations: annotations, print: { print($0) })
    }
    if options.flag(Options.enforceTargets) && report.targets.contains(where: { !$0.met }) {
      status = .regression
    }
    if floorMismatch != nil { status = .software }
    return status
  }

  /// Child mode for callgrind: set up a case, run `--warmup` then `--iterations` iterations.
  private static func runChild(_ name: String, _ cases: [BenchmarkCase], _ options: ArgumentList)
    throws(CommandError) -> ExitStatus
  {
    guard let benchmark = cases.first(where: { $0.name == name }) else {
      throw .usage("--run-case \(name): no such case")
    }
    let warmup = try options.value(Options.warmup, default: 0)
    let iterations = try options.value(Options.iterations, default: 1)
    guard let run = benchmark.make() else { throw .setUp(Harness.setUpFailure(name)) }
    run(warmup)
    run(iterations)
    return .success
  }

  private static func readBaseline(_ path: String) throws(CommandError) -> BenchmarkReport {
    do {
      return try BenchmarkReport.read(path: path)
    } catch {
      throw input(error)
    }
  }

  private static func readThresholds(_ path: String) throws(CommandError) -> Thresholds {
    do {
      return try Thresholds.read(path: path)
    } catch {
      throw input(error)
    }
  }

  /// A baseline or thresholds file error, with the kind its reader gave it.
  private static func input(_ error: InputError) -> CommandError { .input(error) }

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
    // The generated Swift (`scrollsim export swift`) against the same floor.
    if let generated = median(EffectCases.generatedFrameName),
      let floor = median(EffectCases.handInlinedName)
    {
      let value = generated / floor
      ratios.append(
        .init(
          name: "generated ÷ hand-inlined", numerator: EffectCases.generatedFrameName,
          denominator: EffectCases.handInlinedName, value: value, target: "≤ 1.5",
          met: value <= 1.5))
      if let physics = median(EffectCases.physicsOnlyName), floor > physics {
        let effects = (generated - physics) / (floor - physics)
        ratios.append(
          .init(
            name: "generated effects ÷ hand-inlined effects",
            numerator: EffectCases.generatedFrameName, denominator: EffectCases.handInlinedName,
            value: effects, target: "≤ 2", met: effects <= 2))
      }
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
