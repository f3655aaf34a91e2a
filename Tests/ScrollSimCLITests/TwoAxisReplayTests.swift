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
    // Two lifts: the fastest's speed over both axes, and each lift's x in the table.
    #expect(
      table.output.contains("2 lifts (table below); fastest lift 1916.3 pt/s (both axes, "))
    #expect(table.output.contains("rest_offset_pt  release_x_pt_s  rest_offset_x_pt\n"))
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

  /// The pager's swipes report their x in the one-axis fields of `scrollViewWillEndDragging`
  /// (y can't scroll: its content fits and `alwaysBounceVertical` is false), its summary the
  /// lifts' speed and each lift's x, and the many-trace table the fastest lift's speed.
  @Test func thePagerReportsItsHorizontalNumbers() throws {
    let run = DiffCommandTests.run("replay", [Self.pager, "--format", "csv"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains(
        "scrollViewWillEndDragging(velocity:2.3995"), "\(run.output.prefix(3000))")
    #expect(run.output.contains(";target:393;velocityX:2.3995"))
    #expect(!run.output.contains("scrollViewWillEndDragging(velocity:0;target:0;"))
    let summary = DiffCommandTests.run("replay", [Self.pager, "--summary-only"])
    #expect(summary.output.contains("4 lifts (table below); fastest lift 4816.4 pt/s"))
    #expect(!summary.output.contains("Fling velocity at lift: 0.0"))
    #expect(summary.output.contains("2399.6           393.000\n"), "\(summary.output)")
    let many = DiffCommandTests.run("replay", [Repository.path("traces/examples")])
    let rows = many.output.split(separator: "\n").map { $0.split(separator: " ") }
    let pan = try #require(rows.first { $0.first?.hasSuffix("photo-pan.jsonl") == true })
    let pager = try #require(rows.first { $0.first?.hasSuffix("photo-pager.jsonl") == true })
    #expect(pan[5] == "1916.3" && pager[5] == "4816.4", "\(many.output)")
  }

  /// UIKit's `alwaysBounceVertical` (default false): a vertical drag on the pager's geometry
  /// (content height = viewport height) leaves y at 0; `scroll.alwaysBounceVertical: true` in
  /// the header lets it rubber-band.
  @Test(arguments: [false, true]) func aPagerBouncesVerticallyOnlyWhenAsked(_ always: Bool) throws {
    var lines = try String(contentsOfFile: Self.pager, encoding: .utf8).split(separator: "\n")
      .prefix(1).map(String.init)
    if always {
      lines[0] = lines[0].replacingOccurrences(
        of: #""scroll":{"#, with: #""scroll":{"alwaysBounceVertical":true,"#)
    }
    lines += [
      #"{"t":0.1,"type":"down","x":200,"y":300}"#,
      #"{"t":0.15,"type":"move","x":200,"y":400}"#,
      #"{"t":0.2,"type":"move","x":200,"y":500}"#,
      #"{"t":0.25,"type":"up","x":200,"y":500}"#,
    ]
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("pager-bounce-\(always).jsonl").path
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = DiffCommandTests.run("replay", [path, "--format", "csv"])
    #expect(run.status == 0, "\(run.errors)")
    let rows = run.output.split(separator: "\n").map { $0.split(separator: ",") }
    let column = try #require(rows.first?.firstIndex(of: "offset_pt"))
    let ys = rows.dropFirst().compactMap { Double($0[column]) }
    #expect(!ys.isEmpty)
    #expect((ys.min() ?? 0 < -50) == always, "\(ys.min() ?? 0)")
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
      #"{"dx":-40,"dy":0,"t":0,"type":"wheel"}"#, false, ":2: error: dx: dx needs a two-axis trace"
    ),
    (#"{"t":0,"type":"viewport","width":-1}"#, true, ":2: error: width: -1.0 is out of range"),
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

  static let pager = Repository.path("traces/examples/photo-pager.jsonl")

  /// The horizontal offset (points) at the given times (seconds) of a CSV replay of `trace`.
  static func offsetsX(
    _ trace: String, _ options: [String], at times: [String]
  ) throws -> [Double] {
    let run = DiffCommandTests.run("replay", [trace, "--format", "csv"] + options)
    #expect(run.status == 0, "\(run.errors)")
    let rows = run.output.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    return try times.map { time in
      let row = try #require(rows.first { $0[1] == Substring(time) }, "no frame at \(time)")
      return try #require(Double(row[row.count - 2]))
    }
  }

  /// The bundled photo pager (`scroll.targetBehaviorX` paging, 393 pt pages): a flick moves
  /// one page, a slow drag past the middle settles on the nearer page, a 4800 pt/s flick still
  /// one page (UIKit's `isPagingEnabled`), a flick back one page; each rests exactly on a
  /// multiple of the viewport's width, before the next touch.
  @Test func thePhotoPagerRestsOnPages() throws {
    let times = ["0.9833", "1.9833", "2.9833", "3.4750"]
    #expect(try Self.offsetsX(Self.pager, [], at: times) == [393, 786, 1179, 786])
    // --target-x overrides the header: leading-edge paging by 300 pt groups, one group per
    // fling whatever its speed; none flings freely (off the pages).
    #expect(
      try Self.offsetsX(
        Self.pager, ["--target-x", "viewAligned,itemSize=300,limitBehavior=alwaysByOne"],
        at: Array(times.prefix(3))) == [300, 600, 900])
    #expect(
      try Self.offsetsX(Self.pager, ["--target-x", "paging,pageSize=300"], at: ["1.9833"])
        == [600])
    let free = try Self.offsetsX(Self.pager, ["--target-x", "none"], at: ["0.9833"])
    #expect(free[0].truncatingRemainder(dividingBy: 393) != 0)
  }

  /// A bad --target-x or --target-y is a usage error (exit 64) naming the option and key; a
  /// bad header behaviour is bad input (exit 65) naming the header field.
  @Test(arguments: [
    (
      ["--target-x", "viewAligned,itemSize=-3"], 64,
      "--target-x viewAligned,itemSize=-3: itemSize: "
    ),
    (["--target-y", "paging,itemSize=3"], 64, "--target-y paging,itemSize=3: itemSize: belongs"),
    (["--target-x", "viewAlinged"], 64, "did you mean 'viewAligned'"),
    // `none` is accepted, so the list names it; a missing value is not the next option.
    (["--target-x", "pagin"], 64, "\"pagin\" is not a kind; expected none, paging or viewAligned"),
    (
      ["--target-x", "none,pageSize=3"], 64, "--target-x none,pageSize=3: kind: none takes no keys"
    ),
    (["--target-x", "--format", "csv"], 64, "--target-x needs a value, found the option --format"),
  ])
  func badTargetOptions(options: [String], status: Int32, says: String) {
    let run = DiffCommandTests.run("replay", [Self.pager, "--summary-only"] + options)
    #expect(run.status == status)
    #expect(run.errors.contains(says), "\(run.errors)")
  }

  @Test func targetOptionsNeedTheAxis() throws {
    let vertical = Repository.path("traces/swipe-shield/gesture-02.jsonl")
    let run = DiffCommandTests.run("replay", [vertical, "--target-x", "paging"])
    #expect(run.status == 64)
    #expect(run.errors.contains("--target-x needs a two-axis trace"), "\(run.errors)")
    // The vertical axis pages too: gesture-02's fling rests on a multiple of its viewport
    // height (914.2857 pt; the CSV prints 3 decimals).
    let paged = DiffCommandTests.run(
      "replay", [vertical, "--target-y", "paging", "--format", "csv"])
    #expect(paged.status == 0, "\(paged.errors)")
    let last = try #require(paged.output.split(separator: "\n").last)
    let offset = try #require(Double(last.split(separator: ",")[2]))
    let pages = offset / 914.2857142857143
    #expect(abs(pages - pages.rounded()) < 1e-5 && offset > 0, "\(offset)")
    let bad = DiffCommandTests.temporary("bad-target.jsonl")
    defer { try? FileManager.default.removeItem(atPath: bad) }
    let text = try String(contentsOfFile: Self.pager, encoding: .utf8)
      .replacingOccurrences(of: #"{"kind":"paging"}"#, with: #"{"kind":"paging","pageSize":0}"#)
    try text.write(toFile: bad, atomically: true, encoding: .utf8)
    let rejected = DiffCommandTests.run("replay", [bad])
    #expect(rejected.status == 65)
    #expect(
      rejected.errors.contains(bad + ":1: error: scroll.targetBehaviorX.pageSize: 0"),
      "\(rejected.errors)"
    )
  }
}
