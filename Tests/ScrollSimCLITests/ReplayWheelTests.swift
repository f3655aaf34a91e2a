import Foundation
import ScrollSimTestSupport
import Testing

/// Trackpad sessions (format version 3) through `scrollsim replay`.
@Suite struct ReplayWheelTests {
  static let example = Repository.path("traces/examples/trackpad-session.jsonl")

  /// Frames of a CSV replay: (time, offset, phase).
  static func frames(_ csv: String) -> [(t: Double, offset: Double, phase: String)] {
    csv.split(separator: "\n").dropFirst().compactMap { row in
      let columns = row.split(separator: ",", omittingEmptySubsequences: false)
      guard columns.count > 4, let t = Double(columns[1]), let offset = Double(columns[2]) else {
        return nil
      }
      return (t, offset, String(columns[4]))
    }
  }

  static func replay(_ body: [String]) throws -> (status: Int32, output: String, errors: String) {
    try ReplayControlTests.replay(body, version: 3)
  }

  /// The bundled example: pulled past the top by the trackpad (rubber band, phase dragging),
  /// sprung back to exactly 0, flicked forward with the system's momentum, then three mouse
  /// wheel notches back up; it ends at rest in range.
  @Test func theBundledTrackpadSessionReplays() throws {
    let run = DiffCommandTests.run(
      "replay", [Self.example, "--format", "csv", "--effect", "apple-tv-bar"])
    #expect(run.status == 0, "\(run.errors)")
    let frames = Self.frames(run.output)
    let pulled = try #require(frames.filter { $0.t < 1.5 }.map(\.offset).min())
    // 100 pt of deltas past the top: the rubber band shows 0.55·100·852/(852 + 55) ≈ 51.7 pt.
    #expect(abs(pulled + 100 * 852 * 0.55 / (852 + 0.55 * 100)) < 1e-3, "\(pulled)")
    #expect(frames.contains { $0.phase == "dragging" && $0.offset < 0 })
    #expect(frames.contains { $0.phase == "bouncing" })
    #expect(frames.contains { $0.phase == "decelerating" })
    // Back at exactly 0 before the second session.
    #expect(frames.last { $0.t < 1.5 }.map { $0.offset == 0 && $0.phase == "idle" } == true)
    let last = try #require(frames.last)
    #expect(last.phase == "idle")
    #expect(last.offset > 0 && last.offset < 2148)
  }

  /// A click while the trackpad holds the content past the top: the lift springs it back to 0
  /// and the session's later deltas are ignored.
  @Test func aClickEndsATrackpadSession() throws {
    let result = try Self.replay([
      #"{"dy":-60,"phase":"began","t":0,"type":"wheel"}"#,
      #"{"dy":-60,"phase":"changed","t":0.016,"type":"wheel"}"#,
      #"{"t":0.05,"type":"down","x":100,"y":300}"#, #"{"t":0.09,"type":"up","x":100,"y":300}"#,
      #"{"dy":-80,"phase":"changed","t":0.1,"type":"wheel"}"#,
      #"{"dy":0,"phase":"ended","t":0.12,"type":"wheel"}"#,
    ])
    #expect(result.status == 0, "\(result.errors)")
    let frames = Self.frames(result.output)
    let after = frames.filter { $0.t >= 0.1 }.map(\.offset)
    #expect(zip(after, after.dropFirst()).allSatisfy { $0 <= $1 }, "moved out again: \(after)")
    #expect(frames.last.map { $0.offset == 0 && $0.phase == "idle" } == true)
  }

  @Test func aPhaseOutOfOrderNamesItsLineAndField() throws {
    let result = try Self.replay([
      #"{"dy":-6,"phase":"began","t":0,"type":"wheel"}"#,
      #"{"dy":0,"phase":"ended","t":0.02,"type":"wheel"}"#,
      #"{"dy":-6,"phase":"changed","t":0.03,"type":"wheel"}"#,
    ])
    #expect(result.status == 65)
    #expect(
      result.errors.contains(":4: error: phase: phase changed after the session ended"),
      "\(result.errors)"
    )
  }
}
