import ScrollPhysics

/// Physics step per profile: momentum (deceleration into the bottom bounce), a bounce off the
/// top, and a drag (a touch move and a state per frame). Add a profile to `profiles` to get
/// its three cases.
enum PhysicsCases {
  /// The profiles to benchmark. The Android and Flutter profiles are one line each here once
  /// they exist in ScrollPhysics.
  static let profiles: [PhysicsProfile] = [.ios]

  static var all: [BenchmarkCase] {
    profiles.flatMap { profile in
      [
        released("physics/\(profile.name)/momentum", profile, offset: 800, speed: -3000),
        released("physics/\(profile.name)/bounce", profile, offset: 150, speed: 3000),
        drag("physics/\(profile.name)/drag", profile),
      ]
    }
  }

  /// `state(at:)` at consecutive 120 Hz frames for 4 s after a release, cycling.
  static func released(_ name: String, _ profile: PhysicsProfile, offset: Double, speed: Double)
    -> BenchmarkCase
  {
    BenchmarkCase(name) {
      guard let (simulator, release) = Workload.released(profile: profile, offset: offset, speed: speed)
      else { return { _ in } }
      var frame = 0
      return { n in
        for _ in 0..<n {
          let time = release + Double(frame & 511) / 120
          frame &+= 1
          let state = simulator.state(at: time)
          blackHole(state.offset + state.velocity)
        }
      }
    }
  }

  /// A finger moving in a triangle wave, one touch move and one `state(at:)` per frame.
  static func drag(_ name: String, _ profile: PhysicsProfile) -> BenchmarkCase {
    BenchmarkCase(name) {
      guard var simulator = try? ScrollSimulator(
        geometry: Workload.geometry, profile: profile, startOffset: 800),
        (try? simulator.touchDown(y: 400, at: 0)) != nil
      else { return { _ in } }
      var frame = 0
      return { n in
        for _ in 0..<n {
          frame &+= 1
          let time = Double(frame) / 120
          let phase = Double(frame % 240) / 120  // 0 ..< 2
          let y = 300 + 200 * (phase < 1 ? phase : 2 - phase)
          try? simulator.touchMove(y: y, at: time)
          let state = simulator.state(at: time)
          blackHole(state.offset)
        }
      }
    }
  }
}
