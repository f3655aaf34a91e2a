import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollTrace

/// Runs an effect (a compiled spec, a preset or your own ``/ScrollEffects/ScrollEffect``) over a
/// matrix of generated gestures and device geometries and collects every broken invariant
/// (`scrollsim check`).
///
/// Each (device, gesture) run is a ``/ScrollRuntime/FrameLoop`` (iOS physics), the core
/// `scrollsim replay` runs: the gesture's inputs (touches, a content change through
/// `setGeometry`) and the effect evaluated at every frame target time `n / refreshRate`, for
/// the gesture's whole duration. Per frame:
/// - **range / nan**: every output lies in its declared range (up to 1e-9 relative, for
///   rounding) and is not NaN; an infinite value is a `range` violation unless the bound on its
///   side is infinite (`-infinity...infinity` checks NaN only);
/// - **lag**: every output that does not remember history by design
///   (``/ScrollEffects/ScrollEffect/remembersHistory``) equals the value a *fresh* copy of the
///   effect (the value given to the checker, after `reset()`) computes from the same sample,
///   exactly; anything else depends on an earlier frame's offset (the collapsible-header
///   article's one-frame-late `DispatchQueue.main.async` write);
/// - **flicker**: a flag crosses a boundary back (`enter` then `leaveBack`, …) although the
///   offset has not moved the way that crossing needs since (see `FlickerDetector`; flags on a
///   `velocity` timeline are not judged); and, for a compiled spec with a `direction` timeline,
///   a `hold-still` run per device (``CheckGesture/holdStill(viewportHeight:)``): every output
///   that reads the direction is a violation if the direction changed while the finger held
///   still (a hide-on-scroll bar showing and hiding on touch noise);
/// - **zero-length**: a timeline used by an output has a zero-length range on the frame;
/// - **reversed**: a scroll or view timeline used by an output resolves to `end < start` on the frame
///   (e.g. `{"start": 100000, "end": "max"}` on a device whose `maxOffset` is below 100000).
/// Over the whole matrix: **unreachable**: a scroll or view timeline whose progress never lay
/// in 0…1, or a trigger whose start was never reached; for an effect that is not a compiled
/// spec (its timelines are not known), an output that kept one value on every frame of every
/// run.
///
/// Zero-length, reversed, the timeline form of unreachable and chatter read a compiled spec's
/// timelines and triggers, so they apply to ``/ScrollEffects/CompiledEffect`` and
/// ``/ScrollEffects/CompiledPreset`` only; the other checks apply to every effect. An error the
/// effect throws stops the check with an ``/ScrollSimCore/InputError`` of kind `effectFailed` naming the
/// gesture, the device and the frame.
/// **disagreement**: two outputs an ``/ScrollEffects/OutputAgreement`` pairs (a spec's `"agree"`
/// array, or ``agreements``) do not agree on the frame (e.g. the list's inline title shown while
/// the header is still expanded); the violation names both outputs and their values.
///
/// **Nested chains**: given a ``chain`` (collapsible headers above a list), every gesture runs
/// on the chain's physics (``/ScrollPhysics/NestedScrollSimulator`` through the same
/// ``/ScrollRuntime/FrameLoop``) on one device, ``CheckDevice/chain(_:screenScale:)``: the
/// chain's own geometry; every frame's sample carries each view (``/ScrollEffects/ScrollSample/views``)
/// and the per-frame checks judge a timeline that names a view on that view's offset and
/// geometry. A chain's layout is fixed, so the `content-shrinks` gesture does not run on it.
///
/// Warnings (they do not fail a check): **chatter**: with a finger resting on a trigger's
/// boundary (0.25 pt of touch noise at 120 Hz for one second, on every device), the flag
/// toggles three or more times: its hysteresis band is narrower than touch noise.
/// Deterministic: no randomness, no wall-clock time.
public struct EffectChecker: Sendable {
  /// The effect under test, in the state every run starts from.
  public let effect: any ScrollEffect
  /// The effect as a compiled spec (a spec or a preset), whose timelines and triggers the
  /// spec-level checks read; nil for any other effect.
  let compiled: CompiledEffect?
  /// The outputs, read once.
  let outputs: [EffectOutput]
  /// Per output, whether it remembers history by design.
  let remembersHistory: [Bool]
  /// The violations the effect declares it expects (``/ScrollEffects/ScrollEffect/expectedViolations``).
  public let expectations: [ExpectedViolation]
  /// Frames per second.
  public let refreshRate: Int
  /// The devices.
  public let devices: [CheckDevice]
  /// The names of the gestures to run (see ``CheckGesture/standard(viewportHeight:)``), or nil
  /// for all of them.
  public let gestureNames: Set<String>?
  /// The nested chain every gesture runs on, or nil: one scroll view per device.
  public let chain: NestedScrollChain?
  /// The physics profile of a chain's runs (one scroll view always runs iOS physics).
  public let profile: PhysicsProfile
  /// The pairs of outputs that must agree on every frame: the spec's `"agree"` array (a
  /// compiled spec or preset), then those given to the initializer.
  public let agreements: [OutputAgreement]

