import ScrollTrace
import Testing

@testable import ScrollRuntime

@Suite struct OffsetResamplerTests {
  /// Resamples `samples` at `times`.
  func resample(_ samples: [OffsetSample], at times: [Double]) -> [(
    offset: Double, velocity: Double
  )] {
    var resampler = OffsetResampler()
    var iterator = samples.makeIterator()
    return times.map { t in resampler.resample(at: t) { () -> OffsetSample? in iterator.next() } }
  }

  /// A constant-velocity motion y = 100 + 600 t sampled every 1/60 s is reproduced exactly at
  /// 120 Hz frame times (linear interpolation of a linear function), velocity 600 pt/s.
  @Test func linearMotionIsExactBetweenSamples() {
    let samples = (0...60).map {
      OffsetSample(time: Double($0) / 60, y: 100 + 600 * Double($0) / 60)
    }
    let times = (0..<120).map { Double($0) / 120 }
    for (t, state) in zip(times, resample(samples, at: times)) {
      #expect(abs(state.offset - (100 + 600 * t)) < 1e-9, "t = \(t)")
      #expect(abs(state.velocity - 600) < 1e-9, "t = \(t)")
    }
  }

  /// y = t² sampled at 0, 0.1, 0.2: at t = 0.05 the chord gives 0.005 (not t² = 0.0025) and
  /// the slope 0.01/0.1 = 0.1 pt/s; at 0.15, 0.025 and (0.04 − 0.01)/0.1 = 0.3 pt/s.
  @Test func interpolatesTheBracketingChord() {
    let samples = [0.0, 0.1, 0.2].map { OffsetSample(time: $0, y: $0 * $0) }
    let states = resample(samples, at: [0.05, 0.15])
    #expect(abs(states[0].offset - 0.005) < 1e-15)
    #expect(abs(states[0].velocity - 0.1) < 1e-12)
    #expect(abs(states[1].offset - 0.025) < 1e-15)
    #expect(abs(states[1].velocity - 0.3) < 1e-12)
  }

  @Test func holdsBeforeTheFirstAndAfterTheLastSample() {
    let samples = [OffsetSample(time: 0.5, y: 10), OffsetSample(time: 1, y: 20)]
    let states = resample(samples, at: [0, 0.25, 0.5, 0.75, 1, 2])
    #expect(states.map(\.offset) == [10, 10, 10, 15, 20, 20])
    #expect(states.map(\.velocity) == [0, 0, 20, 20, 0, 0])
  }

  @Test func equalTimesUseTheLastSample() {
    let samples = [
      OffsetSample(time: 0, y: 0), OffsetSample(time: 0.1, y: 5), OffsetSample(time: 0.1, y: 7),
      OffsetSample(time: 0.2, y: 9),
    ]
    let states = resample(samples, at: [0.1, 0.15])
    #expect(states[0].offset == 7)
    #expect(states[0].velocity == 20)
    #expect(abs(states[1].offset - 8) < 1e-12)
  }

  @Test func noSamplesGivesRest() {
    let state = resample([], at: [0, 1])
    #expect(state.map(\.offset) == [0, 0])
  }

  /// Invariant over generated traces: the resampled offset always lies between the bracketing
  /// samples, so it never leaves the recorded range.
  @Test func staysWithinTheRecordedRange() {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<50 {
      var time = 0.0
      let samples = (0..<40).map { _ -> OffsetSample in
        time += Double(generator.next() % 30) / 1000
        return OffsetSample(time: time, y: Double(generator.next() % 20_000) / 10 - 1000)
      }
      let low = samples.map(\.y).min() ?? 0
      let high = samples.map(\.y).max() ?? 0
      let times = (0..<200).map { Double($0) / 120 }
      for state in resample(samples, at: times) {
        #expect(state.offset >= low && state.offset <= high)
        #expect(state.velocity.isFinite)
      }
    }
  }
}
