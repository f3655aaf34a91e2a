import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

/// The `nested` header object (format version 4): read, validated for its shape, written back.
@Suite struct NestedTraceTests {
  static let example = Repository.path("traces/examples/nested-header.jsonl")

  /// The bundled trace reads to its chain and writes back byte for byte.
  @Test func readsAndWritesTheChain() throws {
    let text = try String(contentsOfFile: Self.example, encoding: .utf8)
    let trace = try Trace.parse(text, file: "n")
    let nested = try #require(trace.header.nested)
    #expect(
      nested
        == TraceHeader.Nested(
          headers: [.init(expandedHeight: 350, collapsedHeight: 120)], rule: "compose",
          handover: "unified"))
    #expect(try TraceWriter.text(trace) == text)
    // Every field written back, floats and snap included; the defaults read back.
    var header = trace.header
    header.nested = TraceHeader.Nested(
      headers: [
        .init(expandedHeight: 300, collapsedHeight: 100, floats: true, snap: "compose"),
        .init(expandedHeight: 100, collapsedHeight: 50),
      ], rule: "flutter", handover: "stopAtEdge")
    let again = try Trace.parse(
      TraceWriter.text(Trace(header: header, events: trace.events)), file: "n")
    #expect(again.header.nested == header.nested)
    let defaults = try Trace.parse(
      text.replacingOccurrences(of: #""handover":"unified","#, with: "")
        .replacingOccurrences(of: #","rule":"compose""#, with: ""), file: "n")
    #expect(defaults.header.nested == nested)
  }

  /// A chain in an offset trace or beside a horizontal axis is refused, naming `nested`.
  @Test func aChainNeedsAVerticalInputTrace() throws {
    var header = try Trace.parse(
      String(contentsOfFile: Self.example, encoding: .utf8), file: "n"
    ).header
    header.scroll.horizontal = .init(viewportWidth: 400, contentWidth: 800)
    let problem = try #require(header.validationProblem())
    #expect(problem.field == "nested")
    #expect(problem.message.contains("scrolls vertically"))
  }
}
