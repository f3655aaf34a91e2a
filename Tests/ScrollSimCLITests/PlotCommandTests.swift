import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

@Suite(.serialized)
struct PlotCommandTests {
  @Test func drawsPanelsAxesPhasesAndEvents() throws {
    let frames = DiffCommandTests.frames("gesture-02.jsonl")
    let svg = DiffCommandTests.temporary("p.svg")
    defer { for path in [frames, svg] { try? FileManager.default.removeItem(atPath: path) } }
    let result = DiffCommandTests.run(
      "plot", [frames, "--out", svg, "--outputs", "header.imageHeight,titlePinned"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("Wrote \(svg): 382 frames, 4 panels, 1 event, "))
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(text.hasSuffix("</svg>\n"))
    for title in [
      "contentOffset (pt)", "velocity (pt/s)", "header.imageHeight (pt) — constant 400",
      "titlePinned (0 or 1)",
      "time (s)",
    ] {
      #expect(text.contains(">\(title)</text>"), "\(title)")
    }
    #expect(text.contains(">dragging</text>") && text.contains(">decelerating</text>"))
    #expect(text.contains(">titlePinned:enter</text>"))
    #expect(text.components(separatedBy: "<polyline").count - 1 == 4)
    #expect(text.components(separatedBy: "<g>").count == text.components(separatedBy: "</g>").count)
  }

  /// A group's plot: units found for every preset member, only the chosen outputs' events,
  /// and a title too long for the width cut with "…" (whole in its tooltip).
  @Test func groupsGetUnitsEventsOfTheChosenOutputsAndAFittedTitle() throws {
    let frames = DiffCommandTests.frames("gesture-02.jsonl", ["--effect", "all"])
    let svg = DiffCommandTests.temporary("g.svg")
    defer { for path in [frames, svg] { try? FileManager.default.removeItem(atPath: path) } }
    let result = DiffCommandTests.run(
      "plot",
      [
        frames, "--out", svg, "--outputs", "logo-follow/logo.lift,apple-music/titlePinned",
        "--title", String(repeating: "long title ", count: 20),
      ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("4 panels, 1 event, "))
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.contains(">logo-follow/logo.lift (pt)</text>"))
    #expect(text.contains(">apple-music/titlePinned:enter</text>"))
    #expect(!text.contains("apple-tv-bar/navBar.titleVisible:enter"))
    #expect(text.contains("…</text>"))
  }

  /// A long run draws at most four points per pixel column per panel.
  @Test func longRunsAreDecimatedPerPixelColumn() throws {
    let frames = DiffCommandTests.frames("session.jsonl", ["--effect", "title-card"])
    let svg = DiffCommandTests.temporary("s.svg")
    defer { for path in [frames, svg] { try? FileManager.default.removeItem(atPath: path) } }
    #expect(DiffCommandTests.run("plot", [frames, "--out", svg]).status == 0)
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    let polylines = text.components(separatedBy: "points=\"").dropFirst()
    for polyline in polylines {
      let points = polyline.prefix { $0 != "\"" }.split(separator: " ").count
      #expect(points <= 4 * 891)  // plot width 890 px (1000 − 86 − 24), 4 points per column
    }
  }

  @Test func niceTicksAreRoundNumbers() {
    #expect(PlotRenderer.niceTicks(0, 1930, count: 4) == [0, 500, 1000, 1500, 2000])
    #expect(PlotRenderer.niceTicks(-3.2, 4.1, count: 4) == [-4, -2, 0, 2, 4, 6])
    #expect(PlotRenderer.niceTicks(0, 3.18, count: 10) == [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5])
  }

  @Test(arguments: [
    ([String](), 64, "needs a frame file"),
    (["f.jsonl"], 64, "needs --out"),
    (["/no/f.jsonl", "--out", "x.svg"], 74, "no such file"),
  ])
  func errors(arguments: [String], status: Int32, message: String) {
    let result = DiffCommandTests.run("plot", arguments)
    #expect(result.status == status)
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  @Test func anUnknownOutputIsAUsageError() {
    let frames = DiffCommandTests.frames("gesture-05.jsonl")
    defer { try? FileManager.default.removeItem(atPath: frames) }
    let result = DiffCommandTests.run(
      "plot", [frames, "--out", "/tmp/never.svg", "--outputs", "nope"])
    #expect(result.status == 64)
    #expect(result.errors.contains("no output named 'nope'"))
  }

  /// The labels of the marks (font-size 11) as (left, right, y): the span each covers.
  static func labelSpans(_ svg: String) -> [(left: Double, right: Double, y: Double)] {
    svg.components(separatedBy: "<text ").dropFirst().compactMap { element in
      guard element.contains(#"font-size="11""#) else { return nil }
      func attribute(_ name: String) -> String? {
        element.range(of: name + "=\"").map { element[$0.upperBound...].prefix { $0 != "\"" } }
          .map(String.init)
      }
      guard let x = attribute("x").flatMap(Double.init),
        let y = attribute("y").flatMap(Double.init),
        let text = element.split(separator: ">").dropFirst().first?.split(separator: "<").first
      else { return nil }
      let width = Double(String(text).replacingOccurrences(of: "&amp;", with: "&").count) * 6.2
      return attribute("text-anchor") == "end" ? (x - width, x, y) : (x, x + width, y)
    }
  }

  /// No two label spans in one lane (same y) overlap.
  static func expectNoOverlap(_ spans: [(left: Double, right: Double, y: Double)]) {
    for (k, a) in spans.enumerated() {
      for b in spans[(k + 1)...] where a.y == b.y {
        #expect(a.right <= b.left || b.right <= a.left, "\(a) overlaps \(b)")
      }
    }
  }

  /// The 39 s session: every threshold event has a line; the labels drawn never overlap in a
  /// lane (the renderer's own width estimate, 6.2 px per character at 11 px); labels left out
  /// are counted on the chart and in the command's line.
  @Test func sessionLabelsNeverOverlap() throws {
    let frames = DiffCommandTests.frames("session.jsonl", ["--effect", "all"])
    let svg = DiffCommandTests.temporary("session.svg")
    defer { for path in [frames, svg] { try? FileManager.default.removeItem(atPath: path) } }
    let result = DiffCommandTests.run("plot", [frames, "--out", svg])
    #expect(result.status == 0, "\(result.errors)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    let spans = Self.labelSpans(text)
    #expect(spans.count > 10)
    Self.expectNoOverlap(spans)
    let lines = text.components(separatedBy: #"stroke-dasharray="4,3"><title>"#).count - 1
    let events = try #require(
      result.output.firstRange(of: " panels, ").map {
        Int(result.output[$0.upperBound...].prefix { $0.isNumber })
      } ?? nil)
    #expect(lines == events)
    // The scroll view's events share the lanes: every mark's label is drawn or counted.
    let scrollViewLines =
      text.components(separatedBy: #"stroke-dasharray="6,2,1,2"><title>"#).count - 1
    #expect(scrollViewLines > 0)
    #expect(result.output.contains(", \(scrollViewLines) scroll view events"))
    let thinned = events + scrollViewLines - spans.count
    if thinned > 0 {
      #expect(text.contains(">\(thinned) more event label"))
      #expect(result.output.contains("(\(thinned) labels left out where they would overlap)"))
    } else {
      #expect(!text.contains("more event label"))
    }
  }

  /// A constant output is drawn on its declared range (ticks 0 … 1 for a fraction that stays
  /// 0), titled as constant; one without a range gets one unit either side of its value.
  @Test func constantOutputsGetAnHonestAxis() {
    let times = (0..<10).map { Double($0) / 10 }
    let renderer = PlotRenderer(
      title: "t", times: times, phases: Array(repeating: "idle", count: 10), marks: [],
      series: [
        PlotRenderer.Series(
          title: "fade (0…1)", color: "#000", values: Array(repeating: 0, count: 10),
          range: 0...1),
        PlotRenderer.Series(
          title: "height (pt)", color: "#111", values: Array(repeating: 400, count: 10)),
      ])
    let svg = renderer.svg()
    let panels: [String] = Array(svg.components(separatedBy: "<g>").dropFirst())
    func ticks(_ panel: String) -> [String] {
      panel.components(separatedBy: ##"text-anchor="end" fill="#374151">"##).dropFirst()
        .map { String($0.prefix { $0 != "<" }) }
    }
    #expect(ticks(panels[0]) == ["0", "0.5", "1"])
    #expect(panels[0].contains(">fade (0…1) — constant 0</text>"))
    #expect(ticks(panels[1]) == ["399", "399.5", "400", "400.5", "401"])
    #expect(panels[1].contains(">height (pt) — constant 400</text>"))
  }

  /// A pull past the top (gesture-05): the top edge and the overscroll band on the offset panel;
  /// the Apple Music header's trigger ranges as green start and red end markers.
  @Test func edgesOverscrollAndTriggerMarkers() throws {
    let frames = DiffCommandTests.frames("gesture-05.jsonl", ["--effect", "apple-music"])
    let svg = DiffCommandTests.temporary("g5.svg")
    defer { for path in [frames, svg] { try? FileManager.default.removeItem(atPath: path) } }
    let result = DiffCommandTests.run("plot", [frames, "--out", svg])
    #expect(result.status == 0, "\(result.errors)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    let offsetPanel = try #require(text.components(separatedBy: "<g>").dropFirst().first)
    #expect(offsetPanel.contains(">top edge (0)</text>"))
    #expect(offsetPanel.contains("<title>overscroll</title></rect>"))
    // The darkening timeline starts at 0 (a green start marker at the top edge); its end
    // (400 pt) and the titlePinned flag (301 pt) lie beyond this pull's offsets (≤ 0): counted.
    #expect(
      offsetPanel.contains(
        ##"fill="#16a34a" stroke="white" stroke-width="3" paint-order="stroke">start darken</text>"##
      ))
    #expect(offsetPanel.contains(">2 trigger markers beyond the plotted offsets</text>"))
    #expect(result.output.contains(" 0 events, "))
    #expect(result.output.contains(" scroll view events, 2 trigger ranges"))
  }

  /// Control events of the trace are marked: a scrollTo, a content change and a run of wheel
  /// events as one band.
  @Test func controlEventsAreMarked() throws {
    let trace = DiffCommandTests.temporary("controls.jsonl")
    let frames = DiffCommandTests.temporary("controls.frames.jsonl")
    let svg = DiffCommandTests.temporary("controls.svg")
    defer {
      for path in [trace, frames, svg] { try? FileManager.default.removeItem(atPath: path) }
    }
    let header = ReplayCommandTests.header
      .replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
      .replacingOccurrences(of: #""physics""#, with: #""kind":"input","physics""#)
    let body = [
      #"{"animated":false,"t":0.1,"type":"scrollTo","y":100}"#,
      #"{"dy":40,"t":0.2,"type":"wheel"}"#, #"{"dy":40,"t":0.25,"type":"wheel"}"#,
      #"{"dy":-20,"t":0.3,"type":"wheel"}"#, #"{"height":3000,"t":0.6,"type":"content"}"#,
    ]
    try ([header] + body).joined(separator: "\n").appending("\n")
      .write(toFile: trace, atomically: true, encoding: .utf8)
    #expect(
      DiffCommandTests.run("replay", [trace, "--summary-only", "--out", frames]).status == 0)
    let result = DiffCommandTests.run("plot", [frames, "--out", svg])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains(", 3 control marks"))
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    for label in ["scrollTo 100", "wheel ×3 (+60 pt)", "content 3000"] {
      #expect(text.contains(">\(label)</text>"), "\(label)")
    }
    #expect(text.contains("><title>wheel ×3 (+60 pt)</title></rect>"))
    #expect(text.contains(">control event</text>"))
  }

  /// A run of horizontal wheel notches is labelled with its x travel: photo-pan's three
  /// `dx` −40 notches at 4.0–4.2 s are `wheel ×3 (Δx -120 pt)`, not `(+0 pt)`.
  @Test func horizontalWheelRunsShowTheirXTravel() throws {
    let frames = DiffCommandTests.temporary("pan.frames.jsonl")
    let svg = DiffCommandTests.temporary("pan.svg")
    defer { for path in [frames, svg] { try? FileManager.default.removeItem(atPath: path) } }
    let trace = Repository.path("traces/examples/photo-pan.jsonl")
    #expect(
      DiffCommandTests.run("replay", [trace, "--summary-only", "--out", frames]).status == 0)
    let result = DiffCommandTests.run("plot", [frames, "--out", svg])
    #expect(result.status == 0, "\(result.errors)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.contains("><title>wheel ×3 (Δx -120 pt)</title></rect>"))
    #expect(!text.contains("wheel ×3 (+0 pt)"))
  }

  /// The scroll view's own events (UIKit delegate callbacks) of a version 2 frame file: a teal
  /// line per event at its exact time with the whole call as its tooltip, labelled with the
  /// callback's name in the lanes (never overlapping; left out and counted when no lane is
  /// free), counted in the command's line. A version 1 file (none) draws none.
  @Test func scrollViewEventsAreMarked() throws {
    let frames = DiffCommandTests.frames("gesture-05.jsonl", ["--effect", "apple-music"])
    let svg = DiffCommandTests.temporary("sv.svg")
    defer { for path in [frames, svg] { try? FileManager.default.removeItem(atPath: path) } }
    // The events as the frame file has them: (time, name, full text).
    var expected: [(time: Double, name: String, text: String)] = []
    for line in try String(contentsOfFile: frames, encoding: .utf8).split(separator: "\n")
      .dropFirst()
    {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      for text in object["scrollView"] as? [String] ?? [] {
        let at = try #require(text.lastIndex(of: "@"))
        expected.append(
          (
            try #require(Double(text[text.index(after: at)...])),
            String(text.prefix { $0 != "(" && $0 != "@" }), text
          ))
      }
    }
    // A pull past the top and release: tracking, the drag, the bounce back (UIKit's sequence,
    // docs/delegate-events.md).
    #expect(expected.map(\.name).contains("scrollViewWillBeginDragging"))
    #expect(expected.map(\.name).contains("scrollViewDidEndDecelerating"))
    let result = DiffCommandTests.run("plot", [frames, "--out", svg])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains(", \(expected.count) scroll view events"))
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.contains(">scroll view event</text>"))
    // One line per event, at its time on the axis (x = 86 + (t − t0) / (t1 − t0) × 890), its
    // tooltip the
    // event's whole text.
    let lines = text.components(separatedBy: "<line ").dropFirst()
      .filter {
        $0.contains(#"stroke="\#(PlotRenderer.scrollViewColor)""#) && $0.contains("<title>")
      }
    #expect(lines.count == expected.count)
    let times = try String(contentsOfFile: frames, encoding: .utf8).split(separator: "\n")
      .dropFirst().compactMap { line -> Double? in
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return object?["t"] as? Double
      }
    let (t0, t1) = (try #require(times.first), try #require(times.last))
    for event in expected {
      let x = String(format: "%.1f", 86 + (event.time - t0) / (t1 - t0) * 890)
      #expect(
        lines.contains {
          $0.hasPrefix(#"x1="\#(x)""#) && $0.contains("<title>\(event.text)</title>")
        }, "\(event.text) at x \(x)")
    }
    // Labels: the callback's name, in a lane, never overlapping another label in that lane;
    // the rest counted.
    let spans = Self.labelSpans(text)
    Self.expectNoOverlap(spans)
    let labels = text.components(separatedBy: "<text ").dropFirst()
      .filter { $0.contains(#"fill="\#(PlotRenderer.scrollViewColor)">"#) }
      .compactMap { $0.split(separator: ">").dropFirst().first?.split(separator: "<").first }
      .map(String.init)
    #expect(!labels.isEmpty)
    #expect(Set(labels).isSubset(of: Set(expected.map(\.name))))
    let thinned = expected.count - labels.count
    if thinned > 0 {
      #expect(result.output.contains("(\(thinned) labels left out where they would overlap)"))
    }
    // A version 1 frame file carries none: no line, no legend entry, no count.
    let version1 = DiffCommandTests.temporary("sv1.jsonl")
    defer { try? FileManager.default.removeItem(atPath: version1) }
    let stripped = try String(contentsOfFile: frames, encoding: .utf8).split(separator: "\n")
      .map { line in
        line.replacingOccurrences(of: #""version":2"#, with: #""version":1"#)
          .replacingOccurrences(
            of: #","scrollView":\[[^\]]*\]"#, with: "", options: .regularExpression)
      }
    try (stripped.joined(separator: "\n") + "\n")
      .write(toFile: version1, atomically: true, encoding: .utf8)
    let old = DiffCommandTests.run("plot", [version1, "--out", svg])
    #expect(old.status == 0, "\(old.errors)")
    #expect(!old.output.contains("scroll view event"))
    #expect(!(try String(contentsOfFile: svg, encoding: .utf8)).contains("scroll view event"))
  }
}
