extension TwoAxisScrollSimulator {
  /// What the view has reported so far, to merge the two axes' events into the view's.
  struct MergeState: Sendable {
    /// Between the view's `scrollViewWillBeginDragging` and `scrollViewWillEndDragging`.
    var dragging = false
    /// Whether each axis runs a motion (fling, bounce, snap, animation).
    var movingX = false
    var movingY = false
    /// Each axis's last reported SwiftUI phase, and the view's.
    var phaseX = ScrollPhase.idle
    var phaseY = ScrollPhase.idle
    var reported = ScrollPhase.idle
  }

  /// Moves both axes' new events into ``scrollViewEvents`` as the view's.
  ///
  /// Rules (UIKit sends a scroll view's callbacks once, not per axis): events at the same time
  /// form a group, taken in UIKit's order (completions, `scrollViewWillBeginDragging`,
  /// `scrollViewWillEndDragging`, `scrollViewDidEndDragging`, `scrollViewWillBeginDecelerating`,
  /// a jump, the phase change). A completion is the view's when no other axis still moves
  /// (`finished` only when every axis's completion in the group finished);
  /// `scrollViewWillBeginDragging` once per drag; one `scrollViewWillEndDragging` (its one-axis
  /// values are the faster axis's at the lift; on a tie the vertical axis's unless only the
  /// horizontal one scrolls) and one
  /// `scrollViewDidEndDragging` (`willDecelerate` when either axis moves on); the events with
  /// numbers carry both axes' in ``/ScrollPhysics/ScrollViewEvent/twoAxis``;
  /// `scrollViewWillBeginDecelerating` when the view was still; the view's phase is the more
  /// active of the axes' (``TwoAxisScrollState/phase``), reported when it changes.
  mutating func mergeAxisEvents() {
    let xs = horizontal.scrollViewEvents
    let ys = vertical.scrollViewEvents
    guard !xs.isEmpty || !ys.isEmpty else { return }
    horizontal.removeScrollViewEvents()
    vertical.removeScrollViewEvents()
    var i = 0
    var j = 0
    while i < xs.count || j < ys.count {
      let time = Swift.min(
        i < xs.count ? xs[i].time : .infinity, j < ys.count ? ys[j].time : .infinity)
      var group = Group()
      while i < xs.count && xs[i].time == time {
        group.add(xs[i].kind, vertical: false)
        i += 1
      }
      while j < ys.count && ys[j].time == time {
        group.add(ys[j].kind, vertical: true)
        j += 1
      }
      report(group, at: time)
    }
    merged.movingX = horizontal.activeMotion != nil
    merged.movingY = vertical.activeMotion != nil
  }

  /// The events of both axes at one time.
  struct Group {
    var completionX: ScrollViewEvent.Kind?
    var completionY: ScrollViewEvent.Kind?
    var allFinished = true
    var beginsDragging = false
    var endDragX: ScrollViewEvent.Kind?
    var endDragY: ScrollViewEvent.Kind?
    var didEndDragging = false
    var willDecelerate = false
    var beginsDeceleratingX = false
    var beginsDeceleratingY = false
    var jumpX: ScrollViewEvent.Kind?
    var jumpY: ScrollViewEvent.Kind?
    var phaseX: (ScrollPhase, Double)?
    var phaseY: (ScrollPhase, Double)?

    mutating func add(_ kind: ScrollViewEvent.Kind, vertical: Bool) {
      switch kind {
      case .didEndDecelerating(let finished), .didEndScrollingAnimation(let finished),
        .didScrollToTop(let finished):
        if vertical { completionY = kind } else { completionX = kind }
        allFinished = allFinished && finished
      case .willBeginDragging: beginsDragging = true
      case .willEndDragging:
        if vertical { endDragY = kind } else { endDragX = kind }
      case .didEndDragging(let willDecelerate):
        didEndDragging = true
        self.willDecelerate = self.willDecelerate || willDecelerate
      case .willBeginDecelerating:
        if vertical { beginsDeceleratingY = true } else { beginsDeceleratingX = true }
      case .jump:
        if vertical { jumpY = kind } else { jumpX = kind }
      case .phaseChange(_, let new, let velocity):
        if vertical { phaseY = (new, velocity) } else { phaseX = (new, velocity) }
      }
    }
  }

