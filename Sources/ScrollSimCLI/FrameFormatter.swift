import ScrollEffects
import ScrollRuntime

/// Formats frames as rows: a fixed-width table for people or CSV for tools. The scroll view's
/// events (delegate callbacks, phase changes, completions, jumps) follow the threshold events in
/// the table's events column and have their own CSV column, `scroll_view`. A two-axis run adds
/// the horizontal offset and velocity: table columns `offset_x_pt` and `velocity_x_pt_s` after
/// the vertical ones, CSV columns of the same names at the end (as frame files have them). A
/// nested chain's run adds each view's contentOffset and velocity, outer to inner
/// (`header_offset_pt`, `header_velocity_pt_s`, …, `list_velocity_pt_s`): table columns after
/// the combined ones, CSV columns at the end (as frame files have them).
struct FrameFormatter {
  /// The row formats `scrollsim replay --format` accepts.
  enum Style: String, CaseIterable {
    case table, csv
  }

  let style: Style
  /// The outputs shown, in column order.
  let outputs: [EffectOutput]
  /// Per shown output, its index in the frame's values.
  let columns: [Int]
  /// Whether rows show the horizontal axis (a two-axis run).
  let isTwoAxis: Bool
  /// A nested chain's view names, outer to inner (empty: one scroll view).
  let views: [String]

  /// A formatter showing `columns` of `outputs` (all of them when nil), and only those
  /// outputs' events; with the horizontal axis when `isTwoAxis`, with each view of a chain
  /// named in `views`.
  init(
    style: Style, outputs: [EffectOutput], columns: [Int]? = nil, isTwoAxis: Bool = false,
    views: [String] = []
  ) {
    self.style = style
    self.isTwoAxis = isTwoAxis
    self.views = views
    self.columns = columns ?? Array(outputs.indices)
    self.outputs = self.columns.map { outputs[$0] }
    shownNames = Set(self.outputs.map(\.name))
  }

  /// The shown outputs' names, for filtering events (`name:kind`).
  private let shownNames: Set<String>

  /// Column widths of the table: frame, time, offset, velocity, phase, then one per output.
  private var outputWidths: [Int] { outputs.map { max(9, $0.name.count) } }

  /// The header row.
  func header() -> String {
    let names =
      ["frame", "time_s", "offset_pt", "velocity_pt_s", "phase"] + outputs.map(\.name)
      + ["events", "scroll_view"] + (isTwoAxis ? ["offset_x_pt", "velocity_x_pt_s"] : [])
      + viewColumns
    switch style {
    case .csv:
      return names.joined(separator: ",")
    case .table:
      var row = pad("frame", 6) + pad("time_s", 9) + pad("offset_pt", 11) + pad("velocity_pt_s", 14)
      if isTwoAxis { row += pad("offset_x_pt", 13) + pad("velocity_x_pt_s", 16) }
      for (name, width) in zip(viewColumns, viewWidths) { row += pad(name, width) }
      row += "  " + "phase".padding(toLength: 13, withPad: " ", startingAt: 0)
      for (output, width) in zip(outputs, outputWidths) { row += pad(output.name, width + 2) }
      return row + "  events"
    }
  }

  /// The views' column names: `NAME_offset_pt`, `NAME_velocity_pt_s` per view.
  private var viewColumns: [String] {
    views.flatMap { [$0 + "_offset_pt", $0 + "_velocity_pt_s"] }
  }

  /// The views' table column widths (name and two spaces; at least the combined columns').
  private var viewWidths: [Int] {
    viewColumns.enumerated().map { k, name in max(name.count + 2, k % 2 == 0 ? 11 : 14) }
  }

  /// The views' cells: offsets to 3 decimals, velocities to 1, as the combined ones.
  private func viewCells(_ record: FrameRecord) -> [String] {
    let list = record.views ?? []
    return views.indices.flatMap { k in
      k < list.count
        ? [Number.fixed(list[k].offset, 3), Number.fixed(list[k].velocity, 1)] : ["", ""]
    }
  }

  /// The row of the frame `loop` has just computed.
  func row<Source: FrameInputSource & ~Copyable>(_ loop: borrowing FrameLoop<Source>) -> String {
    row(FrameRecord(loop))
  }

  /// The row of `record`.
  func row(_ record: FrameRecord) -> String {
    let cells = [
      String(record.frame), Number.fixed(record.time, 4), Number.fixed(record.offset, 3),
      Number.fixed(record.velocity, 1),
    ]
    let values = columns.map { Number.fixed(record.values[$0], 4) }
    let events = record.events.filter { shownNames.contains(OutputColumns.output(ofEvent: $0)) }
    let scrollView = record.scrollViewEventTexts.map(\.text)
    switch style {
    case .csv:
      let horizontal =
        isTwoAxis
        ? [Number.fixed(record.offsetX ?? 0, 3), Number.fixed(record.velocityX ?? 0, 1)] : []
      return
        (cells + [record.phase] + values
        + [events.joined(separator: " "), scrollView.joined(separator: " ")] + horizontal
        + viewCells(record))
        .joined(separator: ",")
    case .table:
      var row = pad(cells[0], 6) + pad(cells[1], 9) + pad(cells[2], 11) + pad(cells[3], 14)
      if isTwoAxis {
        row +=
          pad(Number.fixed(record.offsetX ?? 0, 3), 13)
          + pad(Number.fixed(record.velocityX ?? 0, 1), 16)
      }
      for (cell, width) in zip(viewCells(record), viewWidths) { row += pad(cell, width) }
      row += "  " + record.phase.padding(toLength: 13, withPad: " ", startingAt: 0)
      for (value, width) in zip(values, outputWidths) { row += pad(value, width + 2) }
      let all = events + scrollView
      return all.isEmpty ? row : row + "  " + all.joined(separator: " ")
    }
  }

  /// `text` right-aligned in `width` columns; a text as wide or wider (a frame number past
  /// 99999, a time from 1000 s) gets one space before it instead, so columns never run together.
  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
  }
}
