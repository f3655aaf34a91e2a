import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

@Suite struct OffsetLogImporterTests {
  /// The hand-made log in the format the documented snippet writes (traces/ios-offset-log).
  static let bundled = Repository.path("traces/ios-offset-log/gesture-02-offsets.jsonl")
  static let header = WebDriverActionsTests.header

  /// `(t, contentOffset.y)` of each row of the bundled log, read as text with `Double(_:)`
  /// (correctly rounded; an independent reader of the two numbers).
  static func rows() throws -> [(t: Double, y: Double)] {
    try String(contentsOfFile: bundled, encoding: .utf8).split(separator: "\n").map { line in
      func number(after key: String) throws -> Double {
        let start = try #require(line.range(of: key)).upperBound
        return try #require(Double(String(line[start...].prefix { $0 != "," && $0 != "}" })))
      }
      return (try number(after: #""t":"#), try number(after: #""contentOffset":{"x":0.0,"y":"#))
    }
  }

  /// Every row becomes a sample: time since the first row (seconds, as written), contentOffset
  /// as written; the geometry fills the header; the touch state counts one drag.
  @Test func importsTheSnippetsFormat() throws {
    let text = try String(contentsOfFile: Self.bundled, encoding: .utf8)
    let log = try OffsetLogImporter().log(fromText: text, file: "o.jsonl", header: Self.header)
    let rows = try Self.rows()
    #expect(log.trace.offsets.count == rows.count)
    #expect(log.trace.offsets.count == 190)
    for (sample, row) in zip(log.trace.offsets, rows) {
      #expect(sample.time == row.t - rows[0].t)
      #expect(sample.y == row.y)
      #expect(sample.x == 0)
    }
    let header = log.trace.header
    #expect(header.kind == .offset && header.version == 2)
    #expect(header.timeOrigin == 48213.904217)
    #expect(header.scroll.contentInsetTop == 97 && header.scroll.contentInsetBottom == 34)
    #expect(header.scroll.viewportHeight == 852 && header.scroll.contentHeight == 8000)
    // At rest under a 97 pt bar: contentOffset.y = −97 is offset 0 from rest.
    #expect(header.scroll.startOffset == 0)
    #expect(log.drags == 1)
    // The log's bounds (852 pt) are taller than the given 390 × 844 pt screen: said, and the
    // header's screen holds the scroll view.
    #expect(header.device.screenHeight == 852 && header.device.screenWidth == 390)
    #expect(
      log.warnings == [
        "the scroll view's bounds (852 pt tall) are larger than the screen (390 × 844 pt): the "
          + "header's screen is 390 × 852 pt"
      ])
    // The trace writes and reads back unchanged.
    #expect(try Trace.parse(TraceWriter.text(log.trace), file: "t") == log.trace)
  }

  /// The same samples as CSV (dotted column names, flags as 1/0, empty cells not given) import
  /// to the same trace; `--time-unit ms` scales times.
  @Test func csvAndJSONLinesAreTheSameLog() throws {
    let json = """
      {"t":10.0,"contentOffset":{"x":0,"y":-50},"adjustedContentInset":{"top":50,"bottom":0},"isDragging":true}
      {"t":10.016,"contentOffset":{"x":0,"y":-20.5},"adjustedContentInset":{"top":50,"bottom":0},"isDragging":false}
      {"t":10.032,"contentOffset":{"x":0,"y":12}}

      """
    let csv = """
      t,contentOffset.x,contentOffset.y,adjustedContentInset.top,adjustedContentInset.bottom,isDragging
      10.0,0,-50,50,0,1
      10.016,0,-20.5,50,0,0
      10.032,0,12,,,

      """
    let a = try OffsetLogImporter().log(fromText: json, file: "a", header: Self.header)
    let b = try OffsetLogImporter().log(fromText: csv, file: "b", header: Self.header)
    #expect(a == b)
    #expect(a.trace.offsets.map(\.y) == [-50, -20.5, 12])
    #expect(a.trace.offsets[1].time == 10.016 - 10.0)
    #expect(a.trace.header.scroll.contentInsetTop == 50)
    let ms = try OffsetLogImporter(secondsPerTimeUnit: 0.001).log(
      fromText: "t,contentOffset.y\n100,0\n116,4\n", file: "m", header: Self.header)
    #expect(ms.trace.offsets.map(\.time) == [0, 0.016])
  }

  @Test func aChangingGeometryAndACutLastLineAreWarnings() throws {
    let text = """
      {"t":1,"contentOffset":{"y":0},"contentSize":{"height":5000}}
      {"t":2,"contentOffset":{"y":10},"contentSize":{"height":6000}}
      {"t":3,"contentOffset":{"y":2
      """
    let log = try OffsetLogImporter().log(fromText: text, file: "w", header: Self.header)
    #expect(log.trace.offsets.count == 2)
    #expect(log.trace.header.scroll.contentHeight == 5000)
    #expect(log.warnings.count == 2)
    #expect(
      log.warnings.contains { $0.hasPrefix("w:2: contentSize.height changes from 5000.0 (line 1)") }
    )
    #expect(log.warnings.contains { $0.hasPrefix("w:3: incomplete last line skipped") })
  }

  @Test(arguments: [
    (#"{"t":1,"contentOfset":{"y":0}}"#, 1, "contentOfset.y", "did you mean 'contentOffset.y'"),
    (#"{"contentOffset":{"y":0}}"#, 1, "t", "missing"),
    (
      "{\"t\":1,\"contentOffset\":{\"y\":0}}\n{\"t\":0.5,\"contentOffset\":{\"y\":1}}", 2, "t",
      "earlier than 1.0"
    ),
    (#"{"t":1,"contentOffset":{"y":0},"isDragging":"yes"}"#, 1, "isDragging", "true or false"),
    (#"{"t":1,"contentOffset":{"y":"0"}}"#, 1, "contentOffset.y", "expected a number"),
    ("t,contentOffset.y,isTracking\n0,0,maybe\n", 2, "isTracking", "not true, false, 1 or 0"),
    ("t,contentOffset.y\n0,abc\n", 2, "contentOffset.y", "not a finite number"),
    ("t,offset\n0,1\n", 1, "offset", "unknown field"),
    ("t,contentOffset.y\n0,1e9\n", 2, "contentOffset.y", "out of range"),
    (
      #"{"t":1,"contentOffset":{"y":0},"bounds":{"height":-4}}"#, 1, "bounds.height", "out of range"
    ),
  ])
  func errorsNameLineAndField(_ text: String, line: Int, field: String, message: String) throws {
    let error = try #require(throws: InputError.self) {
      try OffsetLogImporter().log(fromText: text, file: "bad.jsonl", header: Self.header)
    }
    #expect(error.file == "bad.jsonl")
    #expect(error.line == line, "\(error)")
    #expect(error.field == field, "\(error)")
    #expect(error.message.contains(message), "\(error)")
  }
}
