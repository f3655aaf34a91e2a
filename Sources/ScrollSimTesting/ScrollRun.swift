import ScrollCheck
import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollSimCore
import ScrollTrace

/// Every frame of one run of an effect — a replayed trace or a generated gesture — through
/// ScrollSim's frame loop, kept for assertions (``expectValue(of:in:at:equals:tolerance:fileID:filePath:line:column:)``,
/// `expectEvent(_:count:in:)`, …) and goldens.
public struct ScrollRun: Sendable {
  /// One computed frame.
  public struct Frame: Sendable, Equatable {
    /// Frame index from the start of the run (frame n is at n / refreshRate seconds).
    public var index: Int
    /// The scroll state of the frame (time, offset, velocity, phase, geometry).
    public var sample: ScrollSample
    /// The effect's values, in the order of ``ScrollRun/outputs``.
    public var values: [Double]
    /// Threshold crossings of the frame.
    public var events: [EffectEvent]
    /// The scroll view's events reported in the frame (delegate callbacks, SwiftUI phase
    /// changes, completions, instant-jump markers), each with its exact time, in order.
    public var scrollViewEvents: [ScrollViewEvent]
    /// Each view's delegate callbacks and phase changes reported in the frame of a nested
    /// chain's run (a trace whose header declares `nested`), in time order
    /// (``/ScrollRuntime/FrameLoop/nestedScrollViewEvents``); empty for one scroll view.
    public var nestedScrollViewEvents: [NestedScrollViewEvent]

    /// A frame.
    public init(
      index: Int, sample: ScrollSample, values: [Double], events: [EffectEvent],
      scrollViewEvents: [ScrollViewEvent] = [], nestedScrollViewEvents: [NestedScrollViewEvent] = []
    ) {
      self.nestedScrollViewEvents = nestedScrollViewEvents
      self.index = index
      self.sample = sample
      self.values = values
      self.events = events
      self.scrollViewEvents = scrollViewEvents
    }
  }

  /// What ran: the trace's name, or `gesture on device`.
  public let name: String
  /// The effect's name.
  public let effectName: String
  /// The effect's outputs.
  public let outputs: [EffectOutput]
  /// Frames per second.
  public let refreshRate: Int
  /// Every frame, in order.
  public let frames: [Frame]

  /// Replays `trace` through the physics its header names (or `profile`) and `effect`, from
  /// frame 0 until the trace's inputs are applied and the view is at rest.
  /// - Parameters:
  ///   - effect: the effect, from its current state.
  ///   - trace: a bundled trace or a file.
  ///   - refreshRate: frames per second, 1…1000; nil: the scope's, default 120.
  ///   - profile: physics constants; nil: the trace header's.
  /// - Throws: ``/ScrollSimCore/InputError``: the trace's problems, or kind `effectFailed` when
  ///   the effect throws (naming the frame; ``/ScrollSimCore/InputError/underlying`` is its
  ///   error); a run longer than the trace plus 600 s of motion is cut with an error. A
  ///   bundled trace is named by its bundled name (`swipe-shield/gesture-05`), not its path.
  public init(
    of effect: some ScrollEffect, trace: ReplayTrace, refreshRate: Int? = nil,
    profile: PhysicsProfile? = nil
  ) throws(InputError) {
    let rate = ScrollSimTestingConfiguration.refreshRate(refreshRate)
    let loaded: Trace
    do {
      loaded = try trace.load()
    } catch {
      throw trace.naming(error)
    }
    var loop = try FrameLoop(
      trace: loaded, file: trace.name, effect: effect, refreshRate: rate, profile: profile)
    let limit = Int((loaded.duration + 600) * Double(rate))
    var frames: [Frame] = []
    var index = 0
    while true {
      try loop.computeFrame(index)
      frames.append(
        Frame(
          index: index, sample: loop.sample, values: loop.values, events: loop.events,
          scrollViewEvents: loop.scrollViewEvents,
          nestedScrollViewEvents: loop.nestedScrollViewEvents))
      if loop.isFinished { break }
      index += 1
      guard index <= limit else {
        throw InputError(
          file: trace.name, line: 0, field: "",
          message: "the view was still moving 600 s after the last input; run cut at frame \(index)"
        )
      }
    }
    self.init(
      name: trace.name, effectName: effect.name, outputs: effect.outputs, refreshRate: rate,
      frames: frames)
  }

