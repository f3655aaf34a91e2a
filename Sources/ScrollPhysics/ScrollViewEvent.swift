/// One thing the scroll view tells its code, at an exact time: a `UIScrollViewDelegate`
/// callback (named as UIKit names it), a SwiftUI `onScrollPhaseChange`, or the marker of an
/// instant programmatic jump.
///
/// ``ScrollSimulator`` produces them on inputs (touch down and up, the drag threshold crossing,
/// programmatic scrolls, content changes) and at closed-form instants inside a motion (the end of
/// a deceleration, a bounce, an animation), and keeps them in
/// ``ScrollSimulator/scrollViewEvents`` until they are read. Each carries its own ``time``; a
/// frame loop reports it in the first frame whose time is at or after it, in order.
///
/// Completions: every motion (fling, bounce, snap, animated scroll, scroll to top) ends with
/// exactly one of ``Kind/didEndDecelerating(finished:)``,
/// ``Kind/didEndScrollingAnimation(finished:)`` or ``Kind/didScrollToTop(finished:)``;
/// `finished` is false when a touch, a new scroll or a content change stopped it first (UIKit's
/// callbacks carry no such flag; see docs/delegate-events.md for the sequence of every gesture
/// and what UIKit could not be pinned down on). Sources: the `UIScrollViewDelegate` and
/// `ScrollPhase` documentation; logged sequences collected in docs/delegate-events.md.
///
/// Offsets are in the simulator's coordinate: points from rest at the top
/// (`contentOffset.y + adjustedContentInset.top`).
///
/// A scroll view in two axes (``TwoAxisScrollSimulator``) reports its events once for the view;
/// the numbers of ``kind`` are then one axis's (the vertical axis's when it moved, else the
/// horizontal's, so code written for one axis keeps working) and ``twoAxis`` carries both, as
/// UIKit's `CGPoint` velocity and `targetContentOffset` and SwiftUI's `CGVector` velocity do.
public struct ScrollViewEvent: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Equatable, Hashable {
    /// `scrollViewWillBeginDragging(_:)`: the finger passed the drag threshold (or caught a
    /// moving view, which UIKit treats as a drag).
    case willBeginDragging
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the finger lifts after
    /// a drag. `velocity` is in points per **millisecond**, positive when the offset increases
    /// (as UIKit gives it); `targetContentOffset` is where the motion comes to rest, points (the
    /// natural rest, a paging or snapping target, or what a
    /// ``ScrollSimulator/willEndDragging`` hook set).
    case willEndDragging(velocity: Double, targetContentOffset: Double)
    /// `scrollViewDidEndDragging(_:willDecelerate:)`: right after ``willEndDragging(velocity:targetContentOffset:)``;
    /// `willDecelerate` is true when anything moves after the lift (fling, bounce, snap).
    case didEndDragging(willDecelerate: Bool)
    /// `scrollViewWillBeginDecelerating(_:)`: a deceleration (fling, bounce or snap) starts.
    case willBeginDecelerating
    /// `scrollViewDidEndDecelerating(_:)`: the deceleration is over; `finished` false when a
    /// touch, a new scroll or a content change stopped it.
    case didEndDecelerating(finished: Bool)
    /// `scrollViewDidEndScrollingAnimation(_:)`: an animated `scrollTo` is over; `finished`
    /// false when it was stopped.
    case didEndScrollingAnimation(finished: Bool)
    /// `scrollViewDidScrollToTop(_:)`: the animated scroll of a status-bar tap is over;
    /// `finished` false when it was stopped (UIKit then sends nothing).
    case didScrollToTop(finished: Bool)
    /// SwiftUI `onScrollPhaseChange(_:)`: the phase went from `old` to `new` (only the five
    /// SwiftUI phases: ``ScrollPhase/bouncing`` is reported as ``ScrollPhase/decelerating``);
    /// `velocity` is the offset velocity at the change, points per second (SwiftUI documents
    /// neither the unit nor the sign of its `velocity`).
    case phaseChange(old: ScrollPhase, new: ScrollPhase, velocity: Double)
    /// An instant programmatic jump (`scrollTo(offset, animated: false)`,
    /// `setContentOffset(_:animated: false)`) from `from` to `to`, points. UIKit reports it
    /// only as one `scrollViewDidScroll`.
    case jump(from: Double, to: Double)
  }

  /// Both axes' numbers of an event of a two-axis scroll view (``TwoAxisScrollSimulator``).
  public enum TwoAxisValues: Sendable, Equatable, Hashable {
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` with UIKit's `CGPoint`s:
    /// `velocity` in points per **millisecond** (positive when the offset increases), the
    /// `targetContentOffset` where each axis comes to rest, points from rest at the left and top
    /// (an axis the finger did not drag: velocity 0, target its offset).
    case willEndDragging(velocity: ScrollVector, targetContentOffset: ScrollVector)
    /// SwiftUI `onScrollPhaseChange(_:)` with its `CGVector` velocity: each axis's velocity at
    /// the change, points per second.
    case phaseChange(velocity: ScrollVector)
    /// An instant programmatic jump (`setContentOffset(_:animated: false)` with a `CGPoint`):
    /// both axes' offsets before and after, points (an axis that did not move: equal).
    case jump(from: ScrollVector, to: ScrollVector)

    /// The velocity of a `scrollViewWillEndDragging` (points per millisecond) or a phase
    /// change (points per second); nil for a jump.
    public var velocity: ScrollVector? {
      switch self {
      case .willEndDragging(let velocity, _), .phaseChange(let velocity): velocity
      case .jump: nil
      }
    }

    /// The `targetContentOffset` of a `scrollViewWillEndDragging`, points; nil otherwise.
    public var targetContentOffset: ScrollVector? {
      if case .willEndDragging(_, let target) = self { return target }
      return nil
    }
  }

  /// When it happened, seconds.
  public var time: Double
  /// What happened. In a two-axis run its numbers are one axis's: see ``twoAxis``.
  public var kind: Kind
  /// Both axes' numbers, for the events of a two-axis scroll view that carry numbers
  /// (`scrollViewWillEndDragging`, a phase change, a jump); nil for every other event and for
  /// a one-axis scroll view.
  public var twoAxis: TwoAxisValues?

  /// Creates an event.
  /// - Parameters:
  ///   - time: seconds.
  ///   - kind: what happened.
  ///   - twoAxis: both axes' numbers (a two-axis scroll view), or nil (default).
  public init(time: Double, kind: Kind, twoAxis: TwoAxisValues? = nil) {
    self.time = time
    self.kind = kind
    self.twoAxis = twoAxis
  }

  /// The name of the callback: `scrollViewWillBeginDragging`, …, `onScrollPhaseChange`,
  /// `jump`.
  public var name: String {
    switch kind {
    case .willBeginDragging: "scrollViewWillBeginDragging"
    case .willEndDragging: "scrollViewWillEndDragging"
    case .didEndDragging: "scrollViewDidEndDragging"
    case .willBeginDecelerating: "scrollViewWillBeginDecelerating"
    case .didEndDecelerating: "scrollViewDidEndDecelerating"
    case .didEndScrollingAnimation: "scrollViewDidEndScrollingAnimation"
    case .didScrollToTop: "scrollViewDidScrollToTop"
    case .phaseChange: "onScrollPhaseChange"
    case .jump: "jump"
    }
  }

  /// For a completion (the end of a motion), whether the motion finished (true) or was stopped
  /// (false); nil for every other event.
  public var finished: Bool? {
    switch kind {
    case .didEndDecelerating(let finished), .didEndScrollingAnimation(let finished),
      .didScrollToTop(let finished):
      finished
    default: nil
    }
  }

  /// Whether this event ends a motion (``finished`` is not nil).
  public var isCompletion: Bool { finished != nil }

  /// The event as text, without spaces or commas (a frame file's cell):
  /// `name@time` or `name(label:value;label:value)@time`, e.g.
  /// `scrollViewWillEndDragging(velocity:-1.5;target:812)@0.25`,
  /// `scrollViewDidEndDecelerating(finished:true)@2.75`,
  /// `onScrollPhaseChange(old:interacting;new:decelerating;velocity:-1500)@0.25`. Numbers are
  /// the shortest text that reads back to the same double (`-0` written as `0`: a velocity
  /// that rounds to zero from below is still zero); phases are SwiftUI's names. A two-axis
  /// event (``twoAxis``) adds both axes' numbers after the one-axis ones:
  /// `scrollViewWillEndDragging(velocity:-1.5;target:812;velocityX:0.2;velocityY:-1.5;targetX:390;targetY:812)@0.25`,
  /// `onScrollPhaseChange(old:…;new:…;velocity:…;velocityX:…;velocityY:…)@…`,
  /// `jump(from:…;to:…;fromX:…;fromY:…;toX:…;toY:…)@…`.
  public var description: String {
    let n = { (value: Double) in JSONWriter.number(value == 0 ? 0 : value) }
    let arguments: String
    switch kind {
    case .willBeginDragging, .willBeginDecelerating: arguments = ""
    case .willEndDragging(let velocity, let target):
      arguments = "(velocity:\(n(velocity));target:\(n(target)))"
    case .didEndDragging(let willDecelerate): arguments = "(willDecelerate:\(willDecelerate))"
    case .didEndDecelerating(let finished), .didEndScrollingAnimation(let finished),
      .didScrollToTop(let finished):
      arguments = "(finished:\(finished))"
    case .phaseChange(let old, let new, let velocity):
      arguments = "(old:\(old.swiftUIName);new:\(new.swiftUIName);velocity:\(n(velocity)))"
    case .jump(let from, let to): arguments = "(from:\(n(from));to:\(n(to)))"
    }
    guard let twoAxis, !arguments.isEmpty else { return name + arguments + "@" + n(time) }
    let extra: String
    switch twoAxis {
    case .willEndDragging(let velocity, let target):
      extra =
        ";velocityX:\(n(velocity.x));velocityY:\(n(velocity.y));targetX:\(n(target.x))"
        + ";targetY:\(n(target.y))"
    case .phaseChange(let velocity):
      extra = ";velocityX:\(n(velocity.x));velocityY:\(n(velocity.y))"
    case .jump(let from, let to):
      extra = ";fromX:\(n(from.x));fromY:\(n(from.y));toX:\(n(to.x));toY:\(n(to.y))"
    }
    return name + arguments.dropLast() + extra + ")@" + n(time)
  }

  /// Reads the text ``description`` writes; nil for anything else.
  package init?(text whole: some StringProtocol) {
    let text = Substring(whole)
    guard let at = text.lastIndex(of: "@"), let time = Double(text[text.index(after: at)...]),
      time.isFinite
    else { return nil }
    var head = text[..<at]
    var values: [Substring: Substring] = [:]
    var labels: [Substring] = []
    if let open = head.firstIndex(of: "(") {
      guard head.last == ")" else { return nil }
      for pair in head[head.index(after: open)..<head.index(before: head.endIndex)]
        .split(separator: ";")
      {
        let parts = pair.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, values[parts[0]] == nil else { return nil }
        values[parts[0]] = parts[1]
        labels.append(parts[0])
      }
      head = head[..<open]
    }
    func number(_ label: Substring) -> Double? {
      values[label].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil }
    }
    func flag(_ label: Substring) -> Bool? {
      switch values[label] {
      case "true"?: true
      case "false"?: false
      default: nil
      }
    }
    func phase(_ label: Substring) -> ScrollPhase? {
      ScrollPhase.allCases.first { $0 != .bouncing && $0.swiftUIName == values[label] ?? "" }
    }
    func vector(_ x: Substring, _ y: Substring) -> ScrollVector? {
      number(x).flatMap { vx in number(y).map { ScrollVector(x: vx, y: $0) } }
    }
    // A two-axis event: the one-axis labels, then both axes' (``TwoAxisValues``).
    var twoAxis: TwoAxisValues?
    let vectorLabels: [Substring: [Substring]] = [
      "scrollViewWillEndDragging": ["velocityX", "velocityY", "targetX", "targetY"],
      "onScrollPhaseChange": ["velocityX", "velocityY"],
      "jump": ["fromX", "fromY", "toX", "toY"],
    ]
    if let extra = vectorLabels[head], labels.count > extra.count,
      Array(labels.suffix(extra.count)) == extra
    {
      labels.removeLast(extra.count)
      switch head {
      case "scrollViewWillEndDragging":
        guard let velocity = vector("velocityX", "velocityY"),
          let target = vector("targetX", "targetY")
        else { return nil }
        twoAxis = .willEndDragging(velocity: velocity, targetContentOffset: target)
      case "onScrollPhaseChange":
        guard let velocity = vector("velocityX", "velocityY") else { return nil }
        twoAxis = .phaseChange(velocity: velocity)
      default:
        guard let from = vector("fromX", "fromY"), let to = vector("toX", "toY") else {
          return nil
        }
        twoAxis = .jump(from: from, to: to)
      }
    }
    let kind: Kind?
    switch (head, labels) {
    case ("scrollViewWillBeginDragging", []): kind = .willBeginDragging
    case ("scrollViewWillBeginDecelerating", []): kind = .willBeginDecelerating
    case ("scrollViewWillEndDragging", ["velocity", "target"]):
      kind = number("velocity").flatMap { v in
        number("target").map { .willEndDragging(velocity: v, targetContentOffset: $0) }
      }
    case ("scrollViewDidEndDragging", ["willDecelerate"]):
      kind = flag("willDecelerate").map { .didEndDragging(willDecelerate: $0) }
    case ("scrollViewDidEndDecelerating", ["finished"]):
      kind = flag("finished").map { .didEndDecelerating(finished: $0) }
    case ("scrollViewDidEndScrollingAnimation", ["finished"]):
      kind = flag("finished").map { .didEndScrollingAnimation(finished: $0) }
    case ("scrollViewDidScrollToTop", ["finished"]):
      kind = flag("finished").map { .didScrollToTop(finished: $0) }
    case ("onScrollPhaseChange", ["old", "new", "velocity"]):
      if let old = phase("old"), let new = phase("new"), let velocity = number("velocity") {
        kind = .phaseChange(old: old, new: new, velocity: velocity)
      } else {
        kind = nil
      }
    case ("jump", ["from", "to"]):
      kind = number("from").flatMap { from in number("to").map { .jump(from: from, to: $0) } }
    default: kind = nil
    }
    guard let kind else { return nil }
    self.init(time: time, kind: kind, twoAxis: twoAxis)
  }
}
