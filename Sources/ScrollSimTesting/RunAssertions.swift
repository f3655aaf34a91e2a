import ScrollEffects
import ScrollPhysics
import ScrollSimCore

/// A moment of a run: a time or an offset.
public enum RunMoment: Sendable, Hashable, CustomStringConvertible {
  /// The frame shown at this time, seconds from the start (the last frame at or before it).
  case time(Double)
  /// The first frame at which the offset reaches this many points from rest (equal to it, or
  /// past it from the previous frame's side).
  case offset(Double)

  /// `t = 0.500 s` or `offset 120.000 pt`.
  public var description: String {
    switch self {
    case .time(let t): "t = \(NumberText.fixed(t, 3)) s"
    case .offset(let s): "offset \(NumberText.fixed(s, 3)) pt"
    }
  }
}

/// Expects output `output` of `run` to equal `expected` (within `tolerance`, absolute, in the
/// output's unit) at `moment`.
/// - Parameters:
///   - output: the output's name.
///   - run: the run.
///   - moment: `.time(seconds)` or `.offset(points)`.
///   - expected: the value.
///   - tolerance: absolute, ≥ 0.
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func expectValue(
  of output: String, in run: ScrollRun, at moment: RunMoment, equals expected: Double,
  tolerance: Double = 1e-9, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  if let message = verifyValue(
    of: output, in: run, at: moment, equals: expected, tolerance: tolerance)
  {
    record(message, location: .init(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The check of ``expectValue(of:in:at:equals:tolerance:fileID:filePath:line:column:)``
/// without reporting.
/// - Returns: the failure text, or nil.
public func verifyValue(
  of output: String, in run: ScrollRun, at moment: RunMoment, equals expected: Double,
  tolerance: Double = 1e-9
) -> String? {
  guard let index = run.outputIndex(output) else { return RunCheck.unknown(output, run) }
  let found: ScrollRun.Frame?
  switch moment {
  case .time(let t): found = run.frame(atTime: t)
  case .offset(let s): found = run.frame(atOffset: s)
  }
  guard let frame = found else {
    return "\(run.name) never reaches \(moment) (\(RunCheck.span(run)))"
  }
  let value = frame.values[index]
  guard !(abs(value - expected) <= tolerance) else { return nil }
  return "\(output) is \(NumberText.text(value)) at \(moment) (frame \(frame.index), "
    + RunCheck.at(frame) + ") of \(run.name), but expected \(NumberText.text(expected)) "
    + "(tolerance \(NumberText.text(tolerance)))"
}

/// Expects `event` to occur exactly `count` times during `run`, e.g.
/// `expectEvent(.enter("titlePinned"), count: 1, in: run)`.
/// - Parameters:
///   - event: the output and the crossing.
///   - count: the number of occurrences, ≥ 0.
///   - run: the run.
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func expectEvent(
  _ event: OutputEvent, count: Int, in run: ScrollRun, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  expectEvent(
    event, count: count...count, in: run, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Expects `event` to occur a number of times in `count` during `run`.
/// - Parameters:
///   - event: the output and the crossing.
///   - count: the allowed numbers of occurrences.
///   - run: the run.
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func expectEvent(
  _ event: OutputEvent, count: ClosedRange<Int>, in run: ScrollRun,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  if let message = verifyEvent(event, count: count, in: run) {
    record(message, location: .init(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The check of ``expectEvent(_:count:in:fileID:filePath:line:column:)-(_,ClosedRange<Int>,_,_,_,_,_)``
/// without reporting: `titlePinned:enter occurred 2 times, but expected 1 time (frames 17
/// (t = 0.142 s, offset 314.034 pt), 40 (…)) in …`. When the output is not a flag and has no
/// event on any frame, the text says so (only flags have events, unless the effect appends
/// its own).
/// - Returns: the failure text, or nil.
public func verifyEvent(_ event: OutputEvent, count: ClosedRange<Int>, in run: ScrollRun)
  -> String?
{
  guard let index = run.outputIndex(event.output) else {
    return RunCheck.unknown(event.output, run)
  }
  let frames = run.frames(with: event)
  guard !count.contains(frames.count) else { return nil }
  let output = run.outputs[index]
  let anyEvent = run.frames.contains { frame in frame.events.contains { $0.output == index } }
  let notFlag =
    output.unit == .flag || anyEvent
    ? ""
    : " (\(output.name) is not a flag but \(output.unit.rawValue): only flags have enter/leave "
      + "events, unless the effect appends them to frame.events itself)"
  let expected =
    count.lowerBound == count.upperBound
    ? RunCheck.times(count.lowerBound)
    : "\(count.lowerBound)…\(RunCheck.times(count.upperBound))"
  let listed = frames.prefix(10).map { "\($0.index) (\(RunCheck.at($0)))" }
  let more = frames.count > 10 ? ", …" : ""
  return "\(event) occurred \(RunCheck.times(frames.count)), but expected \(expected)"
    + (frames.isEmpty ? "" : " (frames " + listed.joined(separator: ", ") + more + ")")
    + " in \(run.name)" + notFlag
}

/// Expects the run's phases, with repeats collapsed, to be `expected`, named as `naming` names
/// them (e.g. `["idle", "interacting", "decelerating", "idle"]` in SwiftUI's names).
/// - Parameters:
///   - expected: the phase names in order.
///   - run: the run.
///   - naming: ScrollSim's, SwiftUI's or UIKit's names.
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func expectPhases(
  _ expected: [String], in run: ScrollRun, naming: PhaseNaming = .scrollSim,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  if let message = verifyPhases(expected, in: run, naming: naming) {
    record(message, location: .init(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The check of ``expectPhases(_:in:naming:fileID:filePath:line:column:)`` without reporting.
/// - Returns: the failure text, or nil.
public func verifyPhases(_ expected: [String], in run: ScrollRun, naming: PhaseNaming = .scrollSim)
  -> String?
{
  let actual = run.phases(naming: naming)
  guard actual != expected else { return nil }
  return "phases of \(run.name) were " + actual.joined(separator: " → ") + ", but expected "
    + expected.joined(separator: " → ") + " (\(naming.rawValue) names)"
}

/// Expects the run's `UIScrollViewDelegate` callbacks to be `expected`, in order
/// (``ScrollRun/delegateSequence``). Each expected callback is either a bare name, which
/// matches that callback with any flags (`"scrollViewDidEndDragging"`), or a name with its
/// flags, which matches exactly those flags (`"scrollViewDidEndDragging(willDecelerate:true)"`,
/// `"scrollViewDidEndDecelerating(finished:false)"`; spaces are ignored). Numbers
/// (`scrollViewWillEndDragging`'s velocity and target) are not part of the sequence: read them
/// from ``ScrollRun/scrollViewEvents``. A fling:
/// `["scrollViewWillBeginDragging", "scrollViewWillEndDragging",
/// "scrollViewDidEndDragging(willDecelerate:true)", "scrollViewWillBeginDecelerating",
/// "scrollViewDidEndDecelerating"]`. docs/delegate-events.md lists the sequence of every
/// gesture.
/// - Parameters:
///   - expected: the callbacks in order, bare names or names with flags.
///   - run: the run.
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func expectDelegateSequence(
  _ expected: [String], in run: ScrollRun, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  if let message = verifyDelegateSequence(expected, in: run) {
    record(message, location: .init(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The check of ``expectDelegateSequence(_:in:fileID:filePath:line:column:)`` without reporting.
/// - Returns: the failure text, or nil.
public func verifyDelegateSequence(_ expected: [String], in run: ScrollRun) -> String? {
  let actual = run.delegateSequence
  // A bare name matches the callback with any flags; a name with flags, exactly those.
  func matches(_ actual: String, _ expected: String) -> Bool {
    let expected = expected.filter { $0 != " " }
    if expected.contains("(") { return actual == expected }
    return actual.prefix { $0 != "(" } == expected
  }
  let same = actual.count == expected.count && zip(actual, expected).allSatisfy(matches)
  guard !same else { return nil }
  let index =
    (0..<min(actual.count, expected.count)).first { !matches(actual[$0], expected[$0]) }
    ?? min(actual.count, expected.count)
  let at = run.scrollViewEvents.filter {
    if case .phaseChange = $0.kind { false } else if case .jump = $0.kind { false } else { true }
  }
  let when = index < at.count ? " at \(NumberText.fixed(at[index].time, 4)) s" : ""
  return "delegate callbacks of \(run.name) were "
    + (actual.isEmpty ? "none" : actual.joined(separator: ", ")) + ", but expected "
    + (expected.isEmpty ? "none" : expected.joined(separator: ", "))
    + " (first difference: callback \(index + 1)\(when))"
}

/// Expects outputs `a` and `b` never to be visible together: no frame where both are above
/// `threshold` (opacities of two headers that must cross-fade, not overlap).
/// - Parameters:
///   - a: an output's name.
///   - b: another output's name.
///   - run: the run.
///   - threshold: the value above which an output counts as visible.
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func expectNeverVisibleTogether(
  _ a: String, _ b: String, in run: ScrollRun, threshold: Double = 0,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  if let message = verifyNeverVisibleTogether(a, b, in: run, threshold: threshold) {
    record(message, location: .init(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The check of ``expectNeverVisibleTogether(_:_:in:threshold:fileID:filePath:line:column:)``
/// without reporting.
/// - Returns: the failure text, or nil.
public func verifyNeverVisibleTogether(
  _ a: String, _ b: String, in run: ScrollRun, threshold: Double = 0
) -> String? {
  guard let i = run.outputIndex(a) else { return RunCheck.unknown(a, run) }
  guard let j = run.outputIndex(b) else { return RunCheck.unknown(b, run) }
  let both = run.frames.filter { $0.values[i] > threshold && $0.values[j] > threshold }
  guard let first = both.first else { return nil }
  return "\(a) and \(b) were both above \(NumberText.text(threshold)) on "
    + "\(RunCheck.plural(both.count, "frame")) of \(run.name), first at frame \(first.index) ("
    + RunCheck.at(first) + "): \(a) \(NumberText.text(first.values[i])), \(b) "
    + "\(NumberText.text(first.values[j]))"
}

/// Expects no output to change while the finger holds still: on every frame where the finger
/// is down (tracking or dragging) on this and the previous frame and the offset did not move,
/// every output (or every one of `outputs`) keeps its previous value exactly.
/// - Parameters:
///   - run: the run.
///   - outputs: the outputs to watch; nil: all.
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func expectNoChangeWhileHolding(
  in run: ScrollRun, outputs: [String]? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  if let message = verifyNoChangeWhileHolding(in: run, outputs: outputs) {
    record(message, location: .init(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The check of ``expectNoChangeWhileHolding(in:outputs:fileID:filePath:line:column:)`` without
/// reporting.
/// - Returns: the failure text, or nil.
public func verifyNoChangeWhileHolding(in run: ScrollRun, outputs: [String]? = nil) -> String? {
  var indices: [Int] = []
  for name in outputs ?? run.outputs.map(\.name) {
    guard let index = run.outputIndex(name) else { return RunCheck.unknown(name, run) }
    indices.append(index)
  }
  var changes: [String] = []
  var count = 0
  for (previous, frame) in zip(run.frames, run.frames.dropFirst())
  where previous.sample.phase.isTouching && frame.sample.phase.isTouching
    && previous.sample.offset == frame.sample.offset
  {
    for index in indices where previous.values[index] != frame.values[index] {
      count += 1
      if changes.count < 5 {
        changes.append(
          "frame \(frame.index) (\(RunCheck.at(frame))): \(run.outputs[index].name) "
            + "\(NumberText.text(previous.values[index])) → \(NumberText.text(frame.values[index]))"
        )
      }
    }
  }
  guard count > 0 else { return nil }
  return "\(RunCheck.plural(count, "change")) while the finger held still in \(run.name):\n  "
    + changes.joined(separator: "\n  ") + (count > changes.count ? "\n  …" : "")
}

/// Shared text of the run assertions.
enum RunCheck {
  static func unknown(_ name: String, _ run: ScrollRun) -> String {
    let names = run.outputs.map(\.name)
    return "\(run.effectName) has no output named \(name); its outputs: "
      + names.joined(separator: ", ") + Suggestion.didYouMean(name, among: names)
  }

  static func at(_ frame: ScrollRun.Frame) -> String {
    "t = \(NumberText.fixed(frame.sample.time, 3)) s, offset "
      + "\(NumberText.fixed(frame.sample.offset, 3)) pt"
  }

  static func span(_ run: ScrollRun) -> String {
    guard let first = run.frames.first, let last = run.frames.last else { return "no frames" }
    let offsets = run.frames.map(\.sample.offset)
    return "\(run.frames.count) frames, t = \(NumberText.fixed(first.sample.time, 3)) … "
      + "\(NumberText.fixed(last.sample.time, 3)) s, offset \(NumberText.fixed(offsets.min()!, 3)) "
      + "… \(NumberText.fixed(offsets.max()!, 3)) pt"
  }

  static func times(_ n: Int) -> String { n == 1 ? "1 time" : "\(n) times" }

  static func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
}
