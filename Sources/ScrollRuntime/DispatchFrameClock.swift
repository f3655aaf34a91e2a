import Dispatch

/// A real-time clock on a `DispatchSourceTimer`: frame `n` runs at
/// `start + n·10⁹/refreshRate` ns of `DispatchTime` (uptime), computed from the index, so
/// there is no drift. A late tick runs the newest frame whose deadline has passed and reports the
/// skipped ones as missed (they are not replayed as a burst).
public struct DispatchFrameClock: FrameClock {
  /// Frames per second, in 1…1000.
  public let refreshRate: Int
  /// Allowed timer leeway, nanoseconds (default 0.5 ms).
  public var leeway: Int

  /// Creates a real-time clock.
  /// - Parameters:
  ///   - refreshRate: frames per second, in 1…1000.
  ///   - leeway: nanoseconds the system may delay a tick to save power, ≥ 0.
  public init(refreshRate: Int, leeway: Int = 500_000) {
    precondition((1...1000).contains(refreshRate), "refresh rate must be in 1…1000 Hz")
    self.refreshRate = refreshRate
    self.leeway = leeway
  }

  /// Runs the frames on a private serial queue and blocks the caller until `body` returns
  /// `false`. `body` is never called concurrently with itself.
  public mutating func run(_ body: (FrameTick) -> Bool) {
    withoutActuallyEscaping(body) { body in
      let state = TimerState(body: body)
      let queue = DispatchQueue(label: "scrollsim.frame-clock", qos: .userInteractive)
      let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
      let done = DispatchSemaphore(value: 0)
      let start = DispatchTime.now().uptimeNanoseconds
      let clock = self
      timer.setEventHandler {
        let now = DispatchTime.now().uptimeNanoseconds
        // The newest frame whose deadline has passed.
        var due = state.next
        while clock.deadline(ofFrame: due + 1, start: start) <= now { due += 1 }
        let tick = FrameTick(
          index: due, missedBefore: due - state.next,
          lateness: now - clock.deadline(ofFrame: due, start: start))
        guard let body = state.body, body(tick) else {
          timer.cancel()
          done.signal()
          return
        }
        state.next = due + 1
        timer.schedule(
          deadline: DispatchTime(uptimeNanoseconds: clock.deadline(ofFrame: state.next, start: start)),
          leeway: .nanoseconds(clock.leeway))
      }
      timer.schedule(deadline: DispatchTime(uptimeNanoseconds: start), leeway: .nanoseconds(leeway))
      timer.resume()
      done.wait()
      // Release the body before returning: `withoutActuallyEscaping` traps if it outlives us.
      state.body = nil
    }
  }
}

/// The mutable state of one real-time run. Only the timer's serial queue touches it while the
/// caller is blocked, which is what makes the unchecked `Sendable` sound.
private final class TimerState: @unchecked Sendable {
  var body: ((FrameTick) -> Bool)?
  var next = 0
  init(body: @escaping (FrameTick) -> Bool) { self.body = body }
}