  /// A checker of `effect` at `refreshRate` Hz (1…1000) on `devices`, with the standard
  /// gestures named in `gestureNames` (nil: all; to reproduce one finding).
  /// - Parameters:
  ///   - effect: the effect, in the state each run starts from (each run evaluates a copy).
  ///   - refreshRate: frames per second, clamped to 1…1000.
  ///   - devices: the device geometries; with a `chain`, only the first one's screen scale is
  ///     used (the chain runs on ``CheckDevice/chain(_:screenScale:)``, its own geometry).
  ///   - gestureNames: the names of ``CheckGesture/standard(viewportHeight:)`` to run, or nil.
  ///   - chain: a nested chain to run every gesture on, or nil (default) for one scroll view.
  ///     Validated by ``run(stoppingWhen:)``.
  ///   - profile: the chain's physics profile, default ``/ScrollPhysics/PhysicsProfile/ios``.
  ///   - agreements: pairs of outputs that must agree on every frame, after the spec's own;
  ///     their names are checked by ``run(stoppingWhen:)``.
  public init(
    effect: some ScrollEffect, refreshRate: Int = 120,
    devices: [CheckDevice] = CheckDevice.standard, gestureNames: Set<String>? = nil,
    chain: NestedScrollChain? = nil, profile: PhysicsProfile = .ios,
    agreements: [OutputAgreement] = []
  ) {
    self.chain = chain
    self.profile = profile
    self.effect = effect
    if let effect = effect as? CompiledEffect {
      compiled = effect
    } else if let effect = effect as? CompiledPreset {
      compiled = effect.compiled
    } else {
      compiled = nil
    }
    outputs = effect.outputs
    let history = effect.remembersHistory
    remembersHistory =
      history.count == outputs.count ? history : Array(repeating: false, count: outputs.count)
    expectations = effect.expectedViolations
    self.refreshRate = Swift.min(Swift.max(refreshRate, 1), 1000)
    if let chain {
      self.devices = [CheckDevice.chain(chain, screenScale: devices.first?.screenScale ?? 3)]
    } else {
      self.devices = devices
    }
    self.gestureNames = gestureNames
    self.agreements = (compiled?.spec.agree ?? []) + agreements
  }

  /// The standard gestures for a viewport of `height` points that this checker runs (a chain
  /// skips those that change the content's size: a chain's layout is fixed).
  package func gestures(viewportHeight height: Double) -> [CheckGesture] {
    CheckGesture.standard(viewportHeight: height).filter {
      (gestureNames?.contains($0.name) ?? true) && (chain == nil || $0.contentChange == nil)
    }
  }

  /// Per agreement, the indices of its two outputs in ``outputs``.
  /// - Throws: ``/ScrollSimCore/InputError`` (kind `effectFailed`, file the effect's name,
  ///   field `agree[i].output` or `agree[i].with`) for a name that is not an output, or
  ///   `agree[i].tolerance` for a negative or non-finite tolerance.
  func agreementIndices() throws(InputError) -> [(Int, Int)] {
    let names = outputs.map(\.name)
    var result: [(Int, Int)] = []
    for (k, agreement) in agreements.enumerated() {
      var pair: [Int] = []
      for (key, name) in [("output", agreement.output), ("with", agreement.with)] {
        guard let i = names.firstIndex(of: name) else {
          throw InputError(
            .effectFailed, file: effect.name, field: "agree[\(k)].\(key)",
            message: "'\(InputError.excerpt(name))' is not an output of \(effect.name); expected "
              + "one of \(names.joined(separator: ", "))"
              + Suggestion.didYouMean(name, among: names))
        }
        pair.append(i)
      }
      guard agreement.tolerance.isFinite, agreement.tolerance >= 0 else {
        throw InputError(
          .effectFailed, file: effect.name, field: "agree[\(k)].tolerance",
          message: "\(EffectSpec.number(agreement.tolerance)): expected a number ≥ 0")
      }
      result.append((pair[0], pair[1]))
    }
    return result
  }

