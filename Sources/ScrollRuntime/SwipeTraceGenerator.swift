import ScrollTrace

/// Generates realistic, reproducible swipe traces for benchmarks and tests: flings, slow drags
/// both ways and pull-downs into the top overscroll, with touch reports every few milliseconds.
///
/// Same seed, same trace (a SplitMix64 generator; no wall clock, no global randomness). Event
/// times are computed from indices (`start + k·interval`), never accumulated. The finger moves
/// at a constant speed per gesture; flings are 1000–4000 pt/s, drags 100–400 pt/s, pulls
/// 150–600 pt/s downward; gestures are separated by 0.3–1.2 s without touch so momentum and
/// bounce run.
package struct SwipeTraceGenerator: Sendable {
  /// Seed of the pseudo-random sequence.
  package var seed: UInt64
  /// Seconds between touch reports, > 0 (default 0.0054: the 185 Hz touch panel of the
  /// swipe-shield recordings).
  package var reportInterval: Double

  /// Creates a generator.
  /// - Parameters:
  ///   - seed: any value; the same seed gives the same trace.
  ///   - reportInterval: seconds between touch reports, in (0, 0.1].
  package init(seed: UInt64, reportInterval: Double = 0.0054) {
    precondition(
      reportInterval > 0 && reportInterval <= 0.1, "report interval must be in (0, 0.1] s")
    self.seed = seed
    self.reportInterval = reportInterval
  }

  /// The device and scroll view of generated traces: a 390 × 844 pt, 3× phone at 120 Hz over a
  /// 2500 pt list with 100 pt of top inset (short enough for flings to reach both ends).
  package static let header = TraceHeader(
    device: .init(
      name: "generated 390×844 pt phone", screenWidth: 390, screenHeight: 844, scale: 3,
      refreshRate: 120),
    scroll: .init(viewportHeight: 844, contentHeight: 2500, contentInsetTop: 100),
    source: "ScrollRuntime.SwipeTraceGenerator")

  /// A trace of gestures until about `duration` seconds.
  /// - Parameter duration: seconds, > 0; the last gesture starts before it.
  /// - Returns: a trace with ``header`` whose events are in time order.
  /// - Complexity: O(events).
  package func trace(duration: Double) -> Trace {
    precondition(duration > 0, "duration must be > 0 s")
    var random = SplitMix64(seed: seed)
    var events: [TraceEvent] = []
    var time = 0.1
    var gesture = 0
    while time < duration {
      let kind = gesture == 0 ? 0 : Int(random.next() % 4)
      gesture += 1
      let (startY, speed, distance): (Double, Double, Double)
      switch kind {
      case 0:  // fling up (content forward), into the bottom bounce when near the end
        startY = random.uniform(600, 760)
        speed = -random.uniform(1000, 4000)
        distance = random.uniform(200, 450)
      case 1:  // fling down (back towards the top), into the top bounce when near it
        startY = random.uniform(150, 300)
        speed = random.uniform(1000, 4000)
        distance = random.uniform(200, 450)
      case 2:  // slow drag with a pause before lifting
        startY = random.uniform(300, 700)
        speed = random.next() % 2 == 0 ? -random.uniform(100, 400) : random.uniform(100, 400)
        distance = random.uniform(60, 200)
      default:  // pull down: back towards the top, into the overscroll when there
        startY = random.uniform(150, 300)
        speed = random.uniform(150, 600)
        distance = random.uniform(150, 400)
      }
      let moves = max(2, Int((distance / abs(speed) / reportInterval).rounded(.up)))
      events.append(TraceEvent(time: time, kind: .down, x: 195, y: startY))
      var lastTime = time
      var lastY = startY
      for k in 1...moves {
        lastTime = time + Double(k) * reportInterval
        lastY = startY + speed * Double(k) * reportInterval
        events.append(TraceEvent(time: lastTime, kind: .move, x: 195, y: lastY))
      }
      if kind == 2 {  // hold still: the release is below the fling threshold
        lastTime += 0.12
        events.append(TraceEvent(time: lastTime, kind: .move, x: 195, y: lastY))
      }
      events.append(TraceEvent(time: lastTime + 0.002, kind: .up, x: 195, y: lastY))
      time = lastTime + random.uniform(0.3, 1.2)
    }
    return Trace(header: Self.header, events: events)
  }
}
