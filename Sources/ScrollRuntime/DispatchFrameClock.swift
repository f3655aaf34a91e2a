import Dispatch

/// A real-time clock on a `DispatchSourceTimer`, with the frame work on a separate queue.
///
/// Frame `n` is due at the schedule's deadline (``FrameSchedule/deadline(ofFrame:)``, integer
/// nanoseconds from the index, no drift; rate changes allowed mid-run). The timer is re-armed
/// for each deadline on its own serial queue and never waits for the work: each tick hands the
/// newest due frame to a serial work queue, unless the previous frame is still running. Frames
/// whose deadlines pass meanwhile are coalesced: the next delivered frame is the newest due one,
/// computed at its own target time, and the skipped ones are counted in
/// ``FrameTick/missedBefore`` (not replayed as a burst). When the work finishes after the next
/// deadline, that frame is delivered at once, late, rather than waiting a whole period.
///
/// The timer is one-shot per deadline, so Dispatch's own fire count (`timer.data`) is at most 1;
/// the coalesced count is derived from the monotonic clock against the deadlines instead, which
/// is exact. Each computed frame's deadline, start and end land in ``timings`` for
/// ``FramePacing``.
public struct DispatchFrameClock: FrameClock {
  /// The deadlines (rate and rate changes).
  public let schedule: FrameSchedule
  /// Allowed timer leeway, nanoseconds (default 0.5 ms).
  public var leeway: Int
  /// The frames computed by the last ``run(_:)``, in order: deadline, start and end of each.
  public private(set) var timings: [FrameTiming] = []

  /// Creates a real-time clock at a constant rate.
  /// - Parameters:
  ///   - refreshRate: frames per second, in 1…1000.
  ///   - leeway: nanoseconds the system may delay a tick to save power, ≥ 0.
  public init(refreshRate: Int, leeway: Int = 500_000) {
    self.init(schedule: FrameSchedule(refreshRate: refreshRate), leeway: leeway)
  }

  /// Creates a real-time clock following `schedule` (rate changes included).
  /// - Parameters:
  ///   - schedule: the frame deadlines: a refresh rate and its changes.
  ///   - leeway: nanoseconds the system may delay a tick, ≥ 0.
  public init(schedule: FrameSchedule, leeway: Int = 500_000) {
    precondition(leeway >= 0, "leeway must be ≥ 0 ns")
    self.schedule = schedule
    self.leeway = leeway
  }

  /// Runs the frames on a private work queue and blocks the caller until `body` returns
  /// `false`. `body` is never called concurrently with itself.
  public mutating func run(_ body: (FrameTick) -> Bool) {
    let schedule = schedule
    let leeway = leeway
    timings = withoutActuallyEscaping(body) { body in
      RealTimeRun(schedule: schedule, leeway: leeway, body: body).start()
    }
  }
}

/// The state of one real-time run. The timer fields are touched only on `timerQueue`, the
/// frame log only on `workQueue` (and read after the run ends, ordered by the semaphore), which
/// is what makes the unchecked `Sendable` sound.
private final class RealTimeRun: @unchecked Sendable {
  let schedule: FrameSchedule
  let leeway: DispatchTimeInterval
  /// Dropped when the run ends: `withoutActuallyEscaping` checks it was not kept.
  var body: ((FrameTick) -> Bool)?
  let timerQueue = DispatchQueue(label: "scrollsim.frame-clock.timer", qos: .userInteractive)
  let workQueue = DispatchQueue(label: "scrollsim.frame-clock.work", qos: .userInteractive)
  let timer: DispatchSourceTimer
  let done = DispatchSemaphore(value: 0)
  var origin: UInt64 = 0

  // Timer queue only.
  var lastDelivered = -1
  var busy = false
  var finished = false

  // Work queue only.
  var timings: [FrameTiming] = []

  init(schedule: FrameSchedule, leeway: Int, body: @escaping (FrameTick) -> Bool) {
    self.schedule = schedule
    self.leeway = .nanoseconds(leeway)
    self.body = body
    timer = DispatchSource.makeTimerSource(flags: .strict, queue: timerQueue)
    timings.reserveCapacity(4096)
  }

  func start() -> [FrameTiming] {
    origin = DispatchTime.now().uptimeNanoseconds
    timer.setEventHandler { self.tick() }
    timer.schedule(deadline: DispatchTime(uptimeNanoseconds: origin), leeway: leeway)
    timer.resume()
    done.wait()
    body = nil
    return timings
  }

  private func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds - origin }

  /// Timer queue: deliver the newest due frame if the worker is free, then re-arm.
  private func tick() {
    guard !finished else { return }
    deliverIfDue()
    let next = max(lastDelivered + 1, schedule.firstFrame(atOrAfter: now() + 1))
    timer.schedule(
      deadline: DispatchTime(uptimeNanoseconds: origin + schedule.deadline(ofFrame: next)),
      leeway: leeway)
  }

  /// Timer queue: hand the newest frame whose deadline has passed to the work queue.
  private func deliverIfDue() {
    guard !busy, !finished else { return }
    let now = now()
    let newest = schedule.firstFrame(atOrAfter: now + 1) - 1
    guard newest > lastDelivered else { return }
    let deadline = schedule.deadline(ofFrame: newest)
    let tick = FrameTick(
      index: newest, time: schedule.time(ofFrame: newest), missedBefore: newest - lastDelivered - 1,
      lateness: now - deadline)
    lastDelivered = newest
    busy = true
    workQueue.async { self.work(tick, deadline: deadline) }
  }

  /// Work queue: run the body, log its timing, report back to the timer queue.
  private func work(_ tick: FrameTick, deadline: UInt64) {
    let start = now()
    let more = body?(tick) ?? false
    timings.append(FrameTiming(index: tick.index, deadline: deadline, start: start, end: now()))
    timerQueue.async {
      self.busy = false
      if more {
        self.deliverIfDue()
      } else {
        self.finished = true
        self.timer.setEventHandler(handler: nil)
        self.timer.cancel()
        self.done.signal()
      }
    }
  }
}
