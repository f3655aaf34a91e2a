/// Where a wheel or trackpad delta sits in its gesture, as the platforms report it. One axis (y).
///
/// macOS gives every scroll-wheel `NSEvent` a `phase` (the user's fingers on the trackpad:
/// `mayBegin`, `began`, `changed`, `ended`, `cancelled`) and a `momentumPhase` (the inertial
/// deltas the system sends after the fingers lift: `began`, `changed`, `ended`); an event has
/// one or the other, or neither (a mouse wheel's notch). iPadOS reports a trackpad's continuous
/// scrolling through `UIPanGestureRecognizer` (`allowedScrollTypesMask` `.continuous`) with the
/// recognizer's began/changed/ended/cancelled, and the momentum as a deceleration of its own.
/// The web's `WheelEvent` has no phases at all: every web delta is ``none``.
///
/// The cases are the two NSEvent properties folded into one value: ``none`` when both are none,
/// the user's phase, or a momentum phase. Sources: Apple, `NSEvent.phase` and
/// `NSEvent.momentumPhase` (AppKit documentation); WebKit `ScrollingEffectsController::handleWheelEvent`
/// and Chromium `ElasticOverscrollController`, which read them the same way.
public enum WheelPhase: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
  /// No phase: a plain mouse wheel (discrete line or pixel deltas), a web `WheelEvent`.
  case none
  /// Fingers touched the trackpad; a scroll may follow (`NSEvent.Phase.mayBegin`). No delta.
  case mayBegin
  /// The fingers started scrolling (`.began`).
  case began
  /// The fingers moved (`.changed`).
  case changed
  /// The fingers lifted (`.ended`); momentum deltas may follow.
  case ended
  /// The gesture was cancelled (`.cancelled`, e.g. after `mayBegin` without a scroll); no
  /// momentum follows.
  case cancelled
  /// The first of the system's inertial deltas after the fingers lifted (`momentumPhase`
  /// `.began`).
  case momentumBegan
  /// An inertial delta (`momentumPhase` `.changed`).
  case momentumChanged
  /// The last inertial delta (`momentumPhase` `.ended`).
  case momentumEnded

  /// Whether this is a momentum phase (the system's inertial deltas).
  public var isMomentum: Bool {
    self == .momentumBegan || self == .momentumChanged || self == .momentumEnded
  }

  /// The name of the phase in its trace key (`phase` or `momentum`): `mayBegin`, `began`,
  /// `changed`, `ended`, `cancelled`, or `began`, `changed`, `ended` for the momentum phases;
  /// nil for ``none``.
  package var traceName: String? {
    switch self {
    case .none: nil
    case .mayBegin: "mayBegin"
    case .began, .momentumBegan: "began"
    case .changed, .momentumChanged: "changed"
    case .ended, .momentumEnded: "ended"
    case .cancelled: "cancelled"
    }
  }

  /// The trace key that carries the phase: `phase`, `momentum`, or nil for ``none``.
  package var traceKey: String? {
    self == .none ? nil : isMomentum ? "momentum" : "phase"
  }

  /// The values a trace key allows, in the platform's order.
  package static func traceNames(key: String) -> [String] {
    allCases.filter { $0.traceKey == key }.compactMap(\.traceName)
  }
}

/// The order of a wheel device's phased deltas: one session at a time, `mayBegin` (optional),
/// `began`, `changed`…, then `ended` or `cancelled`; after `ended`, optionally a momentum run
/// (`momentumBegan`, `momentumChanged`…, `momentumEnded`). A new `mayBegin` or `began` may come
/// after `ended`, `cancelled` or during momentum (fingers landing on the trackpad stop it, as
/// WebKit and Chromium treat a `began` during momentum). A delta without a phase (``WheelPhase/none``)
/// may come at any time except between `began` and `ended` (a mouse wheel does not interleave
/// with one trackpad gesture).
///
/// The one checker of this order: trace validation and ``/ScrollPhysics/ScrollSimulator`` both
/// use it, so a trace the reader accepts always replays.
package struct WheelSequence: Sendable, Equatable, Hashable {
  /// Where the device is in its gesture.
  package enum Stage: Sendable, Equatable, Hashable {
    /// No session (or the last one finished).
    case idle
    /// Fingers rest on the trackpad (`mayBegin`).
    case mayBegin
    /// The fingers scroll (`began`, `changed`).
    case active
    /// The fingers lifted; momentum may follow.
    case ended
    /// The system sends momentum deltas.
    case momentum
  }

  /// Where the device is now.
  package private(set) var stage = Stage.idle

  package init() {}

  /// Why `phase` cannot come now: the trace key at fault (`phase`, `momentum` or `type`) and
  /// the message (no location; callers add it), or nil when it fits. Moves to the next stage
  /// when it fits.
  package mutating func accept(_ phase: WheelPhase) -> (field: String, message: String)? {
    let next: Stage?
    switch (phase, stage) {
    case (.none, .active): next = nil
    case (.none, .momentum): next = .idle  // a mouse wheel stops the momentum
    case (.none, _): next = stage
    case (.mayBegin, .idle), (.mayBegin, .ended), (.mayBegin, .momentum): next = .mayBegin
    case (.began, .idle), (.began, .mayBegin), (.began, .ended), (.began, .momentum):
      next = .active
    case (.changed, .active): next = .active
    case (.ended, .active): next = .ended
    case (.cancelled, .active), (.cancelled, .mayBegin): next = .idle
    case (.momentumBegan, .ended): next = .momentum
    case (.momentumChanged, .momentum): next = .momentum
    case (.momentumEnded, .momentum): next = .idle
    default: next = nil
    }
    if let next {
      stage = next
      return nil
    }
    let field = phase.traceKey ?? "phase"
    let name = phase.traceName ?? "a delta without phase"
    let what = phase.isMomentum ? "momentum \(name)" : phase == .none ? name : "phase \(name)"
    return (field, "\(what) \(Self.describe(stage)); expected \(Self.expected(after: stage))")
  }

  private static func describe(_ stage: Stage) -> String {
    switch stage {
    case .idle: "with no trackpad session"
    case .mayBegin: "while the fingers rest on the trackpad (mayBegin)"
    case .active: "during a trackpad session"
    case .ended: "after the session ended"
    case .momentum: "during momentum"
    }
  }

  private static func expected(after stage: Stage) -> String {
    switch stage {
    case .idle: "phase mayBegin or began first (or a delta without phase)"
    case .mayBegin: "phase began or cancelled"
    case .active: "phase changed, ended or cancelled"
    case .ended: "momentum began, a new mayBegin or began, or a delta without phase"
    case .momentum: "momentum changed or ended, a new mayBegin or began, or a delta without phase"
    }
  }
}
