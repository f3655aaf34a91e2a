import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollTrace

/// `scrollsim plot`: renders a frame file as an SVG chart.
enum PlotCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "plot",
    summary: "render a frame file as an SVG chart of offset, velocity and outputs over time",
    help: """
      usage: scrollsim plot <frames.jsonl|frames.csv> --out <chart.svg> [options]

      Draws stacked panels sharing one time axis (seconds): contentOffset (pt), velocity (pt/s)
      and the chosen effect outputs (in their own units), with scroll phases shaded behind
      (tracking, dragging, decelerating, bouncing, animating; idle unshaded) and threshold
      events as labelled dashed lines. Plain SVG: open it in any browser.

      options:
        --out FILE          the SVG to write (required)
        --outputs A,B       outputs to draw, by name (default: every output)
        --title TEXT        chart title (default: the effect and the trace from the file)
        --allow-partial     plot a frame file without its closing record (cut: a run stopped
                            early, or written by an older scrollsim), with a warning; without
                            it such a file is refused (exit 65)

      The frame file may be a pipe or process substitution; '-' reads standard input.

      exit status: 0 done, 64 bad command line (or an unknown output name), 65 bad frame
      file (file:line: field: message), 74 unreadable input or unwritable output.
      """,
    run: run)

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError) -> Int32 {
    let arguments = try ArgumentList(
      words, command: "plot", valued: ["out", "outputs", "title"], flags: ["allow-partial"])
    let path = try arguments.singlePositional("a frame file")
    guard let out = arguments.value("out") else { throw .usage("'plot' needs --out <chart.svg>") }
    try OutputPaths.check(input: path, outputs: [("--out", out)])
    var records: [FrameRecord] = []
    let reader = try CommandInput.frameReader(path, console: console)
    let header = reader.header
    do {
      while let record = try reader.next() { records.append(record) }
    } catch {
      throw .data(error.description)
    }
    try CommandInput.checkWhole(
      reader, allowPartial: arguments.flag("allow-partial"), console: console)
    guard !records.isEmpty else { throw .data("\(path): no frames to plot") }
    let columns = try OutputColumns.parse(
      arguments.value("outputs"), names: header.outputs, owner: "the file")
    // Units of the outputs, from the preset the file names, or the presets of a group
    // ("apple-music+title-card": outputs "apple-music/…"); none for CSV files.
    var units: [String: String] = [:]
    let members = header.effect.split(separator: "+").map(String.init)
    for member in members {
      guard let preset = EffectPreset(rawValue: member) else { continue }
      let prefix = members.count > 1 ? member + "/" : ""
      for output in PresetEffect(preset).outputs {
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
      title: arguments.value("title") ?? defaultTitle, times: records.map(\.time),
      phases: records.map(\.phase), events: events, series: series)
    do {
      try Data(renderer.svg().utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
    } catch {
      throw .io("\(out): cannot write: \(error.localizedDescription)")
    }
    console.line(
      "Wrote \(out): \(CheckReportFormatter.plural(records.count, "frame")), "
        + "\(CheckReportFormatter.plural(series.count, "panel")), "
        + "\(CheckReportFormatter.plural(events.count, "event")).")
    return 0
  }
}
