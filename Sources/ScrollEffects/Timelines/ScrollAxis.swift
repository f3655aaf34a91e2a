/// The axis a timeline tracks, as CSS and Motion name it, and the writing mode and direction
/// that map the logical axes (`block`, `inline`) to physical ones.
///
/// ``physicalAxis(writingMode:direction:)`` maps a timeline's axis to the physical one it
/// tracks and says whether its progress runs from the top (left) or from the bottom (right).
/// The vertical axis is ``ScrollSample/offset``; the horizontal one is
/// ``ScrollSample/horizontal``, which a run has only when its scroll view scrolls in both
/// (a timeline on it is an error on a vertical-only run, see
/// ``CompiledEffect/validateAxes(hasHorizontal:)``).
///
/// Source: CSS Writing Modes Level 4 §2.1 and §6 (abstract-to-physical mapping: in
/// `horizontal-tb` the block axis is vertical and the inline axis horizontal; in `vertical-rl`,
/// `vertical-lr`, `sideways-rl` and `sideways-lr` the block axis is horizontal and the inline
/// axis vertical, flowing top to bottom for `ltr` except `sideways-lr`, which flows bottom to
/// top; `rtl` reverses the inline direction; the block direction is right to left in
/// `vertical-rl` and `sideways-rl`); CSSOM View §4 (the scroll origin is the block-start,
/// inline-start corner: `scrollLeft` is 0 at the right and negative leftward in `rtl` and
/// `vertical-rl`); CSS Scroll-driven Animations Level 1 §2.1 (`<axis>` = `block | inline | x |
/// y`, default `block`; progress is the distance from the scroll origin, so the physical `x`
/// and `y` axes run from the origin too, as web-platform-tests
/// `scroll-animations/scroll-timelines/current-time-writing-modes.html` asserts); Motion
/// `useScroll` `axis: "x" | "y"`.
public enum ScrollAxis: String, Sendable, Equatable, Hashable, CaseIterable {
  /// The block axis (CSS default).
  case block
  /// The inline axis.
  case inline
  /// The horizontal physical axis.
  case x
  /// The vertical physical axis.
  case y

  /// A CSS `writing-mode`.
  public enum WritingMode: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Lines stack top to bottom, text runs horizontally (the default).
    case horizontalTB = "horizontal-tb"
    /// Lines stack right to left, text runs top to bottom.
    case verticalRL = "vertical-rl"
    /// Lines stack left to right, text runs top to bottom.
    case verticalLR = "vertical-lr"
    /// As vertical-rl, glyphs set sideways.
    case sidewaysRL = "sideways-rl"
    /// Lines stack left to right, text runs bottom to top.
    case sidewaysLR = "sideways-lr"
  }

  /// A CSS `direction`.
  public enum Direction: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Left to right (inline start on the left, or the top in vertical modes).
    case ltr
    /// Right to left (reversed inline direction).
    case rtl
  }

  /// The physical axis a timeline on this axis tracks, and where its progress starts:
  /// `.vertical(topToBottom:)` or `.horizontal(leftToRight:)`.
  public enum Physical: Sendable, Equatable, Hashable {
    /// The vertical axis; `topToBottom` is false when the axis's start is at the bottom.
    case vertical(topToBottom: Bool)
    /// The horizontal axis; `leftToRight` is false when the axis's start is at the right
    /// (`rtl`, `vertical-rl`, `sideways-rl`).
    case horizontal(leftToRight: Bool)

    /// Whether the axis is horizontal.
    public var isHorizontal: Bool {
      if case .horizontal = self { return true }
      return false
    }

    /// Whether progress runs against the physical coordinates (from the bottom or the right).
    public var isReversed: Bool {
      switch self {
      case .vertical(let forward), .horizontal(let forward): !forward
      }
    }
  }

  /// The physical axis for `writingMode` and `direction` (CSS Writing Modes 4 §6), with the
  /// scroll origin of a container in that mode (CSSOM View §4): the horizontal axis starts at
  /// the right in `horizontal-tb` `rtl` and in `vertical-rl`/`sideways-rl`; the vertical axis
  /// starts at the bottom in a vertical mode whose inline direction runs upward (`sideways-lr`
  /// `ltr`, or `rtl` in the other vertical modes).
  /// - Complexity: O(1).
  public func physicalAxis(writingMode: WritingMode, direction: Direction) -> Physical {
    let verticalMode = writingMode != .horizontalTB
    let rightToLeft =
      verticalMode
      ? (writingMode == .verticalRL || writingMode == .sidewaysRL) : direction == .rtl
    let bottomToTop = verticalMode && ((writingMode == .sidewaysLR) != (direction == .rtl))
    let horizontal = Physical.horizontal(leftToRight: !rightToLeft)
    let vertical = Physical.vertical(topToBottom: !bottomToTop)
    switch self {
    case .x: return horizontal
    case .y: return vertical
    case .block: return verticalMode ? horizontal : vertical
    case .inline: return verticalMode ? vertical : horizontal
    }
  }
}
