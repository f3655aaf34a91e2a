import Foundation
import ScrollSimTestSupport
import Testing

/// Two-axis traces (format version 4) through `scrollsim replay`, `diff`, `export` and `plot`.
@Suite struct TwoAxisReplayTests {
  static let example = Repository.path("traces/examples/photo-pan.jsonl")

  /// The bundled photo viewer pan shows both axes: the table's `offset_x_pt` and
  /// `velocity_x_pt_s` columns, CSV columns of the same names at the end, and a sentence on the
  /// horizontal axis in the summary.
  @Test func theBundledPhotoPanShowsBothAxes() throws {
    let table = DiffCommandTests.run("replay", [Self.example, "--effect", "apple-music"])
    #expect(table.status == 0, "\(table.errors)")
    let header = try #require(table.output.split(separator: "\n").first)
    #expect(header.contains("offset_pt velocity_pt_s  offset_x_pt velocity_x_pt_s  phase"))
    #expect(table.output.contains("Horizontal axis: offset "))
    // The vertical sentences say so; the horizontal one has the flick and the right-edge pull
    // (photo-pan's sideways flick at 1913.9 pt/s into the right edge).
    #expect(table.output.contains("fastest vertical fling "))
    #expect(table.output.contains("Peak vertical overscroll: "))
    #expect(
      table.output.contains(
        "fastest horizontal release 1913.9 pt/s; peak overscroll 0.00 pt at the left, "))
    let csv = DiffCommandTests.run("replay", [Self.example, "--format", "csv"])
    #expect(csv.status == 0, "\(csv.errors)")
    let rows = csv.output.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    let names = try #require(rows.first).map(String.init)
    #expect(names.suffix(2) == ["offset_x_pt", "velocity_x_pt_s"])
    let xs = rows.dropFirst().compactMap { Double($0[$0.count - 2]) }
    // Starts 393 pt from the left; ends at 0 after the animated reset.
    #expect(xs.first == 393)
    #expect(xs.last == 0)
    #expect(xs.max() ?? 0 >= 786)
  }

  /// `--format json` adds the horizontal axis's object; a vertical run's summary has none.
  @Test func theJSONSummaryHasTheHorizontalAxis() throws {
    let run = DiffCommandTests.run("replay", [Self.example, "--format", "json"])
    #expect(run.status == 0, "\(run.errors)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let horizontal = try #require(object["horizontal"] as? [String: Double])
    #expect(horizontal["lastOffset"] == 0)
    #expect(horizontal["minimumOffset"] == 0)
    #expect((horizontal["maximumOffset"] ?? 0) >= 786)
    #expect((horizontal["fastestRelease"] ?? 0) > 1000)
    let vertical = DiffCommandTests.run(
      "replay", [Repository.path("traces/swipe-shield/gesture-02.jsonl"), "--format", "json"])
    #expect(!vertical.output.contains("horizontal"))
  }

  /// `--out` writes a version-3 frame file with `x` and `vx`; `diff` of two runs is clean, and
  /// a shifted x is a difference naming the field `x` unless its tolerance allows it; export and
  /// plot read the file.
  @Test func frameFilesDiffExportAndPlot() throws {
    let a = DiffCommandTests.temporary("a.jsonl")
    let b = DiffCommandTests.temporary("b.jsonl")
    let svg = DiffCommandTests.temporary("run.svg")
    let chrome = DiffCommandTests.temporary("run.json")
    defer { for path in [a, b, svg, chrome] { try? FileManager.default.removeItem(atPath: path) } }
    for path in [a, b] {
      let run = DiffCommandTests.run("replay", [Self.example, "--summary-only", "--out", path])
      #expect(run.status == 0, "\(run.errors)")
    }
    let text = try String(contentsOfFile: a, encoding: .utf8)
    #expect(text.split(separator: "\n").first?.contains(#""version":3"#) == true)
    #expect(text.contains(#","vx":"#) && text.contains(#","x":393}"#))
    #expect(DiffCommandTests.run("diff", [a, b]).status == 0)
    // Shift one frame's x by 0.5 pt.
    let shifted = text.replacingOccurrences(of: #","x":393}"#, with: #","x":393.5}"#)
    try shifted.write(toFile: b, atomically: true, encoding: .utf8)
    let diff = DiffCommandTests.run("diff", [a, b])
    #expect(diff.status == 1)
    #expect(diff.output.contains(" x "), "\(diff.output)")
    #expect(DiffCommandTests.run("diff", [a, b, "--tolerance", "x=0.5"]).status == 0)
    let export = DiffCommandTests.run("export", ["chrome-trace", a, "--out", chrome])
    #expect(export.status == 0, "\(export.errors)")
    #expect(try String(contentsOfFile: chrome, encoding: .utf8).contains("offset_x_pt"))
    let plot = DiffCommandTests.run("plot", [a, "--out", svg])
    #expect(plot.status == 0, "\(plot.errors)")
    // Both axes' panels, each offset panel with its edges: the horizontal one's right edge
    // at maxOffsetX = contentWidth − viewportWidth = 1179 − 393 = 786, and the overscroll band
    // past it (the flick pulls x to about 852).
    #expect(plot.output.contains("9 panels"), "\(plot.output)")
    let chart = try String(contentsOfFile: svg, encoding: .utf8)
    for title in [
      "contentOffset.y (pt)", "velocity.y (pt/s)", "contentOffset.x (pt)", "velocity.x (pt/s)",
      "left edge (0)", "right edge (maxOffsetX 786)",
    ] {
      #expect(chart.contains(">\(title)</text>"), "\(title)")
    }
    #expect(!chart.contains(">contentOffset (pt)</text>"))
    // Panels in order: y offset, y velocity, x offset, x velocity, then the outputs.
    let order = ["contentOffset.y", "velocity.y", "contentOffset.x", "velocity.x", "header."]
      .compactMap { chart.range(of: ">" + $0)?.lowerBound }
    #expect(order.count == 5 && order == order.sorted())
    #expect(chart.components(separatedBy: "<title>overscroll</title>").count - 1 >= 1)
  }

  /// A horizontal key in a trace that declares one axis is bad input: exit 65, `file:line:
  /// field:`; so is a negative width.
  @Test(arguments: [
    (
      #"{"dx":-40,"dy":0,"t":0,"type":"wheel"}"#, false, ":2: dx: dx needs a two-axis trace"
    ),
    (#"{"t":0,"type":"viewport","width":-1}"#, true, ":2: width: -1.0 is out of range"),
  ])
  func badHorizontalInputIsExit65(line: String, twoAxis: Bool, says: String) throws {
    let header = try String(contentsOfFile: Self.example, encoding: .utf8)
      .split(separator: "\n")[0]
    let vertical =
      #"{"device":{"refreshRate":120,"scale":3,"screenHeight":852,"screenWidth":393},"#
      + #""format":"scrollsim-trace","kind":"input","physics":"ios","scroll":{"contentHeight":2556,"#
      + #""contentInsetBottom":0,"contentInsetTop":0,"startOffset":0,"viewportHeight":852},"#
      + #""units":{"length":"pt","time":"s"},"version":4}"#
    let path = DiffCommandTests.temporary("bad.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try ((twoAxis ? String(header) : vertical) + "\n" + line + "\n")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let run = DiffCommandTests.run("replay", [path])
    #expect(run.status == 65)
    #expect(run.errors.contains(path + says), "\(run.errors)")
  }
}
