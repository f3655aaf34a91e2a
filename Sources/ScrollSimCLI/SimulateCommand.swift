import Foundation
import ScrollPhysics
import ScrollRuntime
import ScrollSimCore
import ScrollTrace

/// `scrollsim simulate`: runs one synthetic gesture through the physics and prints frames as CSV.
enum SimulateCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "simulate",
    summary: "run a synthetic gesture through the physics and print frames as CSV",
    options: options,
    help: """
      usage: scrollsim simulate <gesture> [options]

      Runs one synthetic gesture through the scroll physics without a trace and prints one CSV
      row per frame at the frame's target time (index / hz), with a header row:
        time       seconds since the gesture started
        offset     points from rest at the top (negative when pulled down past the top)
        velocity   points per second (positive when scrolling down the page): the offset's
                   (content's) velocity. A drag's release velocity is the finger's in range;
                   overscrolled, the iOS profile multiplies it by the rubber band's slope,
                   Flutter keeps the finger's (its friction applies to drag deltas only)
        phase      idle, tracking, dragging, decelerating, bouncing or animating
        stretch    Android stretch overscroll, fraction of the viewport (-1 … 1; 0 elsewhere)
        programmatic  1 while a programmatic scroll moves the view, else 0
      Every value is a closed form evaluated at that time, so any --hz (1 … 1000) samples the
      same curves. Same options: byte-identical output.

      gestures:
        fling        the finger lifts at --from with --velocity (no drag before it)
        drag         a finger drags --distance points in --drag-time seconds from --from (touch
                     samples every 1/--touch-hz s), then lifts
        overscroll   the finger lifts while overscrolled by --overscroll points, with --velocity
        scroll-to    scrollTo(--to, animated: true) from rest at --from

      options:
      \(HelpText.options(options))

      examples:
        scrollsim simulate fling --velocity 2500 --from 400
        scrollsim simulate drag --distance -250 --drag-time 0.08 --profile flutter --hz 60
        scrollsim simulate overscroll --overscroll -120 --velocity 1500 --profile android
        scrollsim simulate fling --velocity 3000 --paging --hz 1000 --duration 1.5
        scrollsim simulate fling --velocity 6000 --target-y viewAligned,itemSize=500,limitBehavior=alwaysByOne
        scrollsim simulate scroll-to --to 1800 --profile profiles/ios.json

      SIGINT (Ctrl-C) and SIGTERM stop the run at a frame boundary, after a whole row.

      \(HelpText.exitStatuses([.success, .usage, .dataError, .ioError, .interrupted]))
      """,
    run: run)

  static let velocity = Option<Double>(
    "velocity", "PT_S", expected: "points per second, |v| ≤ 1000000",
    help: "release velocity, points per second, |v| ≤ 1000000 (default 1000; fling, "
      + "overscroll). Release rules apply: below the profile's minimum fling speed it is 0, "
      + "above the maximum it is clamped"
  ) { abs($0) <= 1_000_000 }
  static let from = Option<Double>(
    "from", "PT", help: "start offset, points, in 0 … maxOffset (default 0)")
  static let distance = Option<Double>(
    "distance", "PT", expected: "points, |d| ≤ 100000",
    help: "drag distance, points, positive scrolls forward (finger moves up), |d| ≤ 100000 "
      + "(default 300)"
  ) { abs($0) <= 100_000 }
  static let dragTime = Option<Double>(
    "drag-time", "S", expected: "seconds in (0, 60]",
    help: "drag duration, seconds, in (0, 60] (default 0.1)"
  ) { $0 > 0 && $0 <= 60 }
  static let touchHz = CommonOptions.hz.renamed(
    "touch-hz",
    help: "touch sample rate of a drag, samples per second, 1 … 1000 (default 120)")
  static let overscroll = Option<Double>(
    "overscroll", "PT",
    help: "overscroll at release, points: negative past the top, positive past the bottom, "
      + "|o| < viewport (default -100)")
  static let to = Option<Double>(
    "to", "PT", expected: "a finite number of points",
    help: "scroll-to target, points (clamped into range) (default 1000)")
  static let viewportHeight = CommonOptions.viewportHeight.deprecatedNames(["viewport"]).help(
    "viewport height, points, in (0, 10000000] (default 800)")
  static let contentHeight = CommonOptions.contentHeight.deprecatedNames(["content"]).help(
    "content height, points, in [0, 10000000] (default 3000)")
  static let paging = Flag(
    "paging", help: "page-sized targets (viewport height); the same as --target-y paging")
  static let snap = Option<String>(
    "snap", "PT,PT,...",
    help: "item offsets to snap to, points, ascending (the range's ends are always targets "
      + "too; a fling never settles behind its direction); the same as "
      + "--target-y viewAligned,itemOffsets=PT;PT;…")
  static let scale = CommonOptions.scale.help(
    "screen scale, pixels per point, in [0.25, 10] (default 3)")
  static let hz = CommonOptions.hz.help("frame rate, frames per second, 1 … 1000 (default 120)")
  static let duration = Option<Double>(
    "duration", "S", expected: "seconds in (0, 600]",
    help: "seconds of frames to print, in (0, 600] (default 3)"
  ) { $0 > 0 && $0 <= 600 }

  /// Every option of `simulate`, in help order.
  static let options: [OptionInfo] = [
    CommonOptions.profile.info, velocity.info, from.info, distance.info, dragTime.info,
    touchHz.info, overscroll.info, to.info, viewportHeight.info, contentHeight.info,
    CommonOptions.insetTop.info, CommonOptions.insetBottom.info, CommonOptions.rate.info,
    CommonOptions.estimator.info, paging.info, snap.info, TargetBehaviorOptions.y.info,
    scale.info, hz.info, duration.info,
  ]

  /// The gestures `simulate` can run.
  enum Gesture: String, CaseIterable {
    case fling, drag, overscroll
    case scrollTo = "scroll-to"
  }

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError)
    -> ExitStatus
  {
    let arguments = try ArgumentList(
      words, command: "simulate", options: options, console: console)
    let gestureName = try arguments.singlePositional(
      "a gesture (\(Gesture.allCases.map(\.rawValue).joined(separator: ", ")))")
    guard let gesture = Gesture(rawValue: gestureName) else {
      let names = Gesture.allCases.map(\.rawValue)
      throw .usage(
        "unknown gesture '\(gestureName)': expected \(names.joined(separator: ", "))"
          + Suggestion.didYouMean(gestureName, among: names))
    }
    var profile = try arguments.value(CommonOptions.profile)?.load() ?? .ios
    if let rate = try arguments.value(CommonOptions.rate) { profile.decelerationRate = rate.value }
    if let estimator = try arguments.value(CommonOptions.estimator) {
      profile.velocityEstimator = estimator
    }

    let geometry = ScrollGeometry(
      viewportHeight: try arguments.value(viewportHeight, default: 800),
      contentHeight: try arguments.value(contentHeight, default: 3000),
      contentInsetTop: try arguments.value(CommonOptions.insetTop, default: 0),
      contentInsetBottom: try arguments.value(CommonOptions.insetBottom, default: 0))
    let maxOffset = geometry.maxOffset
    let from = try arguments.value(Self.from, default: 0)
    guard from >= 0 && from <= maxOffset else {
      throw Self.from.invalid(
        arguments.text(Self.from) ?? "",
        expected: "a number of points in [0, \(Number.text(maxOffset))] (the scrollable range)")
    }
    let velocity = try arguments.value(Self.velocity, default: 1000)
    let distance = try arguments.value(Self.distance, default: 300)
    let dragTime = try arguments.value(Self.dragTime, default: 0.1)
    let touchHz = try arguments.value(Self.touchHz, default: 120)
    let viewport = geometry.viewportHeight
    let overscroll = try arguments.value(Self.overscroll, default: -100)
    guard overscroll != 0 && abs(overscroll) < viewport else {
      throw Self.overscroll.invalid(
        arguments.text(Self.overscroll) ?? "",
        expected: "points, nonzero, |o| < viewport (\(Number.text(viewport)))")
    }
    // Any finite target: scrollTo clamps it into range.
    let to = geometry.clamp(try arguments.value(Self.to, default: 1000))
    let scale = try arguments.value(Self.scale, default: 3)
    let hz = try arguments.value(Self.hz, default: 120)
    let duration = try arguments.value(Self.duration, default: 3)
    // --paging and --snap are shorthands of --target-y paging and
    // --target-y viewAligned,itemOffsets=…: one description, one check, one conversion.
    let given = [paging.info, snap.info, TargetBehaviorOptions.y.info].filter(arguments.isGiven)
    if given.count > 1 {
      throw .usage(given.map { "--" + $0.name }.joined(separator: ", ") + " exclude each other")
    }
    var target: TraceHeader.TargetBehavior?
    if arguments.flag(paging) { target = .init(kind: .paging) }
    if let text = arguments.text(snap) {
      let offsets = text.split(separator: ",").map {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      guard !offsets.isEmpty, offsets.allSatisfy({ $0 != nil }) else {
        throw .usage("--snap \(text): expected comma-separated offsets in points, ascending")
      }
      target = try TargetBehaviorOptions.checked(snap, text, maxOffset: maxOffset) {
        TraceHeader.TargetBehavior(kind: .viewAligned, itemOffsets: offsets.compactMap { $0 })
      }
    }
    if let text = arguments.text(TargetBehaviorOptions.y) {
      target = try TargetBehaviorOptions.parse(TargetBehaviorOptions.y, text, maxOffset: maxOffset)
    }
    let behavior = ScrollTargetBehavior(target, geometry: geometry)

    let inputs = schedule(
      gesture, from: from, velocity: velocity, distance: distance, dragTime: dragTime,
      touchHz: touchHz, overscroll: overscroll, to: to, geometry: geometry)
    var loop: FrameLoop<FrameInputList>
    do {
      loop = try FrameLoop(
        source: FrameInputList(inputs, name: gesture.rawValue), geometry: geometry,
        profile: profile, screenScale: scale, startOffset: from, targetBehavior: behavior,
        effect: nil, refreshRate: hz)
    } catch {
      throw .usage(error.message)
    }
    console.line("time,offset,velocity,phase,stretch,programmatic")
    let frames = Int((duration * Double(hz)).rounded(.down))
    // SIGINT and SIGTERM stop the run at a frame boundary, after a whole row.
    let interrupt = InterruptFlag.catchingInterrupts()
    defer { interrupt.release() }
    for frame in 0...frames {
      if interrupt.isSet {
        let time = Double(frame) / Double(hz)
        console.error(
          CommandInput.interruption(
            interrupt,
            what: frame == 0
              ? "before the first frame"
              : "after frame \(frame - 1) (t = \(Number.fixed(time - 1 / Double(hz), 3)) s) "
                + "of \(frames + 1); the rows above are all it printed"))
        return .interrupted
      }
      if console.writeFailure != nil { break }
      do {
        try loop.computeFrame(frame)
      } catch {
        throw .usage("\(gesture.rawValue): \(error.message)")
      }
      console.line(row(time: loop.sample.time, loop.state))
    }
    return .success
  }

  /// One CSV row: time, offset, velocity, phase, stretch, programmatic.
  static func row(time: Double, _ state: ScrollState) -> String {
    [
      Number.fixed(time, 6), Number.fixed(state.offset, 6), Number.fixed(state.velocity, 4),
      state.phase.rawValue, Number.fixed(state.stretch, 6), state.isProgrammatic ? "1" : "0",
    ].joined(separator: ",")
  }

  /// The inputs of a gesture, in time order; everything starts at time 0.
  static func schedule(
    _ gesture: Gesture, from: Double, velocity: Double, distance: Double, dragTime: Double,
    touchHz: Int, overscroll: Double, to: Double, geometry: ScrollGeometry
  ) -> [FrameInput] {
    switch gesture {
    case .fling:
      return [FrameInput(time: 0, kind: .release(offset: from, velocity: velocity))]
    case .overscroll:
      let edge = overscroll < 0 ? 0 : geometry.maxOffset
      return [FrameInput(time: 0, kind: .release(offset: edge + overscroll, velocity: velocity))]
    case .scrollTo:
      return [FrameInput(time: 0, kind: .scrollTo(offset: to, animated: true))]
    case .drag:
      // A forward drag (finger up) starts low on the screen, a backward one high.
      let startY = geometry.viewportHeight * (distance >= 0 ? 0.75 : 0.25)
      var inputs = [FrameInput(time: 0, kind: .touchDown(y: startY))]
      let samples = max(1, Int((dragTime * Double(touchHz)).rounded(.up)))
      for index in 1...samples {
        let time = min(dragTime, Double(index) / Double(touchHz))
        inputs.append(
          FrameInput(time: time, kind: .touchMove(y: startY - distance * time / dragTime)))
      }
      inputs.append(FrameInput(time: dragTime, kind: .touchUp(y: nil)))
      return inputs
    }
  }
}