  /// The result of a check.
  public struct Report: Sendable {
    /// Every violation not expected (failures and warnings), in run order (device, gesture,
    /// frame; for traces, trace then frame).
    public var violations: [CheckViolation] = []
    /// Every violation an expectation matched (``EffectChecker/expectations``), in run order:
    /// reported, not failures.
    public var expected: [CheckViolation] = []
    /// The declared expectations, in declaration order.
    public var expectations: [ExpectedViolation] = []
    /// Per expectation, how many violations it matched (0: stale, never happened).
    public var expectationMatches: [Int] = []
    /// Runs made (devices × gestures, or traces).
    public var runs = 0
    /// Frames evaluated.
    public var frames = 0
    /// Gesture names, in order, `hold-still` last when the effect reads a direction timeline
    /// (for a check over traces: the trace paths run, in order).
    public var gestures: [String] = []

    /// An empty report for `expectations`.
    init(expectations: [ExpectedViolation]) {
      self.expectations = expectations
      expectationMatches = Array(repeating: 0, count: expectations.count)
    }

    /// The expectations that matched nothing (stale declarations), in declaration order.
    public var staleExpectations: [ExpectedViolation] {
      zip(expectations, expectationMatches).filter { $0.1 == 0 }.map(\.0)
    }

    /// Files `violation` as expected (the first expectation it matches, judged at its offset
    /// in `geometry`; nil: a whole-run violation) or as a violation.
    mutating func add(_ violation: CheckViolation, geometry: ScrollGeometry?) {
      if let k = expectations.firstIndex(where: {
        $0.matches(
          violation.kind, subject: violation.subject, offset: violation.offset,
          geometry: geometry)
      }) {
        expectationMatches[k] += 1
        expected.append(violation)
      } else {
        violations.append(violation)
      }
    }

    /// Appends `other` (a later run's report with the same expectations).
    mutating func append(_ other: Report) {
      violations += other.violations
      expected += other.expected
      for k in expectationMatches.indices { expectationMatches[k] += other.expectationMatches[k] }
      runs += other.runs
      frames += other.frames
      gestures += other.gestures
    }
  }

  /// Runs the whole matrix, or until `shouldStop` (asked before each run of a gesture on a
  /// device) returns true: then the report covers the runs made (``Report/runs``).
  /// - Throws: ``/ScrollSimCore/InputError`` naming the gesture and device of a run the physics rejects (a
  ///   device geometry or screen scale it cannot simulate): a run is never skipped; or, kind
  ///   `effectFailed`, a bad declaration of the effect (a duplicate output name, a range with
  ///   NaN or lower > upper, a `remembersHistory` of another count), naming the output; an
  ///   effect that reads the horizontal axis (field `axis`: the gestures are vertical); or an
  ///   error the effect threw, with the gesture, device and frame.
  public func run(stoppingWhen shouldStop: () -> Bool = { false }) throws(InputError) -> Report {
    try effect.validateDeclaration()
    try checkReadsTheVerticalAxisOnly()
    let pairs = try agreementIndices()
    try checkViews()
    var report = Report(expectations: expectations)
    var coverage = Coverage(checker: self)
    // The hold-still run is a gesture of the matrix when the effect reads a direction.
    let holdsStill =
      compiled.map { !directionDependents($0).isEmpty } ?? false
      && (gestureNames?.contains(CheckGesture.holdStillName) ?? true)
    report.gestures =
      gestures(viewportHeight: 800).map(\.name)
      + (holdsStill ? [CheckGesture.holdStillName] : [])
    for device in devices {
      let gestures = gestures(viewportHeight: device.geometry.viewportHeight)
      for gesture in gestures where !shouldStop() {
        report.runs += 1
        var loop = try loop(gesture, on: device)
        // Every frame of the gesture's duration: a run never stops early.
        let frameCount = Int(gesture.duration * Double(refreshRate))
        try check(
          &loop, frames: frameCount, gesture: gesture.name, device: device.name,
          coverage: &coverage, report: &report, agreements: pairs)
      }
      if compiled != nil, gestureNames?.contains(CheckGesture.restOnBoundaryName) ?? true,
        !shouldStop()
      {
        restOnBoundaries(device, report: &report)
      }
      if let effect = compiled, holdsStill, !shouldStop() {
        try holdStill(
          effect, on: device, coverage: &coverage, report: &report, agreements: pairs)
      }
    }
    coverage.report(into: &report)
    return report
  }

