import Foundation
import Testing

@testable import ScrollTrace

/// Opening inputs once: regular files by path, anything else read to the end at once.
@Suite struct InputSourceTests {
  @Test func aRegularFileIsReadByPathAndAgain() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "input-\(UUID().uuidString).txt"
    ).path
    try "a\nb\n".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let input = try InputSource.open(path)
    #expect(input.isSeekable)
    #expect(try input.bytes() == Array("a\nb\n".utf8))
    #expect(try input.lines().nextText() == "a")
    #expect(try input.lines().nextText() == "a")
  }

  @Test func aMissingFileOrADirectoryIsNamed() {
    let missing = #expect(throws: InputError.self) { try InputSource.open("/no/such/file") }
    #expect(missing?.message == "no such file")
    let folder = #expect(throws: InputError.self) { try InputSource.open("/tmp") }
    #expect(folder?.message == "is a directory, not a file")
    #expect(folder?.line == 0)
  }

  /// A character device (like a pipe, not seekable) is read once into memory.
  @Test func aDeviceIsReadOnce() throws {
    let input = try InputSource.open("/dev/null")
    #expect(!input.isSeekable)
    #expect(input.content == .bytes([]))
    #expect(try input.lines().next() == nil)
  }
}
