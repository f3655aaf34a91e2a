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

  /// A `.jsonl` file is a trace whatever its first line holds, so a garbled, commented,
  /// binary or empty trace goes to its reader (which names line 1, exit 65) instead of being
  /// read as a list of paths (exit 74, "no such file"); the same text under another name is a
  /// list file.
  @Test(arguments: ["x\n", "# a comment\n{}\n", "[1, 2]\n", "\u{01}\u{02}\n", "", " \n"])
  func aJSONLFileIsATraceWhateverItHolds(text: String) throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let trace = dir.appendingPathComponent("bad.jsonl").path
    try text.write(toFile: trace, atomically: true, encoding: .utf8)
    #expect(TraceSet.isSet(trace) == false)
    #expect(try TraceSet.paths([trace]) == [trace])
    let list = dir.appendingPathComponent("bad.txt").path
    try text.write(toFile: list, atomically: true, encoding: .utf8)
    #expect(TraceSet.isSet(list))
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
      #expect(error.kind == .unreadable && error.message.contains("names no trace"))
    }
  }

  /// One file under two spellings is one trace, listed once under the first spelling given.
  @Test func oneFileUnderTwoSpellingsIsListedOnce() throws {
    let dir = try Self.scratch()
    let traces = dir.appendingPathComponent("tr")
    let lists = dir.appendingPathComponent("lst")
    for folder in [traces, lists] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    for name in ["a.jsonl", "b.jsonl"] {
      try FileManager.default.copyItem(
        atPath: Self.folder + "/gesture-01.jsonl", toPath: traces.appendingPathComponent(name).path)
    }
    let a = traces.path + "/a.jsonl"
    let b = traces.path + "/b.jsonl"
    #expect(try TraceSet.paths([a, traces.path + "/./a.jsonl"]) == [a])
    #expect(try TraceSet.paths([traces.path + "/./a.jsonl", a]) == [traces.path + "/./a.jsonl"])
    // A list naming it relative to itself (lst/../tr/a.jsonl), after the absolute spelling.
    let list = lists.appendingPathComponent("list.txt")
    try "../tr/a.jsonl\n".write(to: list, atomically: true, encoding: .utf8)
    #expect(try TraceSet.paths([a, list.path]) == [a])
    #expect(try TraceSet.paths([list.path, traces.path]) == [lists.path + "/../tr/a.jsonl", b])
    #expect(try TraceSet.paths([traces.path, list.path]) == [a, b])
  }

  /// A folder's listing skips `replay --out`'s frame files: `--out` into the trace folder
  /// leaves it replayable; a folder holding only frame files has nothing to run.
  @Test func aFolderSkipsFrameFiles() throws {
    let dir = try Self.scratch()
    try FileManager.default.copyItem(
      atPath: Self.folder + "/gesture-01.jsonl", toPath: dir.path + "/gesture-01.jsonl")
    try FileManager.default.copyItem(
      atPath: Self.folder + "/gesture-02.jsonl", toPath: dir.path + "/gesture-01.frames.jsonl")
    #expect(try TraceSet.paths([dir.path]) == [dir.path + "/gesture-01.jsonl"])
    // Named on their own (a glob, a path), they are listed as given.
    #expect(
      try TraceSet.paths([dir.path + "/*.frames.jsonl"]) == [dir.path + "/gesture-01.frames.jsonl"])
    try FileManager.default.removeItem(atPath: dir.path + "/gesture-01.jsonl")
    #expect(
      throws: InputError(
        .unreadable, file: dir.path,
        message:
          "nothing to run: no trace (*.jsonl) in this folder (frame files, *.frames.jsonl, are skipped)"
      )
    ) {
      try TraceSet.paths([dir.path])
    }
  }

  /// Nothing to run is one mistake, one kind (unreadable: exit 74), however it is named: an
  /// empty folder, a glob matching nothing, a list of comments, an empty list file.
  @Test(arguments: ["folder", "glob", "comments", "empty list", "blank list"])
  func nothingToRunIsUnreadable(form: String) throws {
    let dir = try Self.scratch()
    let source: String
    switch form {
    case "folder": source = dir.path
    case "glob": source = dir.path + "/*.jsonl"
    default:
      source = dir.path + "/list.txt"
      let text = ["comments": "# none yet\r\n\r\n", "empty list": "", "blank list": " \n\n"][form]!
      try Data(text.utf8).write(to: URL(fileURLWithPath: source))
    }
    do {
      let paths = try TraceSet.paths([source])
      Issue.record("nothing to run must be an error, not \(paths)")
    } catch {
      #expect(error.kind == .unreadable)
      #expect(error.file == source)
      #expect(error.message.hasPrefix("nothing to run: "), "\(error)")
    }
    // An empty *.jsonl file is a cut trace, for its reader to reject, not a list.
    try Data().write(to: dir.appendingPathComponent("cut.jsonl"))
    #expect(try TraceSet.paths([dir.path + "/cut.jsonl"]) == [dir.path + "/cut.jsonl"])
  }

  /// A list file read with CRLF (Windows), LF, or no final newline names the same traces,
  /// with spaces in names kept, comments and blank lines skipped, and lines counted alike.
  @Test(arguments: ["\r\n", "\n"])
  func listLineEndings(newline: String) throws {
    let dir = try Self.scratch()
    for name in ["my trace 1.jsonl", "second one.jsonl"] {
      try FileManager.default.copyItem(
        atPath: Self.folder + "/gesture-01.jsonl", toPath: dir.appendingPathComponent(name).path)
    }
    let list = dir.appendingPathComponent("crlf.txt")
    let expected = [dir.path + "/my trace 1.jsonl", dir.path + "/second one.jsonl"]
    // With a final newline, and without one (the last line is still read).
    for text in [
      "my trace 1.jsonl\(newline)second one.jsonl\(newline)# c\(newline)\(newline)",
      "# c\(newline)my trace 1.jsonl\(newline)\(newline)second one.jsonl",
    ] {
      try Data(text.utf8).write(to: list)
      #expect(try TraceSet.paths([list.path]) == expected)
    }
    // Line numbers count CRLF lines as lines: the missing entry is on line 3.
    try Data("# c\(newline)my trace 1.jsonl\(newline)nope.jsonl\(newline)".utf8).write(to: list)
    do {
      _ = try TraceSet.paths([list.path])
      Issue.record("a missing entry must be an error")
    } catch {
      #expect(error.line == 3 && error.message == "\(dir.path)/nope.jsonl: no such file or folder")
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
