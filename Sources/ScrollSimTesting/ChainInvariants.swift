import ScrollCheck
import ScrollEffects
import ScrollPhysics
import ScrollSimCore

/// Runs the invariant checker (`scrollsim check --nested`) over `effect` on a nested chain
/// (collapsible headers above a list): every gesture of `gestures` on the chain's physics, on
/// one device with the chain's own geometry (``/ScrollCheck/CheckDevice/chain(_:screenScale:)``),
/// with the matrix's per-frame checks judged on the view each timeline reads, and the
/// **agreements**: the effect's spec's `"agree"` array and `agreements`, pairs of outputs that
/// must agree on every frame (``/ScrollEffects/OutputAgreement``: the list's inline title only
/// while the header is collapsed, a header effect read from the header view equal to the same
/// effect read from the combined offset). Each violation is one issue naming the check, the
/// outputs, the gesture, the frame, time, offset and values, and a line that reproduces it; a
/// disagreement names both outputs and their values:
///
/// ```swift
/// let chain = NestedScrollChain(
///   viewportHeight: 800,
///   headers: [NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100)],
///   contentHeight: 5000, rule: .compose, handover: .unified)
/// expectInvariants(
///   of: try CompiledEffect(spec, file: "header.json"), on: chain,
///   agreements: [OutputAgreement("list.titleVisible", .onlyWhile, "header.collapsed")])
/// ```
///
/// `content-shrinks` does not run on a chain (its layout is fixed); `unreachable` is judged
/// only when `gestures` holds every other standard gesture. A check over nothing never passes:
/// no gesture that runs on a chain, an effect with no outputs, a bad refresh rate or
/// `maxIssues` is an issue; so is a chain the physics rejects, a timeline naming a view the
/// chain lacks, or an agreement naming an output the effect lacks (the error's field and, for
/// a spec file, its line).
/// - Parameters:
///   - effect: the effect under test, from its current state.
///   - chain: the chain every gesture runs on.
///   - gestures: the gestures; default all of them.
///   - profile: the chain's physics profile; default ``/ScrollPhysics/PhysicsProfile/ios``.
///   - agreements: pairs of outputs that must agree on every frame, after the spec's own.
///   - refreshRate: frames per second, 1…1000; nil: the scope's, default 120.
///   - maxIssues: violations recorded one by one, ≥ 1.
///   - fileID: the failure's file (default: the caller's).
///   - filePath: the path of that file (default: the caller's).
///   - line: the failure's line (default: the caller's).
///   - column: the failure's column (default: the caller's).
public func expectInvariants(
  of effect: some ScrollEffect, on chain: NestedScrollChain,
  over gestures: [ScrollSimGesture] = ScrollSimGesture.standard, profile: PhysicsProfile = .ios,
  agreements: [OutputAgreement] = [], refreshRate: Int? = nil, maxIssues: Int = 10,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let findings = Invariants.findings(
    effect, chain: chain, gestures: gestures, profile: profile, agreements: agreements,
    refreshRate: refreshRate, maxIssues: maxIssues)
  for message in findings.failures { record(message, location: location) }
  for message in findings.warnings { warn(message, location: location) }
}

/// The check of
/// ``expectInvariants(of:on:over:profile:agreements:refreshRate:maxIssues:fileID:filePath:line:column:)``
/// without reporting: the failure text (one paragraph per issue, separated by blank lines), or
/// nil when no invariant is broken and every agreement holds. Warnings are not included.
/// - Returns: the failure text, or nil.
public func verifyInvariants(
  of effect: some ScrollEffect, on chain: NestedScrollChain,
  over gestures: [ScrollSimGesture] = ScrollSimGesture.standard, profile: PhysicsProfile = .ios,
  agreements: [OutputAgreement] = [], refreshRate: Int? = nil, maxIssues: Int = 10
) -> String? {
  let findings = Invariants.findings(
    effect, chain: chain, gestures: gestures, profile: profile, agreements: agreements,
    refreshRate: refreshRate, maxIssues: maxIssues)
  return findings.failures.isEmpty ? nil : findings.failures.joined(separator: "\n\n")
}

extension Invariants {
  /// The issues of the checker's run over `chain`.
  static func findings(
    _ effect: some ScrollEffect, chain: NestedScrollChain, gestures: [ScrollSimGesture],
    profile: PhysicsProfile, agreements: [OutputAgreement], refreshRate: Int?, maxIssues: Int
  ) -> Findings {
    let rate = ScrollSimTestingConfiguration.refreshRate(refreshRate)
    if let problem = problem(effect, rate: rate, maxIssues: maxIssues) {
      return Findings(failures: [problem])
    }
    let known = Set(ScrollSimGesture.standard.map(\.name))
    let names = Set(gestures.map(\.name))
    if let unknown = names.subtracting(known).sorted().first {
      return Findings(failures: [
        "No checker gesture named \(unknown); expected one of "
          + ScrollSimGesture.standard.map(\.name).joined(separator: ", ")
          + Suggestion.didYouMean(unknown, among: known.sorted())
      ])
    }
    let checker = EffectChecker(
      effect: effect, refreshRate: rate, gestureNames: names, chain: chain, profile: profile,
      agreements: agreements)
    let runs = checker.gestures(viewportHeight: chain.viewportHeight).map(\.name)
    if runs.isEmpty && !names.contains(CheckGesture.holdStillName) {
      return Findings(failures: [
        "\(effect.name): no gesture to run on the chain (over: \(names.sorted().joined(separator: ", ")); "
          + "content-shrinks changes the content's size, which a chain's fixed layout does not "
          + "allow); pass others of ScrollSimGesture.standard"
      ])
    }
    let report: EffectChecker.Report
    do throws(InputError) {
      report = try checker.run()
    } catch {
      let underlying = error.underlying.map { " (\(type(of: $0)))" } ?? ""
      return Findings(failures: [
        "\(effect.name) stopped the check on the chain: \(error)\(underlying)"
      ])
    }
    let whole = known.subtracting(["content-shrinks"]).isSubset(of: names)
    return Invariants.findings(
      of: report, effect: effect, rate: rate, maxIssues: maxIssues, judgingUnreachable: whole
    ) { violation in
      "reproduce: expectInvariants(of: effect, on: chain, over: [.named(\"\(violation.gesture)\")]"
        + (profile == .ios ? "" : ", profile: profile")
        + (agreements.isEmpty ? "" : ", agreements: agreements") + ", refreshRate: \(rate))"
    }
  }
}