  /// The standard gestures are vertical drags and flings on a scroll view that scrolls only
  /// vertically, and the spec-level checks (zero-length and reversed ranges, reach, flicker)
  /// judge timelines on the vertical offset: an effect that reads the horizontal axis cannot be
  /// checked by them, over gestures or traces.
  /// - Parameter traces: whether the check runs over traces (the message says what to do then).
  /// - Throws: ``/ScrollSimCore/InputError`` (kind `unsupported`, field `axis`, the JSON path
  ///   and, for a parsed spec, the line of the first horizontal timeline's axis) saying so, and
  ///   what to do instead.
  func checkReadsTheVerticalAxisOnly(traces: Bool = false) throws(InputError) {
    do {
      try compiled?.validateAxes(hasHorizontal: false)
    } catch {
      var error = error
      error.message =
        error.message.prefix { $0 != "," }
        + (traces
          ? ", and check judges timelines on the vertical axis only: replay the trace with "
            + "scrollsim replay and test the outputs (ScrollSimTesting), or check the vertical "
            + "timelines in a spec of their own"
          : ", and check's gestures are vertical drags and flings on scroll views that scroll "
            + "only vertically: test a horizontal effect over a two-axis run instead (a trace "
            + "with x, replayed by scrollsim replay, or ScrollSimTesting), or check its "
            + "vertical timelines in a spec of their own")
      throw error
    }
  }

  /// The frame loop of one (device, gesture) run: the gesture's inputs from rest at the top
  /// (or the bottom) of the device's scroll view, iOS physics, the effect from its fresh state.
  /// - Throws: ``/ScrollSimCore/InputError`` naming the run when the physics rejects the device.
  func loop(_ gesture: CheckGesture, on device: CheckDevice) throws(InputError)
    -> FrameLoop<FrameInputList>
  {
    guard let chain else {
      return try gesture.frameLoop(on: device, effect: effect, refreshRate: refreshRate)
    }
    return try FrameLoop(
      source: FrameInputList(gesture.inputs, name: "\(gesture.name) on \(device.name)"),
      chain: chain, profile: profile, screenScale: device.screenScale,
      startOffset: gesture.startsAtBottom ? chain.combinedGeometry.maxOffset : 0, effect: effect,
      refreshRate: refreshRate)
  }

  /// Checks before the first run that the effect reads only views the runs have: a chain's
  /// views, or none without a chain.
  /// - Throws: what ``/ScrollEffects/CompiledEffect/validateViews(count:)`` throws (kind
  ///   `unsupported`, field `scrollView`, the spec's line and JSON path).
  func checkViews() throws(InputError) {
    try compiled?.validateViews(count: chain.map { $0.headers.count + 1 } ?? 0)
  }

  /// What the whole matrix reached: per timeline, whether its progress lay in 0…1; per
  /// trigger, whether its start was reached; per output, the first value and whether it ever
  /// changed.
  struct Coverage {
    let checker: EffectChecker
    var used: [Bool]
    var reached: [Bool]
    var triggerReached: [Bool]
    var firstValue: [Double?]
    var changed: [Bool]

    init(checker: EffectChecker) {
      self.checker = checker
      let timelines = checker.compiled?.timelines.count ?? 0
      used = Array(repeating: false, count: timelines)
      reached = used
      triggerReached = Array(repeating: false, count: checker.compiled?.programs.count ?? 0)
      for program in checker.compiled?.programs ?? [] {
        switch program.source {
        case .timeline(let t), .trigger(let t): used[t] = true
        case .output: break
        }
      }
      firstValue = Array(repeating: nil, count: checker.outputs.count)
      changed = Array(repeating: false, count: checker.outputs.count)
    }

    /// Notes one frame's values.
    mutating func saw(_ values: [Double]) {
      for i in values.indices where !changed[i] {
        if let first = firstValue[i] {
          if !(first == values[i] || (first.isNaN && values[i].isNaN)) { changed[i] = true }
        } else {
          firstValue[i] = values[i]
        }
      }
    }

