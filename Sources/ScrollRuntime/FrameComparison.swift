import Foundation
import ScrollPhysics
import ScrollSimCore
import ScrollTrace

/// The one frame-by-frame comparison of two runs (`scrollsim diff` and ScrollSimTesting's
/// goldens): time, offset, velocity and every output within an absolute tolerance, the frame
/// index, phase and events exactly; scroll view events by name, order and flags exactly and
/// their numbers within a tolerance.
package enum FrameComparison {
  /// Absolute tolerances by field name (`t` seconds, `offset` and `x` points, `velocity` and
  /// `vx` points per second, a chain's `views.NAME.offset` points and `views.NAME.velocity`
  /// points per second, an output name in its own unit), with a default, and the fields not
  /// compared.
  package struct Tolerances: Equatable, Sendable {
    /// The tolerance of a field not named in ``byName``, ≥ 0.
    package var defaultValue = 0.0
    /// Per-field tolerances, each ≥ 0.
    package var byName: [String: Double] = [:]
    /// Fields not compared at all.
    package var ignored: Set<String> = []

    /// Tolerances of `defaultValue` for every field but those in `byName`.
    package init(
      defaultValue: Double = 0, byName: [String: Double] = [:], ignored: Set<String> = []
    ) {
      self.defaultValue = defaultValue
      self.byName = byName
      self.ignored = ignored
    }

    /// The tolerance of field `name`.
    package func value(for name: String) -> Double { byName[name] ?? defaultValue }

    /// `default 0, header.opacity 0.005, phase ignored`.
    package var description: String {
      (["default \(FrameComparison.text(defaultValue))"]
        + byName.keys.sorted().map { "\($0) \(FrameComparison.text(byName[$0] ?? 0))" }
        + ignored.sorted().map { "\($0) ignored" })
        .joined(separator: ", ")
    }
  }

  /// One differing field of one frame.
  package struct Difference: Equatable, Sendable {
    /// The frame index (of the first run).
    package var frame: Int
    /// The frame's time in the first run, seconds.
    package var time: Double
    /// `frame`, `t`, `offset`, `velocity`, `phase`, `events`, `scrollView` or an output name.
    package var field: String
    /// The first run's value as text.
    package var a: String
    /// The second run's value as text.
    package var b: String
    /// The numbers compared, for numeric fields.
    package var numbers: (a: Double, b: Double)?
    /// `|a − b|` for numeric fields.
    package var delta: Double?
    /// The tolerance exceeded, for numeric fields.
    package var tolerance: Double?

    package static func == (x: Difference, y: Difference) -> Bool {
      x.frame == y.frame && x.time == y.time && x.field == y.field && x.a == y.a && x.b == y.b
        && x.delta == y.delta && x.tolerance == y.tolerance
    }
  }

  /// The fields of `a` and `b` that differ beyond their tolerances, in the order frame, t,
  /// offset, velocity, x and vx (two-axis runs), each view of a nested chain
  /// (`views.header.offset`, `views.header.velocity`, …, named by
  /// ``/ScrollRuntime/FrameFile/viewNames(count:)``), phase, the outputs (`outputs` names both
  /// records' values in order), events, scroll view events (when both records have them).
  package static func compare(
    _ a: FrameRecord, _ b: FrameRecord, outputs: [String], tolerances: Tolerances
  ) -> [Difference] {
    var result: [Difference] = []
    func number(_ name: String, _ x: Double, _ y: Double) {
      guard !tolerances.ignored.contains(name) else { return }
      let tolerance = tolerances.value(for: name)
      let delta = abs(x - y)
      if delta > tolerance || (delta.isNaN && x != y) {
        result.append(
          Difference(
            frame: a.frame, time: a.time, field: name, a: text(x), b: text(y), numbers: (x, y),
            delta: delta, tolerance: tolerance))
      }
    }
    func exact(_ name: String, _ x: String, _ y: String) {
      if x != y, !tolerances.ignored.contains(name) {
        result.append(Difference(frame: a.frame, time: a.time, field: name, a: x, b: y))
      }
    }
    exact("frame", String(a.frame), String(b.frame))
    number("t", a.time, b.time)
    number("offset", a.offset, b.offset)
    number("velocity", a.velocity, b.velocity)
    // The horizontal axis of two-axis runs (`x`, `vx`); a run that has it differs from one
    // that does not.
    if a.offsetX != nil || b.offsetX != nil {
      if let ax = a.offsetX, let bx = b.offsetX {
        number("x", ax, bx)
        number("vx", a.velocityX ?? 0, b.velocityX ?? 0)
      } else {
        exact(
          "x", a.offsetX.map(text) ?? "(one axis)", b.offsetX.map(text) ?? "(one axis)")
      }
    }
    // The views of a nested chain; a chain's run differs from one of one scroll view, and
    // from a chain of another length. `views` ignored skips them all (a chain against a run of
    // one scroll view on its combined offset).
    if (a.views != nil || b.views != nil) && !tolerances.ignored.contains("views") {
      if let av = a.views, let bv = b.views, av.count == bv.count {
        for (name, (x, y)) in zip(FrameFile.viewNames(count: av.count), zip(av, bv)) {
          number("views.\(name).offset", x.offset, y.offset)
          number("views.\(name).velocity", x.velocity, y.velocity)
        }
      } else {
        func names(_ views: [FrameRecord.View]?) -> String {
          views.map { FrameFile.viewNames(count: $0.count).joined(separator: " ") }
            ?? "(one scroll view)"
        }
        exact("views", names(a.views), names(b.views))
      }
    }
    exact("phase", a.phase, b.phase)
    for (index, name) in outputs.enumerated() { number(name, a.values[index], b.values[index]) }
    exact("events", a.events.joined(separator: " "), b.events.joined(separator: " "))
    var scrollView: ScrollViewDifference?
    if !tolerances.ignored.contains("scrollView") {
      // Compared only when both files carry them (a version-1 golden has none).
      if let x = a.scrollViewEvents, let y = b.scrollViewEvents {
        scrollView = compareScrollView(x, y, tolerances: tolerances)
      } else if let x = a.nestedScrollViewEvents, let y = b.nestedScrollViewEvents {
        scrollView = compareScrollView(x, y, tolerances: tolerances)
      }
    }
    if let difference = scrollView {
      result.append(
        Difference(
          frame: a.frame, time: a.time, field: difference.field, a: difference.a,
          b: difference.b, numbers: difference.numbers, delta: difference.delta,
          tolerance: difference.tolerance))
    }
    return result
  }

  /// The tolerance of one number of a scroll view event: `scrollView` when it is named,
  /// else the tolerance of the frame's field in the same unit (`t` for an event's time,
  /// `velocity` for a velocity, in points per second, `offset` for a target or jump offset).
  static func scrollViewTolerance(_ field: String, tolerances: Tolerances) -> Double {
    if let value = tolerances.byName["scrollView"] { return value }
    return tolerances.value(for: field)
  }

  /// The first difference between two frames' scroll view events: their names, order, flags
  /// (`willDecelerate`, `finished`) and phases exactly (`scrollView`, both lists as text);
  /// their numbers (time, velocity, target and jump offsets) within
  /// ``scrollViewTolerance(_:tolerances:)`` (`scrollView[i].velocity`, the two numbers).
  /// `willEndDragging`'s velocity (points per millisecond) is compared in points per second.
  /// A two-axis event's numbers (``/ScrollPhysics/ScrollViewEvent/twoAxis``) are compared too,
  /// after the one-axis ones.
  static func compareScrollView(
    _ x: [ScrollViewEvent], _ y: [ScrollViewEvent], tolerances: Tolerances
  ) -> ScrollViewDifference? {
    compareScrollView(
      (x.map(scrollViewParts), x.map(\.name), x.map(\.description)),
      (y.map(scrollViewParts), y.map(\.name), y.map(\.description)), tolerances: tolerances)
  }

  /// The first difference between two frames' scroll view events of a nested chain
  /// (``/ScrollPhysics/NestedScrollViewEvent``), as the one-view
  /// comparison: the view of each event exactly,
  /// a `scrollViewDidScroll`'s offset within `offset`'s tolerance (or `scrollView`'s).
  static func compareScrollView(
    _ x: [NestedScrollViewEvent], _ y: [NestedScrollViewEvent], tolerances: Tolerances
  ) -> ScrollViewDifference? {
    func parts(_ event: NestedScrollViewEvent) -> ScrollViewParts {
      switch event.kind {
      case .didScroll(let offset):
        return ("view \(event.view) didScroll", [("t", event.time), ("offset", offset)])
      case .scrollView(let kind):
        let one = scrollViewParts(ScrollViewEvent(time: event.time, kind: kind))
        return ("view \(event.view) " + one.shape, one.numbers)
      }
    }
    return compareScrollView(
      (x.map(parts), x.map { "\($0.name)(view:\($0.viewName))" }, x.map(\.description)),
      (y.map(parts), y.map { "\($0.name)(view:\($0.viewName))" }, y.map(\.description)),
      tolerances: tolerances)
  }

  /// A difference of two frames' scroll view events: the field, both values as text, the two
  /// numbers, their distance and the tolerance when a number differs.
  typealias ScrollViewDifference = (
    field: String, a: String, b: String, numbers: (a: Double, b: Double)?, delta: Double?,
    tolerance: Double?
  )
  /// An event's kind without its numbers, and its numbers by the frame field they share a unit
  /// with.
  typealias ScrollViewParts = (shape: String, numbers: [(field: String, value: Double)])

  /// The shapes and numbers of one frame's events, compared shape by shape, then number by
  /// number; `names` label a differing number, `texts` the whole lists.
  private static func compareScrollView(
    _ x: (parts: [ScrollViewParts], names: [String], texts: [String]),
    _ y: (parts: [ScrollViewParts], names: [String], texts: [String]), tolerances: Tolerances
  ) -> ScrollViewDifference? {
    let whole = (x.texts.joined(separator: " "), y.texts.joined(separator: " "))
    let (px, py) = (x.parts, y.parts)
    guard px.map(\.shape) == py.map(\.shape) else {
      return ("scrollView", whole.0, whole.1, nil, nil, nil)
    }
    let labels = ["t": "time", "velocity": "velocity", "offset": "offset"]
    for i in px.indices {
      for (u, v) in zip(px[i].numbers, py[i].numbers) {
        let tolerance = scrollViewTolerance(u.field, tolerances: tolerances)
        let delta = abs(u.value - v.value)
        if delta > tolerance || (delta.isNaN && u.value != v.value) {
          return (
            "scrollView[\(i)].\(x.names[i]).\(labels[u.field] ?? u.field)", text(u.value),
            text(v.value), (u.value, v.value), delta, tolerance
          )
        }
      }
    }
    return nil
  }

  /// One scroll view's event's shape and numbers, for the comparison.
  static func scrollViewParts(_ event: ScrollViewEvent) -> ScrollViewParts {
    typealias Numbers = [(field: String, value: Double)]
    // An event's kind without its numbers, and its numbers by the frame field they share a
    // unit with.
    func parts(_ event: ScrollViewEvent) -> (shape: String, numbers: Numbers) {
      let one = oneAxisParts(event)
      // A two-axis event's numbers follow, in the same units.
      switch event.twoAxis {
      case nil: return one
      case .willEndDragging(let velocity, let target)?:
        return (
          one.shape + " xy",
          one.numbers + [
            ("velocity", velocity.x * 1000), ("velocity", velocity.y * 1000),
            ("offset", target.x), ("offset", target.y),
          ]
        )
      case .phaseChange(let velocity)?:
        return (
          one.shape + " xy", one.numbers + [("velocity", velocity.x), ("velocity", velocity.y)]
        )
      case .jump(let from, let to)?:
        return (
          one.shape + " xy",
          one.numbers + [
            ("offset", from.x), ("offset", from.y), ("offset", to.x), ("offset", to.y),
          ]
        )
      }
    }
    func oneAxisParts(_ event: ScrollViewEvent) -> (shape: String, numbers: Numbers) {
      switch event.kind {
      case .willEndDragging(let velocity, let target):
        ("willEndDragging", [("t", event.time), ("velocity", velocity * 1000), ("offset", target)])
      case .phaseChange(let old, let new, let velocity):
        (
          "phase \(old.swiftUIName) \(new.swiftUIName)",
          [("t", event.time), ("velocity", velocity)]
        )
      case .jump(let from, let to):
        ("jump", [("t", event.time), ("offset", from), ("offset", to)])
      default:
        (event.name + String(describing: event.kind), [("t", event.time)])
      }
    }
    return parts(event)
  }

  /// The shortest text that reads back as `value` (`400`, `0.3`, `-1000`; `-0` as `0`).
  package static func text(_ value: Double) -> String { NumberText.text(value) }

  /// The differences as an aligned table, one row per differing field: frame, time, field, the
  /// two values under the headings `a` and `b`, `|a-b|` and the tolerance (`exact` for fields
  /// compared exactly).
  package static func table(_ differences: [Difference], a: String = "a", b: String = "b")
    -> String
  {
    guard !differences.isEmpty else { return "" }
    let fieldWidth = max(8, differences.map(\.field.count).max() ?? 0)
    let valueWidth = max(12, differences.map { max($0.a.count, $0.b.count) }.max() ?? 0)
    func pad(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    let deltaLabel = "|\(a)-\(b)|"
    let deltaWidth = max(11, deltaLabel.count + 2)
    var lines = [
      pad("frame", 6) + pad("time_s", 9) + "  "
        + "field".padding(toLength: fieldWidth, withPad: " ", startingAt: 0)
        + pad(a, valueWidth + 2) + pad(b, valueWidth + 2) + pad(deltaLabel, deltaWidth)
        + pad("tolerance", 11)
    ]
    for d in differences {
      lines.append(
        pad(String(d.frame), 6) + pad(NumberText.fixed(d.time, 4), 9) + "  "
          + d.field.padding(toLength: fieldWidth, withPad: " ", startingAt: 0)
          + pad(d.a, valueWidth + 2) + pad(d.b, valueWidth + 2)
          + pad(d.delta.map { String(format: "%.3g", $0) } ?? "-", deltaWidth)
          + pad(d.tolerance.map(text) ?? "exact", 11))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
