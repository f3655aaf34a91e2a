import Foundation
import ScrollRuntime
import ScrollTrace

/// `scrollsim export`: a trace as WebDriver actions; a frame file as CSV, JSON Lines or Chrome
/// trace-event JSON.
enum ExportCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "export",
    summary: "export a trace as WebDriver actions, or frames as CSV, JSON Lines or a Chrome trace",
    options: options,
    help: """
      usage: scrollsim export webdriver <trace.jsonl> --out <actions.json>
             scrollsim export frames <frames.jsonl|.csv> --out <frames.csv|.jsonl>
             scrollsim export chrome-trace <frames.jsonl|.csv> --out <run.json> [--hz N]

      webdriver     the trace's touches as a W3C WebDriver Perform Actions body (one touch
                    pointer; times rounded to whole ms, positions to whole points = CSS px), to
                    replay the same gesture with Appium or a browser driver:
                    POST /session/{id}/actions with the file as the body.
      frames        converts a frame file between JSON Lines and CSV (by the --out extension);
                    numbers are copied exactly.
      chrome-trace  Chrome trace-event JSON: frames as slices (each until the next frame's
                    time, so rate changes and missed frames show), phases and threshold events
                    as instants, offset, velocity and outputs as counters; open it in
                    ui.perfetto.dev. --hz gives the length of a lone frame's slice (default:
                    the JSON Lines header's rate, else 120).

      options:
      \(HelpText.options(options))

      \(HelpText.exitStatuses([.success, .usage, .dataError, .ioError]))
      """,
    run: run)

  static let out = CommonOptions.out.help(
    "the file to write (required): actions .json for webdriver; .csv or .jsonl for frames; "
      + ".json for chrome-trace")
  static let hz = CommonOptions.hz.help(
    "chrome-trace only: the frame rate that gives a lone frame's slice length, 1…1000 "
      + "(default: the JSON Lines header's rate, else 120)")

  /// Every option of `export`, in help order.
  static let options: [OptionInfo] = [out.info, hz.info]

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(words, command: "export", options: options, console: console)
    guard arguments.positionals.count == 2,
      ["webdriver", "frames", "chrome-trace"].contains(arguments.positionals[0])
    else {
      throw .usage("usage: scrollsim export webdriver|frames|chrome-trace <input> --out <file>")
    }
    let (kind, path) = (arguments.positionals[0], arguments.positionals[1])
    guard let out = arguments.text(Self.out) else {
      throw .usage("'export \(kind)' needs --out <file>")
    }
    try OutputPaths.check(input: path, outputs: [("--out", out)])
    try InputFile.check(path, kind: kind == "webdriver" ? "trace file" : "frame file")
    if kind == "webdriver" {
      let trace: Trace
      do {
        trace = try TraceReader.read(
          path: path, recovering: { console.error("scrollsim: warning: \($0)") })
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
      try InputFile.write(WebDriverActions.export(trace), to: out)
      console.line(
        "Wrote \(out): \(CheckReportFormatter.plural(trace.events.count, "touch event")) as "
          + "WebDriver pointer actions.")
      return .success
    }
    let hz = try arguments.value(Self.hz)
    let sink: FrameSink
    let reader: FrameFileReader
    do {
      reader = try FrameFileReader(path: path)
    } catch {
      throw .input(error)
    }
    if kind == "frames" {
      sink = try FrameSink.frames(path: out, option: "--out")
    } else {
      let rate = hz ?? (reader.header.refreshRate > 0 ? reader.header.refreshRate : 120)
      sink = try FrameSink(path: out, kind: .chromeTrace(ChromeTraceWriter(refreshRate: rate)))
    }
    sink.begin(reader.header)
    var count = 0
    do {
      while let record = try reader.next() {
        sink.write(record)
        count += 1
      }
    } catch {
      _ = try? sink.close()
      throw .input(error)
    }
    try sink.close()
    console.line("Wrote \(out): \(CheckReportFormatter.plural(count, "frame")).")
    return .success
  }
}
