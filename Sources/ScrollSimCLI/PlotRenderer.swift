import Foundation
import ScrollRuntime

/// Draws frames as an SVG chart: stacked panels (offset, velocity, chosen outputs) against one
/// time axis, scroll phases shaded behind every panel, threshold events as labelled vertical
/// lines. Hand-written SVG 1.1, no dependencies; each panel draws at most two points per pixel
/// column (the column's minimum and maximum), so the file stays small for long runs.
struct PlotRenderer {
  /// One panel: a title with its unit, and a value per frame.
  struct Series {
    var title: String
    var color: String
    var values: [Double]
  }

  /// Fill colours of the phases (Tailwind 200 shades), idle unshaded.
  static let phaseColors: [(phase: String, color: String)] = [
    ("tracking", "#fde68a"), ("dragging", "#bfdbfe"), ("decelerating", "#bbf7d0"),
    ("bouncing", "#fecaca"), ("animating", "#e9d5ff"),
  ]
  static let seriesColors = [
    "#1d4ed8", "#b91c1c", "#047857", "#7c3aed", "#c2410c", "#0f766e", "#be185d", "#4d7c0f",
  ]

  let width = 1000.0
  let left = 86.0
  let right = 24.0
  let top = 84.0
  let panelHeight = 150.0
  let gap = 34.0
  let bottom = 52.0

  var title: String
  var times: [Double]
  var phases: [String]
  var events: [(time: Double, label: String)]
  var series: [Series]

  var plotWidth: Double { width - left - right }
  var height: Double { top + Double(series.count) * (panelHeight + gap) - gap + bottom }

  /// The whole SVG document.
  func svg() -> String {
    let (t0, t1) = timeRange()
    let x = { (t: Double) -> Double in left + (t - t0) / (t1 - t0) * plotWidth }
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
      viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(f(left))" y="22" font-size="15" font-weight="bold"><title>\(escape(title))</title>\(escape(fittedTitle))</text>

      """
    out += legend()
    for (index, panel) in series.enumerated() {
      let y0 = top + Double(index) * (panelHeight + gap)
      out += drawPanel(panel, y0: y0, x: x, t0: t0, t1: t1, isLast: index == series.count - 1)
    }
    out += drawEvents(x: x)
    return out + "</svg>\n"
  }

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

  private func legend() -> String {
    var out = ""
    var cursor = left
    let used = Set(phases)
    for entry in Self.phaseColors where used.contains(entry.phase) {
      out +=
        ##"<rect x="\##(f(cursor))" y="34" width="14" height="12" fill="\##(entry.color)" stroke="#9ca3af" stroke-width="0.5"/>"##
      out +=
        ##"<text x="\##(f(cursor + 19))" y="44.5" fill="#374151">\##(entry.phase)</text>"## + "\n"
      cursor += 30 + Double(entry.phase.count) * 7
    }
    if !events.isEmpty {
      out +=
        ##"<line x1="\##(f(cursor))" y1="40" x2="\##(f(cursor + 14))" y2="40" stroke="#6b7280" stroke-dasharray="3,2"/>"##
      out +=
        ##"<text x="\##(f(cursor + 19))" y="44.5" fill="#374151">threshold event</text>"## + "\n"
    }
    return out
  }

  private func drawPanel(
    _ panel: Series, y0: Double, x: (Double) -> Double, t0: Double, t1: Double, isLast: Bool
  ) -> String {
    var low = panel.values.min() ?? 0
    var high = panel.values.max() ?? 1
    if high - low < 1e-9 {
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
    out +=
      ##"<text x="\##(f(left))" y="\##(f(y0 - 7))" font-weight="bold" fill="\##(panel.color)">\##(escape(panel.title))</text>"##
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

  private func drawEvents(x: (Double) -> Double) -> String {
    var out = ""
    let bottomY = top + Double(series.count) * (panelHeight + gap) - gap
    // Labels go in the first of three rows where they do not overlap the previous label; a
    // label with no free row is left out (its line stays, with the label as a tooltip).
    var rowEnds = [-Double.infinity, -Double.infinity, -Double.infinity]
    for event in events {
      let ex = x(event.time)
      let label = escape(event.label)
      out +=
        ##"<line x1="\##(f(ex))" y1="\##(f(top))" x2="\##(f(ex))" y2="\##(f(bottomY))" stroke="#6b7280" stroke-width="1" stroke-dasharray="4,3"><title>\##(label)</title></line>"##
      // About 6.2 px per character at 11 px: labels that would leave the plot end at the line.
      let width = Double(event.label.count) * 6.2
      let fits = ex + 3 + width <= left + plotWidth
      let (start, end) = fits ? (ex + 3, ex + 3 + width) : (ex - 3 - width, ex - 3)
      guard let row = rowEnds.firstIndex(where: { $0 + 6 <= start }) else {
        out += "\n"
        continue
      }
      rowEnds[row] = end
      let labelY = top + 12 + Double(row) * 13
      out +=
        ##"<text x="\##(f(fits ? ex + 3 : ex - 3))" y="\##(f(labelY))" text-anchor="\##(fits ? "start" : "end")" font-size="11" fill="#111827">\##(label)</text>"##
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
