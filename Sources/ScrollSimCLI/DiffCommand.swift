import Foundation
import ScrollRuntime
import ScrollSimCore
import ScrollTrace

/// `scrollsim diff`: compares two frame files with per-output tolerances.
enum DiffCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "diff",
    summary: "compare two frame files (replay --out) with per-output tolerances",
    options: options,
    help: """
      usage: scrollsim diff <a.jsonl|a.csv> <b.jsonl|b.csv> [options]

      Compares two frame files written by 'scrollsim replay --out' frame by frame: time,
      offset, velocity (and, for two-axis runs, frame-file version 3, the horizontal offset x
      and velocity vx; for nested chains, version 4, each view's contentOffset and velocity,
      views.header.offset, views.header.velocity, …, views.list.velocity) and every output
      within an absolute tolerance, phase and threshold
      events exactly, and (when both files carry them, frame-file version 2) the scroll
      view's events: their callback names, order, flags (willDecelerate, finished) and
      phases exactly, their numbers within a tolerance: --tolerance scrollView=ABS for
      all of them, else each in its unit's (an event's time t's, a velocity velocity's in
      points/second, scrollViewWillEndDragging's points/ms × 1000, a target or jump offset
      offset's). Prints the first differing frames as a table, one row per differing
      field (scrollView[i].NAME.velocity for an event's number), then a count. Both files
      are streamed (bounded memory).

      options:
      \(HelpText.options(options))

      Either file may be a pipe or process substitution; '-' reads standard input.

      \(HelpText.exitStatuses([.success, .finding, .usage, .dataError, .ioError]))
      """,
    run: run)

  static let tolerance = Option<String>(
    "tolerance", "ABS|NAME=ABS", repeatable: true,
    help: "default absolute tolerance for every number (default 0: exact), or NAME=ABS: the "
      + "tolerance for one field: t (seconds), offset (points), velocity (points/second), x "
      + "and vx (the horizontal offset and velocity of a two-axis run), views.NAME.offset and "
      + "views.NAME.velocity (view NAME of a nested chain: header, header1, …, list), an "
      + "output name (its own unit) or scrollView (every number of the scroll view's events; "
      + "default: t's, velocity's and offset's by unit); repeatable")
  static let ignore = Option<String>(
    "ignore", "FIELD", repeatable: true,
    help:
      "do not compare FIELD (t, offset, velocity, x, vx, views.NAME.offset, "
      + "views.NAME.velocity, views: every view of a nested chain, phase, events, scrollView "
      + "or an output name); repeatable")
  static let maxFrames = Option<Int>(
    "max-frames", "N", expected: "an integer ≥ 1",
    help: "differing frames to print, ≥ 1 (default 10)"
  ) { $0 >= 1 }
  static let effect = Option<String>(
    "effect", "NAME",
    help: "compare only effect NAME's outputs and events: all of a file replayed with NAME "
      + "alone, the NAME/… ones of a file replayed with a group (--effect a,b): a golden of one "
      + "effect against a run of the whole screen (a CSV frame file, which does not record its "
      + "effect, is taken as NAME's)")

  /// Every option of `diff`, in help order.
  static let options: [OptionInfo] =
    [
      tolerance.info, ignore.info, maxFrames.info, effect.info, CommonOptions.allowPartial.info,
    ] + CIOutputs.options

  /// Absolute tolerances by field name, with a default (shared with ScrollSimTesting's goldens).
  typealias Tolerances = FrameComparison.Tolerances

  /// One differing field of one frame.
  typealias Difference = FrameComparison.Difference

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(words, command: "diff", options: options, console: console)
    guard arguments.positionals.count == 2 else {
      throw .usage("'diff' needs two frame files, got \(arguments.positionals.count)")
    }
    var tolerances = try parseTolerances(arguments.values(tolerance))
    tolerances.ignored = Set(try arguments.values(ignore))
    let maxFrames = try arguments.value(Self.maxFrames, default: 10)
    let (pathA, pathB) = (arguments.positionals[0], arguments.positionals[1])
    let ci = try CIOutputs(arguments)
    try OutputPaths.check(input: pathA, outputs: ci.paths)
    try OutputPaths.check(input: pathB, outputs: ci.paths)
    try ci.checkWritable()
    // The CI results (--junit, --json, --annotations): one test case, b against a; a
    // difference points at b's line of the first differing frame (line 1 is the header).
    func finish(_ status: ExitStatus, _ message: String, details: String = "", line: Int? = nil)
      throws(CommandError) -> ExitStatus
    {
      guard ci.isRequested else { return status }
      var item = TestReport.Case(name: "\(pathB) against \(pathA)", className: "scrollsim.diff")
      var annotations: [Annotation] = []
      if status != .success {
        item.failures = [TestReport.Failure(message: message, type: "difference", details: details)]
        annotations.append(
          Annotation(
            .error, file: pathB, line: line,
            title: "scrollsim diff: \(pathB) differs from \(pathA)",
            message: message))
      }
      try ci.emit(
        TestReport(name: "scrollsim diff \(pathA) \(pathB)", cases: [item]),
        annotations: annotations, print: console.line)
      return status
    }
    let a = try CommandInput.frameReader(pathA, console: console)
    let b = try CommandInput.frameReader(pathB, console: console)
    let allowPartial = arguments.flag(CommonOptions.allowPartial)
    var views = (EffectView(all: a.header), EffectView(all: b.header))
    if let effect = arguments.text(Self.effect) {
      for (path, header) in [(pathA, a.header), (pathB, b.header)]
      where EffectView(effect: effect, header: header) == nil {
        throw .usage(
          "--effect \(effect): \(path) has no outputs of \(effect) (it was "
            + "replayed with \(header.effect); a group's outputs are named \(effect)/…)")
      }
      views = (
        EffectView(effect: effect, header: a.header) ?? views.0,
        EffectView(effect: effect, header: b.header) ?? views.1
      )
    }
    let outputs = views.0.names
    // The same outputs in another order compare by name (b's columns reordered to a's).
    if outputs != views.1.names, Set(outputs) == Set(views.1.names),
      outputs.count == views.1.names.count
    {
      views.1 = views.1.reordered(as: outputs)
    }
    guard outputs == views.1.names else {
      let grouped = (outputs + views.1.names).contains { $0.contains("/") }
      let text =
        "\(pathA) and \(pathB) have different outputs:\n  a: "
        + outputs.joined(separator: ", ") + "\n  b: " + views.1.names.joined(separator: ", ")
      console.line(
        text
          + (grouped
            ? "\n(to compare one effect of a group run with its own run: --effect NAME)" : ""))
      return try finish(
        .finding, "different outputs", details: text, line: 1)
    }
    // A misspelt field must not silently compare (or skip) nothing.
    let viewFields = Array(Set(a.header.views + b.header.views)).sorted().flatMap {
      ["views.\($0).offset", "views.\($0).velocity"]
    }
    let fields = Set(
      ["t", "offset", "velocity", "phase", "events", "scrollView"] + outputs
        + (a.header.isTwoAxis || b.header.isTwoAxis ? ["x", "vx"] : [])
        + (viewFields.isEmpty ? [] : ["views"] + viewFields))
    let named = tolerances.ignored.union(tolerances.byName.keys)
    if let unknown = named.subtracting(fields).sorted().first {
      throw .usage(
        "no field '\(unknown)' in \(pathA): expected t, offset, velocity, "
          + (a.header.isTwoAxis || b.header.isTwoAxis ? "x, vx, " : "")
          + (viewFields.isEmpty
            ? "" : "views (all of them), " + viewFields.joined(separator: ", ") + ", ")
          + "phase, events, scrollView or one of its outputs (\(outputs.joined(separator: ", ")))"
          + Suggestion.didYouMean(unknown, among: fields.sorted()))
    }
    do {
      var shown: [Difference] = []
      var shownFrames = 0
      var differingFrames = 0
      var firstDiffering: (frame: Int, time: Double, line: Int)?
      var frames = 0
      while true {
        var (left, right) = (try a.next().map(views.0.project), try b.next().map(views.1.project))
        if views.1.reorders {
          // Outputs in another order fire their events in another order within a frame.
          left?.events.sort()
          right?.events.sort()
        }
        guard let left, let right else {
          // A file that ends early because it was cut is not a shorter run.
          for reader in [a, b] where reader.ending != .unread {
            try CommandInput.checkWhole(reader, allowPartial: allowPartial, console: console)
          }
          if let extra = left ?? right {
            let longer = left == nil ? pathB : pathA
            let differences = table(shown, outputs: outputs)
            let message =
              "\(longer) has more frames (from frame \(extra.frame), "
              + "t = \(Number.fixed(extra.time, 4)) s); \(differingFrames) of \(frames) common "
              + "frames differ"
              + (firstDiffering.map {
                " (first at frame \($0.frame), t = \(Number.fixed($0.time, 4)) s)"
              } ?? "") + "; tolerances: \(tolerances.description)"
            console.line(differences)
            console.line("\(pathA) vs \(pathB): " + message + ".")
            return try finish(
              .finding, message, details: differences,
              line: firstDiffering?.line ?? (left == nil ? frames + 2 : nil))
          }
          break
        }
        frames += 1
        let differences = compare(left, right, outputs: outputs, tolerances: tolerances)
        guard !differences.isEmpty else { continue }
        differingFrames += 1
        if firstDiffering == nil { firstDiffering = (left.frame, left.time, frames + 1) }
        if shownFrames < maxFrames {
          shown += differences
          shownFrames += 1
        }
      }
      guard let firstDiffering else {
        console.line(
          "\(pathA) and \(pathB) match: \(CheckReportFormatter.plural(frames, "frame")), "
            + "\(CheckReportFormatter.plural(outputs.count, "output")) "
            + "within tolerances (\(tolerances.description)).")
        return try finish(.success, "")
      }
      let differences = table(shown, outputs: outputs)
      let message =
        "\(differingFrames) of \(frames) frames differ (first at frame "
        + "\(firstDiffering.frame), t = \(Number.fixed(firstDiffering.time, 4)) s; "
        + "\(shownFrames) shown); tolerances: \(tolerances.description)"
      console.line(differences)
      console.line("\(pathA) vs \(pathB): " + message + ".")
      return try finish(.finding, message, details: differences, line: firstDiffering.line)
    } catch let error as CommandError {
      throw error
    } catch let error as InputError {
      throw .input(error)
    } catch {
      throw .invalid(pathA, String(describing: error))
    }
  }

  /// Parses `--tolerance` values: `ABS` (default) or `NAME=ABS`, each finite and ≥ 0.
  static func parseTolerances(_ texts: [String]) throws(CommandError) -> Tolerances {
    var tolerances = Tolerances()
    for text in texts {
      let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
      guard let number = Double(parts.last ?? ""), number.isFinite, number >= 0,
        parts.count == 1 || !parts[0].isEmpty
      else {
        throw .usage("--tolerance \(text): expected ABS or NAME=ABS with ABS a number ≥ 0")
      }
      if parts.count == 1 {
        tolerances.defaultValue = number
      } else {
        tolerances.byName[parts[0]] = number
      }
    }
    return tolerances
  }

  /// The fields of `a` and `b` that differ beyond their tolerances.
  static func compare(
    _ a: FrameRecord, _ b: FrameRecord, outputs: [String], tolerances: Tolerances
  ) -> [Difference] {
    FrameComparison.compare(a, b, outputs: outputs, tolerances: tolerances)
  }

  /// The differences as an aligned table.
  static func table(_ differences: [Difference], outputs: [String]) -> String {
    FrameComparison.table(differences)
  }
}
