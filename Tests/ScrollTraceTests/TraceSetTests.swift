import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

/// Many traces named at once: folders, globs and list files resolve to one sorted list, and
/// shards partition it exactly.
@Suite struct TraceSetTests {
  static let folder = Repository.path("traces/swipe-shield")

  /// A scratch folder with a list file naming traces relative to it.
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("traceset-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aFolderIsItsJSONLFilesSorted() throws {
    let paths = try TraceSet.paths([Self.folder])
    #expect(paths.count == 34)
    #expect(paths.first == Self.folder + "/gesture-01.jsonl")
    #expect(paths.last == Self.folder + "/session.jsonl")
    #expect(paths == paths.sorted())
    // A trailing slash names the same files; giving the folder twice lists each once.
    #expect(try TraceSet.paths([Self.folder + "/"]) == TraceSet.paths([Self.folder]))
    #expect(try TraceSet.paths([Self.folder, Self.folder]) == paths)
  }

  @Test func aGlobAndATraceAndAListFile() throws {
    let glob = try TraceSet.paths([Self.folder + "/gesture-0[1-3].jsonl"])
    #expect(
      glob.map { $0.split(separator: "/").last! } == [
        "gesture-01.jsonl", "gesture-02.jsonl", "gesture-03.jsonl",
      ])
    let one = Self.folder + "/gesture-05.jsonl"
    #expect(TraceSet.isSet(one) == false)
    #expect(TraceSet.isSet(Self.folder) && TraceSet.isSet(Self.folder + "/*.jsonl"))
    let dir = try Self.scratch()
    let list = dir.appendingPathComponent("traces.txt")
    try
      "# two gestures, the second relative to this list\n\n\(Self.folder)/gesture-10.jsonl\n  rel.jsonl  \n"
      .write(to: list, atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      atPath: one, toPath: dir.appendingPathComponent("rel.jsonl").path)
    #expect(TraceSet.isSet(list.path))
    #expect(
      try TraceSet.paths([list.path])
        == [Self.folder + "/gesture-10.jsonl", dir.path + "/rel.jsonl"].sorted())
  }

  @Test func missingEntriesNameTheListFileAndLine() throws {
    let dir = try Self.scratch()
    let list = dir.appendingPathComponent("traces.txt")
    try "# comment\n\(Self.folder)/gesture-01.jsonl\nnope.jsonl\n".write(
      to: list, atomically: true, encoding: .utf8)
    #expect(throws: InputError.self) { try TraceSet.paths([list.path]) }
    do {
      _ = try TraceSet.paths([list.path])
    } catch {
      #expect(error.kind == .unreadable)
      #expect(error.file == list.path && error.line == 3)
      #expect(error.message.contains("nope.jsonl: no such file or folder"))
    }
    do {
      _ = try TraceSet.paths([Self.folder + "/nothing-*.jsonl"])
      Issue.record("a glob without matches must be an error")
    } catch {
      #expect(error.kind == .unreadable && error.message.contains("no file matches"))
    }
    try "# nothing\n".write(to: list, atomically: true, encoding: .utf8)
    do {
      _ = try TraceSet.paths([list.path])
      Issue.record("an empty list must be an error")
    } catch {
      #expect(error.kind == .invalid && error.message.contains("names no trace"))
    }
  }

  /// The N shards of a list hold every path exactly once, in list order, sizes within one.
  @Test(arguments: [1, 2, 3, 5, 34, 40])
  func shardsPartitionTheList(count: Int) throws {
    let paths = try TraceSet.paths([Self.folder])
    let shards = (1...count).map { TraceSet.shard(paths, index: $0, count: count) }
    #expect(shards.flatMap { $0 }.sorted() == paths)
    #expect(Set(shards.flatMap { $0 }).count == paths.count)
    let sizes = shards.map(\.count)
    #expect(sizes.max()! - sizes.min()! <= 1)
    for shard in shards { #expect(shard == shard.sorted()) }
    // Stable: share 1 of 3 is positions 0, 3, 6, …
    if count == 3 { #expect(shards[0].prefix(2) == [paths[0], paths[3]]) }
  }
}
