import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

private typealias F = TraceFixtures

/// Paging and snapping in a trace's header (format version 4, `scroll.targetBehavior` and
/// `scroll.targetBehaviorX`) and in the command line's text form.
@Suite struct TargetBehaviorTraceTests {
  /// The two-axis header of ``TwoAxisTraceTests`` (maxOffsetX 780 pt, maxOffset 1156 pt) with
  /// `members` added to its `scroll` object.
  static func header(_ members: String) -> String {
    TwoAxisTraceTests.header.replacingOccurrences(
      of: #""startOffsetX":390,"#, with: #""startOffsetX":390,"# + members + ",")
  }

  @Test func readsBothAxesAndWritesThemBack() throws {
    let header = Self.header(
      #""targetBehavior":{"kind":"paging"},"#
        + #""targetBehaviorX":{"itemSize":300,"itemSpacing":10,"kind":"viewAligned","#
        + #""limitBehavior":"alwaysByOne"}"#)
    let text = F.text([F.down, F.move, F.up], header: header)
    let trace = try Trace.parse(text, file: "h")
    #expect(trace.header.scroll.targetBehavior == .init(kind: .paging))
    let x = try #require(trace.header.scroll.targetBehaviorX)
    #expect(
      x == .init(kind: .viewAligned, itemSize: 300, itemSpacing: 10, limitBehavior: .alwaysByOne))
    // Items every 310 pt below maxOffsetX 780 (the end is a target of its own).
    #expect(x.offsets(maxOffset: 780) == [0, 310, 620])
    #expect(try TraceWriter.text(trace) == text)
  }

  /// Offsets from a size and from a list; paging by the viewport has none.
  @Test func offsets() {
    typealias T = TraceHeader.TargetBehavior
    #expect(T(kind: .paging).offsets(maxOffset: 1000) == nil)
    #expect(T(kind: .paging, pageSize: 250).offsets(maxOffset: 1000) == [0, 250, 500, 750])
    #expect(T(kind: .paging, pageSize: 250).offsets(maxOffset: 0) == [0])
    #expect(T(kind: .viewAligned, itemOffsets: [0, 5, 90]).offsets(maxOffset: 10) == [0, 5, 90])
  }

  /// The command-line form has the header's keys and values.
  @Test(arguments: [
    ("paging", TraceHeader.TargetBehavior(kind: .paging)),
    ("paging,pageSize=300", .init(kind: .paging, pageSize: 300)),
    (
      "viewAligned,itemSize=300,itemSpacing=10,limitBehavior=alwaysByOne",
      .init(kind: .viewAligned, itemSize: 300, itemSpacing: 10, limitBehavior: .alwaysByOne)
    ),
    ("viewAligned,itemOffsets=0;310;620", .init(kind: .viewAligned, itemOffsets: [0, 310, 620])),
  ])
  func text(_ text: String, _ expected: TraceHeader.TargetBehavior) throws {
    #expect(try TraceHeader.TargetBehavior(text: text) == expected)
  }

  @Test(arguments: [
    ("pagin", "kind", "did you mean 'paging'"),
    ("paging,pageSise=3", "pageSise", "did you mean 'pageSize'"),
    ("paging,pageSize", "pageSize", "missing value"),
    ("viewAligned,itemSize=abc", "itemSize", "not a number"),
    ("viewAligned,itemSize=1,itemSize=2", "itemSize", "given twice"),
    ("viewAligned,itemSize=1,limitBehavior=never", "limitBehavior", "always or alwaysByOne"),
  ])
  func badText(_ text: String, field: String, says: String) {
    #expect {
      try TraceHeader.TargetBehavior(text: text)
    } throws: { error in
      guard let problem = error as? FieldProblem else { return false }
      return problem.field == field && problem.message.contains(says)
    }
  }

  struct Bad: CustomTestStringConvertible, Sendable {
    var name: String
    var header: String
    var field: String
    var says: String
    var testDescription: String { name }
  }

  static let bad: [Bad] = [
    Bad(
      name: "unknown kind", header: header(#""targetBehaviorX":{"kind":"pages"}"#),
      field: "scroll.targetBehaviorX.kind", says: "not a kind"),
    Bad(
      name: "unknown key", header: header(#""targetBehaviorX":{"kind":"paging","page":3}"#),
      field: "scroll.targetBehaviorX.page", says: "unknown key"),
    Bad(
      name: "negative item size",
      header: header(#""targetBehaviorX":{"itemSize":-3,"kind":"viewAligned"}"#),
      field: "scroll.targetBehaviorX.itemSize", says: "out of range"),
    Bad(
      name: "viewAligned without items",
      header: header(#""targetBehavior":{"kind":"viewAligned"}"#),
      field: "scroll.targetBehavior.itemSize", says: "missing"),
    Bad(
      name: "item size on paging",
      header: header(#""targetBehavior":{"itemSize":3,"kind":"paging"}"#),
      field: "scroll.targetBehavior.itemSize", says: "belongs to kind viewAligned"),
    Bad(
      name: "offsets not ascending",
      header: header(#""targetBehaviorX":{"itemOffsets":[0,300,200],"kind":"viewAligned"}"#),
      field: "scroll.targetBehaviorX.itemOffsets[2]", says: "ascending"),
    Bad(
      name: "an offset not a number",
      header: header(#""targetBehaviorX":{"itemOffsets":[0,"a"],"kind":"viewAligned"}"#),
      field: "scroll.targetBehaviorX.itemOffsets[1]", says: "expected a number"),
    Bad(
      name: "too many targets",
      header: header(#""targetBehaviorX":{"kind":"paging","pageSize":0.001}"#),
      field: "scroll.targetBehaviorX.pageSize", says: "more than 100000 targets"),
    Bad(
      name: "a horizontal behaviour without a horizontal axis",
      header: TwoAxisTraceTests.verticalHeader.replacingOccurrences(
        of: #""startOffset":0,"#, with: #""startOffset":0,"targetBehaviorX":{"kind":"paging"},"#),
      field: "scroll.targetBehaviorX", says: "needs a two-axis trace"),
    Bad(
      name: "version 3",
      header: F.header(replacing: #""version":1"#, with: #""version":3"#)
        .replacingOccurrences(of: #""physics""#, with: #""kind":"input","physics""#)
        .replacingOccurrences(
          of: #""startOffset":0,"#, with: #""startOffset":0,"targetBehavior":{"kind":"paging"},"#),
      field: "scroll.targetBehavior", says: "unknown key"),
  ]

  @Test(arguments: bad) func badHeadersNameTheField(_ bad: Bad) throws {
    let error = try #require(F.error(parsing: F.text([], header: bad.header)))
    #expect(error.line == 1)
    #expect(error.field == bad.field)
    #expect(error.message.contains(bad.says), "\(error.message)")
  }

  /// The bundled photo pager pages on x and reads back byte for byte.
  @Test func theBundledPhotoPagerReadsAndWritesBack() throws {
    let path = Repository.path("traces/examples/photo-pager.jsonl")
    let trace = try Trace.load(path: path)
    #expect(trace.header.scroll.targetBehaviorX == .init(kind: .paging))
    #expect(trace.header.scroll.targetBehavior == nil)
    #expect(try TraceWriter.text(trace) == String(contentsOfFile: path, encoding: .utf8))
  }
}
