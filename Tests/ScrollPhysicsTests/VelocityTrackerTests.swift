import Foundation
import ScrollSimTestSupport
import Testing

@testable import ScrollPhysics

struct VelocityTrackerTests {
  /// Flutter's 13 real gestures and the velocities its least-squares tracker returns for them
  /// (`traces/flutter-velocitytracker/`, BSD-3-Clause).
  static func flutterGestures() throws -> [(events: [[String]], vx: Double, vy: Double)] {
    let folder = Repository.root.appendingPathComponent("traces/flutter-velocitytracker")
    let events = try String(
      contentsOf: folder.appendingPathComponent("flutter_velocity_events.csv"), encoding: .utf8
    )
    .split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    let expected = try String(
      contentsOf: folder.appendingPathComponent("flutter_expected_velocity.csv"), encoding: .utf8
    )
    .split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    return expected.map { row in
      (events.filter { $0[0] == row[0] }, Double(row[1])!, Double(row[2])!)
    }
  }

  @Test("least squares matches Flutter's VelocityTracker on 13 real gestures within 0.1 %")
  func leastSquaresMatchesFlutter() throws {
    let gestures = try Self.flutterGestures()
    #expect(gestures.count == 13)
    for (index, gesture) in gestures.enumerated() {
      var x = VelocityTracker(estimator: .leastSquares)
      var y = VelocityTracker(estimator: .leastSquares)
      var upTime = 0.0
      for event in gesture.events {
        let time = Double(event[3])! / 1000
        if event[1] == "UP" {
          upTime = time
          continue
        }
        x.add(position: Double(event[4])!, at: time)
        y.add(position: Double(event[5])!, at: time)
      }
      // Flutter's test queries right after the last move; the UP comes at the same instant.
      let vx = x.velocity(at: upTime)
      let vy = y.velocity(at: upTime)
      #expect(abs(vx - gesture.vx) <= 0.001 * abs(gesture.vx), "gesture \(index + 1) vx")
      #expect(abs(vy - gesture.vy) <= 0.001 * abs(gesture.vy), "gesture \(index + 1) vy")
    }
  }

  @Test(arguments: VelocityEstimator.allCases)
  func uniformMotionGivesItsSpeed(estimator: VelocityEstimator) {
    var tracker = VelocityTracker(estimator: estimator)
    for i in 0..<30 {
      tracker.add(position: 500 - 1200 * Double(i) * 0.008, at: Double(i) * 0.008)
    }
    #expect(abs(tracker.velocity(at: 29 * 0.008) + 1200) < 1e-6)
  }

  @Test func weightsAreOldestFirst() {
    var tracker = VelocityTracker(estimator: .iosWeighted)
    // Inter-sample velocities 100, 200, 400 (oldest first): 0.6·100 + 0.35·200 + 0.05·400.
    var position = 0.0
    tracker.add(position: position, at: 0)
    for (i, v) in [100.0, 200, 400].enumerated() {
      position += v * 0.01
      tracker.add(position: position, at: Double(i + 1) * 0.01)
    }
    #expect(abs(tracker.velocity(at: 0.03) - 150) < 1e-9)
  }

  /// The weighted estimate with fewer than four samples, a simultaneous pair, a reset and a
  /// wrapped ring: each missing or simultaneous pair weighs 0 (Flutter `_previousVelocityAt`).
  @Test func weightedEstimateCountsOnlyTheSamplesItHas() {
    var tracker = VelocityTracker(estimator: .iosWeighted)
    tracker.add(position: 0, at: 0)
    #expect(tracker.velocity(at: 0) == 0)
    tracker.add(position: 1, at: 0.01)  // 100 pt/s, the newest pair: weight 0.05
    #expect(abs(tracker.velocity(at: 0.01) - 5) < 1e-9)
    tracker.add(position: 3, at: 0.02)  // 200 pt/s: 0.35·100 + 0.05·200
    #expect(abs(tracker.velocity(at: 0.02) - 45) < 1e-9)
    tracker.add(position: 9, at: 0.02)  // simultaneous: 0.6·100 + 0.35·200 + 0.05·0
    #expect(abs(tracker.velocity(at: 0.02) - 130) < 1e-9)
    tracker.reset()
    tracker.add(position: 50, at: 1)
    tracker.add(position: 52, at: 1.01)  // the samples before the reset are forgotten
    #expect(abs(tracker.velocity(at: 1.01) - 10) < 1e-9)
    // 45 samples: the ring of 20 wrapped twice; the last three pairs are 100, 200 and 400 pt/s.
    tracker.reset()
    var position = 0.0
    for i in 0..<42 {
      position += 1
      tracker.add(position: position, at: Double(i) * 0.01)
    }
    for (i, v) in [100.0, 200, 400].enumerated() {
      position += v * 0.01
      tracker.add(position: position, at: Double(42 + i) * 0.01)
    }
    #expect(tracker.count == VelocityTracker.historySize)
    #expect(abs(tracker.velocity(at: 0.44) - 150) < 1e-9)
  }

  @Test(arguments: VelocityEstimator.allCases)
  func aStillFingerHasNoVelocity(estimator: VelocityEstimator) {
    var tracker = VelocityTracker(estimator: estimator)
    for i in 0..<10 { tracker.add(position: Double(i) * 10, at: Double(i) * 0.01) }
    #expect(tracker.velocity(at: 0.09) != 0)
    #expect(tracker.velocity(at: 0.09 + 0.041) == 0)
    tracker.reset()
    #expect(tracker.velocity(at: 0.2) == 0)
  }
}
