import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollTrace
import Testing

/// README.md's "Use it from Swift" example, compiled and run: the README's ```swift block is this
/// file's `import Scroll…` lines, a blank line, then the lines between the `README example` markers
/// below, unindented by two spaces. `print` is a parameter so that the test reads what the
/// example prints; in the README it is Swift's `print`.
func readmeExample(print: (String) -> Void) throws {
  // README example: begin
  // A navigation title that fades in between 100 and 200 pt of scroll, as a view's computed
  // property would compute it.
  struct TitleFade: ScrollEffect {
    var outputs: [EffectOutput] {
      [EffectOutput(name: "title.opacity", range: 0...1, unit: .fraction)]
    }
    func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
      let scrolled = sample.contentOffset.y + sample.contentInsets.top
      frame["title.opacity"] = min(max((scrolled - 100) / 100, 0), 1)
    }
  }

  // A real recorded fling (from a ScrollSim checkout), replayed at 120 Hz through iOS physics.
  let path = "traces/swipe-shield/gesture-02.jsonl"
  var loop = try FrameLoop(
    trace: Trace.load(path: path), file: path, effect: TitleFade(), refreshRate: 120)
  var frame = 0
  var shownAt: Double?
  repeat {
    try loop.computeFrame(frame)
    if shownAt == nil, loop.value(of: "title.opacity") == 1 { shownAt = loop.sample.time }
    frame += 1
  } while !loop.isFinished
  print("title shown at \(shownAt ?? -1) s, at rest at \(loop.sample.offset) pt, \(frame) frames")
  // README example: end
}

struct ReadmeExampleTests {
  /// The repository root, from this file's place in it.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The README block as this file defines it.
  static func expectedBlock() throws -> String {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let lines = source.components(separatedBy: "\n")
    let imports = lines.filter { $0.hasPrefix("import Scroll") }
    guard let begin = lines.firstIndex(of: "  // README example: begin"),
      let end = lines.firstIndex(of: "  // README example: end")
    else { throw ReadmeError.noMarkers }
    let body = lines[(begin + 1)..<end].map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : $0 }
    return (imports + [""] + body).joined(separator: "\n")
  }

  /// The example's ```swift block under README.md's "## Use it from Swift".
  static func readmeBlock() throws -> String {
    let readme = try String(
      contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    guard let section = readme.range(of: "\n## Use it from Swift\n") else {
      throw ReadmeError.noSection
    }
    let rest = readme[section.upperBound...]
    let sectionText = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
    // The Swift block that starts with an import (the one before it is Package.swift's).
    guard let open = sectionText.range(of: "```swift\nimport "),
      let close = sectionText.range(of: "\n```", range: open.upperBound..<sectionText.endIndex)
    else { throw ReadmeError.noBlock }
    let start = sectionText.index(open.lowerBound, offsetBy: "```swift\n".count)
    return String(sectionText[start..<close.lowerBound])
  }

  enum ReadmeError: Error { case noMarkers, noSection, noBlock }

  @Test("README.md's Swift example is this file's example, verbatim")
  func readmeHoldsTheCompiledExample() throws {
    let expected = try Self.expectedBlock()
    #expect(expected.contains("struct TitleFade: ScrollEffect"))
    #expect(try Self.readmeBlock() == expected)
  }

  @Test("README.md's Swift example replays gesture-02 and prints real values")
  func readmeExampleRuns() throws {
    try #require(
      FileManager.default.fileExists(atPath: "traces/swipe-shield/gesture-02.jsonl"),
      "the example's path is relative: run swift test from the repository root")
    var printed: [String] = []
    try readmeExample { printed.append($0) }
    // As README.md says: the fling's 13th frame carries the title past 200 pt; the view comes to
    // rest where `scrollsim replay` shows it (1935.553 pt, 382 frames at 120 Hz).
    #expect(
      printed == [
        "title shown at 0.10833333333333334 s, at rest at 1935.5534124070257 pt, 382 frames"
      ])
  }
}
