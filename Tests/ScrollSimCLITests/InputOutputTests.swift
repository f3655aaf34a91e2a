import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

/// Inputs and outputs in process: unreadable inputs, outputs replaced whole or not at all, cut
/// frame files refused by plot, export and diff unless --allow-partial.
@Suite(.serialized)
struct InputOutputTests {
  static let trace = Repository.path("traces/swipe-shield/gesture-02.jsonl")

  @Test func aDirectoryIsAnUnreadableInput() throws {
    let folder = FileManager.default.temporaryDirectory.path
    // replay takes a folder as many traces: an empty one is unreadable.
    let empty = DiffCommandTests.temporary("empty")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: empty) }
    for (command, arguments, message) in [
      ("replay", [empty], "no trace (*.jsonl) in this folder"),
      ("plot", [folder, "--out", "/tmp/x.svg"], "is a directory"),
      ("export", ["frames", folder, "--out", "/tmp/x.csv"], "is a directory"),
      ("diff", [folder, folder], "is a directory"),
    ] {
      let result = DiffCommandTests.run(command, arguments)
      #expect(result.status == 74, "\(command): \(result.errors)")
      #expect(result.errors.contains(message), "\(result.errors)")
    }
  }

  /// A failed run leaves an existing output as it was, and no temporary file.
  @Test func anOutputIsReplacedWholeOrNotAtAll() throws {
    let folder = DiffCommandTests.temporary("out")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let out = folder + "/f.jsonl"
    try "old\n".write(toFile: out, atomically: true, encoding: .utf8)
    let bad = folder + "/bad.jsonl"
    let lines = try String(contentsOfFile: Self.trace, encoding: .utf8).split(separator: "\n")
    try (lines.prefix(20) + [#"{"t":-1,"type":"move","x":0,"y":0}"#]).joined(separator: "\n")
      .appending("\n").write(toFile: bad, atomically: true, encoding: .utf8)
    #expect(DiffCommandTests.run("replay", [bad, "--out", out]).status == 65)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "old\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "bad.jsonl", "f.jsonl",
      ])
    #expect(DiffCommandTests.run("replay", [Self.trace, "--out", out]).status == 0)
    #expect(
      try String(contentsOfFile: out, encoding: .utf8).hasSuffix(
        #"{"end":{"complete":true,"frames":382}}"# + "\n"))
  }

  /// `--output` on a device that is full: 74 with the system's reason.
  @Test func aFullDeviceAsOutputEndsWith74() throws {
    let link = DiffCommandTests.temporary("full.jsonl")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
    defer { try? FileManager.default.removeItem(atPath: link) }
    let result = DiffCommandTests.run("replay", [Self.trace, "--summary-only", "--out", link])
    #expect(result.status == 74)
    #expect(result.errors.contains("cannot write: No space left on device"), "\(result.errors)")
    #expect(!result.errors.contains("incomplete"))
    // With the rows on standard output, the run stopped at the failure: the rows printed are
    // said to be incomplete, as for a bad trace line (and no summary follows them).
    let rows = DiffCommandTests.run("replay", [Self.trace, "--out", link])
    #expect(rows.status == 74)
    #expect(
      rows.errors.hasSuffix(
        "cannot write: No space left on device (replay stopped; the frames above are "
          + "incomplete)\n"), "\(rows.errors)")
    #expect(rows.output.hasPrefix(" frame ") && !rows.output.contains("Replayed"))
  }

  /// The first 100 lines of a whole frame file: a header and 99 frames, no closing record.
  static func cutFrameFile(_ name: String) throws -> (whole: String, cut: String) {
    let whole = DiffCommandTests.frames("gesture-02.jsonl", as: name)
    let cut = DiffCommandTests.temporary("cut-" + name)
    let text = try String(contentsOfFile: whole, encoding: .utf8)
    let lines = text.split(separator: "\n").prefix(100)
    try (lines.joined(separator: "\n") + "\n").write(toFile: cut, atomically: true, encoding: .utf8)
    return (whole, cut)
  }

  @Test(arguments: ["f.jsonl", "f.csv"])
  func aCutFrameFileIsRefusedUnlessAllowed(name: String) throws {
    let (whole, cut) = try Self.cutFrameFile(name)
    let svg = DiffCommandTests.temporary("p.svg")
    let csv = DiffCommandTests.temporary("e.csv")
    defer {
      for path in [whole, cut, svg, csv] { try? FileManager.default.removeItem(atPath: path) }
    }
    let message = "\(cut): is cut after frame 98 (no closing record)"
    for (command, arguments) in [
      ("plot", [cut, "--out", svg]), ("export", ["frames", cut, "--out", csv]),
      ("diff", [cut, whole]), ("diff", [whole, cut]),
    ] {
      let refused = DiffCommandTests.run(command, arguments)
      #expect(refused.status == 65, "\(command)")
      #expect(refused.errors.contains(message), "\(command): \(refused.errors)")
      #expect(refused.errors.contains("--allow-partial"))
      let allowed = DiffCommandTests.run(command, arguments + ["--allow-partial"])
      #expect(
        allowed.errors.contains("scrollsim: warning: \(message); using its 99 frames"),
        "\(command): \(allowed.errors)")
    }
    #expect(DiffCommandTests.run("plot", [cut, "--out", svg, "--allow-partial"]).status == 0)
    // A chart or a page of a cut file says so where a person looks: in its title.
    let partial = "PARTIAL (cut after frame 98 (no closing record))"
    #expect(try String(contentsOfFile: svg, encoding: .utf8).contains(partial))
    let html = DiffCommandTests.temporary("r.html")
    defer { try? FileManager.default.removeItem(atPath: html) }
    #expect(DiffCommandTests.run("report", [cut, "--out", html, "--allow-partial"]).status == 0)
    let page = try String(contentsOfFile: html, encoding: .utf8)
    #expect(page.contains(partial) && page.contains("a partial run: the frame file is cut"))
    #expect(DiffCommandTests.run("report", [whole, "--out", html]).status == 0)
    #expect(try !String(contentsOfFile: html, encoding: .utf8).contains("PARTIAL"))
    // Exported with --allow-partial, a cut file stays cut: no closing record.
    #expect(
      DiffCommandTests.run("export", ["frames", cut, "--out", csv, "--allow-partial"]).status == 0)
    #expect(try !String(contentsOfFile: csv, encoding: .utf8).contains("# end"))
    #expect(DiffCommandTests.run("plot", [whole, "--out", svg]).status == 0)
  }
}