  /// Runs the generated `gesture` (one of ``ScrollSimGesture/standard`` but
  /// `rest-on-boundary`) on `device` through iOS physics and `effect`, every frame of the
  /// gesture's duration, as the invariant checker runs it.
  /// - Parameters:
  ///   - effect: the effect, from its current state.
  ///   - gesture: the gesture.
  ///   - device: the device; default the first standard one (`small-phone`).
  ///   - refreshRate: frames per second, 1…1000; nil: the scope's, default 120.
  /// - Throws: ``/ScrollSimCore/InputError`` for an unknown gesture (`rest-on-boundary`
  ///   included), an unknown device name (`CheckDevice.named(_:)`), a device the physics
  ///   cannot simulate, or kind `effectFailed` when the effect throws.
  public init(
    of effect: some ScrollEffect, gesture: ScrollSimGesture,
    device: CheckDevice = CheckDevice.standard[0], refreshRate: Int? = nil
  ) throws(InputError) {
    let rate = ScrollSimTestingConfiguration.refreshRate(refreshRate)
    if let unknown = device.unknownNameMessage {
      throw InputError(file: device.name, line: 0, field: "", message: unknown)
    }
    let all =
      CheckGesture.standard(viewportHeight: device.geometry.viewportHeight)
      + [CheckGesture.holdStill(viewportHeight: device.geometry.viewportHeight)]
    guard let generated = all.first(where: { $0.name == gesture.name }) else {
      throw InputError(
        file: gesture.name, line: 0, field: "",
        message: "not a gesture that runs as a touch sequence; expected one of "
          + all.map(\.name).joined(separator: ", ")
          + Suggestion.didYouMean(gesture.name, among: all.map(\.name)))
    }
    let name = "\(gesture.name) on \(device.name)"
    var loop = try generated.frameLoop(on: device, effect: effect, refreshRate: rate)
    var frames: [Frame] = []
    for index in 0...Int(generated.duration * Double(rate)) {
      try loop.computeFrame(index)
      frames.append(
        Frame(
          index: index, sample: loop.sample, values: loop.values, events: loop.events,
          scrollViewEvents: loop.scrollViewEvents))
    }
    self.init(
      name: name, effectName: effect.name, outputs: effect.outputs, refreshRate: rate,
      frames: frames)
  }

  /// A run from its frames (for tests of assertions, or runs made another way).
  /// - Parameters:
  ///   - name: what ran, in messages.
  ///   - effectName: the effect's name.
  ///   - outputs: the outputs; every frame has one value per output.
  ///   - refreshRate: frames per second.
  ///   - frames: the frames, in order.
  public init(
    name: String, effectName: String, outputs: [EffectOutput], refreshRate: Int, frames: [Frame]
  ) {
    self.name = name
    self.effectName = effectName
    self.outputs = outputs
    self.refreshRate = refreshRate
    self.frames = frames
  }

  /// The index of the output named `name`, or nil.
  public func outputIndex(_ name: String) -> Int? { outputs.index(named: name) }

  /// The frame shown at `time` seconds: the last frame whose time is ≤ `time` (nil before the
  /// first frame).
  public func frame(atTime time: Double) -> Frame? {
    frames.last { $0.sample.time <= time + 1e-12 }
  }

  /// The first frame at which the offset reaches `offset` points: equal to it, or past it from
  /// the previous frame's side (nil when it never does).
  public func frame(atOffset offset: Double) -> Frame? {
    guard let first = frames.first else { return nil }
    if first.sample.offset == offset { return first }
    for (previous, frame) in zip(frames, frames.dropFirst()) {
      let a = previous.sample.offset - offset
      let b = frame.sample.offset - offset
      if b == 0 || (a < 0) != (b < 0) { return frame }
    }
    return nil
  }

  /// The value of output `name` at frame `frame`, or nil for an unknown name.
  public func value(of name: String, in frame: Frame) -> Double? {
    outputIndex(name).map { frame.values[$0] }
  }

  /// The frames holding `event`, in order.
  public func frames(with event: OutputEvent) -> [Frame] {
    guard let index = outputIndex(event.output) else { return [] }
    return frames.filter { frame in
      frame.events.contains { $0.output == index && $0.kind == event.kind }
    }
  }

