/// The axis a timeline tracks, as CSS and Motion name it, and the writing mode and direction
/// that map the logical axes (`block`, `inline`) to physical ones.
///
/// ScrollSim scrolls one physical axis, vertical, top to bottom (issue 16 adds the second).
/// ``physicalAxis(writingMode:direction:)`` maps a timeline's axis to the physical one it
/// tracks; only the vertical, top-to-bottom result can be computed, and the spec reader rejects
/// the others with a message that names issue 16.
///
/// Source: CSS Writing Modes Level 4 §2.1 and §6 (abstract-to-physical mapping: in
/// `horizontal-tb` the block axis is vertical and the inline axis horizontal; in `vertical-rl`,
/// `vertical-lr`, `sideways-rl` and `sideways-lr` the block axis is horizontal and the inline
/// axis vertical, flowing top to bottom for `ltr` except `sideways-lr`, which flows bottom to
/// top; `rtl` reverses the inline direction); CSS Scroll-driven Animations Level 1 §2.1
/// (`<axis>` = `block | inline | x | y`, default `block`); Motion `useScroll` `axis: "x" | "y"`.
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

  /// The physical axis a timeline on this axis tracks, and whether its start is at the top
  /// (or left): `.vertical(topToBottom:)` or `.horizontal`.
  public enum Physical: Sendable, Equatable, Hashable {
    /// The vertical axis; `topToBottom` is false when the axis's start is at the bottom.
    case vertical(topToBottom: Bool)
    /// The horizontal axis.
    case horizontal
  }

  /// The physical axis for `writingMode` and `direction` (CSS Writing Modes 4 §6).
  /// - Complexity: O(1).
  public func physicalAxis(writingMode: WritingMode, direction: Direction) -> Physical {
    let verticalMode = writingMode != .horizontalTB
    switch self {
    case .x: return .horizontal
    case .y: return .vertical(topToBottom: true)
    case .block: return verticalMode ? .horizontal : .vertical(topToBottom: true)
    case .inline:
      guard verticalMode else { return .horizontal }
      // The inline direction runs bottom to top in sideways-lr, and reverses with rtl.
      let upward = (writingMode == .sidewaysLR) != (direction == .rtl)
      return .vertical(topToBottom: !upward)
    }
  }
}
