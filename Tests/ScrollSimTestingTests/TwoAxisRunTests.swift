import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimTesting
import Testing

/// A two-axis trace through ``ScrollRun``: every frame's sample has the horizontal axis, and the
/// run's frame-file records carry it.
@Suite struct TwoAxisRunTests {
  static let photoPan = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../traces/examples/photo-pan.jsonl").standardized.path

  @Test func aRunOfTheBundledPhotoPanKeepsX() throws {
    let run = try ScrollRun(of: CompiledPreset(.appleMusic), trace: .path(Self.photoPan))
    #expect(run.frames.allSatisfy { $0.sample.horizontal != nil })
    #expect(run.frames.first?.sample.horizontal?.offset == 393)
    #expect(run.frames.last?.sample.horizontal?.offset == 0)
    // The pan's end (t = 0.5 s): 180 pt right of where it started.
    #expect(run.frame(atTime: 0.5)?.sample.horizontal?.offset == 573)
    #expect(run.records.allSatisfy { $0.offsetX != nil && $0.velocityX != nil })
    #expect(run.records.map(\.offsetX) == run.frames.map { $0.sample.horizontal?.offset })
  }
}
