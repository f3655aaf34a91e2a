import Foundation
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
    #expect(result.output.hasPrefix("Wrote \(svg): 382 frames, 4 panels, 1 event."))
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(text.hasSuffix("</svg>\n"))
    for title in [
      "contentOffset (pt)", "velocity (pt/s)", "header.imageHeight (pt)", "titlePinned (0 or 1)",
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
    #expect(result.output.hasSuffix("4 panels, 1 event.\n"))
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
}