    /// Appends the `unreachable` violations of the whole matrix.
    func report(into report: inout Report) {
      guard let effect = checker.compiled else {
        for (i, output) in checker.outputs.enumerated() where !changed[i] {
          guard let value = firstValue[i] else { continue }
          report.add(
            CheckViolation(
              kind: .unreachable, subject: output.name, gesture: "", device: "any", frame: 0,
              time: 0, offset: 0, value: value,
              detail: "a change on some frame (it kept \(EffectSpec.number(value)) on every "
                + "frame of every gesture and device)"), geometry: nil)
        }
        return
      }
      for t in used.indices where used[t] && !reached[t] {
        if case .scroll = effect.timelines[t] {
        } else if case .view = effect.timelines[t] {
        } else {
          continue
        }
        report.add(
          CheckViolation(
            kind: .unreachable, subject: "timeline " + effect.spec.timelines[t].name, gesture: "",
            device: "any", frame: 0, time: 0, offset: 0, value: .nan,
            detail: "its progress never lay in 0…1 on any device or gesture"), geometry: nil)
      }
      for (i, program) in effect.programs.enumerated()
      where program.trigger != nil && !triggerReached[i] {
        report.add(
          CheckViolation(
            kind: .unreachable, subject: effect.outputs[program.output].name, gesture: "",
            device: "any", frame: 0, time: 0, offset: 0, value: .nan,
            detail: "its trigger start \(program.trigger?.start ?? 0) was never reached"),
          geometry: nil)
      }
    }
  }

  /// Runs `loop` for frames 0 through `frames` (nil: until it is finished) and checks every
  /// frame, recording what it reached in `coverage`.
  /// - Throws: ``/ScrollSimCore/InputError``: an input the physics rejects; an error the effect threw
  ///   (`effectFailed`, the message naming `gesture`, `device` and the frame).
  func check<Source: FrameInputSource & ~Copyable>(
    _ loop: inout FrameLoop<Source>, frames: Int?, gesture: String, device: String,
    coverage: inout Coverage, report: inout Report, agreements pairs: [(Int, Int)] = [],
    observe: (ScrollSample) -> Void = { _ in }
  ) throws(InputError) {
    let n = outputs.count
    var probeFrame = EffectFrame(outputs: outputs)
    // A compiled effect resets in place (the same as a fresh copy, without copying its state
    // each frame); any other effect is copied fresh from the checker's value every frame.
    var compiledProbe = compiled
    var orientation = Array(repeating: Int8(1), count: n)
    for program in compiled?.programs ?? [] {
      guard case .trigger(let t) = program.source else { continue }
      switch compiled?.timelines[t] {
      case .overscroll(.top): orientation[program.output] = -1
      // Velocity falls and rises with no reversal of the offset (a fling slowing down).
      case .velocity: orientation[program.output] = 0
      default: break
      }
    }
    var flicker = FlickerDetector(orientation: orientation)
    var previousOffset = loop.sample.offset
    var frame = 0
    while frames.map({ frame <= $0 }) ?? (frame == 0 || !loop.isFinished) {
      do {
        try loop.computeFrame(frame)
      } catch  where error.kind == .effectFailed {
        throw Self.located(error, gesture: gesture, device: device)
      }
      let time = loop.sample.time
      let geometry = loop.geometry
      let sample = loop.sample
      let values = loop.values
      if compiledProbe != nil {
        compiledProbe!.reset()
        probeFrame.events.removeAll(keepingCapacity: true)
        compiledProbe!.evaluate(sample, into: &probeFrame.values, events: &probeFrame.events)
      } else {
        var probe = effect
        probe.reset()
        do {
          try probe.evaluateChecked(sample, into: &probeFrame, frameIndex: frame)
        } catch {
          throw Self.located(error, gesture: gesture, device: device)
        }
      }
      let check = probeFrame.values
      observe(sample)
      report.frames += 1
      coverage.saw(values)
      func add(_ kind: CheckViolation.Kind, _ subject: String, _ value: Double, _ detail: String) {
        report.add(
          CheckViolation(
            kind: kind, subject: subject, gesture: gesture, device: device,
            frame: frame, time: time, offset: sample.offset, value: value, detail: detail),
          geometry: geometry)
      }
      for i in 0..<n {
        let v = values[i]
        let output = outputs[i]
        if v.isNaN {
          add(.nan, output.name, v, "a number in \(Self.text(output.range))")
        } else if !Self.contains(output.range, v) {
          add(.range, output.name, v, "a value in \(Self.text(output.range))")
        }
        if !remembersHistory[i] && !(v == check[i] || (v.isNaN && check[i].isNaN)) {
          add(
            .lag, output.name, v,
            "\(EffectSpec.number(check[i])) (the value computed from this frame's offset alone)")
        }
      }
      // Agreements between outputs (typically reading different views of a chain).
      for (k, (i, j)) in pairs.enumerated() where !agreements[k].holds(values[i], values[j]) {
        let agreement = agreements[k]
        let rule: String
        switch agreement.rule {
        case .equals:
          rule =
            "\(agreement.output) equals \(agreement.with)"
            + (agreement.tolerance > 0 ? " within \(EffectSpec.number(agreement.tolerance))" : "")
        case .onlyWhile:
          rule = "\(agreement.output) on only while \(agreement.with) is on"
        case .notWhile:
          rule = "\(agreement.output) and \(agreement.with) never on together"
        }
        add(
          .disagreement, agreement.subject, values[i],
          "\(rule)\(agreement.reason.isEmpty ? "" : " (\(agreement.reason))"): "
            + "\(agreement.output) = \(EffectSpec.number(values[i])), "
            + "\(agreement.with) = \(EffectSpec.number(values[j]))")
      }
      // Flicker: direction bookkeeping, then this frame's flag changes.
      flicker.moved(by: sample.offset - previousOffset)
      for event in loop.events where event.output >= 0 && event.output < n {
        if let gap = flicker.changed(event.output, event.kind, frame: frame) {
          add(
            .flicker, outputs[event.output].name, values[event.output],
            "no change: it flipped back (\(event.kind.rawValue)) \(gap) frames after its last "
              + "change without the offset reversing")
        }
      }
      previousOffset = sample.offset
      if let effect = compiled {
        checkTimelines(
          effect, sample: sample, geometry: geometry, values: values, coverage: &coverage,
          add: add)
      }
      frame += 1
    }
  }

