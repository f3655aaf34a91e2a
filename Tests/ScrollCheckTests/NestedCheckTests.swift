import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimCore
import Testing

@testable import ScrollCheck

/// `check` on nested chains (issue 16): every gesture over a chain's physics, and agreements
/// between outputs that read different views (``OutputAgreement``).
@Suite struct NestedCheckTests {
  /// A 300 pt header collapsing to 100 (range 200) above a 5000 pt list in an 800 pt viewport,
  /// Compose's order of consumption, one fling over the combined offset.
  static let chain = NestedScrollChain(
    viewportHeight: 800, headers: [NestedScrollHeader(expandedHeight: 300, collapsedHeight: 100)],
    contentHeight: 5000, rule: .compose, handover: .unified)

  /// A header whose height reads the header view and the combined offset, a collapsed flag on
  /// the header view and the list's inline title flag on `title` (a list view timeline by
  /// default), with both agreements.
  static func spec(
    title: String = #"{"name": "title", "type": "distance", "scrollView": "list"}"#,
    titleStart: Double = 1
  ) -> String {
    """
    {
      "version": 1,
      "name": "agree",
      "timelines": [
        {"name": "header", "type": "distance", "scrollView": "header"},
        {"name": "combined", "type": "distance"},
        \(title)
      ],
      "outputs": [
        {"name": "header.height", "unit": "points", "range": [100, 300], "timeline": "header",
          "keyframes": [{"at": 0, "value": 300}, {"at": 200, "value": 100}]},
        {"name": "header.heightFromCombined", "unit": "points", "range": [100, 300],
          "timeline": "combined",
          "keyframes": [{"at": 0, "value": 300}, {"at": 200, "value": 100}]},
        {"name": "header.collapsed", "trigger": {"timeline": "header", "start": 199, "hysteresis": 0.5}},
        {"name": "list.titleVisible",
          "trigger": {"timeline": "title", "start": \(titleStart), "hysteresis": 0.5}}
      ],
      "agree": [
        {"output": "list.titleVisible", "rule": "onlyWhile", "with": "header.collapsed",
          "reason": "one title on screen"},
        {"output": "header.height", "rule": "equals", "with": "header.heightFromCombined",
          "tolerance": 0.000001}
      ]
    }
    """
  }

  static func compile(_ text: String, file: String = "agree.json") throws -> CompiledEffect {
    try CompiledEffect(EffectSpec.parse(text, file: file), file: file)
  }

