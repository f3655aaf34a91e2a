import ScrollEffects
import ScrollPhysics

/// One computed frame as written to a frame file (`scrollsim replay --output`) and read back by
/// `scrollsim diff` and `scrollsim plot`.
public struct FrameRecord: Sendable, Equatable {
  /// Frame index from the start of the run, ≥ 0.
  public var frame: Int
  /// Frame target time, seconds (`frame / refreshRate`).
  public var time: Double
  /// contentOffset.y, points (negative when pulled down past the top).
  public var offset: Double
  /// Offset velocity, points per second.
  public var velocity: Double
  /// Scroll phase name (``/ScrollPhysics/ScrollPhase`` raw value: idle, tracking, dragging, …).
  public var phase: String
  /// Effect outputs, in the order of the file's output names.
  public var values: [Double]
  /// Threshold crossings of this frame as `output:kind` (e.g. `titleVisible:enter`).
  public var events: [String]
  /// The scroll view's events reported in this frame (delegate callbacks, SwiftUI phase changes,
  /// completions, instant-jump markers), each with its own exact time, in order; nil when the
  /// file predates them (frame-file version 1, a CSV file without the `scroll_view` column).
  public var scrollViewEvents: [ScrollViewEvent]?
  /// The delegate callbacks and phase changes of each view of a nested chain reported in this
  /// frame (``/ScrollPhysics/NestedScrollViewEvent``, e.g.
  /// `scrollViewDidScroll(view:header;offset:200)@0.31`), in time order, of a chain run
  /// (frame-file version 4, the same `scrollView` key and `scroll_view` column as
  /// ``scrollViewEvents``, which is then nil); nil for a run of one scroll view.
  public var nestedScrollViewEvents: [NestedScrollViewEvent]?
  /// The horizontal offset from rest at the left, points, of a two-axis run (frame-file
  /// version 3, key `x`); nil for a vertical run.
  public var offsetX: Double?
  /// The horizontal velocity, points per second, positive to the right, of a two-axis run
  /// (frame-file version 3, key `vx`); nil for a vertical run.
  public var velocityX: Double?
  /// Each scroll view of a nested chain, outer to inner (the headers, then the list), of a
  /// chain run (frame-file version 4, key `views`; their names are the file's
  /// ``FrameFile/Header/views``); nil for a run of one scroll view. ``offset`` and ``velocity``
  /// are then the combined view's.
  public var views: [View]?

  /// One scroll view of a nested chain on one frame.
  public struct View: Sendable, Equatable {
    /// The view's contentOffset.y, points: a header's from 0 (expanded) to its scroll range
    /// (collapsed); the list's from 0 at its top (negative when pulled down past it).
    public var offset: Double
    /// The view's velocity, points per second, positive as the content moves up.
    public var velocity: Double

    /// Creates a view's values.
    public init(offset: Double, velocity: Double) {
      self.offset = offset
      self.velocity = velocity
    }
  }

  /// Creates a record.
  public init(
    frame: Int, time: Double, offset: Double, velocity: Double, phase: String, values: [Double],
    events: [String], scrollViewEvents: [ScrollViewEvent]? = nil, offsetX: Double? = nil,
    velocityX: Double? = nil, views: [View]? = nil,
    nestedScrollViewEvents: [NestedScrollViewEvent]? = nil
  ) {
    self.views = views
    self.nestedScrollViewEvents = nestedScrollViewEvents
    self.offsetX = offsetX
    self.velocityX = velocityX
    self.frame = frame
    self.time = time
    self.offset = offset
    self.velocity = velocity
    self.phase = phase
    self.values = values
    self.events = events
    self.scrollViewEvents = scrollViewEvents
  }

  /// The frame `loop` has just computed.
  /// - Complexity: O(outputs + events); allocates (export path, not the frame loop).
  public init<Source: FrameInputSource & ~Copyable>(_ loop: borrowing FrameLoop<Source>) {
    self.init(
      frame: loop.frameIndex, sample: loop.sample, values: loop.values, events: loop.events,
      outputs: loop.outputs, scrollViewEvents: loop.scrollViewEvents,
      nestedScrollViewEvents: loop.isNested ? loop.nestedScrollViewEvents : nil)
  }

  /// A record of frame `frame` from its sample (with its horizontal axis, or each view of a
  /// nested chain, when it has them), outputs, threshold events and scroll view events: a
  /// chain's (`nestedScrollViewEvents`, when the sample has `views`) or one scroll view's.
  public init(
    frame: Int, sample: ScrollSample, values: [Double], events: [EffectEvent],
    outputs: [EffectOutput], scrollViewEvents: [ScrollViewEvent] = [],
    nestedScrollViewEvents: [NestedScrollViewEvent]? = nil
  ) {
    let isChain = sample.views != nil
    self.init(
      frame: frame, time: sample.time, offset: sample.offset, velocity: sample.velocity,
      phase: sample.phase.rawValue, values: values,
      events: events.map { "\(outputs[$0.output].name):\($0.kind.rawValue)" },
      scrollViewEvents: isChain ? nil : scrollViewEvents, offsetX: sample.horizontal?.offset,
      velocityX: sample.horizontal?.velocity,
      views: sample.views?.map { View(offset: $0.offset, velocity: $0.velocity) },
      nestedScrollViewEvents: isChain ? nestedScrollViewEvents ?? [] : nil)
  }

  /// The frame's scroll view events as the outputs show them, in time order: each one's time
  /// (seconds), callback name and text (a chain's with the view,
  /// `scrollViewDidScroll(view:header;offset:200)@0.31`); empty when the record has none.
  /// `isDidScroll` marks a chain's `scrollViewDidScroll` (one per moving view per frame).
  package var scrollViewEventTexts: [(time: Double, name: String, text: String, isDidScroll: Bool)]
  {
    if let nested = nestedScrollViewEvents {
      return nested.map { event in
        var isDidScroll = false
        if case .didScroll = event.kind { isDidScroll = true }
        return (event.time, event.name, event.description, isDidScroll)
      }
    }
    return (scrollViewEvents ?? []).map { ($0.time, $0.name, $0.description, false) }
  }
}