  /// Every scroll view event of the run (delegate callbacks, SwiftUI phase changes,
  /// completions, instant-jump markers), in time order.
  public var scrollViewEvents: [ScrollViewEvent] { frames.flatMap(\.scrollViewEvents) }
  /// Each view's delegate callbacks and phase changes of a nested chain's run, in time order
  /// (docs/nested-scroll.md, "Delegate callbacks of a chain"); empty for one scroll view.
  public var nestedScrollViewEvents: [NestedScrollViewEvent] {
    frames.flatMap(\.nestedScrollViewEvents)
  }

  /// The `UIScrollViewDelegate` callbacks of the run in order, as their text without the time
  /// (``/ScrollPhysics/ScrollViewEvent/description`` up to `@`), with the numbers of
  /// `scrollViewWillEndDragging` left out: `scrollViewWillBeginDragging`,
  /// `scrollViewWillEndDragging`, `scrollViewDidEndDragging(willDecelerate:true)`,
  /// `scrollViewDidEndDecelerating(finished:true)`, …; SwiftUI phase changes and jumps
  /// are not listed. ``expectDelegateSequence(_:in:fileID:filePath:line:column:)`` also
  /// accepts bare names, which match any flags.
  public var delegateSequence: [String] {
    scrollViewEvents.compactMap { event in
      switch event.kind {
      case .phaseChange, .jump: return nil
      case .willEndDragging: return event.name
      default:
        let text = event.description
        return String(text[..<(text.lastIndex(of: "@") ?? text.endIndex)])
      }
    }
  }

  /// The phases of the run in order with repeats collapsed, named as `naming` names them.
  public func phases(naming: PhaseNaming = .scrollSim) -> [String] {
    var result: [String] = []
    for frame in frames {
      let name = naming.name(of: frame.sample.phase)
      if result.last != name { result.append(name) }
    }
    return result
  }

  /// The frames as frame-file records (``/ScrollRuntime/FrameRecord``).
  public var records: [FrameRecord] {
    frames.map {
      FrameRecord(
        frame: $0.index, sample: $0.sample, values: $0.values, events: $0.events, outputs: outputs,
        scrollViewEvents: $0.scrollViewEvents, nestedScrollViewEvents: $0.nestedScrollViewEvents)
    }
  }
}

/// An event of one output: `.enter("titlePinned")`, as GSAP ScrollTrigger names crossings.
public struct OutputEvent: Sendable, Hashable, CustomStringConvertible {
  /// The output's name.
  public var output: String
  /// The crossing.
  public var kind: EffectEvent.Kind

  /// An event `kind` of `output`.
  public init(output: String, kind: EffectEvent.Kind) {
    self.output = output
    self.kind = kind
  }

  /// Scrolling forward into the output's active region.
  public static func enter(_ output: String) -> OutputEvent { .init(output: output, kind: .enter) }
  /// Scrolling forward out of its far end.
  public static func leave(_ output: String) -> OutputEvent { .init(output: output, kind: .leave) }
  /// Scrolling back into it from its far end.
  public static func enterBack(_ output: String) -> OutputEvent {
    .init(output: output, kind: .enterBack)
  }
  /// Scrolling back out of it through its start.
  public static func leaveBack(_ output: String) -> OutputEvent {
    .init(output: output, kind: .leaveBack)
  }

  /// `output:kind`, as frame files write events.
  public var description: String { "\(output):\(kind.rawValue)" }
}

/// How phase names are spelt in ``ScrollRun/phases(naming:)`` and ``expectPhases(_:in:naming:fileID:filePath:line:column:)``.
public enum PhaseNaming: String, Sendable, CaseIterable {
  /// ScrollSim's: idle, tracking, dragging, decelerating, bouncing, animating.
  case scrollSim
  /// SwiftUI's `ScrollPhase`: idle, tracking, interacting, decelerating (bouncing included),
  /// animating.
  case swiftUI
  /// UIKit's flags: idle, tracking (`isTracking`), dragging (`isDragging`), decelerating
  /// (`isDecelerating`, bouncing included), animating (`setContentOffset(_:animated: true)`).
  case uiKit

  /// The name of `phase`.
  public func name(of phase: ScrollPhase) -> String {
    switch self {
    case .scrollSim: phase.rawValue
    case .swiftUI: phase.swiftUIName
    case .uiKit: phase == .bouncing ? "decelerating" : phase.rawValue
    }
  }
}
