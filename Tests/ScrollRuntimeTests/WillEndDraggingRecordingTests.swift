import Foundation
import ScrollPhysics
import ScrollSimTestSupport
import ScrollTrace
import Synchronization
import Testing

@testable import ScrollRuntime

/// The examples of docs/delegate-events.md, compiled: the `@Sendable` `willEndDragging` hook
/// records what it is proposed through a `Mutex` (Synchronization) or a final class with a lock
/// (a captured `var` does not compile in Swift 6), and snaps the target to 100 pt rows.
struct WillEndDraggingRecordingTests {
  static let path = Repository.path("traces/swipe-shield/gesture-02.jsonl")

  /// Runs the loop until the view rests; the last frame's offset.
  static func rest(_ loop: inout FrameLoop<TraceInputs>) throws -> Double {
    var index = 0
    repeat {
      try loop.computeFrame(index)
      index += 1
    } while !loop.isFinished && index < 100_000
    return loop.sample.offset
  }

  /// The natural rest of gesture-02's fling (no hook).
  static func naturalRest() throws -> Double {
    var loop = try FrameLoop(
      trace: Trace.load(path: path), file: path, effect: nil, refreshRate: 120)
    return try rest(&loop)
  }

  @available(macOS 15, iOS 18, *)
  @Test func recordWithAMutexAndSnapToRows() throws {
    let trace = try Trace.load(path: Self.path)
    var loop = try FrameLoop(trace: trace, file: Self.path, effect: nil, refreshRate: 120)
    let proposed = Mutex<[Double]>([])  // import Synchronization
    loop.willEndDragging = { end, targetContentOffset in
      proposed.withLock { $0.append(targetContentOffset) }
      targetContentOffset = (targetContentOffset / 100).rounded() * 100  // 100 pt rows
    }
    let offset = try Self.rest(&loop)
    let natural = try Self.naturalRest()
    #expect(proposed.withLock { $0 } == [natural])
    #expect(offset == (natural / 100).rounded() * 100)
    #expect(offset != natural)
  }

  /// Before macOS 15 / iOS 18 (no `Mutex`): a final class whose lock guards what it keeps.
  final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var targets: [Double] = []
    func record(_ target: Double) { lock.withLock { targets.append(target) } }
    var recorded: [Double] { lock.withLock { targets } }
  }

  @Test func recordWithAFinalClassAndALock() throws {
    let trace = try Trace.load(path: Self.path)
    var loop = try FrameLoop(trace: trace, file: Self.path, effect: nil, refreshRate: 120)
    let recorder = Recorder()
    loop.willEndDragging = { _, targetContentOffset in recorder.record(targetContentOffset) }
    let offset = try Self.rest(&loop)
    #expect(recorder.recorded == [offset])
    #expect(offset == (try Self.naturalRest()))
  }
}
