import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollRuntime

/// A generated touch sequence `scrollsim check` replays through the physics on every device.
///
/// Finger positions are in screen points (y down); moving the finger up scrolls forward. Moves
/// are sampled at 120 Hz, like a ProMotion touch screen. A gesture may also change the
/// content height at a given time (the list reloads): the change goes through the physics as in
/// a replay (``/ScrollPhysics/ScrollSimulator/setGeometry(_:at:)``), so a fling or drag goes on
/// with its velocity and phase, and a view left beyond the new range bounces back into it.
public struct CheckGesture: Sendable, Equatable {
  /// A touch event.
  public enum Touch: Sendable, Equatable {
    /// A finger touches the screen at `y` points from the top.
    case down(y: Double)
    /// The finger moves to `y`.
    case move(y: Double)
    /// The finger lifts.
    case up
  }

  /// Short name used in reports, e.g. `fling-3000`.
  public var name: String
  /// Where the view starts: at the top (false) or at the bottom of its range (true).
  public var startsAtBottom: Bool
  /// Touch events as (time in seconds, event), in time order.
  public var touches: [(time: Double, touch: Touch)]
  /// A content-height change (time in seconds, new height in points), if any.
  public var contentChange: (time: Double, height: Double)?
  /// How long the gesture runs, seconds: the check computes every frame from 0 to this time.
  public var duration: Double

  /// An empty gesture.
  public init(name: String, startsAtBottom: Bool = false, duration: Double) {
    self.name = name
    self.startsAtBottom = startsAtBottom
    self.touches = []
    self.duration = duration
  }

  /// Whether two gestures have the same name, start, touches, content change and duration.
  public static func == (a: CheckGesture, b: CheckGesture) -> Bool {
    a.name == b.name && a.startsAtBottom == b.startsAtBottom && a.duration == b.duration
      && a.touches.elementsEqual(b.touches) { $0.time == $1.time && $0.touch == $1.touch }
      && a.contentChange?.time == b.contentChange?.time
      && a.contentChange?.height == b.contentChange?.height
  }

  /// The frame loop of this gesture on `device`, as `scrollsim check` runs it: the gesture's
  /// inputs from rest at the top (or, ``startsAtBottom``, the bottom) of the device's scroll
  /// view, iOS physics, the device's screen scale, `effect` from the state it has.
  /// - Parameters:
  ///   - device: the scroll view and screen.
  ///   - effect: the effect to evaluate every frame, or nil for the physics alone.
  ///   - refreshRate: frames per second, in 1…1000.
  /// - Throws: ``/ScrollSimCore/InputError`` naming `"<gesture> on <device>"` when the refresh
  ///   rate is out of range or the physics rejects the device.
  public func frameLoop(
    on device: CheckDevice, effect: (any ScrollEffect)?, refreshRate: Int
  ) throws(InputError) -> FrameLoop<FrameInputList> {
    try FrameLoop(
      source: FrameInputList(inputs, name: "\(name) on \(device.name)"),
      geometry: device.geometry, screenScale: device.screenScale,
      startOffset: startsAtBottom ? device.geometry.maxOffset : 0, effect: effect,
      refreshRate: refreshRate)
  }

  /// The touches and the content change as frame-loop inputs, in time order (a content change
  /// at the time of a touch comes after it).
  public var inputs: [FrameInput] {
    var inputs: [FrameInput] = []
    inputs.reserveCapacity(touches.count + 1)
    var change = contentChange
    for (time, touch) in touches {
      if let pending = change, pending.time < time {
        inputs.append(FrameInput(time: pending.time, kind: .contentHeight(pending.height)))
        change = nil
      }
      let kind: FrameInput.Kind =
        switch touch {
        case .down(let y): .touchDown(y: y)
        case .move(let y): .touchMove(y: y)
        case .up: .touchUp(y: nil)
        }
      inputs.append(FrameInput(time: time, kind: kind))
    }
    if let change {
      inputs.append(FrameInput(time: change.time, kind: .contentHeight(change.height)))
    }
    return inputs
  }

  /// Appends a stroke: finger down at `from` (unless `touching`), moves to `to` at `speed`
  /// points per second, optionally holds still for `hold` seconds, then lifts.
  mutating func stroke(
    from: Double, to: Double, speed: Double, hold: Double, at start: Double, lift: Bool = true
  ) -> Double {
    var t = start
    touches.append((t, .down(y: from)))
    let distance = Swift.abs(to - from)
    let steps = Swift.max(1, Int((distance / speed * 120).rounded(.up)))
    for i in 1...steps {
      t = start + Double(i) / 120
      touches.append((t, .move(y: from + (to - from) * Double(i) / Double(steps))))
    }
    if hold > 0 {
      t += hold
      touches.append((t, .move(y: to)))
    }
    if lift { touches.append((t, .up)) }
    return t
  }

  /// The name of the boundary-rest runs behind `chatter` warnings (a finger resting on each
  /// trigger boundary with 0.25 pt of noise for 1 s; not a touch sequence of this type).
  public static let restOnBoundaryName = "rest-on-boundary"

