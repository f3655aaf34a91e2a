import Foundation
import ScrollRuntime

/// Draws frames as an SVG chart: stacked panels (offset, velocity, chosen outputs) against one
/// time axis, scroll phases shaded behind every panel, threshold, control and scroll view events
/// (UIKit delegate callbacks) as labelled vertical lines whose labels sit in lanes above the
/// panels (never overlapping: a label with no free lane is left out and counted, its line kept
/// with the label as a tooltip), and on the
/// offset panel the content edges (0 and maxOffset), the overscroll band beyond them and the
/// trigger ranges as GSAP ScrollTrigger's markers draw them (start green, end red, labelled at the
/// right). Hand-written SVG 1.1, no dependencies; each panel draws at most four points per pixel
/// column (the column's first, minimum, maximum and last), so the file stays small for long runs.
struct PlotRenderer {
  /// One panel: a title with its unit, a value per frame, and the output's declared range
  /// (always inside the axis, so a value is seen against its range; a constant output is drawn
  /// on its declared range rather than on an invented one).
  struct Series {
    var title: String
    var color: String
    var values: [Double]
    var range: ClosedRange<Double>? = nil
    /// Whether this is the horizontal offset of a two-axis run (contentOffset.x): its panel
    /// marks the left and right edges (0 and ``PlotRenderer/maxOffsetX``) and the overscroll
    /// band beyond them, as the vertical offset's panel does the top and bottom.
    var isOffsetX = false
  }

  /// A vertical marker at a time: a threshold event (`titlePinned:enter`), a control event of
  /// the trace (`scrollTo 400`, `content 12000`, `wheel ×12`) or one of the scroll view's own
  /// events (a UIKit delegate callback `scrollViewWillEndDragging`, a SwiftUI phase change).
  struct Mark {
    enum Kind {
      case threshold, control, scrollView
    }

    var time: Double
    var label: String
    var kind: Kind
    /// The end of a span (a run of wheel events), or nil for an instant.
    var until: Double? = nil
    /// The tooltip of the line and label (the event's full text), or nil for ``label``.
    var detail: String? = nil

    /// The line's colour and dash pattern.
    var style: (color: String, dash: String) {
      switch kind {
      case .threshold: (PlotRenderer.thresholdColor, "4,3")
      case .control: (PlotRenderer.controlColor, "2,2")
      case .scrollView: (PlotRenderer.scrollViewColor, "6,2,1,2")
      }
    }
  }

  /// A trigger range in offsets, points (``ReportScene/Marker``).
  struct Trigger {
    var label: String
    var start: Double
    var end: Double?
  }

  /// Fill colours of the phases (Tailwind 200 shades), idle unshaded.
  static let phaseColors: [(phase: String, color: String)] = [
    ("tracking", "#fde68a"), ("dragging", "#bfdbfe"), ("decelerating", "#bbf7d0"),
    ("bouncing", "#fecaca"), ("animating", "#e9d5ff"),
  ]
  static let seriesColors = [
    "#1d4ed8", "#b91c1c", "#047857", "#7c3aed", "#c2410c", "#0f766e", "#be185d", "#4d7c0f",
  ]
  /// Colours of the marks: threshold events grey, control events purple, the scroll view's
  /// events teal; GSAP's marker colours (start green, end red).
  static let thresholdColor = "#6b7280"
  static let controlColor = "#7c3aed"
  static let scrollViewColor = "#0e7490"
  static let startColor = "#16a34a"
  static let endColor = "#dc2626"
  /// Lanes of event labels above the panels.
  static let laneLimit = 4

  let width = 1000.0
  let left = 86.0
  let right = 24.0
  let panelHeight = 150.0
  let gap = 34.0
  let bottom = 52.0
  let laneHeight = 13.0
  /// Top of the label lanes.
  let lanesTop = 60.0

  var title: String
  var times: [Double]
  var phases: [String]
  var marks: [Mark]
  var series: [Series]
  /// The content's maxOffset, points, when the geometry is known (the edges are 0 and it).
  var maxOffset: Double? = nil
  /// The content's horizontal maxOffset, points, of a two-axis run when the geometry is known
  /// (the left and right edges are 0 and it).
  var maxOffsetX: Double? = nil
  var triggers: [Trigger] = []

  var plotWidth: Double { width - left - right }