  private mutating func report(_ group: Group, at time: Double) {
    func emit(_ kind: ScrollViewEvent.Kind, _ twoAxis: ScrollViewEvent.TwoAxisValues? = nil) {
      scrollViewEvents.append(ScrollViewEvent(time: time, kind: kind, twoAxis: twoAxis))
    }
    // An axis without an event of the group keeps its state at `time` (events are merged at
    // times at or after each axis's last input, where `state(at:)` answers).
    let now = state(at: time)
    let wasMoving = merged.movingX || merged.movingY
    if group.completionX != nil { merged.movingX = false }
    if group.completionY != nil { merged.movingY = false }
    if let completion = group.completionY ?? group.completionX, wasMoving,
      !merged.movingX && !merged.movingY
    {
      emit(Self.withFinished(completion, group.allFinished))
    }
    if group.beginsDragging && !merged.dragging {
      merged.dragging = true
      emit(.willBeginDragging)
    }
    if let endY = group.endDragY ?? group.endDragX, let endX = group.endDragX ?? group.endDragY {
      merged.dragging = false
      func values(_ kind: ScrollViewEvent.Kind?, _ axis: ScrollSimulator) -> (Double, Double) {
        if case .willEndDragging(let velocity, let target)? = kind { return (velocity, target) }
        // An axis the finger did not drag: still, and it rests where it is.
        return (0, axis.restingOffset)
      }
      let x = values(group.endDragX, horizontal)
      let y = values(group.endDragY, vertical)
      // The one-axis values are the main axis's: the faster release; on a tie (both still),
      // the vertical axis unless only the horizontal one can scroll (a pager).
      func scrolls(_ axis: ScrollSimulator) -> Bool {
        axis.geometry.maxOffset > 0 || axis.bouncesWhenContentFits
      }
      let vertical =
        abs(x.0) != abs(y.0) ? abs(y.0) > abs(x.0) : scrolls(self.vertical) || !scrolls(horizontal)
      emit(
        vertical ? endY : endX,
        .willEndDragging(
          velocity: ScrollVector(x: x.0, y: y.0), targetContentOffset: ScrollVector(x: x.1, y: y.1)
        ))
    }
    if group.didEndDragging { emit(.didEndDragging(willDecelerate: group.willDecelerate)) }
    if group.beginsDeceleratingX || group.beginsDeceleratingY {
      if !merged.movingX && !merged.movingY { emit(.willBeginDecelerating) }
      if group.beginsDeceleratingX { merged.movingX = true }
      if group.beginsDeceleratingY { merged.movingY = true }
    }
    if let jump = group.jumpY ?? group.jumpX {
      func ends(_ kind: ScrollViewEvent.Kind?, _ offset: Double) -> (Double, Double) {
        if case .jump(let from, let to)? = kind { return (from, to) }
        return (offset, offset)
      }
      let x = ends(group.jumpX, now.horizontal.offset)
      let y = ends(group.jumpY, now.vertical.offset)
      emit(jump, .jump(from: ScrollVector(x: x.0, y: y.0), to: ScrollVector(x: x.1, y: y.1)))
    }
    if let (new, _) = group.phaseX {
      merged.phaseX = new
      if new == .animating || new == .decelerating { merged.movingX = true }
    }
    if let (new, _) = group.phaseY {
      merged.phaseY = new
      if new == .animating || new == .decelerating { merged.movingY = true }
    }
    let phase = ScrollPhase.moreActive(merged.phaseY, merged.phaseX)
    if phase != merged.reported {
      // The velocity of the axis whose phase the view now shows (the vertical on a tie).
      var velocity = 0.0
      if let (new, v) = group.phaseY, new == phase {
        velocity = v
      } else if let (new, v) = group.phaseX, new == phase {
        velocity = v
      }
      let vector = ScrollVector(
        x: group.phaseX?.1 ?? now.horizontal.velocity, y: group.phaseY?.1 ?? now.vertical.velocity)
      emit(
        .phaseChange(old: merged.reported, new: phase, velocity: velocity),
        .phaseChange(velocity: vector))
      merged.reported = phase
    }
  }

  /// A completion with its `finished` flag replaced.
  static func withFinished(_ kind: ScrollViewEvent.Kind, _ finished: Bool) -> ScrollViewEvent.Kind {
    switch kind {
    case .didEndDecelerating: .didEndDecelerating(finished: finished)
    case .didEndScrollingAnimation: .didEndScrollingAnimation(finished: finished)
    case .didScrollToTop: .didScrollToTop(finished: finished)
    default: kind
    }
  }
}
