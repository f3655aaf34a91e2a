/// One thing a view of a nested chain (``NestedScrollSimulator``) tells its delegate, at an
/// exact time: `scrollViewDidScroll` or any other `UIScrollViewDelegate` callback or SwiftUI
/// phase change (``ScrollViewEvent/Kind``), tagged with the view it belongs to.
///
/// Which view gets which callback under each ``NestedScrollRule``, and what is uncertain, is in
/// docs/nested-scroll.md "Delegate callbacks of a chain".
public struct NestedScrollViewEvent: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Equatable, Hashable {
    /// `scrollViewDidScroll(_:)`: the view's offset changed since it was last reported (at the
    /// previous input or ``NestedScrollSimulator/advance(to:)``, or at the end of a motion);
    /// `offset` is the view's new offset, points from rest (a header: 0 expanded … its scroll
    /// range collapsed).
    case didScroll(offset: Double)
    /// Any other callback, as one scroll view reports it (``ScrollViewEvent/Kind``).
    case scrollView(ScrollViewEvent.Kind)
  }

  /// When it happened, seconds.
  public var time: Double
  /// The view, outer to inner: `0 ..< viewCount`, the list last.
  public var view: Int
  /// What happened.
  public var kind: Kind
  /// How the view is named in text (``NestedScrollChain/viewName(_:count:)``): `list` (the
  /// innermost), `header` (view 0), `header1`, `header2`, … between, as an effect spec's
  /// `scrollView` names it.
  public var viewName: String

  /// Creates an event of view `view` of a chain of `viewCount` views.
  public init(time: Double, view: Int, viewCount: Int, kind: Kind) {
    self.time = time
    self.view = view
    self.kind = kind
    viewName = NestedScrollChain.viewName(view, count: viewCount)
  }

  /// The callback's name: `scrollViewDidScroll`, `scrollViewWillBeginDragging`, …
  public var name: String {
    switch kind {
    case .didScroll: "scrollViewDidScroll"
    case .scrollView(let kind): ScrollViewEvent(time: time, kind: kind).name
    }
  }

  /// The event as text without spaces or commas, the view first:
  /// `scrollViewDidScroll(view:header;offset:120)@0.25`,
  /// `scrollViewWillBeginDragging(view:list)@0.1`,
  /// `scrollViewDidEndDecelerating(view:list;finished:true)@1.5` (the rest as
  /// ``ScrollViewEvent/description``).
  public var description: String {
    let view = "view:" + viewName
    switch kind {
    case .didScroll(let offset):
      return "scrollViewDidScroll(\(view);offset:\(JSONWriter.number(offset == 0 ? 0 : offset)))@"
        + JSONWriter.number(time)
    case .scrollView(let kind):
      let text = ScrollViewEvent(time: time, kind: kind).description
      if let open = text.firstIndex(of: "(") {
        return text[..<open] + "(" + view + ";" + text[text.index(after: open)...]
      }
      let at = text.lastIndex(of: "@")!
      return text[..<at] + "(" + view + ")" + text[at...]
    }
  }
}

extension NestedScrollViewEvent {
  /// Reads the text ``description`` writes for a chain of `viewCount` views; nil for anything
  /// else. The view is named as ``NestedScrollChain/viewName(_:count:)`` names it (`header`,
  /// `header1`, …, `list`) or by its index (files written before that name).
  package init?(text whole: some StringProtocol, viewCount: Int) {
    let text = Substring(whole)
    let prefix = "(view:"
    guard let open = text.firstIndex(of: "("), text[open...].hasPrefix(prefix),
      let at = text.lastIndex(of: "@"), open < at
    else { return nil }
    let nameStart = text.index(open, offsetBy: prefix.count)
    guard let nameEnd = text[nameStart..<at].firstIndex(where: { $0 == ";" || $0 == ")" })
    else { return nil }
    let name = text[nameStart..<nameEnd]
    let view: Int
    switch name {
    case "header": view = 0
    case "list": view = viewCount - 1
    default:
      let digits = name.hasPrefix("header") ? name.dropFirst("header".count) : name
      guard let index = Int(digits), String(index) == digits else { return nil }
      view = index
    }
    guard view >= 0, view < viewCount else { return nil }
    // The rest is the one-view text (``ScrollViewEvent/description``) without the view.
    let head = text[..<open]
    let rest: String
    if text[nameEnd] == ")" {
      rest = String(head) + text[text.index(after: nameEnd)...]
    } else {
      rest = String(head) + "(" + text[text.index(after: nameEnd)...]
    }
    let kind: Kind
    if head == "scrollViewDidScroll" {
      let prefix = "scrollViewDidScroll(offset:"
      guard rest.hasPrefix(prefix), let close = rest.lastIndex(of: ")"),
        rest[rest.index(after: close)...].first == "@",
        let offset = Double(rest[rest.index(rest.startIndex, offsetBy: prefix.count)..<close]),
        offset.isFinite, let time = Double(rest[rest.index(close, offsetBy: 2)...]), time.isFinite
      else { return nil }
      self.init(time: time, view: view, viewCount: viewCount, kind: .didScroll(offset: offset))
      return
    }
    guard let event = ScrollViewEvent(text: rest), event.twoAxis == nil else { return nil }
    kind = .scrollView(event.kind)
    self.init(time: event.time, view: view, viewCount: viewCount, kind: kind)
  }
}

