import Foundation

/// Optional exponential smoothing of one output, like GSAP ScrollTrigger's `scrub: τ`.
///
/// Each frame moves the value toward the frame's target by
/// `y += (target − y) · (1 − exp(−Δt / τ))`, with `Δt` the difference of the samples' frame
/// target times. Because the decay factor is an exponential of `Δt`, a held target is approached
/// along `target − (target − y₀)·e^(−t/τ)` whatever the frame rate (exactly in real arithmetic;
/// to a few ulps in floating point). The very first frame is never animated (it takes the
/// target), a time that does not increase (or is NaN) resets the value to the target, an
/// infinite target or value is taken as is (no ∞ − ∞), and the result always lies in the
/// output's range.
///
/// The law, for a target held at `x` from time `t₀` on: `y(t) = x − (x − y(t₀))·e^(−(t − t₀)/τ)`
/// (a step from 0 to 1 gives `1 − e^(−t/τ)`), whatever the frame times: each frame multiplies
/// the remaining distance by `e^(−Δt/τ)`, and those factors multiply to `e^(−(t − t₀)/τ)` at 60
/// Hz, 120 Hz or jittered frame times alike.
///
/// GSAP ScrollTrigger's `scrub: S` (S = "seconds to catch up") is this law with
/// `τ = S / (10·ln 2)` (``timeConstant(scrub:)``): ScrollTrigger tweens the animation's
/// progress toward the scroll's with a tween of `S` seconds eased `"expo"` (expo.out,
/// `1 − 2^(−10·p)`; `src/ScrollTrigger.js`, `scrubTween = gsap.to(animation, {ease: "expo",
/// duration: scrubSmooth, …})`, restarted from the current value on every scroll update), so a
/// step is covered `1 − 2^(−10·t/S) = 1 − e^(−t/τ)` of the way at `t` (99.9 % at `S`, where
/// GSAP jumps the last 0.1 % and ScrollSim keeps approaching). Versions before 3.10 eased
/// `"power3"` (`1 − (1 − t/S)³`), which no time constant reproduces exactly.
///
/// Source: effects.md §3 (the article's `withAnimation` on each offset change and its guard
/// against animating before `onAppear`), article 002_89b13869a64aabcf.txt.
public struct OutputSmoother: Sendable, Equatable, Hashable {
  /// The time constant τ, seconds, finite, ≥ 0; 0 turns smoothing off (the output is the target).
  public let timeConstant: Double
  /// The current smoothed value, in the output's units; 0 before the first update.
  public private(set) var value: Double = 0
  /// The frame time of the last update, seconds: +∞ before the first (and after
  /// ``reset()``), so that no time follows it and the next update takes its target, as it
  /// does after a NaN time (kept as is; as the standard NaN, never ``FrameDecays/none``,
  /// where the engine's ``Promises/frameDecays`` promise it).
  private var lastTime = Double.infinity
  /// The engine's index of this smoother's time constant among its effect's
  /// (``FrameDecays/factors``); 0 for any other smoother.
  var decayClass: Int32 = 0

  /// The time constant τ, seconds, that reproduces GSAP ScrollTrigger's `scrub: seconds`:
  /// `seconds / (10·ln 2)` (≈ 0.1443 · seconds; see the type's discussion). The spec field
  /// `"scrub"` is read through it.
  /// - Parameter seconds: GSAP's scrub time, ≥ 0 (0: no smoothing).
  /// - Returns: τ, seconds, ≥ 0.
  public static func timeConstant(scrub seconds: Double) -> Double {
    seconds / (10 * log(2.0))
  }

  /// Creates a smoother.
  /// - Parameter timeConstant: τ, seconds, finite, ≥ 0; 0 means no smoothing.
  /// - Precondition: `timeConstant` is finite and ≥ 0 (validate untrusted input in the effect's
  ///   `Parameters` first).
  public init(timeConstant: Double) {
    precondition(
      timeConstant.isFinite && timeConstant >= 0, "OutputSmoother time constant must be ≥ 0")
    self.timeConstant = timeConstant
  }

