import ScrollRuntime

/// Parses the frame-pacing options of `scrollsim replay`: `--hz-changes` and
/// `--max-hitch-ratio`.
enum PacingOptions {
  /// The schedule for `--hz` and `--hz-changes FRAME:HZ[,FRAME:HZ…]` (nil: constant rate).
  /// - Throws: a usage error naming `--hz-changes` and what it expects.
  static func schedule(hz: Int, changes text: String?) throws(CommandError) -> FrameSchedule {
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
    guard arguments.value("max-hitch-ratio") != nil else { return nil }
    let bound = try arguments.value(
      "max-hitch-ratio", default: 0, expected: "a number of ms/s ≥ 0"
    ) { text in Double(text).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
    if !realtime {
      throw .usage("--max-hitch-ratio needs --realtime (the virtual clock has no pacing)")
    }
    return bound
  }
}