extension NestedScrollSimulator {
  /// What the chain has reported, to emit each view's callbacks once.
  struct EventState: Sendable {
    /// Each view's offset last reported by `scrollViewDidScroll`.
    var offsets: [Double]
    /// Each view's SwiftUI phase last reported.
    var phases: [ScrollPhase]
    /// The view that gets the gesture's callbacks (chaining rules): the touched view, the list
    /// for wheel, fling and programmatic input.
    var owner: Int
    /// Between the owner's `scrollViewWillBeginDragging` and its `scrollViewWillEndDragging`.
    var dragging = false
    /// ``NestedScrollRule/uikit``: the views between those two callbacks, and the view whose
    /// drag has just ended (for its `scrollViewDidEndDragging`).
    var draggingViews: Set<Int> = []
    var endingView: Int?
    /// The chain's running motion (chaining rules): its kind, the view it is reported on and
    /// when it ends (the fling with its handovers and a header's settle), seconds.
    var motion: (kind: ScrollSimulator.MotionKind, view: Int, end: Double)?

    init(offsets: [Double]) {
      self.offsets = offsets
      phases = Array(repeating: .idle, count: offsets.count)
      owner = offsets.count - 1
    }
  }

  /// The inputs, for the chain's callbacks.
  enum EventInput: Equatable {
    case touchDown(view: Int)
    case touchMove, touchUp, touchCancel, fling
    case wheel(WheelPhase)
    case scrollTo(animated: Bool)
  }

  /// Adds the events up to `time` (seconds, ≥ the last input's time) to ``scrollViewEvents``:
  /// `scrollViewDidScroll` for each view whose offset changed since it was last reported, and
  /// the completion of a motion that ends by then (at its exact end, after the views'
  /// `scrollViewDidScroll` there). A frame loop calls it once per frame.
  public mutating func advance(to time: Double) {
    guard time >= lastEventTime else { return }
    advanceEvents(to: time)
  }

  /// ``advance(to:)``, then ``state(at:)``, the state computed once: a frame loop's per-frame
  /// read. The last `scrollViewDidScroll` report of the advance computes the chain's state at
  /// `time` and nothing changes it after, so it is returned as is (computing it again built a
  /// second ``NestedScrollState``, each with its array of views, per frame).
  package mutating func advancedState(at time: Double) -> NestedScrollState {
    guard time >= lastEventTime else { return state(at: time) }
    return advanceEvents(to: time)
  }

  /// Drops the events read so far.
  public mutating func removeScrollViewEvents() {
    scrollViewEvents.removeAll(keepingCapacity: true)
  }

  // MARK: Internals

  mutating func emit(_ kind: ScrollViewEvent.Kind, view: Int, at time: Double) {
    scrollViewEvents.append(
      NestedScrollViewEvent(time: time, view: view, viewCount: viewCount, kind: .scrollView(kind)))
  }

  /// `scrollViewDidScroll` for each view whose offset at `time` differs from the one reported;
  /// returns the chain's state at `time`.
  @discardableResult mutating func reportScrolls(at time: Double) -> NestedScrollState {
    let state = state(at: time)
    let views = state.views
    for index in views.indices where views[index].offset != events.offsets[index] {
      events.offsets[index] = views[index].offset
      scrollViewEvents.append(
        NestedScrollViewEvent(
          time: time, view: index, viewCount: viewCount,
          kind: .didScroll(offset: views[index].offset)))
    }
    return state
  }

  /// The SwiftUI phase of `view` becomes `phase` (bouncing reported as decelerating).
  mutating func reportPhase(_ phase: ScrollPhase, velocity: Double, view: Int, at time: Double) {
    let phase = phase == .bouncing ? ScrollPhase.decelerating : phase
    guard phase != events.phases[view] else { return }
    emit(
      .phaseChange(old: events.phases[view], new: phase, velocity: velocity), view: view, at: time)
    events.phases[view] = phase
  }

  /// Events up to `time` before an input (or a frame): motions that ended, scrolls. Returns
  /// the chain's state at `time` (after them).
  @discardableResult mutating func advanceEvents(to time: Double) -> NestedScrollState {
    if chain.rule == .uikit {
      // Each view's own motion ends, in time order, after its last scroll.
      while let next = separateViews.indices
        .filter({ separateViews[$0].activeMotionEnd <= time })
        .min(by: { separateViews[$0].activeMotionEnd < separateViews[$1].activeMotionEnd })
      {
        let end = separateViews[next].activeMotionEnd
        reportScrolls(at: end)
        separateViews[next].advance(to: end)
        collectViewEvents()
      }
      return reportScrolls(at: time)
    }
    if let motion = events.motion, motion.end <= time {
      reportScrolls(at: motion.end)
      emit(completion(motion.kind, finished: true), view: motion.view, at: motion.end)
      events.motion = nil
      reportPhase(.idle, velocity: 0, view: motion.view, at: motion.end)
    }
    return reportScrolls(at: time)
  }

