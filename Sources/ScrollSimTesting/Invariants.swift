import ScrollCheck
import ScrollEffects
import ScrollSimCore

/// One gesture of the invariant checker's matrix, by name: a Swift Testing argument
/// (`@Test(arguments: ScrollSimGesture.standard)`), `Codable` so that one failing case re-runs
/// alone.
public struct ScrollSimGesture: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The gesture's name (`slow-drag`, `fling-3000`, `pull-down-top`, …).
  public var name: String

  /// The gesture named `name` (see ``standard``).
  public init(_ name: String) { self.name = name }

  /// The gesture named `name` (see ``standard``).
  public static func named(_ name: String) -> ScrollSimGesture { ScrollSimGesture(name) }

  /// The checker's gestures (``/ScrollCheck/CheckGesture/standard(viewportHeight:)``, each sized
  /// to the device: slow drags, flings at 1000, 3000 and 8000 pt/s, pull-downs and pull-ups
  /// released at rest and overscrolled, the content shrinking), `rest-on-boundary` (a
  /// finger resting on each trigger boundary with touch noise) and `hold-still` (a drag, then
  /// the finger held with touch noise: run for specs with a `direction` timeline, whose
  /// direction must not change while the finger holds still).
  ///
  /// `rest-on-boundary` is a checker pass, not a touch sequence: it runs only in
  /// ``expectInvariants(of:over:devices:refreshRate:maxIssues:fileID:filePath:line:column:)``
  /// (for a compiled spec's triggers); ``ScrollRun/init(of:gesture:device:refreshRate:)``
  /// rejects it with an error listing the gestures it runs.
  public static let standard: [ScrollSimGesture] =
    CheckGesture.standard(viewportHeight: 667).map { ScrollSimGesture($0.name) }
    + [
      ScrollSimGesture(CheckGesture.restOnBoundaryName),
      ScrollSimGesture(CheckGesture.holdStillName),
    ]

  /// The name.
  public var description: String { name }
}

extension CheckDevice {
  /// The standard device named `name` (`small-phone`, `large-phone`, `landscape`,
  /// `large-safe-areas`, `short-content`).
  ///
  /// Never traps: for a name that is not a standard device's, it returns a placeholder that
  /// carries the name, and the check it is passed to (``expectInvariants(of:over:devices:refreshRate:maxIssues:fileID:filePath:line:column:)``,
  /// ``ScrollRun/init(of:gesture:device:refreshRate:)``, the `devices:` of a scope or trait)
  /// reports `No standard device named iphone-se; expected one of small-phone, …` with the
  /// closest name, and runs nothing.
  /// - Parameter name: a standard device's name.
  /// - Returns: that device, or the placeholder for an unknown name.
  public static func named(_ name: String) -> CheckDevice {
    if let device = standard.first(where: { $0.name == name }) { return device }
    var unknown = standard[0]
    unknown.name = name
    unknown.isUnknownName = true
    return unknown
  }

  /// The issue text for a device from ``named(_:)`` with an unknown name, or nil.
  var unknownNameMessage: String? {
    guard isUnknownName else { return nil }
    let names = CheckDevice.standard.map(\.name)
    return "No standard device named \(name); expected one of "
      + names.joined(separator: ", ") + Suggestion.didYouMean(name, among: names)
  }
}