  /// The agreement holds on every frame of every generated gesture (content-shrinks excepted:
  /// a chain's layout is fixed), in each chaining rule: the list moves only once the header is
  /// collapsed, and the header view is the combined offset clamped to its range.
  @Test(arguments: [NestedScrollRule.compose, .flutter, .coordinatorLayout])
  func agreementHoldsOnEveryGesture(rule: NestedScrollRule) throws {
    var chain = Self.chain
    chain.rule = rule
    let checker = EffectChecker(effect: try Self.compile(Self.spec()), chain: chain)
    let report = try checker.run()
    #expect(
      report.violations.filter { !$0.kind.isWarning }.isEmpty, "\(report.violations.prefix(3))")
    let expected = CheckGesture.standard(viewportHeight: 800).map(\.name)
      .filter { $0 != "content-shrinks" }
    #expect(report.gestures == expected)
    #expect(report.runs == expected.count)
    #expect(checker.devices.map(\.name) == ["chain"])
    #expect(checker.agreements.count == 2)
    // No `unreachable` either: both flags' starts were reached (the list's title was shown on
    // some frame, so the agreement was judged with it on).
    #expect(report.frames > 5000)
  }

  /// The agreements see every output on each frame: swapping the title to the combined offset
  /// (shown after 100 pt of scrolling, while the header is still 100 pt from collapsed) fails
  /// on the first frame of slow-drag whose offset reaches 100 pt. iOS physics drags 1:1 with no
  /// touch slop, so that frame is the first frame at or after the touch sample 100 pt from the
  /// touch-down: found here from the gesture's own samples.
  @Test func titleShownWhileHeaderExpandedFails() throws {
    let broken = try Self.compile(
      Self.spec(title: #"{"name": "title", "type": "distance"}"#, titleStart: 100))
    let report = try EffectChecker(effect: broken, gestureNames: ["slow-drag"], chain: Self.chain)
      .run()
    let found = report.violations.filter { $0.kind == .disagreement }
    let first = try #require(found.first)
    let gesture = try #require(
      CheckGesture.standard(viewportHeight: 800).first { $0.name == "slow-drag" })
    guard case .down(let y0) = gesture.touches[0].touch else { throw Failure.noTouchDown }
    let reach = try #require(
      gesture.touches.first {
        if case .move(let y) = $0.touch { return y0 - y >= 100 }
        return false
      })
    let frame = try #require((0..<10_000).first { Double($0) / 120 >= reach.time })
    #expect(first.frame == frame)
    #expect(first.time == Double(frame) / 120)
    #expect(first.gesture == "slow-drag")
    #expect(first.device == "chain")
    #expect(first.subject == "list.titleVisible onlyWhile header.collapsed")
    #expect(first.value == 1)
    #expect(abs(first.offset - 100) < 1.25)
    #expect(first.detail.contains("list.titleVisible = 1, header.collapsed = 0"))
    #expect(first.detail.contains("one title on screen"))
    // It stays broken until the header collapses: every frame from there to 199 pt.
    #expect(found.allSatisfy { $0.offset >= 100 && $0.offset < 199 + 1.25 })
    // The equals agreement still holds.
    #expect(!found.contains { $0.subject.hasPrefix("header.height") })
  }

  /// An equals agreement that is off by a known amount fails with both values named.
  @Test func equalsNamesBothValues() throws {
    let effect = try Self.compile(Self.spec())
    let report = try EffectChecker(
      effect: effect, gestureNames: ["fling-3000"], chain: Self.chain,
      agreements: [OutputAgreement("header.height", .equals, "header.collapsed")]
    ).run()
    let first = try #require(report.violations.first { $0.kind == .disagreement })
    // Frame 0: the header is expanded (300 pt) and not collapsed (0).
    #expect(first.frame == 0)
    #expect(first.detail.hasSuffix("header.height = 300, header.collapsed = 0"))
  }

  /// Bad agreements are errors naming the file, line and field (a spec) or the field (Swift).
  @Test(arguments: [
    (
      #""with": "header.collapsed""#, #""with": "header.colapsed""#,
      "agree.json:20:66: $.agree[0].with: 'header.colapsed': no output of this spec has that "
        + "name; expected one of header.height, header.heightFromCombined, header.collapsed, "
        + "list.titleVisible; did you mean 'header.collapsed'?"
    ),
    (
      #""rule": "onlyWhile""#, #""rule": "onlywhile""#,
      "agree.json:20:45: $.agree[0].rule: 'onlywhile': expected one of equals, onlyWhile, "
        + "notWhile; did you mean 'onlyWhile'?"
    ),
    (
      #""tolerance": 0.000001"#, #""tolerance": -1"#,
      "agree.json:23:20: $.agree[1].tolerance: -1: expected a number ≥ 0"
    ),
    (
      #""scrollView": "list""#, #""scrollView": "lsit""#,
      "agree.json:7:57: $.timelines[2].scrollView: 'lsit': expected \"combined\", \"header\", \"header1\"…, \"list\" or a view's index"
    ),
  ])
  func badSpec(good: String, bad: String, message: String) throws {
    let text = Self.spec().replacingOccurrences(of: good, with: bad)
    #expect(text != Self.spec())
    do {
      _ = try Self.compile(text)
      Issue.record("accepted \(bad)")
    } catch let error as InputError {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }

  /// A Swift agreement naming a missing output stops the check before the first frame.
  @Test func swiftAgreementNamingAMissingOutput() throws {
    let checker = EffectChecker(
      effect: try Self.compile(Self.spec()), chain: Self.chain,
      agreements: [OutputAgreement("header.height", .equals, "list.title")])
    do {
      _ = try checker.run()
      Issue.record("ran")
    } catch {
      #expect(error.kind == .effectFailed)
      #expect(error.field == "agree[2].with")
      #expect(error.message.hasPrefix("'list.title' is not an output of agree"))
    }
  }

  /// A spec reading a view the chain does not have (view 2 of a header and a list) is
  /// refused before the first run, naming its line and key.
  @Test func viewTheChainLacks() throws {
    let text = Self.spec().replacingOccurrences(
      of: #""scrollView": "list""#, with: #""scrollView": 2"#)
    let checker = EffectChecker(effect: try Self.compile(text), chain: Self.chain)
    do {
      _ = try checker.run()
      Issue.record("ran")
    } catch {
      #expect(error.kind == .unsupported)
      #expect(error.field == "scrollView")
      #expect(error.line == 7)
      #expect(error.path == "$.timelines[2].scrollView")
    }
  }

  /// The spec's JSON text writes the agreements back (a parse of it is the same spec), and a
  /// group renames them with the effect's prefix, as its outputs, and keeps them judged: the
  /// broken title fails in a group too, under its prefixed subject.
  @Test func jsonTextAndGroups() throws {
    let spec = try EffectSpec.parse(Self.spec(), file: "agree.json")
    #expect(spec.agree.count == 2)
    #expect(try EffectSpec.parse(spec.jsonText, file: "back.json") == spec)
    #expect(spec.jsonText.contains(#""agree": ["#))
    let broken = try EffectSpec.parse(
      Self.spec(title: #"{"name": "title", "type": "distance"}"#, titleStart: 100), file: "b.json")
    let group = try EffectSpec.group([broken])
    #expect(
      group.agree.map(\.subject).first == "agree/list.titleVisible onlyWhile agree/header.collapsed"
    )
    let report = try EffectChecker(
      effect: try CompiledEffect(group, file: "group"), gestureNames: ["slow-drag"],
      chain: Self.chain
    ).run()
    #expect(
      report.violations.first { $0.kind == .disagreement }?.subject
        == "agree/list.titleVisible onlyWhile agree/header.collapsed")
  }

  /// The rules' definitions on values.
  @Test func rules() {
    #expect(OutputAgreement("a", .equals, "b", tolerance: 0.5).holds(1, 1.5))
    #expect(!OutputAgreement("a", .equals, "b", tolerance: 0.5).holds(1, 1.6))
    #expect(OutputAgreement("a", .onlyWhile, "b").holds(0, 0))
    #expect(OutputAgreement("a", .onlyWhile, "b").holds(1, 1))
    #expect(!OutputAgreement("a", .onlyWhile, "b").holds(1, 0))
    #expect(OutputAgreement("a", .onlyWhile, "b").holds(0, 1))
    #expect(!OutputAgreement("a", .notWhile, "b").holds(1, 1))
    #expect(OutputAgreement("a", .notWhile, "b").holds(1, 0))
    #expect(!OutputAgreement("a", .equals, "b", tolerance: 1).holds(.nan, 0))
  }

  enum Failure: Error { case noTouchDown }
}
