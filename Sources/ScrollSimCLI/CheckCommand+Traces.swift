import Foundation
import ScrollCheck
import ScrollEffects
import ScrollTrace

extension CheckCommand {
  /// `scrollsim check EFFECT --traces …`: the effect over recorded traces, `--jobs` at a time,
  /// `--shard` choosing a share; one report in path order, the same at any `--jobs`.
  /// - Throws: a usage error for a bad `--jobs` or `--shard`; the input error of the first
  ///   trace (in path order) that cannot be read or is rejected, after writing `--junit` and
  ///   `--json` (the traces before it as they ran, it as an error, the rest not run).
  static func checkTraces(
    _ sources: [String], target: String, effect: CompiledEffect, hz: Int, examples: Int,
    arguments: ArgumentList, ci: CIOutputs, console: Console
  ) throws(CommandError) -> ExitStatus {
    let jobs = try arguments.value(
      CommonOptions.jobs, default: ProcessInfo.processInfo.activeProcessorCount)
    let shard = try arguments.value(CommonOptions.shard)
    var paths: [String]
    do {
      paths = try TraceSet.paths(sources)
    } catch {
      throw .input(error)
    }
    let total = paths.count
    if let shard { paths = TraceSet.shard(paths, index: shard.index, count: shard.count) }
    let interrupt = InterruptFlag.catchingInterrupts()
    defer { interrupt.release() }
    let progress = TraceProgress("check", total: paths.count, console: console)
    let report: EffectChecker.Report
    let rejected: (index: Int, error: InputError)?
    do {
      (report, rejected) = try EffectChecker(effect: effect, refreshRate: hz).runUntilRejected(
        traces: paths, jobs: jobs, stoppingWhen: { interrupt.isSet }, finished: progress.update)
    } catch {
      progress.finish()
      throw .input(error)
    }
    progress.finish()
    let reproduce = "scrollsim check \(shellQuoted(target))" + (hz == 120 ? "" : " --hz \(hz)")
    if let rejected {
      // The shard still has test results: the traces before the rejected one as they ran, it
      // as an error, the rest not run; the exit status is the rejected trace's.
      if ci.isRequested {
        let expectations = CheckReportFormatter.Expectations(
          expected: report.expected, declared: report.expectations,
          matches: report.expectationMatches, judgeStale: false)
        let (results, annotations) = CheckCI.results(
          target: target, effectName: effect.name,
          runs: .traces(paths, ran: Set(report.gestures), rejected: rejected),
          runsMade: report.runs, findings: report.violations, expectations: expectations,
          reproduce: { "\(reproduce) --traces \(shellQuoted($0.gesture))" })
        try ci.emit(results, annotations: annotations, print: console.line)
      }
      throw .input(rejected.error)
    }
    let plural = CheckReportFormatter.plural
    console.line(
      "Checked \(target) (\(effect.name), \(plural(effect.outputs.count, "output"))) at \(hz) Hz "
        + "over "
        + ReplayCommand.scope(
          ran: report.runs, of: paths.count,
          interruptedBy: interrupt.isSet ? interrupt.reason : nil,
          shard: shard.map { "\($0.text) of \(total)" })
        + ": \(plural(report.frames, "frame")).")
    let expectations = CheckReportFormatter.Expectations(
      expected: report.expected, declared: report.expectations,
      matches: report.expectationMatches, judgeStale: !interrupt.isSet)
    for line in CheckReportFormatter.lines(
      report.violations, expectations: expectations, examples: examples,
      reproduce: { "\(reproduce) --traces \(shellQuoted($0.gesture))" })
    {
      console.line(line)
    }
    if ci.isRequested {
      let (results, annotations) = CheckCI.results(
        target: target, effectName: effect.name, runs: .traces(paths, ran: Set(report.gestures)),
        runsMade: report.runs,
        findings: report.violations, expectations: expectations,
        reproduce: { "\(reproduce) --traces \(shellQuoted($0.gesture))" })
      try ci.emit(results, annotations: annotations, print: console.line)
    }
    if interrupt.isSet {
      console.error(
        CommandInput.interruption(
          interrupt,
          what: "after \(plural(report.runs, "trace")) of \(paths.count); the findings above "
            + "are of those traces"))
      return .interrupted
    }
    return report.violations.contains { !$0.kind.isWarning } ? .finding : .success
  }
}
