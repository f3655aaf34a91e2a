import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

private typealias F = TraceFixtures

/// Format version 3: wheel lines with the trackpad's phase (`phase`) or momentum phase
/// (`momentum`), read, written and checked in order.
@Suite struct WheelPhaseTraceTests {
  /// A version-3 input header (content 2000 pt, viewport 844 pt).
  static let header = TraceControlTests.inputHeader.replacingOccurrences(
    of: #""version":2"#, with: #""version":3"#)

  static let session = [
    #"{"dy":0,"phase":"mayBegin","t":0,"type":"wheel"}"#,
    #"{"dy":-4,"phase":"began","t":0.01,"type":"wheel"}"#,
    #"{"dy":-12.5,"phase":"changed","t":0.02,"type":"wheel"}"#,
    #"{"dy":0,"phase":"ended","t":0.03,"type":"wheel"}"#,
    #"{"dy":-20,"momentum":"began","t":0.04,"type":"wheel"}"#,
    #"{"dy":-10,"momentum":"changed","t":0.05,"type":"wheel"}"#,
    #"{"dy":0,"momentum":"ended","t":0.06,"type":"wheel"}"#,
    #"{"dy":40,"t":0.07,"type":"wheel"}"#,
  ]

  @Test func readsAndWritesPhases() throws {
    let text = F.text(Self.session, header: Self.header)
    let trace = try Trace.parse(text, file: "w")
    #expect(
      trace.controls.map(\.kind) == [
        .wheel(deltaY: 0, phase: .mayBegin), .wheel(deltaY: -4, phase: .began),
        .wheel(deltaY: -12.5, phase: .changed), .wheel(deltaY: 0, phase: .ended),
        .wheel(deltaY: -20, phase: .momentumBegan), .wheel(deltaY: -10, phase: .momentumChanged),
        .wheel(deltaY: 0, phase: .momentumEnded), .wheel(deltaY: 40),
      ])
    #expect(try TraceWriter.text(trace) == text)
    // The streaming reader agrees.
    let reader = try TraceStreamReader(bytes: Array(text.utf8), file: "w")
    var items: [TraceItem] = []
    while let item = try reader.next() { items.append(item) }
    #expect(items == trace.items)
  }

  /// A version-2 file keeps reading as it did: a wheel line without phase is a plain delta.
  @Test func oldFilesMeanWhatTheyMeant() throws {
    let header = Self.header.replacingOccurrences(of: #""version":3"#, with: #""version":2"#)
    let trace = try Trace.parse(
      F.text([#"{"dy":40,"t":1.2,"type":"wheel"}"#], header: header), file: "w")
    #expect(trace.controls.map(\.kind) == [.wheel(deltaY: 40, phase: .none)])
    #expect(trace.header.version == 2)
  }

  /// The version-3 example of FORMAT.md reads as the session it describes.
  @Test func theFormatDocumentsExampleReads() throws {
    let document = try String(contentsOfFile: FormatDocumentTests.formatPath, encoding: .utf8)
    let block = try #require(
      document.components(separatedBy: "```text\n").first { $0.hasPrefix(#"{"dy":0,"phase""#) }?
        .components(separatedBy: "\n```").first)
    let trace = try Trace.parse(Self.header + "\n" + block + "\n", file: "FORMAT.md")
    #expect(
      trace.controls.map(\.kind) == [
        .wheel(deltaY: 0, phase: .mayBegin), .wheel(deltaY: -5, phase: .began),
        .wheel(deltaY: -8, phase: .changed), .wheel(deltaY: 0, phase: .ended),
        .wheel(deltaY: 28, phase: .momentumBegan), .wheel(deltaY: 26.04, phase: .momentumChanged),
        .wheel(deltaY: 0, phase: .momentumEnded), .wheel(deltaY: 40),
      ])
  }

  /// A rejected wheel line (run by ``TraceControlTests/rejects(_:)``).
  static func reject(
    _ name: String, _ lines: [String], header: String = header, line: Int, field: String,
    says: String
  ) -> TraceControlTests.Case {
    .init(name: name, text: F.text(lines, header: header), line: line, field: field, says: says)
  }

  static let cases: [TraceControlTests.Case] = [
    reject(
      "ended without began", [#"{"dy":0,"phase":"ended","t":0,"type":"wheel"}"#],
      line: 2, field: "phase", says: "phase ended with no trackpad session"),
    reject(
      "momentum with no session",
      [#"{"dy":-3,"momentum":"changed","t":0,"type":"wheel"}"#],
      line: 2, field: "momentum", says: "momentum changed with no trackpad session"),
    reject(
      "changed after ended",
      [
        #"{"dy":1,"phase":"began","t":0,"type":"wheel"}"#,
        #"{"dy":0,"phase":"ended","t":0.01,"type":"wheel"}"#,
        #"{"dy":2,"phase":"changed","t":0.02,"type":"wheel"}"#,
      ],
      line: 4, field: "phase", says: "phase changed after the session ended"),
    reject(
      "began twice",
      [
        #"{"dy":1,"phase":"began","t":0,"type":"wheel"}"#,
        #"{"dy":1,"phase":"began","t":0.01,"type":"wheel"}"#,
      ],
      line: 3, field: "phase", says: "(session since line 2)"),
    reject(
      "a phase in a version-2 trace",
      [#"{"dy":1,"phase":"began","t":0,"type":"wheel"}"#],
      header: header.replacingOccurrences(of: #""version":3"#, with: #""version":2"#),
      line: 2, field: "phase", says: "version-3 input trace"),
    reject(
      "phase and momentum together",
      [#"{"dy":1,"momentum":"began","phase":"began","t":0,"type":"wheel"}"#],
      line: 2, field: "momentum", says: "one or the other"),
    reject(
      "unknown phase", [#"{"dy":1,"phase":"begun","t":0,"type":"wheel"}"#],
      line: 2, field: "phase", says: "unknown phase \"begun\"; allowed: mayBegin, began"),
    reject(
      "a momentum mayBegin", [#"{"dy":1,"momentum":"mayBegin","t":0,"type":"wheel"}"#],
      line: 2, field: "momentum", says: "allowed: began, changed, ended"),
    reject(
      "a delta past the limits", [#"{"dy":-1.5e7,"t":0,"type":"wheel"}"#], line: 2, field: "dy",
      says: "out of range; expected −1e7 ... 1e7"),
    reject(
      "phase not a string", [#"{"dy":1,"phase":1,"t":0,"type":"wheel"}"#],
      line: 2, field: "phase", says: "expected a string"),
    reject(
      "phase on a scrollTo",
      [#"{"animated":false,"phase":"began","t":0,"type":"scrollTo","y":1}"#],
      line: 2, field: "phase", says: "unknown key"),
  ]
}
