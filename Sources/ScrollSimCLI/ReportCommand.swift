import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollTrace

/// `scrollsim report`: one self-contained HTML page of a frame file, to watch a run (a phone-sized
/// preview of the effect's outputs, play and scrub) beside linked charts of offset, velocity and
/// outputs over time.
enum ReportCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "report",
    summary: "an HTML page of a frame file: a live preview of the effect and linked charts",
    options: options,
    help: """
      usage: scrollsim report <frames.jsonl|frames.csv> --out <run.html> [options]

      Writes one self-contained HTML file (inline CSS and JavaScript, the frames embedded as
      JSON; no network, no external scripts or fonts) to open in a browser:
        - a phone-sized preview drawing the outputs of the frame under the playhead: the
          presets by their output names (apple-music header darkening with parallax and
          stretch, apple-tv-bar colours and title, title-card inline title,
          collapsible-header, logo-follow, Flutter's app bars); any other effect's outputs
          as a bar and a swatch each (a colour output name.r/.g/.b/.a as its colour);
          GSAP-style markers (scroller-start/scroller-end fixed to the viewport, start/end
          moving with the content);
        - play/pause, a scrubber over the recorded frames and the speed (0.25x, 0.5x, 1x
          real time);
        - charts of contentOffset (pt), velocity (pt/s) and every output against time,
          sharing one time axis: phases shaded, trigger start/end markers (green start, red
          end, as GSAP ScrollTrigger's markers), the content edges (0 and maxOffset) and the
          overscroll band past them, threshold events (output:kind) and any other event the
          file carries. Wheel over a chart zooms time, dragging pans, double-click or Reset
          zoom shows the whole run; a click moves the playhead.
      A URL fragment opens the page at a frame and a time window: run.html#frame=120,
      run.html#t=1.5, run.html#t=12&view=10,16 (seconds).

      Geometry (viewport, content height, insets: the edges and the overscroll band) comes
      from the trace the frame file names in its header, read from the current folder or
      the frame file's folder, or from --trace. Trigger ranges come from the presets the
      header names (apple-music, or a group apple-music+title-card) or from --effect /
      --effects for a spec file. Without them the page is still written, and a note (on
      standard error and in the page) says what it could not draw. docs/report.md has more.

      options:
      \(HelpText.options(options))

      The frame file may be a pipe or process substitution; '-' reads standard input. The
      page is written to a temporary file and renamed onto --out when complete.

      \(HelpText.exitStatuses([.success, .usage, .dataError, .ioError]))
      """,
    run: run)

  static let out = CommonOptions.out.help("the HTML page to write (required)")
  static let title = Option<String>(
    "title", "TEXT", help: "page title (default: the effect and the trace from the file)")

  /// Every option of `report`, in help order.
  static let options: [OptionInfo] = [
    out.info, FrameViewOptions.trace.info, FrameViewOptions.effect.info,
    FrameViewOptions.effects.info, title.info, CommonOptions.allowPartial.info,
  ]

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(words, command: "report", options: options, console: console)
    let input = try FrameViewOptions.input(
      arguments, command: "report", out: Self.out, outValue: "<run.html>", console: console)
    let (path, out, header, records) = (input.path, input.out, input.header, input.records)
    let view = try input.options.view(header: header, framePath: path, console: console)
    var notes = view.notes
    if let partial = input.partial {
      notes.insert(
        "a partial run: the frame file is \(partial); this page shows its "
          + "\(CheckReportFormatter.plural(records.count, "frame")), not the whole run", at: 0)
    }
    var data = ReportData(
      title: input.marked(
        arguments.text(Self.title)
          ?? FrameViewOptions.defaultTitle(header: header, framePath: path)),
      effect: header.effect, trace: header.trace, frameFile: path,
      refreshRate: header.refreshRate, scene: view.scene, outputs: view.outputs,
      markers: view.markers, notes: notes, records: records)
    data.scrollViewEvents = ReportScene.scrollViewEvents(of: records)
    try OutputFile.write(ReportPage.html(data), to: out)
    view.printNotes(console)
    let events = records.reduce(0) { $0 + $1.events.count }
    console.line(
      "Wrote \(out): \(CheckReportFormatter.plural(records.count, "frame")) over "
        + "\(NumberText.fixed(records.last!.time - records.first!.time, 3)) s, "
        + "\(CheckReportFormatter.plural(view.outputs.count, "output")), "
        + "\(CheckReportFormatter.plural(view.markers.count, "trigger range")), "
        + "\(CheckReportFormatter.plural(events, "threshold event")), "
        + "\(CheckReportFormatter.plural(data.scrollViewEvents.count, "scroll view event")).")
    return .success
  }
}
