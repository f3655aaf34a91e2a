import ScrollEffects
import ScrollRuntime

/// The one-paragraph summary printed after a replay.
enum ReplaySummaryFormatter {
  /// The paragraph; `schedule` is the frame-rate schedule (`--hz` and `--hz-changes`), said in
  /// full: `at 120 Hz, 60 Hz from frame 60 (0.500 s)`.
  static func paragraph(
    file: String, effect: String, schedule: FrameSchedule, profile: String,
    statistics s: ReplayStatistics, outputs: [EffectOutput], columns: [Int]? = nil,
    eventCount: Int? = nil, realtime: Bool
  ) -> String {
    var text = "Replayed \(file) through \(profile) physics and \(effect) at \(rates(schedule))"
    text += realtime ? " in real time: " : " (virtual clock): "
    text += "\(s.frames) frames over \(Number.fixed(s.lastTime, 3)) s"
    text += realtime ? ", \(s.missedFrames) missed. " : ". "
    if s.releases.isEmpty {
      text += "No finger lifted. "
    } else {
      // Every lift of a short trace; the first few, the fastest and the last of a long one.
      func lift(_ release: (time: Double, velocity: Double)) -> String {
        "\(Number.fixed(release.velocity, 1)) pt/s at \(Number.fixed(release.time, 3)) s"
      }
      var flings = s.releases.map(lift)
      if s.releaseCount > s.releases.count, let last = s.lastRelease,
        let fastest = s.fastestRelease
      {
        flings.append(
          "… \(s.releaseCount - s.releases.count) more (\(s.releaseCount) lifts in all; "
            + "fastest \(lift(fastest)); last \(lift(last)))")
      }
      text += "Fling velocity at lift: \(flings.joined(separator: "; ")). "
    }
    text += "Peak overscroll: \(Number.fixed(s.peakTopOverscroll, 2)) pt at the top, "
    text += "\(Number.fixed(s.peakBottomOverscroll, 2)) pt at the bottom. "
    if let rest = s.timeToRest {
      text += "Time to rest after the last lift: \(Number.fixed(rest, 3)) s. "
    } else if !s.releases.isEmpty {
      text += "The view had not come to rest when the replay ended. "
    }
    let ranges = (columns ?? Array(outputs.indices)).map { i in
      "\(outputs[i].name) \(Number.fixed(s.minimums[i], 4)) … \(Number.fixed(s.maximums[i], 4))"
    }
    text += "Outputs (min … max): \(ranges.joined(separator: ", ")). "
    let events = eventCount ?? s.eventCount
    text += "\(events) threshold event\(events == 1 ? "" : "s")."
    return text
  }

  /// `120 Hz` for one rate, `120 Hz, 60 Hz from frame 60 (0.500 s), …` for a schedule.
  static func rates(_ schedule: FrameSchedule) -> String {
    schedule.segments.enumerated().map { index, segment in
      index == 0
        ? "\(segment.refreshRate) Hz"
        : "\(segment.refreshRate) Hz from frame \(segment.firstFrame) "
          + "(\(Number.fixed(Double(segment.startNanoseconds) / 1e9, 3)) s)"
    }.joined(separator: ", ")
  }
}