  /// Zero-length and reversed ranges of a compiled effect's timelines on one frame, and what
  /// they reached.
  private func checkTimelines(
    _ effect: CompiledEffect, sample: ScrollSample, geometry: ScrollGeometry, values: [Double],
    coverage: inout Coverage,
    add: (CheckViolation.Kind, String, Double, String) -> Void
  ) {
    // A motion timeline has no range (its progress is not a function of the offset).
    for t in effect.timelines.indices where coverage.used[t] && !effect.timelines[t].isMotion {
      let (offset, geometry) = Self.view(of: effect.spec.timelines[t], in: sample)
      guard let p = effect.timelines[t].progress(at: offset, geometry: geometry) else {
        add(
          .zeroLength, "timeline " + effect.spec.timelines[t].name, .nan,
          "a range of non-zero length (it is inactive on this frame)")
        continue
      }
      // Only scroll and view timelines have a range: one anchored to `max`, or a view range
      // whose ends' order depends on the viewport (a fixed reversed one is a spec error).
      if let range = effect.timelines[t].range(geometry: geometry), range.end < range.start {
        // What the ends depend on: the scroll range's `max`, or the view range's viewport.
        let basis =
          if case .view = effect.timelines[t] {
            "a viewport of \(EffectSpec.number(geometry.viewportHeight)) pt"
          } else {
            "maxOffset \(EffectSpec.number(geometry.maxOffset)) pt"
          }
        add(
          .reversed, "timeline " + effect.spec.timelines[t].name, range.length,
          "end ≥ start (it resolves to \(EffectSpec.number(range.start)) … "
            + "\(EffectSpec.number(range.end)) pt with \(basis))")
      }
      if p >= 0 && p <= 1 { coverage.reached[t] = true }
    }
    for (k, program) in effect.programs.enumerated() {
      guard case .trigger(let t) = program.source, let trigger = program.trigger else { continue }
      if effect.timelines[t].isMotion {
        // Reached when the flag was on (its progress is the effect's own).
        if values[program.output] == 1 { coverage.triggerReached[k] = true }
        continue
      }
      let (offset, geometry) = Self.view(of: effect.spec.timelines[t], in: sample)
      guard let p = effect.timelines[t].progress(at: offset, geometry: geometry) else {
        continue
      }
      if p >= trigger.start { coverage.triggerReached[k] = true }
    }
  }

