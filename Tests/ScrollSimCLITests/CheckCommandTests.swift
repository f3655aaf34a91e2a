import Foundation
import ScrollSimCLI
import Testing

let repositoryEffects = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("effects").path

func runCommand(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
  let console = Console.capturing()
  let status = ScrollSimCommand.main(arguments, console: console)
  return (status, console.capturedOutput, console.capturedErrors)
}

@Suite struct CheckCommandTests {
  @Test(arguments: [
    "apple-music", "apple-tv-bar", "logo-follow", "title-card", "collapsible-header",
  ])
  func presetFilesPass(name: String) {
    let r = runCommand(["check", "\(repositoryEffects)/\(name).json"])
    #expect(r.status == 0)
    #expect(r.out.contains("5 devices × 9 gestures"))
    #expect(r.out.contains("No violations"))
    #expect(!r.out.contains("FAIL"))
  }

  @Test func seedOriginalFailsWithReproducibleLines() {
    let r = runCommand([
      "check", "\(repositoryEffects)/seeds-original/apple-music.json", "--examples", "1",
    ])
    #expect(r.status == 1)
    #expect(r.out.contains("FAIL range navBar.opacity"))
    #expect(r.out.contains("value 2, expected a value in 0 … 1"))
    #expect(r.out.contains("on small-phone, frame "))
  }

  @Test func printSpecOfAPresetIsTheShippedFile() throws {
    let r = runCommand(["check", "title-card", "--print-spec"])
    #expect(r.status == 0)
    #expect(
      r.out == (try String(contentsOfFile: "\(repositoryEffects)/title-card.json", encoding: .utf8))
    )
  }

  @Test func badSpecIsADataErrorNamingThePath() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scrollsim-bad-spec.json"
    ).path
    try Data(
      #"{"version": 1, "name": "x", "outputs": [{"name": "o", "range": [0, 1], "timeline": "none"}]}"#
        .utf8
    )
    .write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = runCommand(["check", path])
    #expect(r.status == 65)
    #expect(r.err.contains("\(path): $.outputs[0].timeline: unknown timeline 'none'"))
    // replay --effects validates the spec the same way, before reading the trace.
    let replay = runCommand(["replay", "missing.jsonl", "--effects", path])
    #expect(replay.status == 65)
    #expect(replay.err.contains("$.outputs[0].timeline"))
  }

  @Test func usageAndIOErrors() {
    #expect(runCommand(["check"]).status == 64)
    #expect(runCommand(["check", "x", "--hz", "0"]).status == 64)
    #expect(runCommand(["check", "/nonexistent/spec.json"]).status == 74)
    #expect(runCommand(["help", "check"]).out.contains("usage: scrollsim check"))
  }
}
