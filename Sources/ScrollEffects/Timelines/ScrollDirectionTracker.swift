import ScrollPhysics

/// The direction the content is being scrolled in, as GSAP ScrollTrigger's `self.direction`
/// reports it: `1` forward (the offset grows: the user scrolls down the page), `−1` backward.
///
/// Flutter's `ScrollDirection` names the same two motions the other way round (its `forward`
/// is toward the content's start: offset decreasing, `reverse` is offset increasing) and calls
/// ``none`` `idle`; UIKit has no direction API (apps compare `contentOffset.y` with the previous
/// `scrollViewDidScroll(_:)`'s).
public enum ScrollDirection: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// No direction yet: the content has not moved more than the hysteresis since the first
  /// frame (or the last ``ScrollDirectionTracker/reset()``).
  case none = 0
  /// The offset grows: scrolling down the page (GSAP `direction` 1, Flutter
  /// `ScrollDirection.reverse`).
  case forward = 1
  /// The offset falls: scrolling up the page (GSAP `direction` −1, Flutter
  /// `ScrollDirection.forward`).
  case backward = -1

  /// The direction as a number, a `direction` timeline's progress: 1, −1, or 0 for ``none``.
  @inlinable public var progress: Double { Double(rawValue) }
}

/// Follows the scroll direction with a hysteresis in points, ignoring motion outside the
/// content's range: what a hide-on-scroll bar or a `direction` timeline reads.
///
/// Rules, for the in-range offset `c = min(max(s, 0), maxOffset)` of each frame (`s` the
/// distance from rest, ``ScrollSample/offset``) and hysteresis `h ≥ 0` points:
/// - the tracker remembers the turning point `a`: the furthest offset reached in the current
///   direction (the first frame's `c` while the direction is ``ScrollDirection/none``);
/// - going ``ScrollDirection/forward``, `a = max(a, c)`; it turns backward once `a − c > h`
///   (the content has come back more than `h` points from its furthest point); going
///   backward, `a = min(a, c)` and it turns forward once `c − a > h`; from `none`, the first
///   move of more than `h` points either way sets the direction. A turn sets `a = c`;
/// - motion outside `0 … maxOffset` does not count: `c` stays at the edge while the content is
///   pulled past it, so the pull, the rubber band and the bounce back from a pull-down are not
///   "scrolling down" (CSS `scroll-state(scrolled: …)` and Flutter's floating header read the
///   in-range scroll position too);
/// - a frame whose geometry (viewport, content height, insets) differs from the previous
///   frame's re-anchors (`a = c`) without counting the jump: a content change that moves the
///   range under the view is not a scroll by the user;
/// - the direction never returns to ``ScrollDirection/none`` on its own (GSAP keeps
///   `direction` after the scroll stops; Flutter's `idle` at the end of a scroll is not
///   modelled).
///
/// With `h = 0` every in-range move flips the direction (Flutter's `userScrollDirection`,
/// updated on every `applyUserOffset` delta): a finger resting on the screen (touch noise of a
/// fraction of a point) flips it back and forth, which `scrollsim check` reports as `flicker`.
/// The default, ``defaultHysteresis``, is a touch slop (8 points).
///
/// In your own ``ScrollEffect`` (a struct, so the tracker is part of its state):
///
/// ```swift
/// struct HideOnScrollBar: ScrollEffect {
///   var direction = ScrollDirectionTracker()
///   var outputs: [EffectOutput] { [EffectOutput(name: "bar.hidden", range: 0...1, unit: .flag)] }
///   var remembersHistory: [Bool] { [true] }
///   mutating func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
///     frame["bar.hidden"] = direction.update(sample) == .forward ? 1 : 0
///   }
///   mutating func reset() { direction.reset() }
/// }
/// ```
public struct ScrollDirectionTracker: Sendable, Equatable, Hashable {
  /// 8 points: Android's touch slop (`ViewConfiguration` `config_viewConfigurationTouchSlop`,
  /// 8 dp, the profile's `dragStartSlop`), the distance a touch travels before the platform
  /// takes it for a scroll rather than jitter. UIKit publishes no such value.
  public static let defaultHysteresis = 8.0

  /// Points the content must move back from its turning point to flip the direction, finite,
  /// ≥ 0.
  public let hysteresis: Double
  /// The current direction.
  public private(set) var direction: ScrollDirection = .none
  /// The turning point `a`, points (in range).
  private var anchor = 0.0
  /// Whether an offset has been seen since creation or the last ``reset()``.
  public private(set) var isPrimed = false
  /// Set by ``rebase()``: the next frame re-anchors instead of counting.
  private var rebasing = false

  /// A tracker with no direction yet.
  /// - Parameter hysteresis: points, finite, ≥ 0 (default ``defaultHysteresis``).
  /// - Precondition: `hysteresis` is finite and ≥ 0 (``CompiledEffect`` validates specs first).
  public init(hysteresis: Double = ScrollDirectionTracker.defaultHysteresis) {
    precondition(hysteresis.isFinite && hysteresis >= 0, "hysteresis must be ≥ 0 points")
    self.hysteresis = hysteresis
  }