  /// The offset and geometry a timeline reads on `sample`: the view it names
  /// (``/ScrollEffects/EffectSpec/TimelineSpec/scrollView``) of a chain's sample, else the
  /// sample's own.
  static func view(of timeline: EffectSpec.TimelineSpec, in sample: ScrollSample) -> (
    offset: Double, geometry: ScrollGeometry
  ) {
    guard let views = sample.views, !views.isEmpty else { return (sample.offset, sample.geometry) }
    let index: Int
    switch timeline.scrollView {
    case .combined: return (sample.offset, sample.geometry)
    case .header: index = 0
    case .list: index = views.count - 1
    case .index(let n): index = n
    }
    guard index < views.count else { return (sample.offset, sample.geometry) }
    return (views[index].offset, views[index].geometry)
  }

  /// `error` (an effect's failure) with the run it happened in named in its message.
  static func located(_ error: InputError, gesture: String, device: String) -> InputError {
    var located = error
    located.message += " (gesture \(gesture) on \(device))"
    return located
  }

  /// Rests a finger on every trigger boundary that is a fixed offset on `device` and reports
  /// flags that toggle three or more times (`chatter` warnings).
  private func restOnBoundaries(_ device: CheckDevice, report: inout Report) {
    guard let effect = compiled else { return }
    let geometry = device.geometry
    for program in effect.programs {
      guard case .trigger(let t) = program.source, let trigger = program.trigger else { continue }
      // A trigger on one view of a chain is not a boundary of the combined offset.
      guard effect.spec.timelines[t].scrollView == .combined else { continue }
      let timeline = effect.timelines[t]
      for boundary in [trigger.start, trigger.end] where boundary.isFinite {
        let offset: Double
        switch timeline {
        case .distance(let origin): offset = origin + boundary
        case .scroll, .view:
          guard let range = timeline.range(geometry: geometry), range.isActive else { continue }
          offset = range.offset(atProgress: boundary)
        case .overscroll, .velocity, .direction, .quickReturn: continue
        }
        guard offset >= 0, offset <= geometry.maxOffset else { continue }
        var live = effect
        var values = Array(repeating: 0.0, count: effect.outputs.count)
        var events: [EffectEvent] = []
        var toggles = 0
        var first: (frame: Int, offset: Double)?
        for frame in 0..<refreshRate {
          // Deterministic touch noise: two incommensurate sines, ±0.25 pt.
          let time = Double(frame) / Double(refreshRate)
          let s = offset + CheckGesture.touchNoise(at: time)
          events.removeAll(keepingCapacity: true)
          live.evaluate(
            ScrollSample(time: time, offset: s, velocity: 0, phase: .dragging, geometry: geometry),
            into: &values, events: &events)
          // Frame 0 sets the state the rest starts in (a first frame away from rest reports
          // its enter): not a toggle.
          for event in events where event.output == program.output && frame > 0 {
            toggles += 1
            if first == nil { first = (frame, s) }
          }
        }
        if toggles >= 3, let first {
          report.add(
            CheckViolation(
              kind: .chatter, subject: effect.outputs[program.output].name,
              gesture: CheckGesture.restOnBoundaryName, device: device.name,
              frame: first.frame, time: Double(first.frame) / Double(refreshRate),
              offset: first.offset, value: Double(toggles),
              detail: "at most 2 toggles in 1 s of a finger resting at offset "
                + "\(EffectSpec.number((offset * 1000).rounded() / 1000)) ±0.25 pt (add hysteresis)"
            ), geometry: geometry)
        }
      }
    }
  }

  /// Per direction timeline (by index) that some output reads, the outputs that depend on it:
  /// flags on it, outputs mapped from it, and outputs reading those (by output index, in
  /// order).
  func directionDependents(_ effect: CompiledEffect) -> [(timeline: Int, outputs: [Int])] {
    var result: [(timeline: Int, outputs: [Int])] = []
    for t in effect.timelines.indices {
      guard case .direction = effect.timelines[t] else { continue }
      var depends = Array(repeating: false, count: effect.outputs.count)
      // Programs are compiled flags first, then in declaration order: a source comes first.
      for program in effect.programs {
        switch program.source {
        case .timeline(let u), .trigger(let u): if u == t { depends[program.output] = true }
        case .output(let o): if depends[o] { depends[program.output] = true }
        }
      }
      let outputs = depends.indices.filter { depends[$0] }
      if !outputs.isEmpty { result.append((t, outputs)) }
    }
    return result
  }

