import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollSimCore

/// The summary of `scrollsim replay --format json`: one JSON object with sorted keys, times in
/// seconds, offsets in points, velocities in points per second, pacing in nanoseconds and ms/s.
struct ReplaySummaryJSON: Encodable {
  struct Release: Encodable {
    let time: Double
    let velocity: Double
  }

  /// One touch (``ReplayStatistics/Gesture``): seconds, points per second, points.
  struct Gesture: Encodable {
    let number: Int
    let downTime: Double?
    let liftTime: Double
    let releaseVelocity: Double
    let peakTopOverscroll: Double
    let peakBottomOverscroll: Double
    let timeToRest: Double?
    let restOffset: Double?
    /// True when the release ended a trackpad session (left out for a touch).
    let trackpad: Bool?
    /// Why the release moved no content though its velocity is not 0 (left out otherwise).
    let noFling: String?
  }

  /// The horizontal axis of a two-axis run (``ReplayStatistics/Horizontal``): points and
  /// points per second; left out for a vertical run.
  struct Horizontal: Encodable {
    let minimumOffset: Double
    let maximumOffset: Double
    let lastOffset: Double
    let fastestRelease: Double
    let peakLeftOverscroll: Double
    let peakRightOverscroll: Double
  }

  /// A view of a nested chain's run (``ReplayStatistics/ViewRange``): points; the list is
  /// left out for a run of one scroll view.
  struct ViewRange: Encodable {
    let name: String
    let minimumOffset: Double
    let maximumOffset: Double
    let lastOffset: Double
  }

  struct OutputRange: Encodable {
    let name: String
    let min: Double
    let max: Double
  }

  let file: String
  let effect: String
  let physics: String
  let schedule: FrameSchedule
  let realtime: Bool
  let interrupted: Bool
  let frames: Int
  let missedFrames: Int
  let lastTime: Double
  /// The first ``ReplayStatistics/listedReleaseLimit`` lifts.
  let releases: [Release]
  /// Lifts in all; the fastest and the last of them.
  let releaseCount: Int
  let fastestRelease: Release?
  let lastRelease: Release?
  /// The first ``ReplayStatistics/listedReleaseLimit`` touches, one object each.
  let gestures: [Gesture]
  let peakTopOverscroll: Double
  let peakBottomOverscroll: Double
  let timeToRest: Double?
  let horizontal: Horizontal?
  /// Each view of a nested chain, outer to inner; nil (left out) for one scroll view.
  let views: [ViewRange]?
  let outputs: [OutputRange]
  let eventCount: Int
  let pacing: FramePacing?
  /// What the trace's reader skipped (a partial last line a cut recording left), one
  /// `file:line: message` each: the run replayed every event before it. Left out when none.
  let warnings: [String]?

  init(
    file: String, effect: String, schedule: FrameSchedule, profile: String,
    statistics s: ReplayStatistics, outputs: [EffectOutput], columns: [Int]? = nil,
    eventCount: Int? = nil, pacing: FramePacing?, interrupted: Bool, warnings: [InputError] = []
  ) {
    self.warnings = warnings.isEmpty ? nil : warnings.map(\.description)
    self.file = file
    self.effect = effect
    physics = profile
    self.schedule = schedule
    realtime = pacing != nil
    self.interrupted = interrupted
    frames = s.frames
    missedFrames = s.missedFrames
    lastTime = s.lastTime
    releases = s.releases.map { Release(time: $0.time, velocity: $0.velocity) }
    releaseCount = s.releaseCount
    fastestRelease = s.fastestRelease.map { Release(time: $0.time, velocity: $0.velocity) }
    lastRelease = s.lastRelease.map { Release(time: $0.time, velocity: $0.velocity) }
    gestures = s.gestures.map {
      Gesture(
        number: $0.number, downTime: $0.downTime, liftTime: $0.liftTime,
        releaseVelocity: $0.releaseVelocity, peakTopOverscroll: $0.peakTopOverscroll,
        peakBottomOverscroll: $0.peakBottomOverscroll, timeToRest: $0.timeToRest,
        restOffset: $0.restOffset, trackpad: $0.isTrackpad ? true : nil, noFling: $0.noFling)
    }
    peakTopOverscroll = s.peakTopOverscroll
    peakBottomOverscroll = s.peakBottomOverscroll
    timeToRest = s.timeToRest
    horizontal = s.horizontal.map {
      Horizontal(
        minimumOffset: $0.minimumOffset, maximumOffset: $0.maximumOffset,
        lastOffset: $0.lastOffset, fastestRelease: $0.fastestRelease,
        peakLeftOverscroll: $0.peakLeftOverscroll, peakRightOverscroll: $0.peakRightOverscroll)
    }
    views =
      s.views.isEmpty
      ? nil
      : s.views.map {
        ViewRange(
          name: $0.name, minimumOffset: $0.minimumOffset, maximumOffset: $0.maximumOffset,
          lastOffset: $0.lastOffset)
      }
    self.outputs = (columns ?? Array(outputs.indices)).map {
      OutputRange(name: outputs[$0].name, min: s.minimums[$0], max: s.maximums[$0])
    }
    self.eventCount = eventCount ?? s.eventCount
    self.pacing = pacing
  }

  /// JSON with sorted keys (byte-identical for identical virtual-clock runs): pretty-printed
  /// for one trace's summary, or on one line (`oneLine`, for the JSON Lines of a many-trace
  /// replay: one object per line, for `jq -c` or a line-by-line reader).
  func text(oneLine: Bool = false) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      oneLine
      ? [.sortedKeys, .withoutEscapingSlashes]
      : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
