import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollSimCLI

struct ImportCommandTests {
  @Test("the documented regeneration command reproduces the bundled traces byte for byte")
  func regenerationReproducesTheBundledTraces() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Run from the repository root so the recorded source path matches the bundled headers.
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(Repository.root.path)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    let result = scrollsim([
      "import", "getevent", "traces/swipe-shield/source/data_first33gestures.getevent-lt.txt",
      "--out", folder,
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out.hasPrefix(
        "Wrote 33 gesture traces and session.jsonl (593 events, 527 moves"))
    for name in try Repository.bundledTraces().map({ ($0 as NSString).lastPathComponent }) {
      let made = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name))
      let bundled = try Data(
        contentsOf: URL(fileURLWithPath: Repository.path("traces/swipe-shield/\(name)")))
      #expect(made == bundled, "\(name)")
    }
  }

  @Test(arguments: [
    (["import", "getevent", "x.txt"], 64, "needs --out"),
    (
      ["import", "pdf", "x.txt", "--out", "/tmp"], 64,
      "supports getevent, csv, webdriver, offset-log and flutter"
    ),
    (
      ["import", "getevent", "x.txt", "--out", "/tmp", "--scale", "abc"], 64,
      "--scale abc: expected pixels per point in [0.25, 10]"
    ),
    (["import", "getevent", "/no/such.txt", "--out", "/tmp"], 74, "/no/such.txt: no such file"),
    (
      ["import", "getevent", "x.txt", "--out", "/tmp", "--scale", "0"], 64,
      "--scale 0: expected pixels per point in [0.25, 10]"
    ),
    (
      ["import", "getevent", "x.txt", "--out", "/tmp", "--content-height", "1e308"], 64,
      "--content-height 1e308: expected a number of points in [0, 10000000]"
    ),
  ])
  func badCommandLines(arguments: [String], status: Int32, message: String) {
    let result = scrollsim(arguments)
    #expect(result.status == status)
    #expect(result.err.contains(message), "\(result.err)")
  }

  @Test func aMalformedRecordingNamesItsLine() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rec-\(UUID().uuidString).txt"
    ).path
    try """
    [   1.000000] /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    000001e3
    [   1.000000] /dev/input/event3: EV_ABS       ABS_MT_POSITION_Y    0000zz48
    """.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = scrollsim([
      "import", "getevent", path, "--out", "/tmp/unused-\(UUID().uuidString)",
    ])
    #expect(result.status == 65)
    #expect(
      result.err.hasPrefix("\(path):2: error: ABS_MT_POSITION_Y"), "\(result.err)")
  }
}