/// Runs the invariant checker (`scrollsim check`) over `effect` on every gesture of `gestures`
/// and every device, and records each violation as one issue: the check (range, nan, lag,
/// flicker, zero-length, reversed, unreachable), the output, the gesture, the device and rate,
/// the frame, time, offset and value, what was expected, and a line that reproduces it.
/// At most `maxIssues` violations are recorded one by one; one more issue counts the rest.
/// An effect that throws, or breaks its contract (writes an undeclared output name, resizes its
/// values), gives one issue, `X failed during <gesture> on <device> at <rate> Hz: …`, with its
/// error, the frame, the gesture and device.
/// `chatter` findings (a flag toggling under a resting finger) are warnings, not failures.
///
/// A check over nothing never passes: an empty `gestures` or `devices`, or an effect with no
/// outputs, is an issue, as are a refresh rate outside 1…1000 and `maxIssues` < 1 (nothing
/// runs then). So is an effect that is a class: the lag check compares each frame with a fresh
/// copy of the effect, and a copy of a class instance shares its state.
///
/// `unreachable` (a range never reached) is a finding about the whole matrix: it is checked
/// only when `gestures` holds every standard gesture.
/// - Parameters:
///   - effect: the effect under test, from its current state (the checker starts every run
///     from a fresh copy).
///   - gestures: the gestures; default all of them. Empty is an issue (`no gesture to run`).
///   - devices: the devices; nil: the scope's, default ``/ScrollCheck/CheckDevice/standard``.
///     Empty, or a name `CheckDevice.named(_:)` does not know, is an issue.
///   - refreshRate: frames per second, 1…1000 (outside it is an issue and nothing runs); nil:
///     the scope's, default 120.
///   - maxIssues: violations recorded one by one, ≥ 1 (less is an issue).
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func expectInvariants(
  of effect: some ScrollEffect, over gestures: [ScrollSimGesture] = ScrollSimGesture.standard,
  devices: [CheckDevice]? = nil, refreshRate: Int? = nil, maxIssues: Int = 10,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let findings = Invariants.findings(
    effect, gestures: gestures, devices: devices, refreshRate: refreshRate, maxIssues: maxIssues)
  for message in findings.failures { record(message, location: location) }
  for message in findings.warnings { warn(message, location: location) }
}

/// The check of
/// ``expectInvariants(of:over:devices:refreshRate:maxIssues:fileID:filePath:line:column:)``
/// without reporting: the failure text (one paragraph per issue it would record, separated by
/// blank lines), or nil when no invariant is broken. Warnings are not included.
/// - Returns: the failure text, or nil.
public func verifyInvariants(
  of effect: some ScrollEffect, over gestures: [ScrollSimGesture] = ScrollSimGesture.standard,
  devices: [CheckDevice]? = nil, refreshRate: Int? = nil, maxIssues: Int = 10
) -> String? {
  let findings = Invariants.findings(
    effect, gestures: gestures, devices: devices, refreshRate: refreshRate, maxIssues: maxIssues)
  return findings.failures.isEmpty ? nil : findings.failures.joined(separator: "\n\n")
}

/// Expects `effect` to break no invariant over recorded traces (the bundled real gestures or
/// your own): each trace replays with its own device, geometry and physics profile until it
/// rests, with the matrix's per-frame checks (range, NaN, lag, flicker; zero-length and
/// reversed for a compiled spec). Violations the effect declares in
/// ``/ScrollEffects/ScrollEffect/expectedViolations`` are not failures. Each violation is one
/// issue naming the trace, the frame and the values, with a line that reproduces it.
/// - Parameters:
///   - effect: the effect under test, from its current state.
///   - traces: the traces, e.g. `ReplayTrace.bundledTraces` or `[.path("my-fling.jsonl")]`.
///     Empty is an issue (`no trace to run`).
///   - refreshRate: frames per second, 1…1000 (outside it is an issue and nothing runs); nil:
///     the scope's, default 120.
///   - maxIssues: violations recorded one by one, ≥ 1 (less is an issue).
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func expectInvariants(
  of effect: some ScrollEffect, traces: [ReplayTrace], refreshRate: Int? = nil,
  maxIssues: Int = 10, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let findings = Invariants.findings(
    effect, traces: traces, refreshRate: refreshRate, maxIssues: maxIssues)
  for message in findings.failures { record(message, location: location) }
  for message in findings.warnings { warn(message, location: location) }
}

/// The check of ``expectInvariants(of:traces:refreshRate:maxIssues:fileID:filePath:line:column:)``
/// without reporting: the failure text (one paragraph per issue, separated by blank lines), or
/// nil when no invariant is broken.
/// - Returns: the failure text, or nil.
public func verifyInvariants(
  of effect: some ScrollEffect, traces: [ReplayTrace], refreshRate: Int? = nil,
  maxIssues: Int = 10
) -> String? {
  let findings = Invariants.findings(
    effect, traces: traces, refreshRate: refreshRate, maxIssues: maxIssues)
  return findings.failures.isEmpty ? nil : findings.failures.joined(separator: "\n\n")
}

/// The checker's report as issue texts.
enum Invariants {
  struct Findings {
    var failures: [String] = []
    var warnings: [String] = []
  }

