/// A scroll-driven effect: named outputs computed once per frame from the frame's
/// ``ScrollSample``. Conform your own type to test *your* effect code with ScrollSim's frame
/// loop, replay, invariant checker, goldens and benchmarks.
///
/// ```swift
/// struct ProfileHeader: ScrollEffect {
///   let maxHeight = 350.0, barHeight = 106.0
///   var outputs: [EffectOutput] {
///     [EffectOutput(name: "header.height", range: barHeight...1e7, unit: .points),
///      EffectOutput(name: "header.opacity", range: 0...1, unit: .fraction)]
///   }
///   func evaluate(_ geometry: ScrollSample, into frame: inout EffectFrame) {
///     let s = geometry.contentOffset.y + geometry.contentInsets.top
///     frame["header.height"] = max(maxHeight - s, barHeight)
///     frame["header.opacity"] = min(max(1 - s / (maxHeight + barHeight), 0), 1)
///   }
/// }
/// ```
///
/// The sample speaks UIKit's and SwiftUI's words (`contentOffset`, `contentInsets`,
/// `containerSize`, `visibleRect`, `phase`, `velocity`), so the body of an
/// `onScrollGeometryChange` transform or a view's computed property pastes in nearly verbatim.
///
/// Semantics the checker relies on:
/// - ``evaluate(_:into:)`` writes every output of ``outputs`` (the frame arrives holding the
///   previous frame's values; an output not written keeps its last value);
/// - an output whose ``remembersHistory`` entry is false must be a function of the sample alone:
///   the checker compares each frame with a fresh copy of the effect (after ``reset()``) on the
///   same sample and reports a difference as `lag`. So conform a value type (a `struct`): a copy
///   must not share state with the original. ScrollSimTesting's checks refuse a class with an
///   issue (`X is a class: the checker evaluates fresh copies, which a class shares; make it a
///   struct`);
/// - a value outside its output's declared range, or NaN, is reported by the checker (never a
///   crash); an infinite value is outside every range whose bound on its side is finite
///   (`Double.greatestFiniteMagnitude` included), so only an infinite bound admits infinity; an error thrown by ``evaluate(_:into:)`` stops the run with that error
///   and the frame it was on (``/ScrollSimCore/InputError/Kind/effectFailed``).
///
/// ``CompiledEffect`` (a JSON spec), ``CompiledPreset`` (a seed preset) and ``ClosureEffect``
/// (a closure, for quick tests) are conformances.
public protocol ScrollEffect: Sendable {
  /// The effect's name in reports (default: the type's name).
  var name: String { get }
  /// The outputs, in the order of ``EffectFrame/values``: names unique, each range's lower bound
  /// ≤ its upper bound (neither NaN). The checker reports a value outside the range, NaN, and
  /// infinity unless the bound on its side is infinite: a range of `-infinity...infinity`
  /// checks NaN only; one of `0...Double.greatestFiniteMagnitude` still rejects `+infinity`.
  var outputs: [EffectOutput] { get }
  /// Per output: whether it remembers earlier frames by design (a smoothed value, a flag with
  /// hysteresis). Default: none does. Must have `outputs.count` elements (another count stops a
  /// run or a check with an error naming the effect).
  var remembersHistory: [Bool] { get }
  /// Computes this frame's outputs from `sample` into `frame` (values by index or name; events
  /// appended to `frame.events`).
  /// - Throws: anything; the run stops with the error and the frame it was on.
  mutating func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) throws
  /// Forgets the history, as at the start of a new run. Default: nothing (a stateless effect).
  mutating func reset()
  /// The violations the checker should expect rather than fail on (each reported as
  /// "expected", and as a stale warning when it never happens). Default: none.
  var expectedViolations: [ExpectedViolation] { get }
}