  /// The name of the hold-still runs behind direction `flicker` violations (see
  /// ``holdStill(viewportHeight:)``).
  public static let holdStillName = "hold-still"

  /// Seconds the finger holds still in ``holdStill(viewportHeight:)``.
  public static let holdDuration = 1.0

  /// Touch noise of a finger resting on the screen, points from its rest position, at `time`
  /// seconds: two incommensurate sines, at most ±0.25 pt (7 Hz and 31.3 Hz; the noise
  /// `rest-on-boundary` uses too).
  public static func touchNoise(at time: Double) -> Double {
    0.15 * sin(2 * .pi * 7 * time) + 0.1 * sin(2 * .pi * 31.3 * time + 1)
  }

  /// A drag forward over 0.35 of a viewport `height` points tall at 300 pt/s, then the finger
  /// held still for ``holdDuration`` with ``touchNoise(at:)`` at 120 Hz, then lifted: a
  /// direction effect (a hide-on-scroll bar) must not change while the finger holds still.
  /// The hold runs from ``holdStillWindow(viewportHeight:)``'s start to its end.
  public static func holdStill(viewportHeight height: Double) -> CheckGesture {
    var gesture = CheckGesture(name: holdStillName, duration: 0)
    let (start, end) = holdStillWindow(viewportHeight: height)
    var t = gesture.stroke(
      from: 0.85 * height, to: 0.5 * height, speed: 300, hold: 0, at: 0.1, lift: false)
    precondition(t == start, "the hold starts where the drag ends")
    let samples = Int((holdDuration * 120).rounded())
    for k in 1...samples {
      t = start + Double(k) / 120
      gesture.touches.append((t, .move(y: 0.5 * height + touchNoise(at: t - start))))
    }
    gesture.touches.append((end, .up))
    gesture.duration = end + 0.5
    return gesture
  }

  /// When the finger of ``holdStill(viewportHeight:)`` holds still: from the end of its drag
  /// to its lift, seconds.
  public static func holdStillWindow(viewportHeight height: Double) -> (
    start: Double, end: Double
  ) {
    let steps = Swift.max(1, Int((0.35 * height / 300 * 120).rounded(.up)))
    let start = 0.1 + Double(steps) / 120
    return (start, start + Double(Int((holdDuration * 120).rounded())) / 120)
  }

  /// The standard matrix for a viewport of `height` points: slow drags forward and back,
  /// flings at 1000, 3000 and 8000 pt/s forward then back, a pull-down at the top and a
  /// pull-up at the bottom released at rest, releases while overscrolled (flicked back into
  /// range and further out), and the content shrinking under a view scrolled to the end.
  public static func standard(viewportHeight height: Double) -> [CheckGesture] {
    let low = 0.85 * height
    let high = 0.15 * height
    var gestures: [CheckGesture] = []

    var slow = CheckGesture(name: "slow-drag", duration: 30)
    var t = 0.1
    for _ in 0..<3 { t = slow.stroke(from: low, to: high, speed: 150, hold: 0.2, at: t) + 0.1 }
    for _ in 0..<3 { t = slow.stroke(from: high, to: low, speed: 150, hold: 0.2, at: t) + 0.1 }
    slow.duration = t + 1
    gestures.append(slow)

    for speed in [1000.0, 3000, 8000] {
      var fling = CheckGesture(name: "fling-\(Int(speed))", duration: 14)
      let travel = Swift.min(speed * 0.08, low - high)
      _ = fling.stroke(from: low, to: low - travel, speed: speed, hold: 0, at: 0.1)
      _ = fling.stroke(from: high, to: high + travel, speed: speed, hold: 0, at: 7)
      gestures.append(fling)
    }

    var pull = CheckGesture(name: "pull-down-top", duration: 4)
    _ = pull.stroke(from: high, to: low, speed: 400, hold: 0.2, at: 0.1)
    gestures.append(pull)

    var pullUp = CheckGesture(name: "pull-up-bottom", startsAtBottom: true, duration: 4)
    _ = pullUp.stroke(from: low, to: high, speed: 400, hold: 0.2, at: 0.1)
    gestures.append(pullUp)

    var back = CheckGesture(name: "release-overscrolled-forward", duration: 6)
    let mid = (low + high) / 2
    t = back.stroke(from: high, to: mid, speed: 400, hold: 0, at: 0.1, lift: false)
    for i in 1...6 { back.touches.append((t + Double(i) / 120, .move(y: mid - 25 * Double(i)))) }
    back.touches.append((t + 6.0 / 120, .up))
    gestures.append(back)

    var further = CheckGesture(name: "release-overscrolled-outward", duration: 6)
    _ = further.stroke(from: high, to: mid + 0.2 * height, speed: 2500, hold: 0, at: 0.1)
    gestures.append(further)

    var shrink = CheckGesture(name: "content-shrinks", startsAtBottom: true, duration: 3)
    shrink.contentChange = (0.5, 0)
    gestures.append(shrink)
    return gestures
  }
}
