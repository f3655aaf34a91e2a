import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollTrace

/// A chain trace's offsets are checked against the chain's combined range (the one a replay
/// scrolls), not the flat `contentHeight − viewportHeight` of its `scroll` object.
@Suite struct NestedTraceRangeTests {
  /// traces/examples/nested-header.jsonl: an 852 pt viewport, a 4000 pt list, a 350 → 120 pt
  /// header. The list's viewport is 852 − 120 = 732 pt, so the combined range is
  /// (350 − 120) + (4000 − 732) = 3498 pt; the flat one would be 4000 − 852 = 3148 pt.
  static let text = try! String(
    contentsOfFile: Repository.path("traces/examples/nested-header.jsonl"), encoding: .utf8)
  static let combinedMax = (350.0 - 120) + (4000 - (852.0 - 120))

  @Test func startOffsetUsesTheCombinedRange() throws {
    var header = try Trace.parse(Self.text, file: "n").header
    #expect(header.maxOffset == Self.combinedMax)
    header.scroll.startOffset = 3400
    #expect(header.validationProblem() == nil)
    header.scroll.startOffset = Self.combinedMax
    #expect(header.validationProblem() == nil)
    header.scroll.startOffset = Self.combinedMax + 0.5
    let problem = try #require(header.validationProblem())
    #expect(problem.field == "scroll.startOffset")
    #expect(problem.message.contains("expected 0 ... 3498.0 points"))
    #expect(problem.message.contains("nested chain's combined range"))
    // Without the chain the flat range holds.
    header.nested = nil
    header.scroll.startOffset = 3400
    let flat = try #require(header.validationProblem())
    #expect(flat.message.contains("expected 0 ... 3148.0 points"))
  }

  @Test(arguments: [(3400.0, true), (3498, true), (3499, false)])
  func scrollToUsesTheCombinedRange(y: Double, valid: Bool) throws {
    let line = "{\"animated\":true,\"t\":2,\"type\":\"scrollTo\",\"y\":\(y)}\n"
    let text = Self.text + line
    if valid {
      let trace = try Trace.parse(text, file: "n")
      #expect(trace.controls.count == 1)
    } else {
      let error = try #require(throws: InputError.self) { try Trace.parse(text, file: "n") }
      #expect(error.field == "y" && error.line == 16)
      #expect(error.message.contains("expected 0 ... 3498.0 points"))
    }
  }
}
