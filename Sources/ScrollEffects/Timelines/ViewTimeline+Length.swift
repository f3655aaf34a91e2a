extension ViewTimeline {
  /// A CSS `<length-percentage>` resolved as far as the spec file allows: absolute points (`px`,
  /// and `em` times a declared font size) plus a part in percent of the viewport's length along
  /// the timeline's axis (`vh` on the vertical axis, `vw` on the horizontal one;
  /// and `%` where CSS resolves it against the scroll container, as `view-timeline-inset` does),
  /// which is resolved per frame.
  ///
  /// Source: CSS Values and Units Level 4 §5.1.1 (`px`, `em`) and §6.1.2 (`vh`, `vw`); CSS
  /// Scroll-driven Animations Level 1 §4.3 (`view-timeline-inset`: "percentages are resolved
  /// against the scrollport"). A CSS `px` is one iOS point (both are 1/96 in at 1×); CSS `pt`
  /// (4/3 px) is rejected to avoid that confusion.
  public struct Length: Sendable, Equatable, Hashable {
    /// Absolute part, points, finite.
    public var points: Double
    /// Part in percent of the viewport's length along the axis (`10vh`, `10vw` on the
    /// horizontal axis, or an inset's `10%` is 10), finite.
    public var viewportPercent: Double

    /// A length of `points` plus `viewportPercent` % of the viewport height.
    public init(points: Double = 0, viewportPercent: Double = 0) {
      self.points = points
      self.viewportPercent = viewportPercent
    }

    /// The length for a viewport `viewportHeight` points tall: `points + viewportPercent/100 ·
    /// viewportHeight`, points.
    /// - Complexity: O(1).
    @inlinable public func resolve(viewportHeight: Double) -> Double {
      viewportPercent == 0 ? points : points + viewportPercent / 100 * viewportHeight
    }
  }

  /// One `<length-percentage>` token as CSS writes it, before it is given a meaning: a number
  /// with one of the units `px`, `em`, `%`, `vh` (or a bare `0`).
  struct LengthToken: Equatable {
    /// Points (`px`, and `em` × font size).
    var points = 0.0
    /// Percent (`%`): of the named range in `animation-range`, of the scrollport in insets.
    var percent = 0.0
    /// Percent of the viewport height (`vh`).
    var viewportPercent = 0.0

    /// Parses `text` (`"10px"`, `"1.5em"`, `"20%"`, `"50vh"`, `"0"`); `fontSize` is what `1em`
    /// is, points; on a `horizontal` timeline the viewport unit is `vw` (the axis's viewport is
    /// its width) instead of `vh`. Returns nil for text that is not a number with a unit, and
    /// throws a message for a unit ScrollSim cannot resolve (the other axis's viewport unit,
    /// `vmin`, `vmax`, `pt`, …).
    static func parse(_ text: String, fontSize: Double, horizontal: Bool = false)
      throws(LengthProblem) -> LengthToken?
    {
      let units = ["px", "em", "%", "vh", "vw", "pt", "rem", "vmin", "vmax", "cm", "mm", "in"]
      guard let unit = units.first(where: { text.hasSuffix($0) }) else {
        // CSS allows a unitless zero only.
        if let n = Double(text), n == 0 { return LengthToken() }
        return nil
      }
      guard let n = Double(text.dropLast(unit.count)), n.isFinite, !text.hasPrefix("+.") else {
        return nil
      }
      let own = horizontal ? "vw" : "vh"
      switch unit {
      case "px": return LengthToken(points: n)
      case "em": return LengthToken(points: n * fontSize)
      case "%": return LengthToken(percent: n)
      case own: return LengthToken(viewportPercent: n)
      case "vh", "vw", "vmin", "vmax":
        throw LengthProblem(
          "'\(text)': \(otherAxis(unit, horizontal: horizontal)): expected px, em, % or \(own)")
      default:
        throw LengthProblem(
          "'\(text)': unit \(unit) is not supported: expected px (one iOS point), em (with "
            + "\"fontSize\"), % or \(own)")
      }
    }

    /// Why viewport unit `unit` cannot be resolved on a timeline of the vertical (or, with
    /// `horizontal`, the horizontal) axis: the timeline's geometry is its own axis's.
    static func otherAxis(_ unit: String, horizontal: Bool) -> String {
      let needs =
        switch unit {
        case "vw": "the viewport's width"
        case "vh": "the viewport's height"
        default: "both of the viewport's sides"
        }
      return "\(unit) needs \(needs), and a timeline reads only its own axis's viewport (the "
        + (horizontal ? "width, vw" : "height, vh") + ")"
    }
  }

  /// Why a length could not be read.
  struct LengthProblem: Error {
    /// What was wrong, with what was expected.
    var message: String
    init(_ message: String) { self.message = message }
  }
}
