/// Frame-pacing metrics of a real-time run, computed from its frame log (``FrameTiming``s) and
/// its ``FrameSchedule``.
///
/// Presentation model: frame `n` is due at deadline `D(n)` (a vsync) and is shown at the first
/// vsync after its work ends, but not before `D(n+1)`: at `D(m)` with `m` the smallest index
/// `> n` such that `D(m) ≥ end`. The vsync grid is the schedule's, so rate changes are handled.
/// Frame 0 is expected on screen at `D(1)`; every later frame one vsync after the previous
/// presented one. All figures are integers of nanoseconds until the final ratios.
public struct FramePacing: Sendable, Equatable, Hashable, Codable {
  /// Frames computed.
  public var frames: Int
  /// Frames skipped because their deadlines passed (indices absent from the log, from frame 0
  /// to the last computed one).
  public var missedFrames: Int
  /// How late each computed frame's work started after its deadline, nanoseconds.
  public var lateness: PercentileSummary
  /// From the run's start `D(0)` to the last presentation, nanoseconds.
  public var duration: UInt64
  /// Total hitch time, nanoseconds: the sum over presented frames of how late each reached
  /// the screen against one vsync after the previous one.
  ///
  /// Source: Apple, WWDC20 session 10077 "Eliminate animation hitches with XCTest": "a hitch is
  /// a frame that is displayed on the screen later than expected"; hitch time is "the time in
  /// ms that a frame is late to display".
  public var hitchTime: UInt64
  /// Presented frames with a hitch time > 0 (Apple's "total count of hitches").
  public var hitchCount: Int
  /// Hitch time ratio, milliseconds of hitch per second of run: `hitchTime (ms) / duration (s)`.
  ///
  /// Source: WWDC20 session 10077 (hitch ratio = hitch time in ms per second for a given
  /// duration; XCTOSSignpostMetric "hitch time ratio"). Bands: ``HitchBand``.
  public var hitchTimeRatio: Double
  /// The WWDC20 band of ``hitchTimeRatio``.
  public var hitchBand: HitchBand
  /// Frames whose duration (deadline to end of work, ``FrameTiming/duration``) exceeds twice
  /// their period.
  ///
  /// Source: AndroidX JankStats (androidx.metrics:metrics-performance): a frame is jank when its
  /// duration exceeds the expected frame duration times `jankHeuristicMultiplier`, default 2.0;
  /// on API 31+ the duration is FrameMetrics' total, which starts at the vsync (unknown delay
  /// included), as here.
  public var jankyFrames: Int
  /// Presented frames that reached the screen one or more vsyncs later than one vsync after
  /// the previous presented frame.
  ///
  /// Source: Chromium `docs/graphics/scrolling/scroll_jank_metric.md` (Event.ScrollJank.
  /// DelayedFramesPercentage): while input arrives every vsync, each vsync should present a new
  /// frame; a frame presented after one or more missed vsyncs is delayed.
  public var delayedFrames: Int
  /// Vsyncs that presented no new frame, summed over the run (Chromium's
  /// Event.ScrollJank.MissedVsyncsSum over the whole run).
  public var missedVsyncs: Int

  /// ``delayedFrames`` as a percentage of the frames computed, 0…100 (Chromium's
  /// DelayedFramesPercentage over the whole run rather than 64-frame windows).
  public var delayedFramePercentage: Double {
    frames == 0 ? 0 : Double(delayedFrames) * 100 / Double(frames)
  }

  /// Computes the metrics of a frame log.
  /// - Parameters:
  ///   - timings: computed frames in increasing index order (a ``DispatchFrameClock``'s
  ///     ``DispatchFrameClock/timings``), nanoseconds from the run's start.
  ///   - schedule: the run's deadlines.
  /// - Complexity: O(frames · segments + frames log frames).
  public init(timings: [FrameTiming], schedule: FrameSchedule) {
    frames = timings.count
    lateness = PercentileSummary(timings.map { Double($0.lateness) })
    var missed = 0
    var previousIndex = -1
    var previousShown = 0  // vsync index of the previous presentation (frame -1 "shown" at D(0))
    var hitches: UInt64 = 0
    var hitchCount = 0
    var janky = 0
    var delayed = 0
    var missedVsyncs = 0
    for timing in timings {
      precondition(timing.index > previousIndex, "frame log must be in increasing index order")
      missed += timing.index - previousIndex - 1
      previousIndex = timing.index
      let shown = Swift.max(timing.index + 1, schedule.firstFrame(atOrAfter: timing.end))
      let expected = previousShown + 1
      if shown > expected {
        hitches += schedule.deadline(ofFrame: shown) - schedule.deadline(ofFrame: expected)
        hitchCount += 1
        delayed += 1
        missedVsyncs += shown - expected
      }
      let period = schedule.deadline(ofFrame: timing.index + 1) - timing.deadline
      if timing.duration > 2 * period { janky += 1 }
      previousShown = shown
    }
    missedFrames = missed
    duration = timings.isEmpty ? 0 : schedule.deadline(ofFrame: previousShown)
    hitchTime = hitches
    self.hitchCount = hitchCount
    // (hitch ns / 10⁶) / (duration ns / 10⁹), as one division.
    hitchTimeRatio = duration == 0 ? 0 : Double(hitches) * 1000 / Double(duration)
    hitchBand = HitchBand(ratio: hitchTimeRatio)
    jankyFrames = janky
    delayedFrames = delayed
    self.missedVsyncs = missedVsyncs
  }
}

/// Apple's user-impact bands for the hitch time ratio, milliseconds per second.
///
/// Source: WWDC20 session 10077 "Eliminate animation hitches with XCTest": good under 5 ms/s,
/// warning from 5 to 10 ms/s (hitches noticeable), critical at 10 ms/s and above.
public enum HitchBand: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// Under 5 ms/s.
  case good
  /// 5 ms/s up to (not including) 10 ms/s.
  case warning
  /// 10 ms/s or more.
  case critical

  /// The band of `ratio` (ms/s, ≥ 0).
  public init(ratio: Double) {
    switch ratio {
    case ..<5: self = .good
    case ..<10: self = .warning
    default: self = .critical
    }
  }
}