  /// Advances to the frame at `time` and returns the smoothed value.
  /// - Parameters:
  ///   - target: this frame's unsmoothed value, clamped into `range`; a NaN target is skipped
  ///     (the current value is returned, clamped into `range`, and the time is not recorded).
  ///   - time: the frame's target time, seconds.
  ///   - range: the output's declared range; the result lies in it.
  /// - Returns: the smoothed value, in `range`.
  /// - Complexity: O(1), no allocation.
  public mutating func update(target: Double, time: Double, range: ClosedRange<Double>) -> Double {
    var decay = Decay()
    return update(target: target, time: time, range: range, decay: &decay)
  }

  /// ``update(target:time:range:)`` with the decay factor `exp(−Δt/τ)` taken from `decay`
  /// when it holds the factor for this `Δt` and τ (bit for bit), else computed and kept there:
  /// smoothers with the same τ on the same frame compute the exponential once, with the same
  /// operands and the same function, so with the same bits. The effect engine keeps one
  /// ``Decay`` per effect, as does the Swift it generates.
  /// - Parameters:
  ///   - target: as for ``update(target:time:range:)``.
  ///   - time: as for ``update(target:time:range:)``.
  ///   - range: as for ``update(target:time:range:)``.
  ///   - decay: the last factor computed, shared by the smoothers of one effect.
  /// - Returns: the smoothed value, in `range`: the same bits as ``update(target:time:range:)``.
  @inline(__always)
  public mutating func update(
    target: Double, time: Double, range: ClosedRange<Double>, decay: inout Decay
  ) -> Double {
    update(
      target: target, time: time, lower: range.lowerBound, upper: range.upperBound,
      decay: &decay, promises: Promises())
  }

  /// What a caller of ``update(target:time:lower:upper:decay:promises:)`` promises, so that
  /// it gives the same bits with less work (the engine's; each tested against none).
  struct Promises {
    /// Both bounds are finite, as a clamped output's are: every value it clamps is then a
    /// number (with a number target) and the goal and the value are always finite, so the
    /// clamps' `max` is ``maxNonNaN(_:_:)`` and the finiteness tests fall away.
    var finiteRange = false
    /// With ``finiteRange``: the target is not NaN (a clamped value of a progress that never
    /// is): no NaN test.
    var targetIsNumber = false
    /// With ``finiteRange``: the target already lies in `lower … upper` (it is
    /// `min(max(v, lower), upper)`, as a clamped output's value is) and `lower < upper`, so
    /// clamping it again gives its own bits (`lower == upper` might not: +0 and −0).
    var targetInRange = false
    /// The time constant is > 0 (the engine makes a smoother only for such).
    var positiveTimeConstant = false
    /// The decay may return its kept factor (``Decay/reuses`` is not read).
    var folded = false
    /// With ``positiveTimeConstant``: `frame` holds this frame's factors, by
    /// ``decayClass``, for a smoother updated on the previous frame. Every update of such a
    /// smoother must promise it (its last time is then never ``FrameDecays/none``).
    var frameDecays = false
  }

  /// An effect's decay factors for one frame, one per distinct time constant of its
  /// smoothers (the engine's, by ``OutputSmoother/decayClass``): a smoother updated on the
  /// previous frame (its last time has the bits of ``previous``), on a frame after it,
  /// takes its factor here, with no test of its time, its elapsed time and τ against the
  /// shared ``Decay``. The factor has the bits that test would find or compute:
  /// `exp(−(time − previous) / τ)`, the same operands.
  struct FrameDecays {
    /// The previous frame's time, bits, when this frame's time follows it; else ``none``.
    var previous = none
    /// Per time constant, its ``Decay`` (made with ``Decay/init(timeConstant:)``): when
    /// ``previous`` is not ``none``, this frame's factor in `keep`.
    var factors: UnsafeMutablePointer<Decay>?
    /// A NaN that no smoother's last time has (a NaN time is kept as the standard one):
    /// no smoother takes its factor from ``factors``.
    static let none: UInt64 = 0x7FF8_0000_0000_0DEC
  }

