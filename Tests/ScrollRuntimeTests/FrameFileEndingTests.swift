import Foundation
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// The closing record: a whole frame file ends with one; the reader tells a whole file from a
/// cut one (no closing record, or a partial last line left by a killed writer).
@Suite struct FrameFileEndingTests {
  static func text(_ format: FrameFile.Format, frames: Int = 50, closed: Bool = true) -> String {
    var text = FrameFile.headerLine(FrameFileTests.header, format: format)
    for record in FrameFileTests.records().prefix(frames) {
      text += FrameFile.line(record, outputs: FrameFileTests.header.outputs, format: format)
    }
    if closed { text += FrameFile.endLine(frames: frames, format: format) }
    return text
  }

  static func read(_ text: String, _ format: FrameFile.Format) throws -> (
    count: Int, ending: FrameFileReader.Ending
  ) {
    let reader = try FrameFileReader(
      lines: LineReader(bytes: Array(text.utf8), file: "f"), format: format)
    var count = 0
    #expect(reader.ending == .unread)
    while try reader.next() != nil { count += 1 }
    #expect(try reader.next() == nil)
    return (count, reader.ending)
  }

  @Test func theClosingRecordsAreFixedLines() {
    #expect(
      FrameFile.endLine(frames: 382, format: .jsonl) == #"{"end":{"complete":true,"frames":382}}"#
        + "\n")
    #expect(FrameFile.endLine(frames: 382, format: .csv) == "# end frames=382\n")
  }

  @Test(arguments: FrameFile.Format.allCases)
  func aWholeFileIsComplete(_ format: FrameFile.Format) throws {
    let result = try Self.read(Self.text(format), format)
    #expect(result.count == 50)
    #expect(result.ending == .complete(frames: 50))
  }

  /// Without a closing record (an old file, or one cut between lines): cut after its last frame.
  @Test(arguments: FrameFile.Format.allCases)
  func aFileWithoutItIsCut(_ format: FrameFile.Format) throws {
    let result = try Self.read(Self.text(format, frames: 20, closed: false), format)
    #expect(result.count == 20)
    #expect(result.ending == .cut(frames: 20, lastFrame: 38))  // frames are 0, 2, 4, …
    let empty = try Self.read(Self.text(format, frames: 0, closed: false), format)
    #expect(empty.ending == .cut(frames: 0, lastFrame: nil))
  }

  /// A killed writer's partial last line ends a cut file; it is not an error.
  @Test(arguments: FrameFile.Format.allCases)
  func aPartialLastLineIsACut(_ format: FrameFile.Format) throws {
    let text = Self.text(format, frames: 21, closed: false)
    let result = try Self.read(String(text.dropLast(9)), format)
    #expect(result.count == 20)
    #expect(result.ending == .cut(frames: 20, lastFrame: 38))
  }

  @Test(arguments: FrameFile.Format.allCases)
  func aWrongCountOrALineAfterIsAnError(_ format: FrameFile.Format) throws {
    let wrong =
      Self.text(format, frames: 5, closed: false) + FrameFile.endLine(frames: 6, format: format)
    #expect(throws: InputError.self) { try Self.read(wrong, format) }
    let after =
      Self.text(format, frames: 5)
      + FrameFile.line(
        FrameFileTests.records()[5], outputs: FrameFileTests.header.outputs, format: format)
    let error = #expect(throws: InputError.self) { try Self.read(after, format) }
    #expect(error?.line == 8)
    #expect(error?.message.contains("after the closing record") == true)
  }

  /// A frame file from a pipe has no extension to go by: its first byte gives the format.
  @Test(arguments: FrameFile.Format.allCases)
  func aPipeIsReadByItsFirstByte(_ format: FrameFile.Format) throws {
    let input = InputSource(name: "/dev/fd/63", bytes: Array(Self.text(format).utf8))
    let reader = try FrameFileReader(input: input)
    #expect(reader.format == format)
    var count = 0
    while try reader.next() != nil { count += 1 }
    #expect(reader.ending == .complete(frames: 50))
    #expect(count == 50)
  }
}