  static func findings(
    _ effect: some ScrollEffect, gestures: [ScrollSimGesture], devices: [CheckDevice]?,
    refreshRate: Int?, maxIssues: Int
  ) -> Findings {
    let rate = ScrollSimTestingConfiguration.refreshRate(refreshRate)
    let devices = devices ?? ScrollSimTestingConfiguration.current?.devices ?? CheckDevice.standard
    let names = Set(gestures.map(\.name))
    let known = Set(ScrollSimGesture.standard.map(\.name))
    var findings = Findings()
    if let problem = problem(effect, rate: rate, maxIssues: maxIssues) {
      findings.failures.append(problem)
      return findings
    }
    if gestures.isEmpty {
      findings.failures.append(
        "\(effect.name): no gesture to run (over: is empty); pass some of "
          + "ScrollSimGesture.standard, or leave over: out to run them all")
      return findings
    }
    if devices.isEmpty {
      findings.failures.append(
        "\(effect.name): no device to run on (devices: is empty); pass some of "
          + "CheckDevice.standard, or leave devices: out to run them all")
      return findings
    }
    if let unknown = names.subtracting(known).sorted().first {
      findings.failures.append(
        "No checker gesture named \(unknown); expected one of "
          + ScrollSimGesture.standard.map(\.name).joined(separator: ", ")
          + Suggestion.didYouMean(unknown, among: known.sorted()))
      return findings
    }
    if let unknown = devices.lazy.compactMap(\.unknownNameMessage).first {
      findings.failures.append(unknown)
      return findings
    }
    let wholeMatrix = names == known
    let report: EffectChecker.Report
    do throws(InputError) {
      report = try EffectChecker(
        effect: effect, refreshRate: rate, devices: devices, gestureNames: names
      ).run()
    } catch {
      findings.failures.append(
        thrown(error, effect: effect, gestures: gestures, devices: devices, rate: rate))
      return findings
    }
    return Invariants.findings(
      of: report, effect: effect, rate: rate, maxIssues: maxIssues, judgingUnreachable: wholeMatrix
    ) { violation in
      "reproduce: expectInvariants(of: effect, over: [.named(\"\(violation.gesture)\")], devices: "
        + "[.named(\"\(violation.device)\")], refreshRate: \(rate))"
    }
  }

  /// The problem with the arguments or the effect's declaration that stops a check before it
  /// runs anything, or nil: a refresh rate outside 1…1000, `maxIssues` < 1, a class (the lag
  /// check's fresh copies would share its state), an effect with no outputs or a bad
  /// declaration (a duplicate output name, a range with NaN or lower > upper, a
  /// `remembersHistory` of another count).
  static func problem(_ effect: some ScrollEffect, rate: Int, maxIssues: Int) -> String? {
    guard (1...1000).contains(rate) else {
      return "refreshRate: \(rate) Hz is out of range: expected 1…1000"
    }
    guard maxIssues >= 1 else {
      return "maxIssues: \(maxIssues) is out of range: expected 1 or more"
    }
    if type(of: effect) is AnyClass {
      return "\(effect.name) is a class: the checker evaluates fresh copies, which a class "
        + "shares; make it a struct"
    }
    guard !effect.outputs.isEmpty else {
      return "\(effect.name) declares no outputs: there is nothing to check; list them in "
        + "outputs"
    }
    do throws(InputError) {
      try effect.validateDeclaration()
    } catch {
      return "\(effect.name) \(error.message)"
    }
    return nil
  }

