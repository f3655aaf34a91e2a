import Foundation
import ScrollSimTestSupport
import Testing

/// Nested chains (a trace header's `nested`) through `scrollsim replay` (issue 16).
@Suite struct NestedReplayTests {
  static let trace = Repository.path("traces/examples/nested-header.jsonl")
  static let spec = Repository.path("effects/examples/nested-header.json")

  /// The bundled pair: on every frame the header's shown height and the list's offset add up to
  /// the combined offset (`offset = (350 − header.height) + list.contentOffset`, a chain without
  /// floating headers or snaps); the list starts moving on the frame the header reaches its
  /// 120 pt bar (the handover), and the fling carries on past it.
  @Test func theHandoverShowsInTheOutputs() throws {
    let run = DiffCommandTests.run(
      "replay", [Self.trace, "--effects", Self.spec, "--format", "csv"])
    #expect(run.status == 0, "\(run.errors)")
    let rows = run.output.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let names = try #require(rows.first)
    let offset = try #require(names.firstIndex(of: "offset_pt"))
    let height = try #require(names.firstIndex(of: "header.height"))
    let list = try #require(names.firstIndex(of: "list.contentOffset"))
    var handover: Int?
    var frames = 0
    for (i, row) in rows.dropFirst().enumerated() {
      guard let o = Double(row[offset]), let h = Double(row[height]), let l = Double(row[list])
      else { continue }
      frames += 1
      // The CSV rounds offsets to 0.001 pt and outputs to 0.0001.
      #expect(abs(o - ((350 - h) + l)) < 1e-3, "frame \(i)")
      if l > 0 && handover == nil {
        handover = i
        #expect(h == 120)
      }
      if l == 0 { #expect(h >= 120) }
    }
    #expect(frames >= 100)
    let at = try #require(handover)
    // The fling crossed the edge: the list moved well past it.
    #expect(Double(rows.last![list])! > 200)
    #expect(at > 20)
  }

  /// The collapsible-header preset on the chain reads the combined offset and agrees with the
  /// nested spec's header while the list has not moved.
  @Test func presetsReadTheCombinedOffset() throws {
    let run = DiffCommandTests.run("replay", [Self.trace, "--effect", "collapsible-header"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("header.height"))
  }

  /// A spec naming the header view on a trace without a chain: exit 65 naming the spec's line
  /// and key.
  @Test func aHeaderViewNeedsAChain() {
    let run = DiffCommandTests.run(
      "replay",
      [Repository.path("traces/examples/photo-pan.jsonl"), "--effects", Self.spec])
    #expect(run.status == 65)
    #expect(
      run.errors.contains(
        "nested-header.json:6:58: error: $.timelines[0].scrollView: timeline 'header' reads scroll "
          + "view 'header', and this run is one scroll view (no nested chain)"), "\(run.errors)")
  }

  /// Bad chains and inputs name the file, line and header field.
  @Test(arguments: [
    (
      #""rule":"compose""#, #""rule":"swiftui""#,
      "bad.jsonl:1: error: nested.rule: unknown name \"swiftui\"; expected one of flutter, compose, "
        + "coordinatorLayout, uikit"
    ),
    (
      #""handover":"unified""#, #""handover":"smoth""#,
      "bad.jsonl:1: error: nested.handover: unknown name \"smoth\"; expected one of unified, "
        + "separateDecays, childCoordinates, stopAtEdge"
    ),
    (
      #""expandedHeight":350"#, #""expandedHeight":900"#,
      "bad.jsonl:1: error: nested.headers.expandedHeight: "
    ),
    (
      #""collapsedHeight":120"#, #""collapsedHeight":400"#,
      "bad.jsonl:1: error: nested.headers[0].collapsedHeight: "
    ),
    (
      #""collapsedHeight":120"#, #""collapsedHeight":120,"snap":"material""#,
      "bad.jsonl:1: error: nested.headers[0].snap: unknown name \"material\"; expected one of compose, "
        + "appBarLayout, flutterFloating"
    ),
    (
      #""collapsedHeight":120"#, #""collapsedHeight":120,"float":true"#,
      "bad.jsonl:1: error: nested.headers[0].float: unknown key \"float\""
    ),
    (
      #""headers":[{"collapsedHeight":120,"expandedHeight":350}]"#, #""headers":[]"#,
      "bad.jsonl:1: error: nested.headers: empty"
    ),
    (#""version":4"#, #""version":3"#, "bad.jsonl:1: error: nested: unknown key \"nested\""),
    (
      #"{"t":0.1,"type":"down","x":206,"y":700}"#,
      #"{"t":0.1,"type":"viewportHeight","height":500}"#,
      "bad.jsonl:2: error: type: "
    ),
  ])
  func badChainsNameTheField(from: String, to: String, message: String) throws {
    let text = try String(contentsOfFile: Self.trace, encoding: .utf8)
    #expect(text.contains(from))
    let path = DiffCommandTests.temporary("bad.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try text.replacingOccurrences(of: from, with: to).write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = DiffCommandTests.run("replay", [path, "--summary-only"])
    #expect(run.status == 65, "\(run.errors)")
    #expect(run.errors.contains(message), "\(run.errors)")
  }
}