  /// ``NestedScrollRule/uikit``: moves each view's own events into ``scrollViewEvents``, tagged
  /// with the view, in time order.
  mutating func collectViewEvents() {
    var tagged: [NestedScrollViewEvent] = []
    for index in separateViews.indices where !separateViews[index].scrollViewEvents.isEmpty {
      for event in separateViews[index].scrollViewEvents {
        // A fling without a recorded drag (`fling(velocity:at:)`) is no drag's end.
        switch event.kind {
        case .willBeginDragging: events.draggingViews.insert(index)
        case .willEndDragging:
          guard events.draggingViews.remove(index) != nil else { continue }
          events.endingView = index
        case .didEndDragging:
          guard events.endingView == index else { continue }
          events.endingView = nil
        default: break
        }
        tagged.append(
          NestedScrollViewEvent(
            time: event.time, view: index, viewCount: viewCount, kind: .scrollView(event.kind)))
        if case .phaseChange(_, let new, _) = event.kind { events.phases[index] = new }
      }
      separateViews[index].removeScrollViewEvents()
    }
    // Stable: a view's own order is kept; views at one time outer to inner.
    tagged.sort { $0.time < $1.time || ($0.time == $1.time && $0.view < $1.view) }
    scrollViewEvents += tagged
  }

  /// The events of an input just applied at `time`.
  mutating func reportInput(_ input: EventInput, at time: Double) {
    if chain.rule == .uikit {
      collectViewEvents()
      reportScrolls(at: time)
      return
    }
    let driven = driver.scrollViewEvents
    driver.removeScrollViewEvents()
    let now = state(at: time)
    let restEnd = snap?.end ?? restTime(after: time)
    let stillPhases: Set<ScrollPhase> = [.idle, .tracking, .dragging]
    let moving =
      !fingerDown && now.combined.phase != .dragging
      && (!stillPhases.contains(now.combined.phase) || restEnd > time)
    // The running motion: stopped by a touch, a fling, a programmatic scroll, a new trackpad
    // session or a wheel notch, or when the chain no longer moves; a completion of the combined
    // view at this time says whether it finished.
    if let motion = events.motion {
      var finished: Bool?
      for event in driven where event.finished != nil { finished = event.finished }
      let interrupts: Bool
      switch input {
      case .touchDown, .fling, .scrollTo: interrupts = true
      case .wheel(let phase): interrupts = phase == .began || phase == .none
      default: interrupts = false
      }
      if interrupts || finished != nil || !moving {
        emit(completion(motion.kind, finished: finished ?? false), view: motion.view, at: time)
        events.motion = nil
        // A touch on the moving view goes on to tracking (decelerating → tracking).
        if input != .touchDown(view: motion.view) {
          reportPhase(.idle, velocity: 0, view: motion.view, at: time)
        }
      }
    }
    switch input {
    case .touchDown(let view):
      if view != events.owner && events.phases[events.owner] != .idle {
        reportPhase(.idle, velocity: 0, view: events.owner, at: time)
      }
      events.owner = view
    case .touchMove, .touchUp, .touchCancel: break
    case .fling, .wheel, .scrollTo:
      if !events.dragging { events.owner = viewCount - 1 }
    }
    let owner = events.owner
    for event in driven {
      switch event.kind {
      case .willBeginDragging where !events.dragging:
        events.dragging = true
        emit(.willBeginDragging, view: owner, at: time)
      case .willEndDragging(let velocity, _) where events.dragging:
        events.dragging = false
        // The view's own part of where the chain comes to rest (the combined target split).
        let rest = state(at: Swift.max(restEnd, time)).views[owner].offset
        emit(.willEndDragging(velocity: velocity, targetContentOffset: rest), view: owner, at: time)
        emit(.didEndDragging(willDecelerate: moving), view: owner, at: time)
      default: break
      }
    }
    reportScrolls(at: time)
    if events.motion == nil && moving {
      let kind: ScrollSimulator.MotionKind =
        input == .scrollTo(animated: true) ? .scrollAnimation : .deceleration
      events.motion = (kind, owner, restEnd > time ? restEnd : .infinity)
      if kind == .deceleration { emit(.willBeginDecelerating, view: owner, at: time) }
    } else if events.motion != nil {
      events.motion!.end = restEnd > time ? restEnd : .infinity
    }
    reportPhase(
      now.combined.phase, velocity: now.combined.velocity, view: events.motion?.view ?? owner,
      at: time)
  }

  func completion(_ kind: ScrollSimulator.MotionKind, finished: Bool) -> ScrollViewEvent.Kind {
    switch kind {
    case .deceleration: .didEndDecelerating(finished: finished)
    case .scrollAnimation: .didEndScrollingAnimation(finished: finished)
    case .scrollToTop: .didScrollToTop(finished: finished)
    }
  }
}
