import ScrollEffects
import ScrollRuntime

/// The summary printed after a replay: one paragraph, and for a session of several touches a
/// table of them below it.
enum ReplaySummaryFormatter {
  /// The paragraph; `schedule` is the frame-rate schedule (`--hz` and `--hz-changes`), said in
  /// full: `at 120 Hz, 60 Hz from frame 60 (0.500 s)`. One lift is told in the paragraph; several
  /// are counted there (fastest and last) and listed in ``gestureTable(_:)``, which follows.
  /// The sentence that opens the summary of an interrupted replay, so that a partial result
  /// never reads as the whole trace's: the signal (`reason`) and the last frame's time.
  static func interrupted(_ reason: String, at s: ReplayStatistics) -> String {
    "Interrupted by \(reason) at t = \(Number.fixed(s.lastTime, 3)) s: a partial replay, the "
      + "trace was not read to its end. "
  }

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
    } else if s.releaseCount > 1, s.trackpadReleaseCount == 0, let h = s.horizontal {
      // Both axes: the speed of the fastest lift; each lift's components are in the table.
      text +=
        "\(s.releaseCount) lifts (table below); fastest lift "
        + "\(Number.fixed(h.fastestReleaseSpeed, 1)) pt/s (both axes, √(vx² + vy²)). "
    } else if s.releaseCount > 1, let fastest = s.fastestRelease, let last = s.lastRelease {
      func lift(_ release: (time: Double, velocity: Double)) -> String {
        "\(Number.fixed(release.velocity, 1)) pt/s at \(Number.fixed(release.time, 3)) s"
      }
      let trackpads = s.trackpadReleaseCount
      if trackpads == 0 {
        let fling = s.horizontal == nil ? "fling" : "vertical fling"
        text +=
          "\(s.releaseCount) lifts (table below); fastest \(fling) \(lift(fastest)), last "
          + "\(lift(last)). "
      } else {
        let what =
          trackpads == s.releaseCount
          ? "\(trackpads) trackpad session ends"
          : "\(s.releaseCount) releases (\(s.releaseCount - trackpads) finger lifts, "
            + "\(trackpads) trackpad session ends)"
        text +=
          "\(what) (table below); fastest release \(lift(fastest)), last \(lift(last)). "
      }
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
      // One release: a finger's lift or a trackpad session's end, and whether it could fling.
      let only = s.releaseCount == 1 ? s.gestures.first : nil
      let at = only?.isTrackpad == true ? "at the end of the trackpad session" : "at lift"
      if let reason = only?.noFling {
        text += "Release velocity \(at): \(flings.joined(separator: "; ")), no fling: \(reason). "
      } else if only?.isTrackpad == true {
        text += "Release velocity \(at): \(flings.joined(separator: "; ")). "
      } else if s.horizontal != nil, let only, let x = only.releaseVelocityX {
        // A two-axis run: both components of the one lift.
        text +=
          "Fling velocity at lift: x \(Number.fixed(x, 1)) pt/s, y "
          + "\(Number.fixed(only.releaseVelocity, 1)) pt/s at \(Number.fixed(only.liftTime, 3)) s. "
      } else {
        text += "Fling velocity at lift: \(flings.joined(separator: "; ")). "
      }
    }
    text += "Peak \(s.horizontal == nil ? "" : "vertical ")overscroll: "
    text += "\(Number.fixed(s.peakTopOverscroll, 2)) pt at the top, "
    text += "\(Number.fixed(s.peakBottomOverscroll, 2)) pt at the bottom. "
    if let rest = s.timeToRest {
      let after =
        s.lastReleaseIsTrackpad
        ? "the end of the last trackpad session (its momentum included)" : "the last lift"
      text += "Time to rest after \(after): \(Number.fixed(rest, 3)) s. "
    } else if !s.releases.isEmpty {
      text += "The view had not come to rest when the replay ended. "
    }
    if let h = s.horizontal {
      text +=
        "Horizontal axis: offset \(Number.fixed(h.minimumOffset, 3)) … "
        + "\(Number.fixed(h.maximumOffset, 3)) pt, \(Number.fixed(h.lastOffset, 3)) pt at the end; "
        + "fastest horizontal release \(Number.fixed(h.fastestRelease, 1)) pt/s; peak "
        + "overscroll \(Number.fixed(h.peakLeftOverscroll, 2)) pt at the left, "
        + "\(Number.fixed(h.peakRightOverscroll, 2)) pt at the right. "
    }
    if !s.views.isEmpty {
      text +=
        "Views (contentOffset min … max, at the end): "
        + s.views.map {
          "\($0.name) \(Number.fixed($0.minimumOffset, 3)) … \(Number.fixed($0.maximumOffset, 3)) pt, "
            + "\(Number.fixed($0.lastOffset, 3)) pt"
        }.joined(separator: "; ") + ". "
    }
    let ranges = (columns ?? Array(outputs.indices)).map { i in
      "\(outputs[i].name) \(Number.fixed(s.minimums[i], 4)) … \(Number.fixed(s.maximums[i], 4))"
    }
    text += "Outputs (min … max): \(ranges.joined(separator: ", ")). "
    let events = eventCount ?? s.eventCount
    text += "\(events) threshold event\(events == 1 ? "" : "s")."
    return text
  }

  /// The touches of a session, one row each: number, finger-down and lift times (s), release
  /// velocity (pt/s), peak overscroll at the top and the bottom during the touch and the motion
  /// after it (pt), time from the lift to rest (s; `caught` when the next touch stopped the
  /// content moving, `moving` when the replay ended first) and the offset at rest (pt); a
  /// two-axis run adds the horizontal release velocity and offset at rest
  /// (`release_x_pt_s`, `rest_offset_x_pt`) at the end. Nil for
  /// fewer than two lifts (the paragraph tells one). Touches past
  /// ``/ScrollRuntime/ReplayStatistics/listedReleaseLimit`` are counted on a last line.
  static func gestureTable(_ s: ReplayStatistics) -> String? {
    guard s.releaseCount > 1 else { return nil }
    let twoAxis = s.horizontal != nil
    let titles =
      [
        "gesture", "down_s", "lift_s", "release_pt_s", "overscroll_top_pt",
        "overscroll_bottom_pt", "rest_after_s", "rest_offset_pt",
      ] + (twoAxis ? ["release_x_pt_s", "rest_offset_x_pt"] : [])
    var lines = [titles.map { $0.leftPadded(to: max($0.count, 8)) }.joined(separator: "  ")]
    for (index, gesture) in s.gestures.enumerated() {
      let rest =
        gesture.timeToRest.map { Number.fixed($0, 3) }
        ?? (index == s.gestures.count - 1 && s.releaseCount == s.gestures.count
          ? "moving" : "caught")
      let xCells =
        twoAxis
        ? [
          gesture.releaseVelocityX.map { Number.fixed($0, 1) } ?? "–",
          gesture.restOffsetX.map { Number.fixed($0, 3) } ?? "–",
        ] : []
      let cells =
        [
          String(gesture.number), gesture.downTime.map { Number.fixed($0, 3) } ?? "–",
          Number.fixed(gesture.liftTime, 3), Number.fixed(gesture.releaseVelocity, 1),
          Number.fixed(gesture.peakTopOverscroll, 2), Number.fixed(gesture.peakBottomOverscroll, 2),
          rest, gesture.restOffset.map { Number.fixed($0, 3) } ?? "–",
        ] + xCells
      lines.append(
        zip(cells, titles).map { $0.leftPadded(to: max($1.count, 8)) }.joined(separator: "  "))
    }
    if s.releaseCount > s.gestures.count {
      lines.append(
        "… \(s.releaseCount - s.gestures.count) more touches (\(s.releaseCount) in all; the "
          + "paragraph names the fastest and the last)")
    }
    return lines.joined(separator: "\n")
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

extension String {
  /// The text right-aligned in `width` characters (as is when longer).
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
