import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollTrace

extension EffectChecker {
  /// Checks the effect over recorded traces instead of generated gestures: each trace runs
  /// through the frame loop with its own device, scroll geometry and physics profile (its
  /// header's; an offset trace feeds its recorded offsets to the effect) until its last input
  /// has played and the view is at rest, with the same per-frame checks as the matrix (range,
  /// nan, lag, flicker; zero-length and reversed for a compiled spec). Matrix-wide judgements
  /// (`unreachable`, `chatter`) are not made: a set of recordings need not cover every range.
  /// A trace whose header declares a nested chain runs on the chain's physics, and the
  /// ``agreements`` are judged on every frame of every trace.
  ///
  /// Violations name the trace's path as their gesture and the header's device and geometry as
  /// their device (`Pixel 7 (viewport 915 pt, content 2400 pt)`). Traces run on up to `jobs`
  /// threads; the report lists them in the order of `paths`, whatever the scheduling, so the
  /// same paths give the same report at any `jobs`.
  /// - Parameters:
  ///   - paths: trace files (traces/FORMAT.md), in the order to report them (sort them for a
  ///     stable report); each is streamed, so memory does not grow with a trace's length.
  ///   - jobs: threads to use, ≥ 1 (clamped); 1 runs on the calling thread.
  ///   - shouldStop: asked before each trace (from any thread); when it returns true no further
  ///     trace starts and the report covers the traces finished (``Report/runs``).
  ///   - finished: called after each trace with the number finished (progress display).
  /// - Throws: ``/ScrollSimCore/InputError`` for the first trace, in `paths` order, that is rejected: a file
  ///   that cannot be read (`unreadable`), a bad header or line, a partial last line (each
  ///   naming the file and line: a trace is never skipped, and a cut one never passes), a bad
  ///   declaration of the effect (`effectFailed`, naming the output), an effect that reads the
  ///   horizontal axis (`unsupported`, field `axis`: the checks judge the vertical axis), or an
  ///   error the effect threw (`effectFailed`, with the trace and frame).
  public func run(
    traces paths: [String], jobs: Int = 1,
    stoppingWhen shouldStop: @escaping @Sendable () -> Bool = { false },
    finished: (@Sendable (Int) -> Void)? = nil
  ) throws(InputError) -> Report {
    let outcome = try runUntilRejected(
      traces: paths, jobs: jobs, stoppingWhen: shouldStop, finished: finished)
    if let rejected = outcome.rejected { throw rejected.error }
    return outcome.report
  }

  /// ``run(traces:jobs:stoppingWhen:finished:)`` that returns the first rejected trace instead
  /// of throwing it, with the report of the traces before it in `paths` order (the same at any
  /// `jobs`: a later trace that ran on another thread is left out), so that a CI report can
  /// list the traces that ran, the rejected one as an error, and the rest as not run.
  /// - Parameters:
  ///   - paths: trace files, in the order to report them (as for `run(traces:)`).
  ///   - jobs: threads to use, ≥ 1 (clamped); 1 runs on the calling thread.
  ///   - shouldStop: asked before each trace (from any thread).
  ///   - finished: called after each trace with the number finished (progress display).
  /// - Returns: the report (of every trace, or of those before the rejected one) and the
  ///   rejected trace's index in `paths` and its error (file and line), or nil.
  /// - Throws: ``/ScrollSimCore/InputError`` for what no trace causes: a bad declaration of the
  ///   effect, an effect that reads the horizontal axis, a bad agreement.
  public func runUntilRejected(
    traces paths: [String], jobs: Int = 1,
    stoppingWhen shouldStop: @escaping @Sendable () -> Bool = { false },
    finished: (@Sendable (Int) -> Void)? = nil
  ) throws(InputError) -> (report: Report, rejected: (index: Int, error: InputError)?) {
    try effect.validateDeclaration()
    try checkReadsTheVerticalAxisOnly(traces: true)
    _ = try agreementIndices()
    let results = ConcurrentRuns.map(
      count: paths.count, jobs: jobs, shouldStop: shouldStop, finished: finished
    ) { (index: Int) throws(InputError) -> Report in
      try check(trace: paths[index])
    }
    var report = Report(expectations: expectations)
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let part): report.append(part)
      case .failure(let error): return (report, (index, error))
      case nil: continue
      }
    }
    return (report, nil)
  }

  /// Checks one trace (see ``run(traces:jobs:stoppingWhen:finished:)``).
  /// - Throws: ``/ScrollSimCore/InputError`` naming the file and line of a rejected trace.
  func check(trace path: String) throws(InputError) -> Report {
    final class Warnings { var first: InputError? }
    let warnings = Warnings()
    let inputs = try TraceStreamInputs(path: path) { warning in
      if warnings.first == nil { warnings.first = warning }
    }
    let device = Self.deviceName(inputs.header)
    var loop = try FrameLoop(inputs: inputs, effect: effect, refreshRate: refreshRate)
    var report = Report(expectations: expectations)
    var coverage = Coverage(checker: self)
    report.runs = 1
    report.gestures = [path]
    try check(
      &loop, frames: nil, gesture: path, device: device, coverage: &coverage, report: &report,
      agreements: try agreementIndices())
    if let cut = warnings.first {
      // A partial last line is skipped by a replay, with a warning; a check never passes a
      // trace it could not read whole.
      throw InputError(
        file: cut.file, line: cut.line,
        message: "incomplete last line (no newline): the recording was cut off mid-write, and "
          + "check refuses a cut trace (replay skips the line and replays the events before "
          + "it): remove the partial line to check the rest")
    }
    return report
  }

  /// How violations on a trace name its device: the header's device name (or `trace`) and
  /// the scroll geometry that matters to the checks.
  static func deviceName(_ header: TraceHeader) -> String {
    let scroll = header.scroll
    func points(_ value: Double) -> String { EffectSpec.number((value * 10).rounded() / 10) }
    return (header.device.name ?? "trace device")
      + " (viewport \(points(scroll.viewportHeight)) pt, content "
      + "\(points(scroll.contentHeight)) pt)"
  }
}