extension ScrollEffect {
  /// The type's name.
  public var name: String { String(describing: Self.self) }
  /// None remembers history: every output is a function of the current sample.
  public var remembersHistory: [Bool] { Array(repeating: false, count: outputs.count) }
  /// A stateless effect has nothing to forget.
  public mutating func reset() {}
  /// No violation is expected.
  public var expectedViolations: [ExpectedViolation] { [] }

  /// Checks the declaration before a run: output names unique, each range's bounds ordered
  /// and not NaN, ``remembersHistory`` one entry per output. The frame loop and the checker
  /// call it once per run, never per frame.
  /// - Throws: ``/ScrollSimCore/InputError`` of kind ``/ScrollSimCore/InputError/Kind/effectFailed``,
  ///   ``/ScrollSimCore/InputError/file`` the effect's name, ``/ScrollSimCore/InputError/field``
  ///   the output (or `remembersHistory`), the message naming the output and what is expected.
  package func validateDeclaration() throws(InputError) {
    let outputs = self.outputs
    var seen = Set<String>()
    for output in outputs where !seen.insert(output.name).inserted {
      throw InputError(
        .effectFailed, file: name, field: output.name,
        message: "declares the output \(output.name) more than once; output names must be unique")
    }
    for output in outputs {
      let lo = output.range.lowerBound
      let hi = output.range.upperBound
      guard lo <= hi else {
        throw InputError(
          .effectFailed, file: name, field: output.name,
          message: "declares the output \(output.name) with the range \(EffectSpec.number(lo)) … "
            + "\(EffectSpec.number(hi)); expected lower ≤ upper, neither NaN")
      }
    }
    let history = remembersHistory.count
    guard history == outputs.count else {
      throw InputError(
        .effectFailed, file: name, field: "remembersHistory",
        message: "remembersHistory has \(history == 1 ? "1 entry" : "\(history) entries") for "
          + "\(outputs.count) outputs; expected one per output, in the order of outputs")
    }
  }

  /// Evaluates one sample from a fresh frame and returns the frame (a convenience for tests and
  /// playgrounds; the frame loop reuses one frame instead).
  /// - Throws: what ``evaluate(_:into:)`` throws, or ``/ScrollSimCore/InputError`` when it
  ///   wrote an unknown output name or resized the values.
  public mutating func evaluate(_ sample: ScrollSample) throws -> EffectFrame {
    var frame = EffectFrame(outputs: outputs)
    try evaluateChecked(sample, into: &frame, frameIndex: 0)
    return frame
  }

  /// Evaluates `sample` into `frame` and checks what the effect did to the frame: an unknown
  /// output name written by name, or values resized, is an ``/ScrollSimCore/InputError`` naming
  /// the effect and the frame; an error the effect throws is wrapped in one
  /// (kind ``/ScrollSimCore/InputError/Kind/effectFailed``, ``/ScrollSimCore/InputError/underlying``
  /// holds the original).
  package mutating func evaluateChecked(
    _ sample: ScrollSample, into frame: inout EffectFrame, frameIndex: Int
  ) throws(InputError) {
    if !frame.events.isEmpty { frame.events.removeAll(keepingCapacity: true) }
    let count = frame.values.count
    do {
      try evaluate(sample, into: &frame)
    } catch {
      throw InputError(
        .effectFailed, file: name, field: "evaluate",
        message: "threw at frame \(frameIndex) (t = \(EffectSpec.number(sample.time)) s, offset "
          + "\(EffectSpec.number(sample.offset)) pt, \(sample.phase.rawValue)): \(error)",
        underlying: error)
    }
    if let unknown = frame.unknownName {
      frame.unknownName = nil
      let names = frame.outputs.map(\.name)
      throw InputError(
        .effectFailed, file: name, field: unknown,
        message: "wrote an output that is not declared, at frame \(frameIndex)"
          + Suggestion.didYouMean(unknown, among: names))
    }
    if frame.values.count != count {
      throw InputError(
        .effectFailed, file: name, field: "values",
        message: "resized the values from \(count) to \(frame.values.count) at frame "
          + "\(frameIndex); write one value per declared output")
    }
  }
}
