import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollTrace

/// `scrollsim plot`: renders a frame file as an SVG chart.
enum PlotCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "plot",
    summary: "render a frame file as an SVG chart of offset, velocity and outputs over time",
    options: options,
    help: """
      usage: scrollsim plot <frames.jsonl|frames.csv> --out <chart.svg> [options]

      Draws stacked panels sharing one time axis (seconds): contentOffset (pt), velocity (pt/s)
      and the chosen effect outputs (in their own units, on an axis that holds the output's
      declared range: a constant output is drawn on its range and titled "constant V"), with
      scroll phases shaded behind (tracking, dragging, decelerating, bouncing, animating; idle
      unshaded). Threshold events (grey) and the trace's control events (purple: scrollTo,
      content and viewport changes, runs of wheel events as a band) are dashed lines with their
      labels in up to 4 lanes above the panels; labels never overlap: one with no free lane is
      left out and counted below the chart (its line keeps the label as a tooltip). The offset
      panel marks the content edges (0 and maxOffset), the overscroll band beyond them, and the
      trigger ranges as GSAP ScrollTrigger's markers draw them: a green start and a red end line
      per timeline and flag, labelled at the right. Plain SVG: open it in any browser.

      The geometry and control events come from the trace the frame file's header names (as
      given, then beside the frame file) or --trace; trigger ranges from the presets the header
      names or --effect / --effects for a spec file. Without them the chart is still drawn and
      a note on standard error says what is missing.

      options:
      \(HelpText.options(options))

      The frame file may be a pipe or process substitution; '-' reads standard input.

      \(HelpText.exitStatuses([.success, .usage, .dataError, .ioError]))
      """,
    run: run)

  static let out = CommonOptions.out.help("the SVG to write (required)")
  static let outputs = Option<String>(
    "outputs", "A,B", help: "outputs to draw, by name (default: every output)")
  static let title = Option<String>(
    "title", "TEXT", help: "chart title (default: the effect and the trace from the file)")
  static let trace = Option<String>(
    "trace", "FILE",
    help: "the trace the frames were replayed from, for the content edges and control events "
      + "(default: the trace the frame file's header names, when it can be found)")
  static let effect = ReplayCommand.effect.help(
    "the preset(s) the frames were replayed through, for trigger ranges (default: the presets "
      + "the frame file's header names)")
  static let effects = ReplayCommand.effects.help(
    "effect spec file(s) the frames were replayed through, for trigger ranges, instead of "
      + "--effect")

  /// Every option of `plot`, in help order.
  static let options: [OptionInfo] = [
    out.info, outputs.info, title.info, trace.info, effect.info, effects.info,
    CommonOptions.allowPartial.info,
  ]

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(words, command: "plot", options: options, console: console)
    let path = try arguments.singlePositional("a frame file")
    guard let out = arguments.text(Self.out) else {
      throw .usage("'plot' needs --out <chart.svg>")
    }
    try OutputPaths.check(input: path, outputs: [("--out", out)])
    let presets = try arguments.values(effect)
    let files = try arguments.values(effects)
    let chosenEffect: CompiledEffect? =
      presets.isEmpty && files.isEmpty
      ? nil : try EffectSelection.compile(presets: presets, files: files)
    var records: [FrameRecord] = []
    let reader = try CommandInput.frameReader(path, console: console)
    let header = reader.header
    do {
      while let record = try reader.next() { records.append(record) }
    } catch {
      throw .input(error)
    }
    try CommandInput.checkWhole(
      reader, allowPartial: arguments.flag(CommonOptions.allowPartial), console: console)
    guard !records.isEmpty else { throw .invalid(path, "no frames to plot") }
    let columns = try OutputColumns.parse(
      arguments.text(outputs), names: header.outputs, owner: "the file")
    var notes: [String] = []
    let scene = try ReportScene.geometry(
      trace: arguments.text(Self.trace), header: header, framePath: path, console: console,
      notes: &notes)
    let effects =
      chosenEffect.map { [(prefix: "", effect: $0)] }
      ?? ReportScene.presetEffects(named: header.effect)
    if effects.isEmpty, !header.outputs.isEmpty {
      notes.append(
        "no trigger ranges: the effect '\(header.effect)' is not a preset; pass --effects "
          + "SPEC.json to draw its ranges")
    }
    let described = ReportScene.outputs(header.outputs, effects: effects)
    // The trigger ranges of the outputs drawn (all of them without --outputs).
    let drawn = Set(columns.map { header.outputs[$0] })
    let triggers = ReportScene.markers(effects, geometry: scene?.geometry, notes: &notes)
      .filter { marker in
        // A colour output's channels are drawn as `name.r`, ….
        marker.outputs.contains { name in
          drawn.contains(name) || drawn.contains { $0.hasPrefix(name + ".") }
        }
      }
      .map { PlotRenderer.Trigger(label: $0.label, start: $0.start, end: $0.end) }
    var series = [
      PlotRenderer.Series(
        title: "contentOffset (pt)", color: PlotRenderer.seriesColors[0],
        values: records.map(\.offset)),
      PlotRenderer.Series(
        title: "velocity (pt/s)", color: PlotRenderer.seriesColors[1],
        values: records.map(\.velocity)),
    ]
    for (number, index) in columns.enumerated() {
      let name = header.outputs[index]
      let color = PlotRenderer.seriesColors[(number + 2) % PlotRenderer.seriesColors.count]
      let unit: String? =
        switch described[index].unit {
        case .points: "pt"
        case .fraction: "0…1"
        case .flag: "0 or 1"
        case nil: nil
        }
      series.append(
        PlotRenderer.Series(
          title: name + (unit.map { " (\($0))" } ?? ""), color: color,
          values: records.map { $0.values[index] }, range: described[index].range))
    }
    // Events are "output:kind"; with --outputs, only the chosen outputs' events are drawn.
    let shown = Set(columns.map { header.outputs[$0] })
    var marks: [PlotRenderer.Mark] = []
    for record in records {
      for event in record.events where shown.contains(OutputColumns.output(ofEvent: event)) {
        marks.append(PlotRenderer.Mark(time: record.time, label: event, kind: .threshold))
      }
    }
    let eventCount = marks.count
    if let scene {
      marks += controlMarks(scene.source, from: records[0].time, to: records.last!.time)
      marks.sort { $0.time < $1.time }
    }
    for note in notes { console.error("scrollsim: note: \(note)") }
    let defaultTitle =
      header.effect.isEmpty
      ? (path as NSString).lastPathComponent
      : "\(header.effect) · \((header.trace as NSString).lastPathComponent) · \(header.refreshRate) Hz"
    let renderer = PlotRenderer(
      title: arguments.text(Self.title) ?? defaultTitle, times: records.map(\.time),
      phases: records.map(\.phase), marks: marks, series: series,
      maxOffset: scene?.geometry.maxOffset, triggers: triggers)
    try OutputFile.write(renderer.svg(), to: out)
    let controls = marks.count - eventCount
    let thinned = renderer.thinnedCount
    let plural = CheckReportFormatter.plural
    var parts = [
      plural(records.count, "frame"), plural(series.count, "panel"), plural(eventCount, "event"),
    ]
    if controls > 0 { parts.append(plural(controls, "control mark")) }
    if !triggers.isEmpty { parts.append(plural(triggers.count, "trigger range")) }
    let left = thinned > 0 ? " (\(thinned) labels left out where they would overlap)" : ""
    console.line("Wrote \(out): " + parts.joined(separator: ", ") + left + ".")
    return .success
  }

  /// The control events of the trace at `path` between `start` and `end` (seconds) as marks:
  /// `scrollTo 400` (`animated` when it is), `content 12000`, `viewport 700`, and each run of
  /// wheel events less than 0.25 s apart as one span `wheel ×N (+dy pt)`. None when the trace
  /// cannot be read again (a pipe, already read for the geometry).
  static func controlMarks(_ path: String, from start: Double, to end: Double)
    -> [PlotRenderer.Mark]
  {
    guard path != "-", FileManager.default.fileExists(atPath: path),
      let trace = try? Trace.load(path: path)
    else { return [] }
    var marks: [PlotRenderer.Mark] = []
    var wheel: (first: Double, last: Double, count: Int, delta: Double)?
    func flushWheel() {
      guard let run = wheel else { return }
      let sign = run.delta >= 0 ? "+" : ""
      marks.append(
        PlotRenderer.Mark(
          time: run.first,
          label: "wheel" + (run.count > 1 ? " ×\(run.count)" : "")
            + " (\(sign)\(PlotRenderer.label(run.delta)) pt)", kind: .control,
          until: run.count > 1 ? run.last : nil))
      wheel = nil
    }
    for control in trace.controls where control.time >= start && control.time <= end {
      if case .wheel(let dy, _) = control.kind {
        if let run = wheel, control.time - run.last < 0.25 {
          wheel = (run.first, control.time, run.count + 1, run.delta + dy)
        } else {
          flushWheel()
          wheel = (control.time, control.time, 1, dy)
        }
        continue
      }
      flushWheel()
      let label: String
      switch control.kind {
      case .scrollTo(let offset, let animated):
        label = "scrollTo \(PlotRenderer.label(offset))" + (animated ? " animated" : "")
      case .contentHeight(let height): label = "content \(PlotRenderer.label(height))"
      case .viewportHeight(let height): label = "viewport \(PlotRenderer.label(height))"
      case .scrollToTop: label = "scrollToTop"
      case .wheel: continue
      }
      marks.append(PlotRenderer.Mark(time: control.time, label: label, kind: .control))
    }
    flushWheel()
    return marks
  }
}
