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
      unshaded). Threshold events (grey), the trace's control events (purple: scrollTo,
      content and viewport changes, runs of wheel events as a band) and the scroll view's own
      events of a version 2 frame file (teal: UIKit delegate callbacks such as
      scrollViewWillEndDragging, SwiftUI phase changes; the full call as the tooltip) are
      dashed lines with their labels in up to 4 lanes above the panels; labels never overlap:
      one with no free lane is left out and counted below the chart (its line keeps the label
      as a tooltip). The offset
      panel marks the content edges (0 and maxOffset), the overscroll band beyond them, and the
      trigger ranges as GSAP ScrollTrigger's markers draw them: a green start and a red end line
      per timeline and flag, labelled at the right. Plain SVG: open it in any browser.

      A two-axis run (frame file version 3, x and vx on every frame; docs/two-axes.md) adds
      contentOffset.x and velocity.x below the vertical panels (then titled contentOffset.y and
      velocity.y); the x panel marks the left and right edges (0 and maxOffsetX of the trace)
      and the overscroll band beyond them. A nested chain's frame file holds the combined
      offset only: that is what is drawn (an effect output of a view's offset is a panel).

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
  static let trace = FrameViewOptions.trace.help(
    "the trace the frames were replayed from, for the content edges and control events "
      + "(default: the trace the frame file's header names, when it can be found)")

  /// Every option of `plot`, in help order.
  static let options: [OptionInfo] = [
    out.info, outputs.info, title.info, trace.info, FrameViewOptions.effect.info,
    FrameViewOptions.effects.info, CommonOptions.allowPartial.info,
  ]

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(words, command: "plot", options: options, console: console)
    let input = try FrameViewOptions.input(
      arguments, command: "plot", out: Self.out, outValue: "<chart.svg>", console: console)
    let (path, out, header, records) = (input.path, input.out, input.header, input.records)
    let columns = try OutputColumns.parse(
      arguments.text(outputs), names: header.outputs, owner: "the file")
    let view = try input.options.view(header: header, framePath: path, console: console)
    let scene = view.scene
    let described = view.outputs
    // The trigger ranges of the outputs drawn (all of them without --outputs).
    let drawn = Set(columns.map { header.outputs[$0] })
    let triggers = view.markers
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
    // A two-axis run (frame-file version 3: every frame has `x` and `vx`): the horizontal
    // offset and velocity below the vertical ones, each axis titled by its name.
    let offsetsX = records.compactMap(\.offsetX)
    let velocitiesX = records.compactMap(\.velocityX)
    let isTwoAxis = offsetsX.count == records.count && velocitiesX.count == records.count
    if isTwoAxis {
      series[0].title = "contentOffset.y (pt)"
      series[1].title = "velocity.y (pt/s)"
      series += [
        PlotRenderer.Series(
          title: "contentOffset.x (pt)", color: PlotRenderer.seriesColors[0], values: offsetsX,
          isOffsetX: true),
        PlotRenderer.Series(
          title: "velocity.x (pt/s)", color: PlotRenderer.seriesColors[1], values: velocitiesX),
      ]
    }
    let firstOutputColor = isTwoAxis ? 4 : 2
    for (number, index) in columns.enumerated() {
      let name = header.outputs[index]
      let color = PlotRenderer.seriesColors[
        (number + firstOutputColor) % PlotRenderer.seriesColors.count]
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
    // The scroll view's own events (UIKit delegate callbacks, SwiftUI phase changes) of a
    // version 2 frame file, at their exact time, the full call as the tooltip.
    let scrollViewMarks = ReportScene.scrollViewEvents(of: records).map {
      PlotRenderer.Mark(time: $0.time, label: $0.label, kind: .scrollView, detail: $0.detail)
    }
    marks += scrollViewMarks
    var controls: [PlotRenderer.Mark] = []
    if let scene {
      controls = controlMarks(scene.source, from: records[0].time, to: records.last!.time)
      marks += controls
    }
    if marks.count > eventCount { marks.sort { $0.time < $1.time } }
    view.printNotes(console)
    let renderer = PlotRenderer(
      title: input.marked(
        arguments.text(Self.title)
          ?? FrameViewOptions.defaultTitle(header: header, framePath: path)),
      times: records.map(\.time),
      phases: records.map(\.phase), marks: marks, series: series,
      maxOffset: scene?.geometry.maxOffset,
      maxOffsetX: isTwoAxis ? scene?.horizontal?.maxOffset : nil, triggers: triggers)
    try OutputFile.write(renderer.svg(), to: out)
    let thinned = renderer.thinnedCount
    let plural = CheckReportFormatter.plural
    var parts = [
      plural(records.count, "frame"), plural(series.count, "panel"), plural(eventCount, "event"),
    ]
    if !scrollViewMarks.isEmpty {
      parts.append(plural(scrollViewMarks.count, "scroll view event"))
    }
    if !controls.isEmpty { parts.append(plural(controls.count, "control mark")) }
    if !triggers.isEmpty { parts.append(plural(triggers.count, "trigger range")) }
    let left = thinned > 0 ? " (\(thinned) labels left out where they would overlap)" : ""
    console.line("Wrote \(out): " + parts.joined(separator: ", ") + left + ".")
    return .success
  }

  /// The control events of the trace at `path` between `start` and `end` (seconds) as marks:
  /// `scrollTo 400` (`animated` when it is), `content 12000`, `viewport 700`, and each run of
  /// wheel events less than 0.25 s apart as one span `wheel ×N (+dy pt)`, or with horizontal
  /// deltas `wheel ×N (Δx -120 pt)` and `wheel ×N (Δx +40, Δy +30 pt)`. None when the trace
  /// cannot be read again (a pipe, already read for the geometry).
  static func controlMarks(_ path: String, from start: Double, to end: Double)
    -> [PlotRenderer.Mark]
  {
    guard path != "-", FileManager.default.fileExists(atPath: path),
      let trace = try? Trace.load(path: path)
    else { return [] }
    var marks: [PlotRenderer.Mark] = []
    var wheel: (first: Double, last: Double, count: Int, delta: Double, deltaX: Double?)?
    func flushWheel() {
      guard let run = wheel else { return }
      func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + PlotRenderer.label(value)
      }
      // Only a run with horizontal deltas names its axes; a vertical one stays `(+dy pt)`.
      let travel =
        run.deltaX.map { dx in
          run.delta == 0 ? "Δx \(signed(dx))" : "Δx \(signed(dx)), Δy \(signed(run.delta))"
        } ?? signed(run.delta)
      marks.append(
        PlotRenderer.Mark(
          time: run.first,
          label: "wheel" + (run.count > 1 ? " ×\(run.count)" : "") + " (\(travel) pt)",
          kind: .control, until: run.count > 1 ? run.last : nil))
      wheel = nil
    }
    for control in trace.controls where control.time >= start && control.time <= end {
      if case .wheel(let dx, let dy, _) = control.kind {
        // dx is 0 on a vertical trace: no horizontal travel to show.
        let x: Double? = dx == 0 ? nil : dx
        if let run = wheel, control.time - run.last < 0.25 {
          let sum = run.deltaX.map { $0 + (x ?? 0) } ?? x
          wheel = (run.first, control.time, run.count + 1, run.delta + dy, sum)
        } else {
          flushWheel()
          wheel = (control.time, control.time, 1, dy, x)
        }
        continue
      }
      flushWheel()
      let label: String
      switch control.kind {
      case .scrollTo(let x, let offset, let animated):
        label =
          "scrollTo " + (x.map { "x \(PlotRenderer.label($0)) y " } ?? "")
          + PlotRenderer.label(offset) + (animated ? " animated" : "")
      case .contentHeight(let height): label = "content \(PlotRenderer.label(height))"
      case .viewportHeight(let height): label = "viewport \(PlotRenderer.label(height))"
      case .contentWidth(let width): label = "content width \(PlotRenderer.label(width))"
      case .viewportWidth(let width): label = "viewport width \(PlotRenderer.label(width))"
      case .scrollToTop: label = "scrollToTop"
      case .wheel: continue
      }
      marks.append(PlotRenderer.Mark(time: control.time, label: label, kind: .control))
    }
    flushWheel()
    return marks
  }
}
