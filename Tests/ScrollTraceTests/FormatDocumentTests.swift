import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

@Suite struct FormatDocumentTests {
  static let formatPath = Repository.path("traces/FORMAT.md")

  /// The header example in FORMAT.md is exactly what the importer writes for touch 2 of the real
  /// recording, and the event example reads back.
  @Test func examplesInFormatDocumentAreReal() throws {
    let document = try String(contentsOfFile: Self.formatPath, encoding: .utf8)
    let examples = document.components(separatedBy: "```json\n").dropFirst()
      .compactMap { $0.components(separatedBy: "\n```").first }
    try #require(examples.count == 2)
    let text = try String(contentsOfFile: GeteventImporterTests.realPath, encoding: .utf8)
    let second = try GeteventImporter().gestures(fromText: text, file: "data.txt")[1]
    let written = try TraceWriter.text(second)
    #expect(written.components(separatedBy: "\n").first == examples[0])
    let trace = try Trace.parse(
      examples[0] + "\n" + #"{"t":0,"type":"down","x":180.5,"y":640.25}"# + "\n" + examples[1],
      file: "FORMAT.md")
    #expect(trace.events.last == TraceEvent(time: 0.0125, kind: .move, x: 180.5, y: 640.25))
  }
}
