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
      and the chosen effect outputs (in their own units), with scroll phases shaded behind
      (tracking, dragging, decelerating, bouncing, animating; idle unshaded) and threshold
      events as labelled dashed lines. Plain SVG: open it in any browser.

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

  /// Every option of `plot`, in help order.
  static let options: [OptionInfo] = [
    out.info, outputs.info, title.info, CommonOptions.allowPartial.info,
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
    // Units of the outputs, from the preset the file names, or the presets of a group
    // ("apple-music+title-card": outputs "apple-music/…"); none for CSV files.
    var units: [String: String] = [:]
    let members = header.effect.split(separator: "+").map(String.init)
    for member in members {
      guard let preset = EffectPreset(rawValue: member) else { continue }
      let prefix = members.count > 1 ? member + "/" : ""
      for output in CompiledPreset(preset).outputs {
        units[prefix + output.name] =
          switch output.unit {
          case .points: "pt"
          case .fraction: "0…1"
          case .flag: "0 or 1"
          }
      }
    }
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
      let title = name + (units[name].map { " (\($0))" } ?? "")
      series.append(
        PlotRenderer.Series(title: title, color: color, values: records.map { $0.values[index] }))
    }
    // Events are "output:kind"; with --outputs, only the chosen outputs' events are drawn.
    let shown = Set(columns.map { header.outputs[$0] })
    var events: [(time: Double, label: String)] = []
    for record in records {
      for event in record.events where shown.contains(OutputColumns.output(ofEvent: event)) {
        events.append((record.time, event))
      }
    }
    let defaultTitle =
      header.effect.isEmpty
      ? (path as NSString).lastPathComponent
      : "\(header.effect) · \((header.trace as NSString).lastPathComponent) · \(header.refreshRate) Hz"
    let renderer = PlotRenderer(
      title: arguments.text(Self.title) ?? defaultTitle, times: records.map(\.time),
      phases: records.map(\.phase), events: events, series: series)
    try OutputFile.write(renderer.svg(), to: out)
    console.line(
      "Wrote \(out): \(CheckReportFormatter.plural(records.count, "frame")), "
        + "\(CheckReportFormatter.plural(series.count, "panel")), "
        + "\(CheckReportFormatter.plural(events.count, "event")).")
    return .success
  }
}
