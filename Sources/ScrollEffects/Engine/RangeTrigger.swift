/// A flag that is on while a timeline's progress is inside `start … end`, reporting its
/// crossings with direction as GSAP ScrollTrigger's callbacks do, with a hysteresis band.
///
/// Source: GSAP ScrollTrigger docs (https://gsap.com/docs/v3/Plugins/ScrollTrigger/):
/// `onEnter` (scrolling forward past `start`), `onLeave` (forward past `end`), `onEnterBack`
/// (backward past `end`), `onLeaveBack` (backward past `start`); a jump over the whole range
/// reports both of its crossings, in order (GSAP commit 754ca435 fixed "scroll quickly past BOTH
/// of a ScrollTrigger's start/end positions … the onEnter may not fire at all": both fire).
///
/// Rules, for progress `p` (its timeline's units) and hysteresis `h ≥ 0`:
/// - off before the range → on at `p ≥ start` (enter); on → off before at `p < start − h`
///   (leaveBack);
/// - off past the range → on at `p ≤ end` (enterBack); on → off past at `p > end + h` (leave).
/// The band lies *outside* the active range, so a value sitting on a boundary, or a layout
/// change that moves the offset back by less than `h`, cannot flicker the flag. The first
/// update after creation or ``reset()`` sets the state silently (see ``primeBeforeRange()``
/// for a first frame that reports its crossings). With `end = +∞` and the same
/// `start` and `h` this is exactly ``ThresholdTrigger``.
public struct RangeTrigger: Sendable, Equatable, Hashable {
  /// Where the flag is, relative to the range.
  public enum State: Sendable, Equatable, Hashable {
    /// Off, before the range (progress below `start`).
    case before
    /// On, inside the range.
    case active
    /// Off, past the range (progress above `end`).
    case after
  }

  /// Progress at which the flag turns on going forward, finite.
  public let start: Double
  /// Progress past which it turns off going forward, ≥ `start`; `+∞` for a one-sided threshold.
  public let end: Double
  /// The hysteresis band width, in progress units, finite, ≥ 0.
  public let hysteresis: Double
  /// The current state.
  public private(set) var state: State = .before
  /// Whether a value has been seen since creation or the last ``reset()``.
  public private(set) var isPrimed = false

  /// A trigger that is off and not yet primed.
  /// - Precondition: `start` finite, `end ≥ start` (may be +∞), `hysteresis` finite and ≥ 0
  ///   (``CompiledEffect`` validates specs before creating triggers).
  public init(start: Double, end: Double = .infinity, hysteresis: Double = 0) {
    precondition(start.isFinite && end >= start, "RangeTrigger needs start finite, end ≥ start")
    precondition(hysteresis.isFinite && hysteresis >= 0, "RangeTrigger hysteresis must be ≥ 0")
    self.start = start
    self.end = end
    self.hysteresis = hysteresis
  }

  /// 1 while active, 0 otherwise.
  @inlinable public var value: Double { state == .active ? 1 : 0 }

  /// Feeds one frame's progress and returns the crossings it caused (at most two: a jump over
  /// the whole range), in order.
  /// - Parameter p: progress; NaN is ignored (no change, no event, does not prime).
  /// - Complexity: O(1), no allocation.
  @inline(__always)
  public mutating func update(_ p: Double) -> (EffectEvent.Kind?, EffectEvent.Kind?) {
    if p.isNaN { return (nil, nil) }
    guard isPrimed else {
      isPrimed = true
      state = p < start ? .before : (p > end ? .after : .active)
      return (nil, nil)
    }
    switch state {
    case .before:
      guard p >= start else { return (nil, nil) }
      if p > end + hysteresis {
        state = .after
        return (.enter, .leave)
      }
      state = .active
      return (.enter, nil)
    case .after:
      guard p <= end else { return (nil, nil) }
      if p < start - hysteresis {
        state = .before
        return (.enterBack, .leaveBack)
      }
      state = .active
      return (.enterBack, nil)
    case .active:
      if p < start - hysteresis {
        state = .before
        return (.leaveBack, nil)
      }
      if p > end + hysteresis {
        state = .after
        return (.leave, nil)
      }
      return (nil, nil)
    }
  }

  /// The progress interval `lower … upper` in which ``update(_:)`` neither changes the state
  /// nor reports a crossing, from the rules above: before the range it stays off while
  /// `p < start` (`p ≤ start.nextDown`); past it while `p > end` (`p ≥ end.nextUp`); active
  /// while `start − hysteresis ≤ p ≤ end + hysteresis` (the same sums as ``update(_:)``'s).
  /// Empty (`lower` +∞, `upper` −∞) while unprimed. A NaN progress, which ``update(_:)``
  /// ignores, fails both `p < lower` and `p > upper`, so a caller testing those skips it too.
  /// A frame loop can skip ``update(_:)`` for a progress inside it (the effect engine and the
  /// Swift it generates do).
  @inlinable public var steadyInterval: (lower: Double, upper: Double) {
    guard isPrimed else { return (.infinity, -.infinity) }
    switch state {
    case .before: return (-.infinity, start.nextDown)
    case .after: return (end.nextUp, .infinity)
    case .active: return (start - hysteresis, end + hysteresis)
    }
  }

  /// Primes the trigger as off before its range without a value, so that the next
  /// ``update(_:)`` reports the crossings from before the range to that progress: `enter` if
  /// it lies in the range, `enter` then `leave` if past it, nothing before it. The first frame
  /// of a session restored away from rest uses it (never an exit without an enter; GSAP
  /// ScrollTrigger on a page loaded scrolled down fires `onEnter`, then `onLeave` for a range
  /// already passed, from its initial progress 0).
  public mutating func primeBeforeRange() {
    state = .before
    isPrimed = true
  }

  /// Off and not primed again.
  public mutating func reset() {
    state = .before
    isPrimed = false
  }
}
