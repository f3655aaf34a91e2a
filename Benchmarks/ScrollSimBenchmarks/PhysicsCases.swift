import ScrollPhysics

/// Physics step per profile: momentum (deceleration into the bottom bounce), a bounce off the
/// top, and a drag (a touch move and a state per frame). Add a profile to `profiles` to get
/// its three cases.
enum PhysicsCases {
  /// The profiles to benchmark.
  static let profiles: [PhysicsProfile] = [.ios, .android, .flutter]

  static var all: [BenchmarkCase] {
    profiles.flatMap { profile in
      [
        BenchmarkCase("physics/\(profile.name)/momentum") {
          Released(profile: profile, offset: 800, speed: -3000)
        },
        BenchmarkCase("physics/\(profile.name)/bounce") {
          Released(profile: profile, offset: 150, speed: 3000)
        },
        BenchmarkCase("physics/\(profile.name)/drag") { Drag(profile: profile) },
      ]
    }
  }

  /// `state(at:)` at consecutive 120 Hz frames for 128 frames (1.07 s, while the view still
  /// moves) after a release, cycling.
  struct Released: BenchmarkWorkload {
    let simulator: ScrollSimulator
    let release: Double
    var frame = 0

    init?(profile: PhysicsProfile, offset: Double, speed: Double) {
      guard
        let (simulator, release) = Workload.released(profile: profile, offset: offset, speed: speed)
      else { return nil }
      self.simulator = simulator
      self.release = release
    }

    mutating func run(_ n: Int) {
      for _ in 0..<n {
        let state = simulator.state(at: release + Double(frame & 127) / 120)
        frame &+= 1
        blackHole(state.offset + state.velocity)
      }
    }
  }

  /// A finger moving in a triangle wave: one touch move and one `state(at:)` per frame.
  struct Drag: BenchmarkWorkload {
    var simulator: ScrollSimulator
    var frame = 0

    init?(profile: PhysicsProfile) {
      guard
        var simulator = try? ScrollSimulator(
          geometry: Workload.geometry, profile: profile, startOffset: 800),
        (try? simulator.touchDown(y: 400, at: 0)) != nil
      else { return nil }
      self.simulator = simulator
    }

    mutating func run(_ n: Int) {
      for _ in 0..<n {
        frame &+= 1
        let time = Double(frame) / 120
        let phase = Double(frame % 240) / 120  // 0 ..< 2
        try? simulator.touchMove(y: 300 + 200 * (phase < 1 ? phase : 2 - phase), at: time)
        blackHole(simulator.state(at: time).offset)
      }
    }
  }
}
