import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollTrace

/// Inputs shared by the cases, built once before any timing.
enum Workload {
  /// Frames per second of every frame case.
  static let refreshRate = 120

  /// A 60-second generated swipe trace (seed 1): flings, drags, pulls, bounces.
  static let trace = SwipeTraceGenerator(seed: 1).trace(duration: 60)

  /// 4096 consecutive frames' samples of ``trace`` replayed at 120 Hz (about 34 s): realistic
  /// offsets, velocities and phases for the effect cases.
  static let samples: [ScrollSample] = {
    var samples: [ScrollSample] = []
    samples.reserveCapacity(4096)
    guard
      var loop = try? FrameLoop(
        trace: trace, file: "generated", effect: CompiledPreset(.logoFollow),
        refreshRate: refreshRate
      )
    else { return [] }
    var index = 0
    while samples.count < 4096, (try? loop.computeFrame(index)) != nil {
      samples.append(loop.sample)
      index += 1
    }
    return samples
  }()

  /// The geometry of the generated traces.
  static let geometry = ScrollGeometry(
    viewportHeight: trace.header.scroll.viewportHeight,
    contentHeight: trace.header.scroll.contentHeight,
    contentInsetTop: trace.header.scroll.contentInsetTop)

  /// A simulator just released from a fling of `speed` pt/s (finger moving up for a negative
  /// speed), starting at `offset`, with its release time. Its `state(at:)` after the release
  /// is pure momentum, rubber band and bounce.
  static func released(
    profile: PhysicsProfile, offset: Double, speed: Double
  ) -> (simulator: ScrollSimulator, releaseTime: Double)? {
    guard
      var simulator = try? ScrollSimulator(
        geometry: geometry, profile: profile, startOffset: offset)
    else { return nil }
    let interval = 0.0054
    do {
      try simulator.touchDown(y: 450, at: 0)
      for k in 1...18 {
        try simulator.touchMove(y: 450 + speed * Double(k) * interval, at: Double(k) * interval)
      }
      _ = try simulator.touchUp(at: 18 * interval)
    } catch {
      return nil
    }
    return (simulator, 18 * interval)
  }
}