  /// Feeds one frame and returns the direction after it.
  /// - Parameters:
  ///   - offset: the distance from rest, points (``ScrollSample/offset``); NaN is ignored.
  ///   - maxOffset: the largest in-range offset of this frame's geometry, points, ≥ 0.
  /// - Complexity: O(1), no allocation.
  @inline(__always)
  public mutating func update(offset: Double, maxOffset: Double) -> ScrollDirection {
    if offset.isNaN { return direction }
    let c = Swift.min(Swift.max(offset, 0), Swift.max(maxOffset, 0))
    guard isPrimed, !rebasing else {
      isPrimed = true
      rebasing = false
      anchor = c
      return direction
    }
    switch direction {
    case .forward:
      if c > anchor {
        anchor = c
      } else if anchor - c > hysteresis {
        direction = .backward
        anchor = c
      }
    case .backward:
      if c < anchor {
        anchor = c
      } else if c - anchor > hysteresis {
        direction = .forward
        anchor = c
      }
    case .none:
      if c - anchor > hysteresis {
        direction = .forward
        anchor = c
      } else if anchor - c > hysteresis {
        direction = .backward
        anchor = c
      }
    }
    return direction
  }

  /// Feeds `sample` (its offset and its geometry's `maxOffset`); see
  /// ``update(offset:maxOffset:)``.
  /// - Complexity: O(1), no allocation.
  public mutating func update(_ sample: ScrollSample) -> ScrollDirection {
    update(offset: sample.offset, maxOffset: sample.geometry.maxOffset)
  }

  /// The geometry changed: the next frame re-anchors at its offset without counting the move.
  public mutating func rebase() { rebasing = true }

  /// No direction and not primed again.
  public mutating func reset() {
    direction = .none
    anchor = 0
    isPrimed = false
    rebasing = false
  }
}

/// A quick-return bar's hidden distance: the bar follows every in-range scroll delta, clamped
/// to `0 … height`, and never hides more than the content has been scrolled ("translate by
/// delta, clamp").
///
/// Each frame, with the in-range offset `c = min(max(s, 0), maxOffset)` and `Δ` its change
/// since the previous frame: `hidden = min(max(hidden + Δ, 0), height, c)`. So scrolling down
/// pushes the bar off by as many points as the content moved, scrolling back up by any amount
/// pulls it back by as much, and near the top the bar is never hidden by more than the offset.
/// This is Flutter's floating `SliverAppBar` (`RenderSliverFloatingPersistentHeader.performLayout`:
/// `_effectiveScrollOffset = clamp(_effectiveScrollOffset − delta, 0, scrollOffset)`, the header
/// painted `maxExtent − _effectiveScrollOffset` tall) and Chromium's browser controls on Android
/// (the toolbar scrolls with the content's delta); the first frame is hidden by `min(c, height)`,
/// as Flutter's first layout sets `_effectiveScrollOffset = scrollOffset` (a session restored
/// mid-content starts with the bar scrolled away). Motion outside `0 … maxOffset` (pulls,
/// rubber band, bounces) and a frame whose geometry changed do not count, as for
/// ``ScrollDirectionTracker``. Flutter's `snap` (an animation to fully shown or hidden when the
/// scroll ends) is not modelled: smooth an output (`smoothing`) for a timed reveal.
public struct QuickReturnTracker: Sendable, Equatable, Hashable {
  /// The bar's height: the most it hides, points, finite, > 0.
  public let height: Double
  /// How far the bar is hidden, points, in `0 … height`.
  public private(set) var hidden = 0.0
  /// The previous frame's in-range offset, points.
  private var last = 0.0
  /// Whether an offset has been seen since creation or the last ``reset()``.
  public private(set) var isPrimed = false
  /// Set by ``rebase()``: the next frame re-anchors instead of counting.
  private var rebasing = false

  /// A tracker for a bar `height` points tall, shown.
  /// - Precondition: `height` is finite and > 0 (``CompiledEffect`` validates specs first).
  public init(height: Double) {
    precondition(height.isFinite && height > 0, "quick-return height must be > 0 points")
    self.height = height
  }

  /// The hidden fraction, `hidden / height`, in 0…1: a `quick-return` timeline's progress.
  @inlinable public var progress: Double { hidden / height }

  /// Feeds one frame and returns the hidden distance after it, points.
  /// - Parameters:
  ///   - offset: the distance from rest, points (``ScrollSample/offset``); NaN is ignored.
  ///   - maxOffset: the largest in-range offset of this frame's geometry, points, ≥ 0.
  /// - Complexity: O(1), no allocation.
  @inline(__always)
  public mutating func update(offset: Double, maxOffset: Double) -> Double {
    if offset.isNaN { return hidden }
    let c = Swift.min(Swift.max(offset, 0), Swift.max(maxOffset, 0))
    if !isPrimed {
      hidden = Swift.min(c, height)
    } else if rebasing {
      hidden = Swift.min(hidden, c)
    } else {
      hidden = Swift.min(Swift.max(hidden + (c - last), 0), height, c)
    }
    isPrimed = true
    rebasing = false
    last = c
    return hidden
  }

  /// Feeds `sample`; see ``update(offset:maxOffset:)``.
  /// - Complexity: O(1), no allocation.
  public mutating func update(_ sample: ScrollSample) -> Double {
    update(offset: sample.offset, maxOffset: sample.geometry.maxOffset)
  }

  /// The geometry changed: the next frame re-anchors at its offset without counting the move.
  public mutating func rebase() { rebasing = true }

  /// Shown and not primed again.
  public mutating func reset() {
    hidden = 0
    last = 0
    isPrimed = false
    rebasing = false
  }
}