  /// Where each mark's label goes: a lane, or nil (thinned). Threshold and control events
  /// first, in time order, each in the first lane whose last label ends 6 px before it; then
  /// the scroll view's events in the room left (6 px clear of every label in the lane), so
  /// they never push a threshold event's label out.
  private var layout: (lanes: [Int?], used: Int) {
    let (t0, t1) = timeRange()
    var ends = Array(repeating: -Double.infinity, count: Self.laneLimit)
    var taken = Array(repeating: [(Double, Double)](), count: Self.laneLimit)
    var lanes = [Int?](repeating: nil, count: marks.count)
    var used = 0
    func span(_ mark: Mark) -> (Double, Double) {
      labelSpan(mark.label, at: left + (mark.time - t0) / (t1 - t0) * plotWidth)
    }
    for (index, mark) in marks.enumerated() where mark.kind != .scrollView {
      let (start, end) = span(mark)
      if let lane = ends.firstIndex(where: { $0 + 6 <= start }) {
        ends[lane] = end
        taken[lane].append((start, end))
        lanes[index] = lane
        used = max(used, lane + 1)
      }
    }
    for (index, mark) in marks.enumerated() where mark.kind == .scrollView {
      let (start, end) = span(mark)
      if let lane = taken.firstIndex(where: { spans in
        spans.allSatisfy { $0.1 + 6 <= start || end + 6 <= $0.0 }
      }) {
        taken[lane].append((start, end))
        lanes[index] = lane
        used = max(used, lane + 1)
      }
    }
    return (lanes, used)
  }

  /// The top of the first panel: below the title, legend and the lanes in use.
  private func top(lanes used: Int) -> Double { lanesTop + Double(used) * laneHeight + 22 }