  /// ``update(target:time:range:decay:)`` with the range as its two bounds `lower` ≤ `upper`
  /// and the caller's `promises` (the public form promises nothing).
  @inline(__always)
  mutating func update(
    target: Double, time: Double, lower: Double, upper: Double, decay: inout Decay,
    promises: Promises, frame: FrameDecays = FrameDecays()
  ) -> Double {
    let finiteRange = promises.finiteRange
    // `x` (never NaN with `finiteRange`) clamped into `lower … upper`.
    let fit = { (x: Double) in
      Swift.min(finiteRange ? maxNonNaN(x, lower) : Swift.max(x, lower), upper)
    }
    if !(finiteRange && promises.targetIsNumber) && target.isNaN {
      value = fit(value)
      return value
    }
    let goal = finiteRange && promises.targetInRange ? target : fit(target)
    // Updated on the previous frame, and this frame after it: `time > lastTime`, and the
    // class's factor is the one for `time − lastTime` and τ.
    if promises.positiveTimeConstant && promises.frameDecays
      && lastTime.bitPattern == frame.previous
      && (finiteRange || (goal.isFinite && value.isFinite))
    {
      let keep = frame.factors.unsafelyUnwrapped[Int(decayClass)].keep
      value = fit(goal + (value - goal) * keep)
      lastTime = time
      return value
    }
    // An infinite goal or value (unclamped output at an infinite offset) cannot be blended
    // (∞ − ∞): take the goal. Inside a finite range both are always finite.
    if (!promises.positiveTimeConstant && timeConstant == 0) || !(time > lastTime)
      || (!finiteRange && (!goal.isFinite || !value.isFinite))
    {
      value = goal
    } else {
      let keep = decay.factor(
        elapsed: time - lastTime, timeConstant: timeConstant,
        reuses: promises.folded || decay.reuses)
      value = fit(goal + (value - goal) * keep)
    }
    // Any NaN: the next update takes its target (kept as the standard NaN where `frame`
    // may be read, so that it never has the bits of `FrameDecays.none`).
    lastTime = promises.frameDecays && time.isNaN ? .nan : time
    return value
  }

  /// The last decay factor computed, `exp(−elapsed / timeConstant)`, with its operands: the
  /// engine keeps one per effect, so that the smoothers of a frame with the same τ (the same
  /// elapsed time on a frame) share one exponential.
  public struct Decay: Sendable {
    /// The elapsed time of ``keep``, seconds (−1: none yet; an update's is always > 0).
    var elapsed = -1.0
    /// The time constant of ``keep``, seconds.
    var timeConstant = 0.0
    /// `exp(−elapsed / timeConstant)`.
    var keep = 0.0
    /// Whether ``factor(elapsed:timeConstant:)`` may return the kept factor (false: it
    /// computes every one, to test that both give the same bits).
    var reuses = true

    /// No factor yet: the first update computes one.
    public init() {}

    /// No factor yet, for `timeConstant` alone (seconds, > 0): one of the engine's per-frame
    /// factors (``FrameDecays/factors``).
    init(timeConstant: Double) { self.timeConstant = timeConstant }

    /// `exp(−elapsed / timeConstant)`, computed once for each new pair of operands (with
    /// `reuses`; else every time).
    @inline(__always)
    mutating func factor(elapsed: Double, timeConstant: Double, reuses: Bool) -> Double {
      if reuses && elapsed.bitPattern == self.elapsed.bitPattern
        && timeConstant.bitPattern == self.timeConstant.bitPattern
      {
        return keep
      }
      keep = exp(-elapsed / timeConstant)
      self.elapsed = elapsed
      self.timeConstant = timeConstant
      return keep
    }
  }

  /// Forgets the history: the next update takes its target.
  public mutating func reset() {
    value = 0
    lastTime = .infinity
  }
}
