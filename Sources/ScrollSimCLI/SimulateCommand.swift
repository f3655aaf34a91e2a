import Foundation
import ScrollPhysics
import ScrollRuntime

/// `scrollsim simulate`: runs one synthetic gesture through the physics and prints frames as CSV.
enum SimulateCommand {
  static let subcommand = ScrollSimCommand.Subcommand(
    name: "simulate",
    summary: "run a synthetic gesture through the physics and print frames as CSV",
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
        --profile NAME|FILE   ios (default), android, flutter, or a JSON profile file
                              (profiles/README.md)
        --velocity PT_S       release velocity, points per second, |v| ≤ 1000000 (default 1000;
                              fling, overscroll). Release rules apply: below the profile's
                              minimum fling speed it is 0, above the maximum it is clamped
        --from PT             start offset, points, in 0 … maxOffset (default 0)
        --distance PT         drag distance, points, positive scrolls forward (finger moves up),
                              |d| ≤ 100000 (default 300)
        --drag-time S         drag duration, seconds, in (0, 60] (default 0.1)
        --touch-hz N          touch sample rate of a drag, samples per second, 1 … 1000
                              (default 120)
        --overscroll PT       overscroll at release, points: negative past the top, positive
                              past the bottom, |o| < viewport (default -100)
        --to PT               scroll-to target, points (clamped into range) (default 1000)
        --viewport PT         viewport height, points, in (0, 10000000] (default 800)
        --content PT          content height, points, in [0, 10000000] (default 3000)
        --inset-top PT        top content inset, points, ≥ 0 (default 0)
        --inset-bottom PT     bottom content inset, points, ≥ 0 (default 0)
        --rate RATE           deceleration rate of the exponential fling: normal (0.998), fast
                              (0.99) or a factor per millisecond in (0, 0.9995]
                              (default: profile's)
        --estimator NAME      drag release-velocity estimator: ios (weighted) or lsq (least
                              squares) (default: profile's)
        --paging              page-sized targets (viewport height)
        --snap PT,PT,...      item offsets to snap to, points, ascending (the range's ends are
                              always targets too; a fling never settles behind its direction)
        --scale N             screen scale, pixels per point, in [0.25, 10] (default 3)
        --hz N                frame rate, frames per second, 1 … 1000 (default 120)
        --duration S          seconds of frames to print, in (0, 600] (default 3)

      examples:
        scrollsim simulate fling --velocity 2500 --from 400
        scrollsim simulate drag --distance -250 --drag-time 0.08 --profile flutter --hz 60
        scrollsim simulate overscroll --overscroll -120 --velocity 1500 --profile android
        scrollsim simulate fling --velocity 3000 --paging --hz 1000 --duration 1.5
        scrollsim simulate scroll-to --to 1800 --profile profiles/ios.json

      exit status: 0 done, 64 bad command line (the option and what it expects), 65 bad
      profile file (file: JSON path: message), 74 unreadable profile file.
      """,
    run: run)

  /// The gestures `simulate` can run.
  enum Gesture: String, CaseIterable {
    case fling, drag, overscroll
    case scrollTo = "scroll-to"
  }

  @Sendable static func run(_ words: [String], console: Console) throws(CommandError) -> Int32 {
    let arguments = try ArgumentList(
      words, command: "simulate",
      valued: [
        "profile", "velocity", "from", "distance", "drag-time", "touch-hz", "overscroll", "to",
        "viewport", "content", "inset-top", "inset-bottom", "rate", "estimator", "snap", "scale",
        "hz", "duration",
      ],
      flags: ["paging"])
    let gestureName = try arguments.singlePositional(
      "a gesture (\(Gesture.allCases.map(\.rawValue).joined(separator: ", ")))")
    guard let gesture = Gesture(rawValue: gestureName) else {
      let names = Gesture.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("unknown gesture '\(gestureName)': expected \(names)")
    }
    var profile = try loadProfile(arguments.value("profile"))
    if arguments.value("rate") != nil {
      profile.decelerationRate = try arguments.value(
        "rate", default: profile.decelerationRate,
        expected: "normal, fast or a number in (0, 0.9995]"
      ) { text in
        switch text {
        case "normal": Deceleration.normalRate
        case "fast": Deceleration.fastRate
        default: Double(text).flatMap { $0 > 0 && $0 <= PhysicsProfile.slowestRate ? $0 : nil }
        }
      }
    }
    profile.velocityEstimator = try arguments.value(
      "estimator", default: profile.velocityEstimator, expected: "ios or lsq",
      VelocityEstimator.init(rawValue:))

    let limit = 10_000_000.0
    let geometry = ScrollGeometry(
      viewportHeight: try number(arguments, "viewport", 800, "a number of points in (0, 1e7]") {
        $0 > 0 && $0 <= limit
      },
      contentHeight: try number(arguments, "content", 3000, "a number of points in [0, 1e7]") {
        $0 >= 0 && $0 <= limit
      },
      contentInsetTop: try number(arguments, "inset-top", 0, "a number of points in [0, 1e7]") {
        $0 >= 0 && $0 <= limit
      },
      contentInsetBottom: try number(arguments, "inset-bottom", 0, "a number of points in [0, 1e7]")
      {
        $0 >= 0 && $0 <= limit
      })
    let maxOffset = geometry.maxOffset
    let from = try number(
      arguments, "from", 0,
      "a number of points in [0, \(Number.text(maxOffset))] (the scrollable range)"
    ) { $0 >= 0 && $0 <= maxOffset }
    let velocity = try number(arguments, "velocity", 1000, "points per second, |v| ≤ 1000000") {
      abs($0) <= 1_000_000
    }
    let distance = try number(arguments, "distance", 300, "points, |d| ≤ 100000") {
      abs($0) <= 100_000
    }
    let dragTime = try number(arguments, "drag-time", 0.1, "seconds in (0, 60]") {
      $0 > 0 && $0 <= 60
    }
    let touchHz = try integer(arguments, "touch-hz", 120)
    let viewport = geometry.viewportHeight
    let overscroll = try number(
      arguments, "overscroll", -100, "points, nonzero, |o| < viewport (\(Number.text(viewport)))"
    ) { $0 != 0 && abs($0) < viewport }
    // Any finite target: scrollTo clamps it into range.
    let to = geometry.clamp(
      try number(arguments, "to", 1000, "a finite number of points") { $0.isFinite })
    let scale = try number(arguments, "scale", 3, "pixels per point in [0.25, 10]") {
      $0 >= 0.25 && $0 <= 10
    }
    let hz = try integer(arguments, "hz", 120)
    let duration = try number(arguments, "duration", 3, "seconds in (0, 600]") {
      $0 > 0 && $0 <= 600
    }
    var behavior = ScrollTargetBehavior.none
    if arguments.flag("paging") { behavior = .paging }
    if let text = arguments.value("snap") {
      let offsets = text.split(separator: ",").map {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      guard !offsets.isEmpty, offsets.allSatisfy({ $0 != nil }) else {
        throw .usage("--snap \(text): expected comma-separated offsets in points, ascending")
      }
      behavior = .viewAligned(offsets.compactMap { $0 })
      guard (try? behavior.validate()) != nil else {
        throw .usage("--snap \(text): expected comma-separated offsets in points, ascending")
      }
      if arguments.flag("paging") { throw .usage("--paging and --snap exclude each other") }
    }

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
    for frame in 0...frames {
      do {
        try loop.computeFrame(frame)
      } catch {
        throw .usage("\(gesture.rawValue): \(error.message)")
      }
      console.line(row(time: loop.sample.time, loop.state))
    }
    return 0
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

  /// `--profile`: a built-in name, or a JSON file.
  /// - Throws: `.usage` for an unknown name; `.io` for a missing file (a value containing `/` or
  ///   ending in `.json`), a directory or an unreadable file; `.data` for a bad profile.
  static func loadProfile(_ value: String?) throws(CommandError) -> PhysicsProfile {
    guard let value else { return .ios }
    if let named = PhysicsProfile.named(value) { return named }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory) else {
      // A value that looks like a path is a missing file (74), anything else a bad name (64).
      if value.contains("/") || value.hasSuffix(".json") {
        throw .io("--profile \(value): no such file")
      }
      let names = PhysicsProfile.builtIn.map(\.name).joined(separator: ", ")
      throw .usage("--profile \(value): expected \(names) or a JSON profile file")
    }
    if isDirectory.boolValue { throw .io("--profile \(value): is a directory, not a profile file") }
    do {
      return try PhysicsProfile.load(path: value)
    } catch {
      throw error.path == "$" && error.message == "cannot read the file"
        ? .io(error.description) : .data(error.description)
    }
  }

  private static func number(
    _ arguments: ArgumentList, _ name: String, _ defaultValue: Double, _ expected: String,
    _ valid: (Double) -> Bool
  ) throws(CommandError) -> Double {
    try arguments.value(name, default: defaultValue, expected: expected) { text in
      Double(text).flatMap { $0.isFinite && valid($0) ? $0 : nil }
    }
  }

  private static func integer(_ arguments: ArgumentList, _ name: String, _ defaultValue: Int)
    throws(CommandError) -> Int
  {
    try arguments.value(name, default: defaultValue, expected: "an integer in 1…1000") { text in
      Int(text).flatMap { (1...1000).contains($0) ? $0 : nil }
    }
  }
}