  /// The issues of the checker's run over recorded `traces`.
  static func findings(
    _ effect: some ScrollEffect, traces: [ReplayTrace], refreshRate: Int?, maxIssues: Int
  ) -> Findings {
    let rate = ScrollSimTestingConfiguration.refreshRate(refreshRate)
    if let problem = problem(effect, rate: rate, maxIssues: maxIssues) {
      return Findings(failures: [problem])
    }
    if traces.isEmpty {
      return Findings(failures: [
        "\(effect.name): no trace to run (traces: is empty); pass some, e.g. "
          + "ReplayTrace.bundledTraces"
      ])
    }
    let report: EffectChecker.Report
    var names: [String: ReplayTrace] = [:]
    do throws(InputError) {
      var paths: [String] = []
      for trace in traces {
        let path = try trace.filePath()
        paths.append(path)
        names[path] = trace
      }
      report = try EffectChecker(effect: effect, refreshRate: rate).run(traces: paths)
    } catch {
      let underlying = error.underlying.map { " (\(type(of: $0)))" } ?? ""
      var text = "\(effect.name) stopped the check over traces: \(error)\(underlying)"
      for (path, trace) in names where trace.isBundled {
        text = text.replacingOccurrences(of: path, with: trace.name)
      }
      return Findings(failures: [text])
    }
    var shown = report
    for k in shown.violations.indices {
      if let trace = names[shown.violations[k].gesture], trace.isBundled {
        shown.violations[k].gesture = trace.name
      }
    }
    let bundled = Dictionary(
      names.values.filter(\.isBundled).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    return Invariants.findings(
      of: shown, effect: effect, rate: rate, maxIssues: maxIssues, judgingUnreachable: false
    ) { violation in
      let trace =
        (names[violation.gesture] ?? bundled[violation.gesture]).map {
          $0.isBundled ? ".bundled(\"\($0.name)\")" : ".path(\"\($0.name)\")"
        } ?? ".path(\"\(violation.gesture)\")"
      return "reproduce: expectInvariants(of: effect, traces: [\(trace)], refreshRate: \(rate))"
    }
  }

  /// `report` as issue texts: the first `maxIssues` failures one by one, then a count;
  /// warnings apart; `unreachable` only when the whole matrix ran.
  static func findings(
    of report: EffectChecker.Report, effect: some ScrollEffect, rate: Int, maxIssues: Int,
    judgingUnreachable: Bool, reproduce: (CheckViolation) -> String
  ) -> Findings {
    var findings = Findings()
    var failures: [CheckViolation] = []
    for violation in report.violations {
      if violation.kind.isWarning {
        findings.warnings.append(text(violation, effect: effect, rate: rate, reproduce))
      } else if violation.kind != .unreachable || judgingUnreachable {
        failures.append(violation)
      }
    }
    let limit = maxIssues
    for violation in failures.prefix(limit) {
      findings.failures.append(text(violation, effect: effect, rate: rate, reproduce))
    }
    if failures.count > limit {
      var counts: [CheckViolation.Kind: Int] = [:]
      for violation in failures.dropFirst(limit) { counts[violation.kind, default: 0] += 1 }
      let byKind = CheckViolation.Kind.allCases.compactMap { kind in
        counts[kind].map { "\($0) \(kind.rawValue)" }
      }
      findings.failures.append(
        "\(effect.name): \(failures.count - limit) more invariant violations not shown ("
          + byKind.joined(separator: ", ") + "; \(failures.count) in all over \(report.runs) "
          + "runs); raise maxIssues: to see them")
    }
    return findings
  }

  /// One violation as an issue: what, where, the values, and a reproduction.
  static func text(
    _ v: CheckViolation, effect: some ScrollEffect, rate: Int,
    _ reproduce: (CheckViolation) -> String
  ) -> String {
    let value = v.value.isNaN ? "nan" : NumberText.text(v.value)
    guard !v.gesture.isEmpty else {
      return "\(v.kind.rawValue): \(v.subject) of \(effect.name): expected \(v.detail)\n"
        + "reproduce: expectInvariants(of: effect, refreshRate: \(rate))"
    }
    return "\(v.kind.rawValue): \(v.subject) = \(value) at frame \(v.frame) (t = "
      + "\(NumberText.fixed(v.time, 3)) s, offset \(NumberText.fixed(v.offset, 3)) pt) of "
      + "\(v.gesture) on \(v.device) at \(rate) Hz; expected \(v.detail)\n" + reproduce(v)
  }

  /// The issue for an effect that threw: its error and frame, and the first (device, gesture)
  /// run that throws.
  static func thrown(
    _ error: InputError, effect: some ScrollEffect, gestures: [ScrollSimGesture],
    devices: [CheckDevice], rate: Int
  ) -> String {
    for device in devices {
      for gesture in gestures {
        let checker = EffectChecker(
          effect: effect, refreshRate: rate, devices: [device], gestureNames: [gesture.name])
        do throws(InputError) {
          _ = try checker.run()
        } catch {
          let underlying = error.underlying.map { " (\(type(of: $0)))" } ?? ""
          return "\(effect.name) failed during \(gesture.name) on \(device.name) at \(rate) Hz: "
            + "\(error.message)\(underlying)\n"
            + "reproduce: expectInvariants(of: effect, over: [.named(\"\(gesture.name)\")], "
            + "devices: [.named(\"\(device.name)\")], refreshRate: \(rate))"
        }
      }
    }
    return "\(effect.name) failed during the invariant check: \(error)"
  }
}
