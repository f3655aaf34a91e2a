import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimCore
import ScrollSimTestSupport
import ScrollTrace
import Testing

@testable import ScrollRuntime

/// A nested chain's replay reads as a flat run's where the input is the same: a trackpad
/// session's rest after the system's momentum, and clear refusals of what a chain cannot take.
@Suite struct NestedReplayFixTests {
  /// traces/examples/trackpad-session.jsonl (two sessions, each `ended` then momentum) as
  /// itself and under a 350 → 120 pt header (`nested`, version 4).
  static func statistics(nested: Bool) throws -> ReplayStatistics {
    let path = Repository.path("traces/examples/trackpad-session.jsonl")
    var trace = try Trace.load(path: path)
    if nested {
      trace.header.version = 4
      trace.header.nested = TraceHeader.Nested(
        headers: [.init(expandedHeight: 350, collapsedHeight: 120)])
    }
    var loop = try FrameLoop(trace: trace, file: path, effect: nil, refreshRate: 120)
    return try loop.replayStatisticsToEnd()
  }

  /// The combined view of a chain is one ``ScrollSimulator`` over the combined range, so in
  /// range (the session stays inside both ranges: start 300 pt) its offsets are the flat run's
  /// and so is the rest: after the momentum (`momentum ended`, the frame at 313/120 s for the
  /// second session), not at the idle frame between `ended` and the first momentum delta.
  @Test func trackpadRestFollowsTheMomentumAsAFlatRun() throws {
    let flat = try Self.statistics(nested: false)
    let chain = try Self.statistics(nested: true)
    #expect(chain.gestures.count == 2 && flat.gestures.count == 2)
    for (c, f) in zip(chain.gestures, flat.gestures) {
      #expect(c.liftTime == f.liftTime && c.isTrackpad && f.isTrackpad)
      #expect(c.timeToRest == f.timeToRest)
      #expect(c.restOffset != nil && c.restOffset == f.restOffset)
    }
    let rest = try #require(chain.gestures[1].timeToRest)
    #expect(abs(rest - (313.0 / 120 - 1.678)) < 1e-9)
    #expect(chain.timeToRest == flat.timeToRest)
  }

  /// A `content` or `viewport` line names its own type and the format's types a chain takes.
  @Test(arguments: [
    (FrameInput.Kind.contentHeight(100), "content"), (.viewportHeight(700), "viewport"),
  ])
  func geometryLinesAreRefusedByName(kind: FrameInput.Kind, type: String) throws {
    var loop = try FrameLoop(
      source: FrameInputList([FrameInput(time: 0, kind: kind)], name: "chain.jsonl"),
      chain: NestedScrollChain(
        viewportHeight: 800,
        headers: [NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100)],
        contentHeight: 5000, rule: .compose, handover: .unified),
      effect: nil, refreshRate: 60)
    let error = try #require(throws: InputError.self) { try loop.computeFrame(0) }
    #expect(error.field == "type")
    #expect(error.message.hasPrefix("\"\(type)\" is not supported in a nested chain"))
    #expect(
      error.message.contains("expected down, move, up, cancel, wheel, scrollTo or scrollToTop"))
    #expect(!error.message.contains("release") && !error.message.contains("0.0"))
  }
}