  /// Runs ``CheckGesture/holdStill(viewportHeight:)`` on `device` (every frame checked as in
  /// the matrix) and reports, for each direction timeline an output reads, a `flicker` when
  /// its direction changed while the finger held still: a hide-on-scroll bar that shows and
  /// hides on touch noise. The direction is followed by the engine's own
  /// ``/ScrollEffects/ScrollDirectionTracker`` over the frames' offsets.
  /// - Throws: what ``check(_:frames:gesture:device:coverage:report:)`` throws.
  private func holdStill(
    _ effect: CompiledEffect, on device: CheckDevice, coverage: inout Coverage,
    report: inout Report, agreements pairs: [(Int, Int)]
  ) throws(InputError) {
    let height = device.geometry.viewportHeight
    let gesture = CheckGesture.holdStill(viewportHeight: height)
    let window = CheckGesture.holdStillWindow(viewportHeight: height)
    let dependents = directionDependents(effect)
    var trackers = dependents.map { entry -> ScrollDirectionTracker in
      guard case .direction(let h) = effect.timelines[entry.timeline] else {
        return ScrollDirectionTracker()
      }
      return ScrollDirectionTracker(hysteresis: h)
    }
    var flips = Array(repeating: 0, count: dependents.count)
    var first: [(frame: Int, time: Double, offset: Double)?] = Array(
      repeating: nil, count: dependents.count)
    var lastGeometry: ScrollGeometry?
    report.runs += 1
    var loop = try self.loop(gesture, on: device)
    let frameCount = Int(gesture.duration * Double(refreshRate))
    // The matrix's checks on every frame, then the direction of each frame's sample.
    var frames: [(time: Double, offset: Double, geometry: ScrollGeometry)] = []
    frames.reserveCapacity(frameCount + 1)
    try check(
      &loop, frames: frameCount, gesture: gesture.name, device: device.name,
      coverage: &coverage, report: &report, agreements: pairs,
      observe: { frames.append(($0.time, $0.offset, $0.geometry)) })
    for (frame, sample) in frames.enumerated() {
      for k in trackers.indices {
        if let lastGeometry, lastGeometry != sample.geometry { trackers[k].rebase() }
        let before = trackers[k].direction
        let after = trackers[k].update(offset: sample.offset, maxOffset: sample.geometry.maxOffset)
        if after != before, sample.time > window.start, sample.time <= window.end {
          flips[k] += 1
          if first[k] == nil { first[k] = (frame, sample.time, sample.offset) }
        }
      }
      lastGeometry = sample.geometry
    }
    for (k, entry) in dependents.enumerated() where flips[k] > 0 {
      guard let at = first[k] else { continue }
      let name = effect.spec.timelines[entry.timeline].name
      let h = trackers[k].hysteresis
      for output in entry.outputs {
        report.add(
          CheckViolation(
            kind: .flicker, subject: effect.outputs[output].name, gesture: gesture.name,
            device: device.name, frame: at.frame, time: at.time, offset: at.offset,
            value: Double(flips[k]),
            detail: "no show/hide change while the finger holds still (±0.25 pt of touch "
              + "noise for \(EffectSpec.number(CheckGesture.holdDuration)) s): its direction "
              + "timeline '\(name)' flipped \(flips[k]) times with a hysteresis of "
              + "\(EffectSpec.number(h)) pt (give it more than the noise; the default is "
              + "\(EffectSpec.number(ScrollDirectionTracker.defaultHysteresis)) pt)"),
          geometry: device.geometry)
      }
    }
  }

  /// Whether `v` lies in `range` up to rounding: 1e-9 of the bound's magnitude (at least
  /// 1e-9), so `0.9 − 0.6 · 1 = 0.30000000000000004`-style artefacts are not violations.
  /// An infinite `v` lies only in a range whose bound on its side is infinite: the rounding
  /// allowance of a finite bound (even `Double.greatestFiniteMagnitude`, whose allowance
  /// overflows to infinity) never admits it.
  static func contains(_ range: ClosedRange<Double>, _ v: Double) -> Bool {
    let lo = range.lowerBound
    let hi = range.upperBound
    if v.isInfinite { return v > 0 ? hi == .infinity : lo == -.infinity }
    return v >= lo - 1e-9 * Swift.max(1, Swift.abs(lo))
      && v <= hi + 1e-9 * Swift.max(1, Swift.abs(hi))
  }

  /// `lo … hi` with short numbers.
  static func text(_ range: ClosedRange<Double>) -> String {
    "\(EffectSpec.number(range.lowerBound)) … \(EffectSpec.number(range.upperBound))"
  }
}