  /// The whole SVG document.
  func svg() -> String {
    let (t0, t1) = timeRange()
    let x = { (t: Double) -> Double in left + (t - t0) / (t1 - t0) * plotWidth }
    let (lanes, used) = layout
    let top = top(lanes: used)
    let thinned = lanes.filter { $0 == nil }.count
    let height =
      top + Double(series.count) * (panelHeight + gap) - gap + bottom + (thinned > 0 ? 16 : 0)
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
      viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(f(left))" y="22" font-size="15" font-weight="bold"><title>\(escape(title))</title>\(escape(fittedTitle))</text>

      """
    out += legend()
    for (index, panel) in series.enumerated() {
      let y0 = top + Double(index) * (panelHeight + gap)
      out += drawPanel(
        panel, y0: y0, x: x, t0: t0, t1: t1, isLast: index == series.count - 1,
        isOffset: index == 0)
    }
    let bottomY = top + Double(series.count) * (panelHeight + gap) - gap
    out += drawMarks(x: x, lanes: lanes, top: top, bottomY: bottomY)
    if thinned > 0 {
      out +=
        ##"<text x="\##(f(left))" y="\##(f(height - 10))" fill="#374151">\##(thinned) more event label\##(thinned == 1 ? "" : "s") left out where they would overlap (their lines are drawn; hover a line for its label)</text>"##
        + "\n"
    }
    return out + "</svg>\n"
  }

  /// How many labels were left out (thinned).
  var thinnedCount: Int { layout.lanes.filter { $0 == nil }.count }

  /// The title, cut with "…" where it would run past the right edge (about 8.6 px per
  /// character at 15 px bold; the whole title stays in the SVG's `<title>` tooltip).
  var fittedTitle: String {
    let fits = Int((width - left - 8) / 8.6)
    return title.count <= fits ? title : String(title.prefix(max(fits - 1, 1))) + "…"
  }

  private func timeRange() -> (Double, Double) {
    let t0 = times.first ?? 0
    let t1 = times.last ?? 1
    return t1 > t0 ? (t0, t1) : (t0, t0 + 1)
  }

  /// The horizontal extent of a label for a line at `ex`: right of the line, or left of it
  /// where it would run past the plot (about 6.2 px per character at 11 px).
  private func labelSpan(_ label: String, at ex: Double) -> (Double, Double) {
    let width = Double(label.count) * 6.2
    return ex + 3 + width <= left + plotWidth ? (ex + 3, ex + 3 + width) : (ex - 3 - width, ex - 3)
  }

  private func legend() -> String {
    var out = ""
    var cursor = left
    let used = Set(phases)
    func entry(_ symbol: String, _ text: String) {
      out += symbol
      out +=
        ##"<text x="\##(f(cursor + 19))" y="44.5" fill="#374151">\##(text)</text>"## + "\n"
      cursor += 30 + Double(text.count) * 6.6
    }
    for phase in Self.phaseColors where used.contains(phase.phase) {
      entry(
        ##"<rect x="\##(f(cursor))" y="34" width="14" height="12" fill="\##(phase.color)" stroke="#9ca3af" stroke-width="0.5"/>"##,
        phase.phase)
    }
    func line(_ color: String, dash: String) -> String {
      ##"<line x1="\##(f(cursor))" y1="40" x2="\##(f(cursor + 14))" y2="40" stroke="\##(color)" stroke-width="1.5" stroke-dasharray="\##(dash)"/>"##
    }
    if marks.contains(where: { $0.kind == .threshold }) {
      entry(line(Self.thresholdColor, dash: "4,3"), "threshold event")
    }
    if marks.contains(where: { $0.kind == .control }) {
      entry(line(Self.controlColor, dash: "2,2"), "control event")
    }
    if marks.contains(where: { $0.kind == .scrollView }) {
      entry(line(Self.scrollViewColor, dash: "6,2,1,2"), "scroll view event")
    }
    if !triggers.isEmpty {
      entry(line(Self.startColor, dash: "6,3"), "trigger start")
      entry(line(Self.endColor, dash: "6,3"), "end")
    }
    if maxOffset != nil || maxOffsetX != nil {
      entry(
        ##"<rect x="\##(f(cursor))" y="34" width="14" height="12" fill="#fca5a5" fill-opacity="0.35" stroke="#374151" stroke-width="0.5"/>"##,
        "overscroll")
    }
    return out
  }

  private func drawPanel(
    _ panel: Series, y0: Double, x: (Double) -> Double, t0: Double, t1: Double, isLast: Bool,
    isOffset: Bool
  ) -> String {
    var low = panel.values.min() ?? 0
    var high = panel.values.max() ?? 1
    let constant = high - low < 1e-9 ? panel.values.first : nil
    if let range = panel.range {
      low = min(low, range.lowerBound)
      high = max(high, range.upperBound)
    }
    // The content edges when they lie near the values (within 15% of their span).
    var edges: [(value: Double, label: String)] = []
    // The panel's content edges and maxOffset: the vertical offset's (top, bottom) or the
    // horizontal offset's (left, right).
    let axisMax = isOffset ? maxOffset : (panel.isOffsetX ? maxOffsetX : nil)
    if let axisMax {
      let span = max(high - low, 1)
      let names =
        isOffset
        ? ("top edge (0)", "bottom edge (maxOffset") : ("left edge (0)", "right edge (maxOffsetX")
      for (value, label) in [
        (0.0, names.0), (axisMax, "\(names.1) \(Self.label(axisMax)))"),
      ]
      where value >= low - 0.15 * span && value <= high + 0.15 * span {
        edges.append((value, label))
        low = min(low, value)
        high = max(high, value)
      }
    }
    if high - low < 1e-9 {
      // A constant with no declared range: one unit either side, ticks at the true values.
      low -= 1
      high += 1
    }
    let ticks = Self.niceTicks(low, high, count: 4)
    low = min(low, ticks.first ?? low)
    high = max(high, ticks.last ?? high)
    let y = { (v: Double) -> Double in
      y0 + self.panelHeight - (v - low) / (high - low) * self.panelHeight
    }
    var out = "<g>\n"
    out += shading(y0: y0, x: x)
    if let maxOffset = axisMax {
      // The overscroll band: past the top or left (below 0 on this axis) and past maxOffset.
      for (from, to) in [(low, min(0, high)), (max(maxOffset, low), high)] where to > from {
        out +=
          ##"<rect x="\##(f(left))" y="\##(f(y(to)))" width="\##(f(plotWidth))" height="\##(f(y(from) - y(to)))" fill="#fca5a5" fill-opacity="0.35"><title>overscroll</title></rect>"##
          + "\n"
      }
    }
    out +=
      ##"<rect x="\##(f(left))" y="\##(f(y0))" width="\##(f(plotWidth))" height="\##(f(panelHeight))" fill="none" stroke="#9ca3af"/>"##
      + "\n"
    for tick in ticks {
      let ty = y(tick)
      out +=
        ##"<line x1="\##(f(left))" y1="\##(f(ty))" x2="\##(f(left + plotWidth))" y2="\##(f(ty))" stroke="\##(tick == 0 ? "#6b7280" : "#e5e7eb")" stroke-width="\##(tick == 0 ? "0.8" : "0.6")"/>"##
      out +=
        ##"<text x="\##(f(left - 6))" y="\##(f(ty + 4))" text-anchor="end" fill="#374151">\##(Self.label(tick))</text>"##
        + "\n"
    }
    for tick in Self.niceTicks(t0, t1, count: 10) where tick >= t0 - 1e-9 && tick <= t1 + 1e-9 {
      let tx = x(tick)
      out +=
        ##"<line x1="\##(f(tx))" y1="\##(f(y0))" x2="\##(f(tx))" y2="\##(f(y0 + panelHeight))" stroke="#e5e7eb" stroke-width="0.6"/>"##
      if isLast {
        out +=
          ##"<text x="\##(f(tx))" y="\##(f(y0 + panelHeight + 16))" text-anchor="middle" fill="#374151">\##(Self.label(tick))</text>"##
      }
      out += "\n"
    }
    for edge in edges {
      let ey = y(edge.value)
      out +=
        ##"<line x1="\##(f(left))" y1="\##(f(ey))" x2="\##(f(left + plotWidth))" y2="\##(f(ey))" stroke="#111827" stroke-width="1.2"/>"##
      out +=
        ##"<text x="\##(f(left + 4))" y="\##(f(ey - y0 < 14 ? ey + 11 : ey - 3))" font-size="10" fill="#111827" stroke="white" stroke-width="3" paint-order="stroke">\##(escape(edge.label))</text>"##
        + "\n"
    }
    if isOffset { out += drawTriggers(y: y, low: low, high: high) }
    var heading = panel.title
    if let constant { heading += " — constant \(Self.label(constant))" }
    out +=
      ##"<text x="\##(f(left))" y="\##(f(y0 - 7))" font-weight="bold" fill="\##(panel.color)">\##(escape(heading))</text>"##
      + "\n"
    out +=
      ##"<polyline fill="none" stroke="\##(panel.color)" stroke-width="1.6" stroke-linejoin="round" points=""##
    out += envelope(panel.values, x: x, y: y) + "\"/>\n"
    if isLast {
      out +=
        ##"<text x="\##(f(left + plotWidth / 2))" y="\##(f(y0 + panelHeight + 38))" text-anchor="middle" fill="#111827">time (s)</text>"##
        + "\n"
    }
    return out + "</g>\n"
  }

  /// GSAP ScrollTrigger-style markers on the offset panel: a dashed line per start (green) and
  /// end (red), labelled `start NAME` / `end NAME` at the right edge, labels pushed apart to stay
  /// legible; a range outside the plotted offsets is counted in a note at the panel's top right.
  private func drawTriggers(y: (Double) -> Double, low: Double, high: Double) -> String {
    var lines: [(y: Double, label: String, color: String)] = []
    var outside = 0
    for trigger in triggers {
      for (value, word, color) in [
        (trigger.start, "start", Self.startColor), (trigger.end, "end", Self.endColor),
      ] {
        guard let value else { continue }
        guard value >= low && value <= high else {
          outside += 1
          continue
        }
        lines.append((y(value), "\(word) \(trigger.label)", color))
      }
    }
    var out = ""
    // Labels just above their lines (as GSAP draws them), 11 px apart at least, in order down
    // the panel; a label that would leave the panel is left out (its line keeps it as a
    // tooltip) and counted.
    let order = lines.indices.sorted { lines[$0].y < lines[$1].y }
    var labelY = Array(repeating: Double?.none, count: lines.count)
    var previous = -Double.infinity
    var crowded = 0
    let panelBottom = y(low)
    for index in order {
      let wanted = max(lines[index].y - 2, previous + 11, y(high) + 10)
      guard wanted <= panelBottom - 2 else {
        crowded += 1
        continue
      }
      labelY[index] = wanted
      previous = wanted
    }
    // Every line first, then the labels over them.
    for line in lines {
      out +=
        ##"<line x1="\##(f(left))" y1="\##(f(line.y))" x2="\##(f(left + plotWidth))" y2="\##(f(line.y))" stroke="\##(line.color)" stroke-width="1" stroke-dasharray="6,3"><title>\##(escape(line.label))</title></line>"##
        + "\n"
    }
    for (index, line) in lines.enumerated() {
      if let labelY = labelY[index] {
        out +=
          ##"<text x="\##(f(left + plotWidth - 3))" y="\##(f(labelY))" text-anchor="end" font-size="10" fill="\##(line.color)" stroke="white" stroke-width="3" paint-order="stroke">\##(escape(line.label))</text>"##
      }
      out += "\n"
    }
    var notes: [String] = []
    if outside > 0 {
      notes.append("\(outside) trigger marker\(outside == 1 ? "" : "s") beyond the plotted offsets")
    }
    if crowded > 0 {
      notes.append("\(crowded) marker label\(crowded == 1 ? "" : "s") left out (hover the lines)")
    }
    if !notes.isEmpty {
      out +=
        ##"<text x="\##(f(left + plotWidth))" y="\##(f(y(high) - 7))" text-anchor="end" font-size="10" fill="#374151">\##(notes.joined(separator: "; "))</text>"##
        + "\n"
    }
    return out
  }

  /// Phase spans as rectangles behind a panel.
  private func shading(y0: Double, x: (Double) -> Double) -> String {
    var out = ""
    var start = 0
    let period = times.count > 1 ? times[1] - times[0] : 0
    for index in 0...times.count where index == times.count || phases[index] != phases[start] {
      if let color = Self.phaseColors.first(where: { $0.phase == phases[start] })?.color {
        let x0 = x(times[start])
        let x1 = x(index < times.count ? times[index] : times[times.count - 1] + period)
        out +=
          ##"<rect x="\##(f(x0))" y="\##(f(y0))" width="\##(f(max(0.5, min(x1, left + plotWidth) - x0)))" height="\##(f(panelHeight))" fill="\##(color)" fill-opacity="0.45"/>"##
          + "\n"
      }
      start = index
      if index == times.count { break }
    }
    return out
  }

  /// Points of the line: per pixel column, the first, minimum, maximum and last values in
  /// time order, so spikes survive decimation.
  private func envelope(_ values: [Double], x: (Double) -> Double, y: (Double) -> Double) -> String
  {
    var points: [String] = []
    var column = -1
    var bucket: [(Double, Double)] = []
    func flush() {
      guard let first = bucket.first, let last = bucket.last else { return }
      let low = bucket.min { $0.1 < $1.1 } ?? first
      let high = bucket.max { $0.1 < $1.1 } ?? first
      var chosen = [first, low, high, last]
      chosen.sort { $0.0 < $1.0 }
      var previous: (Double, Double)?
      for point in chosen where previous.map({ $0 != point }) ?? true {
        points.append("\(f(x(point.0))),\(f(y(point.1)))")
        previous = point
      }
      bucket.removeAll(keepingCapacity: true)
    }
    for (time, value) in zip(times, values) {
      let pixel = Int(x(time).rounded(.down))
      if pixel != column {
        flush()
        column = pixel
      }
      bucket.append((time, value))
    }
    flush()
    return points.joined(separator: " ")
  }

  /// Every mark's line (from its label's lane down through the panels; a span as a band) and
  /// its label in its lane.
  private func drawMarks(x: (Double) -> Double, lanes: [Int?], top: Double, bottomY: Double)
    -> String
  {
    var out = ""
    for (mark, lane) in zip(marks, lanes) {
      let ex = x(mark.time)
      let label = escape(mark.label)
      let tooltip = escape(mark.detail ?? mark.label)
      let (color, dash) = mark.style
      let labelY = lanesTop + 10 + Double(lane ?? 0) * laneHeight
      let lineTop = lane == nil ? top : labelY - 9
      if let until = mark.until, x(until) - ex >= 1 {
        out +=
          ##"<rect x="\##(f(ex))" y="\##(f(top))" width="\##(f(x(until) - ex))" height="\##(f(bottomY - top))" fill="\##(color)" fill-opacity="0.10"><title>\##(tooltip)</title></rect>"##
      }
      out +=
        ##"<line x1="\##(f(ex))" y1="\##(f(lineTop))" x2="\##(f(ex))" y2="\##(f(bottomY))" stroke="\##(color)" stroke-width="1" stroke-dasharray="\##(dash)"><title>\##(tooltip)</title></line>"##
      guard lane != nil else {
        out += "\n"
        continue
      }
      let (start, _) = labelSpan(mark.label, at: ex)
      let anchored = start > ex
      out +=
        ##"<text x="\##(f(anchored ? ex + 3 : ex - 3))" y="\##(f(labelY))" text-anchor="\##(anchored ? "start" : "end")" font-size="11" fill="\##(mark.kind == .threshold ? "#111827" : color)">\##(label)</text>"##
        + "\n"
    }
    return out
  }

  /// About `count` round tick values (1, 2 or 5 × 10ⁿ apart) covering `low…high`.
  static func niceTicks(_ low: Double, _ high: Double, count: Int) -> [Double] {
    guard high > low, low.isFinite, high.isFinite else { return [low] }
    let raw = (high - low) / Double(count)
    let magnitude = pow(10, floor(log10(raw)))
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
    let first = (low / step).rounded(.down) * step
    let last = (high / step).rounded(.up) * step
    return stride(from: first, through: last + step / 2, by: step).map {
      abs($0) < step / 1e6 ? 0 : $0
    }
  }

  static func label(_ value: Double) -> String {
    let text = String(format: "%.6g", value)
    return text == "-0" ? "0" : text
  }

  private func f(_ value: Double) -> String { String(format: "%.1f", value) }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
