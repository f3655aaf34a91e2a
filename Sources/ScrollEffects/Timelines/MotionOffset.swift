/// Motion's `useScroll` offset language, read as view-timeline boundaries.
///
/// An offset names where the *target* (the view timeline's subject) meets the *container* (the
/// scrollport): `"start end"` is the target's start edge meeting the container's end edge. Each
/// edge is a named edge (`start` 0, `center` 0.5, `end` 1), a number (a fraction of the
/// length), `"<n>%"` (n/100 of the length), `"<n>px"` (points) or `"<n>vh"` (percent of the
/// viewport height). The scroll offset is `targetPoint − containerPoint`, i.e. in ScrollSim's
/// terms `base + t·h + tₚₓ − c·P − cₚₓ` (± the `vh` parts), with `base` the offset at which the
/// subject's top meets the scrollport's top, `h` its height and `P` the scrollport's height.
///
/// Source: motiondivision/motion `packages/framer-motion/src/render/dom/scroll/offsets/edge.ts`
/// (`namedEdges`, `resolveEdge`: px → delta, % → fraction, vw/vh → viewport, else
/// `parseFloat` as a fraction) and `offset.ts` (`resolveOffset`: a number `n` is `[n, n]`, a
/// one-word string is `[word, word]` for a named edge and `[word, 0]` otherwise;
/// `targetPoint − containerPoint`). Motion's presets (`offsets/presets.ts`): `Enter` =
/// `[[0, 1], [1, 1]]`, `Exit` = `[[0, 0], [1, 0]]`, `Any` = `[[1, 0], [0, 1]]`, `All` =
/// `[[0, 0], [1, 1]]`.
public enum MotionOffset {
  /// One resolved edge: a fraction of the length plus points plus percent of the viewport
  /// height.
  public struct Edge: Sendable, Equatable, Hashable {
    /// Fraction of the target's (or container's) length, finite.
    public var fraction: Double
    /// Points, finite.
    public var points: Double
    /// Percent of the viewport height (`vh`), finite.
    public var viewportPercent: Double

    /// An edge.
    public init(fraction: Double = 0, points: Double = 0, viewportPercent: Double = 0) {
      self.fraction = fraction
      self.points = points
      self.viewportPercent = viewportPercent
    }
  }

  /// Motion's `resolveEdge` on text: `start`, `center`, `end`, `"<n>px"`, `"<n>%"`,
  /// `"<n>vh"` (`"<n>vw"` on the horizontal axis, `horizontal`) or a bare number (a fraction;
  /// Motion's `parseFloat` fallback).
  /// - Throws: a message for the viewport unit of the other axis (`vw` on a vertical timeline,
  ///   `vh` on a horizontal one: the effect reads one axis's viewport) or text that is not an
  ///   edge.
  static func edge(_ text: String, horizontal: Bool = false) throws(ViewTimeline.LengthProblem)
    -> Edge
  {
    switch text {
    case "start": return Edge(fraction: 0)
    case "center": return Edge(fraction: 0.5)
    case "end": return Edge(fraction: 1)
    default: break
    }
    func number(_ suffix: String) -> Double? {
      guard text.hasSuffix(suffix), let n = Double(text.dropLast(suffix.count)), n.isFinite
      else { return nil }
      return n
    }
    let (own, other) = horizontal ? ("vw", "vh") : ("vh", "vw")
    if let n = number("px") { return Edge(points: n) }
    if let n = number("%") { return Edge(fraction: n / 100) }
    if let n = number(own) { return Edge(viewportPercent: n) }
    if number(other) != nil {
      throw .init(
        "'\(text)': \(ViewTimeline.LengthToken.otherAxis(other, horizontal: horizontal)): "
          + "expected start, center, end, a number, <n>%, <n>px or <n>\(own)")
    }
    if let n = Double(text), n.isFinite { return Edge(fraction: n) }
    throw .init(
      "'\(text)': expected start, center, end, a number, <n>%, <n>px or <n>\(own) (Motion's edges)")
  }

  /// Motion's `resolveOffset` on one offset string: `"<target> <container>"`, or one word
  /// (`[word, word]` for a named edge, `[word, "0"]` otherwise).
  static func intersection(_ text: String, horizontal: Bool = false)
    throws(ViewTimeline.LengthProblem) -> (Edge, Edge)
  {
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    switch words.count {
    case 1:
      let named = ["start", "center", "end"].contains(words[0])
      return (
        try edge(words[0], horizontal: horizontal),
        named ? try edge(words[0], horizontal: horizontal) : Edge()
      )
    case 2:
      return (
        try edge(words[0], horizontal: horizontal), try edge(words[1], horizontal: horizontal)
      )
    default:
      throw .init(
        "'\(text)': expected \"<target edge> <container edge>\" (two words) or one edge")
    }
  }

  /// The view-timeline boundary where the target's edge `target` meets the container's edge
  /// `container`: `exit-crossing` (whose 0 % is the subject's top at the scrollport's top and
  /// 100 % its bottom there) at `100·t` %, plus the points and `vh` parts, minus `100·c` % of
  /// the scrollport.
  public static func boundary(target: Edge, container: Edge) -> ViewTimeline.Boundary {
    ViewTimeline.Boundary(
      .exitCrossing, percent: target.fraction * 100, length: target.points - container.points,
      viewportPercent: target.viewportPercent - container.viewportPercent,
      scrollportPercent: -container.fraction * 100)
  }
}
