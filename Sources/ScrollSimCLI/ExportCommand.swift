import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollTrace

/// `scrollsim export`: a trace as WebDriver actions; a frame file as CSV, JSON Lines or Chrome
/// trace-event JSON; an effect as straight-line Swift.
enum ExportCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "export",
    summary: "export a trace as WebDriver actions, frames as CSV, JSON Lines or a Chrome trace, "
      + "or an effect as Swift",
    options: options,
    help: """
      usage: scrollsim export webdriver <trace.jsonl> --out <actions.json> [--whole-points]
             scrollsim export frames <frames.jsonl|.csv> --out <frames.csv|.jsonl> [--allow-partial]
             scrollsim export chrome-trace <frames.jsonl|.csv> --out <run.json> [--hz N]
                                   [--allow-partial]
             scrollsim export swift <spec.json|preset|all> --out <Effect.swift> [--type NAME]

      webdriver     the trace's touches as a W3C WebDriver Perform Actions body (one touch
                    pointer; 1 CSS px = 1 pt), to replay the same gesture with Appium or a
                    browser driver: POST /session/{id}/actions with the file as the body. Each
                    event's time is rounded to a whole ms (durations are whole ms in WebDriver;
                    no error accumulates); positions are exact (fractional x/y, allowed since
                    w3c/webdriver#1881), or whole points with --whole-points. The trace header
                    (device, scroll geometry, physics, source) rides along in the top-level
                    member "scrollsim:header", which drivers ignore and `import webdriver` reads.
      frames        converts a frame file between JSON Lines and CSV (by the --out extension);
                    numbers are copied exactly.
      chrome-trace  Chrome trace-event JSON: frames as slices (each until the next frame's
                    time, so rate changes and missed frames show), phases and threshold events
                    as instants, offset, velocity and outputs as counters; open it in
                    ui.perfetto.dev. --hz gives the length of a lone frame's slice (default:
                    the JSON Lines header's rate, else 120).
      swift         the effect (a spec file, a preset, all, or several comma-separated, run
                    as one group as --effect runs them) as a Swift type in straight-line
                    code, to compile into your tests or benchmarks: every output and event has
                    the same bits as the effect engine gives, at the cost of the arithmetic
                    alone (the engine interprets its programs). The type conforms to
                    ScrollEffect and imports ScrollEffects and ScrollPhysics; --type names it
                    (default: the spec's name in UpperCamelCase + Effect). Velocity, direction
                    and quick-return timelines, other axes and nested scroll views are not
                    written out (exit 65, naming the timeline): they run in the engine only.
                    --out - writes the source to standard output. Output names become
                    properties of Values in lowerCamelCase (docs/swift-export.md).

      options:
      \(HelpText.options(options))

      A frame file without its closing record (cut: a run stopped early, or written by an
      older scrollsim) is refused (exit 65) unless --allow-partial is given; its export then
      has no closing record either. An input may be a pipe or process substitution; '-' reads
      standard input. SIGINT (Ctrl-C) and SIGTERM stop at a frame boundary: what was written is
      kept as NAME.cut.EXT and --out is left as it was.

      \(HelpText.exitStatuses([.success, .usage, .dataError, .ioError, .interrupted]))
      """,
    run: run)

  static let out = CommonOptions.out.help(
    "the file to write (required): actions .json for webdriver; .csv or .jsonl for frames; "
      + ".json for chrome-trace")
  static let hz = CommonOptions.hz.help(
    "chrome-trace only: the frame rate that gives a lone frame's slice length, 1…1000 "
      + "(default: the JSON Lines header's rate, else 120)")

  static let type = Option<String>(
    "type", "NAME",
    help: "swift only: the generated type's name, a Swift identifier (default: the spec's "
      + "name in UpperCamelCase + Effect, e.g. AppleMusicEffect)")

  static let wholePoints = Flag(
    "whole-points",
    help: "webdriver only: round x and y to whole points, for drivers that accept integer "
      + "coordinates only (default: exact positions)")

  static let quiet = Flag(
    "quiet",
    help: "print nothing when the export succeeds (warnings and errors still go to standard "
      + "error): for build tools, such as the ScrollSimExport build-tool plugin, which passes it")

  /// Prints the `Wrote …` line of a finished export, unless `--quiet` is given.
  private static func wrote(_ text: String, arguments: ArgumentList, console: Console) {
    if !arguments.flag(quiet) { console.line(text) }
  }

  /// What `export` writes: its first word.
  static let kinds = ["webdriver", "frames", "chrome-trace", "swift"]

  /// Every option of `export`, in help order.
  static let options: [OptionInfo] = [
    out.info, hz.info, wholePoints.info, CommonOptions.allowPartial.info, type.info, quiet.info,
  ]

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(words, command: "export", options: options, console: console)
    guard arguments.positionals.count == 2,
      kinds.contains(arguments.positionals[0])
    else {
      throw .usage(
        "usage: scrollsim export webdriver|frames|chrome-trace|swift <input> --out <file>")
    }
    let (kind, path) = (arguments.positionals[0], arguments.positionals[1])
    guard let out = arguments.text(Self.out) else {
      throw .usage("'export \(kind)' needs --out <file>")
    }
    if kind == "swift" { return try swift(path, out: out, arguments: arguments, console: console) }
    try OutputPaths.check(input: path, outputs: [("--out", out)])
    if kind == "webdriver" {
      let input = try CommandInput.open(path, console: console)
      let trace: Trace
      do {
        trace = try Trace.load(
          input: input, recovering: { console.diagnostic(.warning, $0) })
      } catch {
        throw .input(error)
      }
      // WebDriver actions carry one pointer's touches: say what cannot go with them.
      if !trace.offsets.isEmpty {
        throw .input(
          InputError(
            .unsupported, file: path,
            message: "an offset trace (\(trace.offsets.count) contentOffset samples) has no "
              + "touches to export as WebDriver actions"))
      }
      if !trace.controls.isEmpty {
        console.error(
          "scrollsim: warning: \(path): \(CheckReportFormatter.plural(trace.controls.count, "control event")) "
            + "(wheel, scrollTo, content, viewport) not exported: WebDriver pointer actions "
            + "carry touches only")
      }
      let positions: WebDriverActions.Positions =
        arguments.flag(wholePoints) ? .wholePoints : .exact
      try OutputFile.write(WebDriverActions.export(trace, positions: positions), to: out)
      wrote(
        "Wrote \(out): \(CheckReportFormatter.plural(trace.events.count, "touch event")) as "
          + "WebDriver pointer actions.", arguments: arguments, console: console)
      return .success
    }
    let hz = try arguments.value(Self.hz)
    let sink: FrameSink
    let reader = try CommandInput.frameReader(path, console: console)
    if kind == "frames" {
      sink = try FrameSink.frames(path: out, option: "--out")
    } else {
      let rate = hz ?? (reader.header.refreshRate > 0 ? reader.header.refreshRate : 120)
      sink = try FrameSink(path: out, kind: .chromeTrace(ChromeTraceWriter(refreshRate: rate)))
    }
    sink.begin(reader.header)
    var count = 0
    let interrupt = InterruptFlag.catchingInterrupts()
    defer { interrupt.release() }
    do {
      while !interrupt.isSet, sink.failure == nil, let record = try reader.next() {
        sink.write(record)
        count += 1
      }
    } catch {
      sink.discard()
      throw .input(error)
    }
    if interrupt.isSet {
      console.error(
        CommandInput.interruption(
          interrupt, what: "after \(CheckReportFormatter.plural(count, "frame")) of \(path)",
          outputs: [sink.stop()]))
      return .interrupted
    }
    let whole: Bool
    do throws(CommandError) {
      whole = try CommandInput.checkWhole(
        reader, allowPartial: arguments.flag(CommonOptions.allowPartial), console: console)
    } catch {
      sink.discard()
      throw error
    }
    // A cut input gives a cut output: no closing record (a Chrome trace is closed either way).
    try sink.finish(complete: whole)
    wrote(
      "Wrote \(out): \(CheckReportFormatter.plural(count, "frame"))"
        + (whole ? "." : " (cut like its input: no closing record)."), arguments: arguments,
      console: console)
    return .success
  }

  /// `export swift`: the effect `item` (a spec file, preset names or `all`) as Swift source.
  private static func swift(
    _ item: String, out: String, arguments: ArgumentList, console: Console
  ) throws(CommandError) -> ExitStatus {
    let effect = try EffectSelection.compile(presets: [], files: [item], filesLabel: "export swift")
    let given = arguments.text(type)
    let name = given ?? SwiftSource.typeName(for: effect.name)
    let source: String
    do {
      source = try effect.swiftSource(typeName: name)
    } catch {
      // A bad --type is a usage error; a refused name made from the spec's name, the spec's
      // (the build-tool plugin passes no --type); an unsupported timeline, the spec's.
      guard error.kind == .invalid && error.field == "type" else { throw .input(error) }
      if given != nil { throw .usage("--type: " + error.message) }
      throw .input(
        InputError(
          .invalid, file: item, path: "$.name", field: "name",
          message: "the spec's name '\(effect.name)' gives the type name '\(name)', which names "
            + "a type or module the generated code uses (a type of that name would hide it in "
            + "your module): rename the spec, or pass --type NAME (e.g. --type My\(name))"))
    }
    // `--out -`: the source on standard output, to pipe or redirect.
    if out == "-" {
      console.line(String(source.dropLast()))
      return .success
    }
    try OutputFile.write(source, to: out)
    wrote(
      "Wrote \(out): \(name), \(CheckReportFormatter.plural(effect.outputs.count, "output")) of "
        + "'\(effect.name)' in straight-line Swift (import ScrollEffects and ScrollPhysics).",
      arguments: arguments, console: console)
    return .success
  }
}
