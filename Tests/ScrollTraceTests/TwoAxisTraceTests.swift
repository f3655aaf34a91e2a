import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

private typealias F = TraceFixtures

/// Two-axis traces (format version 4): the header's horizontal axis, `dx` on wheel lines, `x`
/// on `scrollTo`, `width` on content and viewport lines.
@Suite struct TwoAxisTraceTests {
  /// A version-4 two-axis input header: 390 × 844 pt viewport, 1170 × 2000 pt content
  /// (maxOffsetX 780 pt, maxOffset 1156 pt), starting 390 pt from the left.
  static let header = F.header(replacing: #""version":1"#, with: #""version":4"#)
    .replacingOccurrences(of: #""physics""#, with: #""kind":"input","physics""#)
    .replacingOccurrences(
      of: #""contentInsetBottom":0,"contentInsetTop":0,"#,
      with: #""contentInsetBottom":0,"contentInsetLeft":0,"contentInsetRight":0,"#
        + #""contentInsetTop":0,"#
    )
    .replacingOccurrences(
      of: #""startOffset":0,"viewportHeight":844}"#,
      with: #""contentWidth":1170,"startOffset":0,"startOffsetX":390,"viewportHeight":844,"#
        + #""viewportWidth":390}"#)

  /// The same trace declaring only the vertical axis.
  static let verticalHeader = F.header(replacing: #""version":1"#, with: #""version":4"#)
    .replacingOccurrences(of: #""physics""#, with: #""kind":"input","physics""#)

  static let lines = [
    F.down, F.move, F.up,
    #"{"dx":-40,"dy":0,"t":0.5,"type":"wheel"}"#,
    #"{"animated":false,"t":0.6,"type":"scrollTo","x":700,"y":100}"#,
    #"{"t":0.7,"type":"content","width":2000}"#,
    #"{"t":0.7,"type":"viewport","width":400}"#,
    #"{"animated":true,"t":0.8,"type":"scrollTo","x":1600,"y":0}"#,
  ]

  @Test func readsTheHorizontalAxisAndItsControlsAndWritesThemBack() throws {
    let text = F.text(Self.lines, header: Self.header)
    let trace = try Trace.parse(text, file: "h")
    #expect(trace.header.version == 4)
    #expect(trace.header.isTwoAxis)
    #expect(
      trace.header.scroll.horizontal
        == TraceHeader.Horizontal(viewportWidth: 390, contentWidth: 1170, startOffset: 390))
    #expect(trace.header.scroll.horizontal?.maxOffset == 780)
    #expect(
      trace.controls.map(\.kind) == [
        .wheel(deltaX: -40, deltaY: 0), .scrollTo(x: 700, offset: 100, animated: false),
        .contentWidth(2000), .viewportWidth(400), .scrollTo(x: 1600, offset: 0, animated: true),
      ])
    // Byte for byte: keys sorted, the horizontal keys among the vertical ones.
    #expect(try TraceWriter.text(trace) == text)
    // Streamed the same way.
    let reader = try TraceStreamReader(bytes: Array(text.utf8), file: "h", warn: { _ in })
    var items: [TraceItem] = []
    while let item = try reader.next() { items.append(item) }
    #expect(items == trace.items)
  }

  /// Insets and the start offset default to 0; the writer writes them.
  /// `scroll.alwaysBounceHorizontal`/`alwaysBounceVertical` (UIKit's names): optional
  /// booleans, read and written back byte for byte (keys sorted), absent by default.
  @Test func readsAlwaysBounceAndWritesItBack() throws {
    let header = Self.header.replacingOccurrences(
      of: #""contentHeight""#,
      with: #""alwaysBounceHorizontal":false,"alwaysBounceVertical":true,"contentHeight""#)
    let text = F.text([F.down, F.move, F.up], header: header)
    let trace = try Trace.parse(text, file: "h")
    #expect(trace.header.scroll.alwaysBounceHorizontal == false)
    #expect(trace.header.scroll.alwaysBounceVertical == true)
    #expect(try TraceWriter.text(trace) == text)
    let plain = try Trace.parse(F.text([F.down, F.move, F.up], header: Self.header), file: "h")
    #expect(plain.header.scroll.alwaysBounceHorizontal == nil)
    #expect(plain.header.scroll.alwaysBounceVertical == nil)
  }

  @Test func insetsAndStartOffsetDefaultToZero() throws {
    let header = Self.header.replacingOccurrences(of: #""startOffsetX":390,"#, with: "")
      .replacingOccurrences(of: #""contentInsetLeft":0,"contentInsetRight":0,"#, with: "")
    let trace = try Trace.parse(F.text([F.down], header: header), file: "h")
    #expect(trace.header.scroll.horizontal?.startOffset == 0)
    #expect(trace.header.scroll.horizontal?.contentInsetLeft == 0)
    #expect(try TraceWriter.text(trace).contains(#""contentInsetLeft":0,"contentInsetRight":0"#))
  }

  /// A trace without a horizontal axis is read and written exactly as before (version 1 stays
  /// version 1, no new keys).
  @Test func aVerticalTraceIsUnchanged() throws {
    let text = F.text([F.down, F.move, F.up])
    let trace = try Trace.parse(text, file: "v")
    #expect(trace.header.scroll.horizontal == nil)
    #expect(!trace.header.isTwoAxis)
    #expect(try TraceWriter.text(trace) == text)
  }

  struct Bad: CustomTestStringConvertible, Sendable {
    var name: String
    var header: String
    var lines: [String]
    var line: Int
    var field: String
    var says: String
    var testDescription: String { name }
  }

  static let bad: [Bad] = [
    Bad(
      name: "dx on a vertical trace", header: verticalHeader,
      lines: [#"{"dx":30,"dy":0,"t":0,"type":"wheel"}"#], line: 2, field: "dx",
      says: "needs a two-axis trace"),
    Bad(
      name: "dx on a version-3 trace",
      header: verticalHeader.replacingOccurrences(of: #""version":4"#, with: #""version":3"#),
      lines: [#"{"dx":30,"dy":0,"t":0,"type":"wheel"}"#], line: 2, field: "dx",
      says: "needs a two-axis trace"),
    Bad(
      name: "x on a vertical scrollTo", header: verticalHeader,
      lines: [#"{"animated":true,"t":0,"type":"scrollTo","x":10,"y":0}"#], line: 2,
      field: "x", says: "needs a two-axis trace"),
    Bad(
      name: "width on a vertical trace", header: verticalHeader,
      lines: [F.down, #"{"t":0.5,"type":"content","width":900}"#], line: 3, field: "width",
      says: "needs a two-axis trace"),
    Bad(
      name: "negative content width", header: header,
      lines: [#"{"t":0,"type":"content","width":-1}"#], line: 2, field: "width",
      says: "out of range"),
    Bad(
      name: "zero viewport width", header: header,
      lines: [#"{"t":0,"type":"viewport","width":0}"#], line: 2, field: "width",
      says: "out of range"),
    Bad(
      name: "height and width on one line", header: header,
      lines: [#"{"height":10,"t":0,"type":"content","width":10}"#], line: 2, field: "width",
      says: "one line per axis"),
    Bad(
      name: "scrollTo x past maxOffsetX", header: header,
      lines: [#"{"animated":true,"t":0,"type":"scrollTo","x":781,"y":0}"#], line: 2,
      field: "x", says: "expected 0 ... 780"),
    Bad(
      name: "negative viewportWidth",
      header: header.replacingOccurrences(
        of: #""viewportWidth":390"#, with: #""viewportWidth":-390"#),
      lines: [], line: 1, field: "scroll.viewportWidth", says: "out of range"),
    Bad(
      name: "negative contentWidth",
      header: header.replacingOccurrences(of: #""contentWidth":1170"#, with: #""contentWidth":-5"#),
      lines: [], line: 1, field: "scroll.contentWidth", says: "out of range"),
    Bad(
      name: "viewportWidth without contentWidth",
      header: header.replacingOccurrences(of: #""contentWidth":1170,"#, with: ""),
      lines: [], line: 1, field: "scroll.contentWidth", says: "missing"),
    Bad(
      name: "startOffsetX past maxOffsetX",
      header: header.replacingOccurrences(of: #""startOffsetX":390"#, with: #""startOffsetX":800"#),
      lines: [], line: 1, field: "scroll.startOffsetX", says: "expected 0 ... 780"),
    Bad(
      name: "horizontal keys in version 3",
      header: header.replacingOccurrences(of: #""version":4"#, with: #""version":3"#),
      lines: [], line: 1, field: "scroll.contentInsetLeft", says: "unknown key"),
    Bad(
      name: "horizontal axis on an offset trace",
      header: header.replacingOccurrences(of: #""kind":"input""#, with: #""kind":"offset""#),
      lines: [], line: 1, field: "scroll.viewportWidth", says: "needs an input trace"),
    Bad(
      name: "alwaysBounceVertical not a boolean",
      header: header.replacingOccurrences(
        of: #""contentHeight""#, with: #""alwaysBounceVertical":"no","contentHeight""#),
      lines: [], line: 1, field: "scroll.alwaysBounceVertical", says: "expected a boolean"),
    Bad(
      name: "alwaysBounceHorizontal on a vertical trace",
      header: verticalHeader.replacingOccurrences(
        of: #""contentHeight""#, with: #""alwaysBounceHorizontal":true,"contentHeight""#),
      lines: [], line: 1, field: "scroll.alwaysBounceHorizontal", says: "needs a two-axis trace"),
    Bad(
      name: "alwaysBounceVertical in version 3",
      header: verticalHeader.replacingOccurrences(of: #""version":4"#, with: #""version":3"#)
        .replacingOccurrences(
          of: #""contentHeight""#, with: #""alwaysBounceVertical":true,"contentHeight""#),
      lines: [], line: 1, field: "scroll.alwaysBounceVertical", says: "unknown key"),
  ]

  @Test(arguments: bad) func badInputNamesLineAndField(_ bad: Bad) throws {
    let error = try #require(F.error(parsing: F.text(bad.lines, header: bad.header)))
    #expect(error.file == "t.jsonl")
    #expect(error.line == bad.line)
    #expect(error.field == bad.field)
    #expect(error.message.contains(bad.says), "\(error.message)")
  }

  /// The writer refuses what the reader rejects: a horizontal control in a vertical trace.
  @Test func theWriterRefusesAHorizontalControlInAVerticalTrace() throws {
    var trace = try Trace.parse(F.text([], header: Self.verticalHeader), file: "v")
    trace.controls = [TraceControl(time: 0, kind: .contentWidth(10), eventIndex: 0)]
    #expect(throws: InputError.self) { try TraceWriter.text(trace) }
  }

  /// The bundled two-axis example reads, and writes back byte for byte.
  @Test func theBundledPhotoPanReadsAndWritesBack() throws {
    let path = Repository.path("traces/examples/photo-pan.jsonl")
    let trace = try Trace.load(path: path)
    #expect(trace.header.isTwoAxis)
    #expect(trace.header.scroll.horizontal?.maxOffset == 786)
    #expect(trace.controls.contains { $0.kind == .wheel(deltaX: -40, deltaY: 0) })
    #expect(trace.controls.contains { $0.kind == .contentWidth(786) })
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(try TraceWriter.text(trace) == text)
  }
}
