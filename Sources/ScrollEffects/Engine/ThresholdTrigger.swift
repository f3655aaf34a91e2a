/// A flag with hysteresis that reports its crossings, GSAP ScrollTrigger style.
///
/// The flag turns on when the value rises to `≥ threshold` (reporting
/// ``EffectEvent/Kind/enter``) and turns off only when it falls below
/// `threshold − hysteresis` (reporting ``EffectEvent/Kind/leaveBack``). Between the two it keeps
/// its state, so a value wobbling by less than `hysteresis` around the threshold cannot flicker.
/// The first update after creation or ``reset()`` sets the state silently: a run that starts past
/// the threshold does not report a crossing it did not see. (A ``CompiledEffect``'s flags do
/// report it on a first frame away from rest, see ``RangeTrigger/primeBeforeRange()``.)
///
/// Source: effects.md §1 ("a `titlePinned` event with optional hysteresis so it cannot flicker at
/// the threshold") and §2 (the title shown once `progress > 0.3`).
public struct ThresholdTrigger: Sendable, Equatable, Hashable {
  /// The value at which the flag turns on, in the units of the values fed to ``update(_:)``,
  /// finite.
  public let threshold: Double
  /// How far below `threshold` the value must fall to turn the flag off, same units, finite,
  /// ≥ 0. 0 means the flag is simply `value ≥ threshold`.
  public let hysteresis: Double
  /// Whether the flag is on.
  public private(set) var isOn: Bool = false
  /// Whether the flag has seen a value since creation or the last ``reset()``.
  public private(set) var isPrimed: Bool = false

  /// Creates a trigger that is off and not yet primed.
  /// - Parameters:
  ///   - threshold: the turn-on level, finite.
  ///   - hysteresis: the turn-off margin below `threshold`, finite, ≥ 0.
  /// - Precondition: `threshold` is finite; `hysteresis` is finite and ≥ 0 (validate untrusted
  ///   input in the effect's `Parameters` first).
  public init(threshold: Double, hysteresis: Double = 0) {
    precondition(threshold.isFinite, "ThresholdTrigger threshold must be finite")
    precondition(hysteresis.isFinite && hysteresis >= 0, "ThresholdTrigger hysteresis must be ≥ 0")
    self.threshold = threshold
    self.hysteresis = hysteresis
  }

  /// The flag as an output value: 1 when on, 0 when off.
  public var value: Double { isOn ? 1 : 0 }

  /// Feeds one frame's value and returns the crossing it caused, if any.
  /// - Parameter value: the tracked value; ±∞ are fine; NaN is ignored (the state is kept, no
  ///   event, and it does not prime the trigger).
  /// - Returns: `.enter` when the flag turned on, `.leaveBack` when it turned off, `nil` otherwise
  ///   (always `nil` on the first value after creation or ``reset()``).
  /// - Complexity: O(1), no allocation.
  public mutating func update(_ value: Double) -> EffectEvent.Kind? {
    if value.isNaN { return nil }
    guard isPrimed else {
      isPrimed = true
      isOn = value >= threshold
      return nil
    }
    if !isOn && value >= threshold {
      isOn = true
      return .enter
    }
    if isOn && value < threshold - hysteresis {
      isOn = false
      return .leaveBack
    }
    return nil
  }

  /// Returns to the initial state: off and not primed, so the next value sets the state silently.
  public mutating func reset() {
    isOn = false
    isPrimed = false
  }
}
