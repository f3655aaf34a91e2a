import ScrollRuntime

/// Parses the frame-pacing options of `scrollsim replay`: `--hz-changes` and
/// `--max-hitch-ratio`.
package enum PacingOptions {
  /// The schedule for `--hz` and `--hz-changes FRAME:HZ[,FRAME:HZ…]` (nil: constant rate).
  /// - Throws: a usage error naming `--hz-changes` and what it expects.
  package static func schedule(hz: Int, changes text: String?) throws(CommandError)
    -> FrameSchedule
  {
    guard let text else { return FrameSchedule(refreshRate: hz) }
    do {
      return try FrameSchedule(refreshRate: hz, changes: text)
    } catch {
      throw .usage("--hz-changes \(text): \(error.description)")
    }
  }

  /// The `--max-hitch-ratio` bound in ms/s (finite, ≥ 0), or nil when not given.
  /// - Throws: a usage error for a bad number or when `--realtime` is missing.
  static func maxHitchRatio(_ arguments: ArgumentList, realtime: Bool) throws(CommandError)
    -> Double?
  {
    guard let bound = try arguments.value(CommonOptions.maxHitchRatio) else { return nil }
    if !realtime {
      throw .usage("--max-hitch-ratio needs --realtime (the virtual clock has no pacing)")
    }
    return bound
  }
}
