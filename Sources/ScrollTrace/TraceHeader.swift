/// The first line of a trace: format, version, units, device, scroll geometry and provenance.
public struct TraceHeader: Sendable, Equatable, Hashable {
  /// The format name written in every trace, `"scrollsim-trace"`.
  public static let formatName = "scrollsim-trace"
  /// The newest format version this library reads and writes: 4. Input traces are still
  /// written as version 1 (readable by older readers); offset traces and control events need
  /// version 2; wheel deltas with phases (keys `phase`, `momentum`) need version 3; a two-axis
  /// scroll view (``Scroll/horizontal``, with `dx`, `x` and `width` on control lines) needs
  /// version 4.
  public static let currentVersion = 4

  /// Always ``formatName``.
  public var format: String
  /// Format version: 1 for input traces, 2 when ``kind`` is set, 3 for wheel phases, 4 for a
  /// two-axis scroll view (set it yourself: ``init(device:scroll:physics:source:timeOrigin:kind:)``
  /// chooses 1 or 2).
  public var version: Int
  /// What the events are (version 2 and later): ``Kind/input`` touches through the physics or
  /// ``Kind/offset`` contentOffset samples straight to the effect engine. `nil` in version 1,
  /// which means input; see ``traceKind``.
  public var kind: Kind?
  /// Units of every number in the trace.
  public var units: Units
  /// The device the trace was recorded on (or is meant to be replayed as).
  public var device: Device
  /// The scroll view the touches drive.
  public var scroll: Scroll
  /// Name of the physics profile to replay with, `"ios"` by default.
  public var physics: String
  /// Where the data came from (free text: repository, file, licence, conversion command).
  public var source: String?
  /// Time of the first event in the original recording's clock, seconds (e.g. seconds since
  /// boot for Android `getevent`); trace times are relative to it. `nil` when not known.
  public var timeOrigin: Double?
  /// A chain of nested scroll views (collapsible headers above the list `scroll` describes;
  /// format version 4, key `nested`), or nil for one scroll view. See ``Nested``.
  public var nested: Nested?

  /// The two kinds of trace (format version 2, header key `kind`).
  public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Touch events (`down`, `move`, `up`, `cancel`) replayed through the scroll physics.
    case input
    /// contentOffset samples (`offset` events) recorded from a real app, resampled to the
    /// frame clock and fed straight to the effect engine.
    case offset
  }

  /// ``kind``, or ``Kind/input`` for a version-1 header (which has no `kind`).
  public var traceKind: Kind { kind ?? .input }

  /// Units of a trace. Version 1 allows only seconds and points.
  public struct Units: Sendable, Equatable, Hashable {
    /// `"s"`.
    public var time: String
    /// `"pt"`.
    public var length: String
    /// Seconds and points.
    public init(time: String = "s", length: String = "pt") {
      self.time = time
      self.length = length
    }
  }

  /// The screen of the recording device.
  public struct Device: Sendable, Equatable, Hashable {
    /// Free-text device name, e.g. `"Android phone 1080×2400 px"`.
    public var name: String?
    /// Screen width, points, > 0.
    public var screenWidth: Double
    /// Screen height, points, > 0.
    public var screenHeight: Double
    /// Pixels per point (iOS `UIScreen.scale`, Android density), > 0.
    public var scale: Double
    /// Display refresh rate, Hz, > 0 (60 or 120 on current phones).
    public var refreshRate: Double

    /// Creates a device description (sizes in points, rate in Hz).
    public init(
      name: String? = nil, screenWidth: Double, screenHeight: Double, scale: Double,
      refreshRate: Double
    ) {
      self.name = name
      self.screenWidth = screenWidth
      self.screenHeight = screenHeight
      self.scale = scale
      self.refreshRate = refreshRate
    }
  }

  /// The scroll view that the touches drive, points: its vertical axis, and its horizontal
  /// axis when it scrolls in both (``horizontal``, format version 4).
  public struct Scroll: Sendable, Equatable, Hashable {
    /// Viewport height, points, > 0.
    public var viewportHeight: Double
    /// Content height, points, ≥ 0.
    public var contentHeight: Double
    /// Top content inset (safe area and bars), points, ≥ 0.
    public var contentInsetTop: Double
    /// Bottom content inset, points, ≥ 0.
    public var contentInsetBottom: Double
    /// Offset from rest at the top when the trace starts, points, in `0 ... maxOffset`.
    public var startOffset: Double
    /// The horizontal axis of a scroll view that scrolls in both (a photo viewer, a carousel,
    /// a map), or nil for a vertical scroll view (every trace before version 4). On disk: the
    /// `scroll` keys `viewportWidth`, `contentWidth`, `contentInsetLeft`, `contentInsetRight`
    /// and `startOffsetX` (version 4).
    public var horizontal: Horizontal?
    /// Where a fling may come to rest vertically (paging, item-aligned snapping), or nil for
    /// free momentum (format version 4, `scroll` key `targetBehavior`).
    public var targetBehavior: TargetBehavior? = nil
    /// Where a fling may come to rest horizontally (a photo pager, a carousel), or nil for
    /// free momentum (format version 4, `scroll` key `targetBehaviorX`; a two-axis trace).
    public var targetBehaviorX: TargetBehavior? = nil
    /// Whether content narrower than the viewport still moves and bounces horizontally (UIKit
    /// `alwaysBounceHorizontal`), or nil for false, UIKit's default (format version 4, `scroll`
    /// key `alwaysBounceHorizontal`, a boolean; a two-axis trace).
    public var alwaysBounceHorizontal: Bool? = nil
    /// Whether content shorter than the viewport still moves and bounces vertically (UIKit
    /// `alwaysBounceVertical`), or nil for false, UIKit's default, whatever the profile's
    /// `bouncesWhenContentFits` (format version 4, `scroll` key `alwaysBounceVertical`, a
    /// boolean; a two-axis trace: a one-axis trace bounces as its profile says).
    public var alwaysBounceVertical: Bool? = nil

    /// Creates a scroll description (all values in points).
    public init(
      viewportHeight: Double, contentHeight: Double, contentInsetTop: Double = 0,
      contentInsetBottom: Double = 0, startOffset: Double = 0, horizontal: Horizontal? = nil
    ) {
      self.viewportHeight = viewportHeight
      self.contentHeight = contentHeight
      self.contentInsetTop = contentInsetTop
      self.contentInsetBottom = contentInsetBottom
      self.startOffset = startOffset
      self.horizontal = horizontal
    }
  }

  /// The horizontal axis of a two-axis scroll view (format version 4), points: UIKit's
  /// `bounds.width`, `contentSize.width`, `contentInset.left`/`.right` and the starting
  /// `contentOffset.x` (from rest at the left).
  public struct Horizontal: Sendable, Equatable, Hashable {
    /// Viewport width, points, > 0 (key `viewportWidth`).
    public var viewportWidth: Double
    /// Content width, points, ≥ 0 (key `contentWidth`).
    public var contentWidth: Double
    /// Left content inset, points, ≥ 0 (key `contentInsetLeft`, default 0).
    public var contentInsetLeft: Double
    /// Right content inset, points, ≥ 0 (key `contentInsetRight`, default 0).
    public var contentInsetRight: Double
    /// Offset from rest at the left when the trace starts, points, in `0 ... maxOffsetX`
    /// (key `startOffsetX`, default 0).
    public var startOffset: Double

    /// Creates a horizontal axis (all values in points).
    public init(
      viewportWidth: Double, contentWidth: Double, contentInsetLeft: Double = 0,
      contentInsetRight: Double = 0, startOffset: Double = 0
    ) {
      self.viewportWidth = viewportWidth
      self.contentWidth = contentWidth
      self.contentInsetLeft = contentInsetLeft
      self.contentInsetRight = contentInsetRight
      self.startOffset = startOffset
    }

    /// The largest offset from rest at the left, points:
    /// `max(0, contentWidth + contentInsetLeft + contentInsetRight − viewportWidth)`.
    public var maxOffset: Double {
      max(0, contentWidth + contentInsetLeft + contentInsetRight - viewportWidth)
    }
  }

  /// Whether the scroll view scrolls in both axes (``Scroll/horizontal`` is set).
  public var isTwoAxis: Bool { scroll.horizontal != nil }

  /// Creates a header: version 1 when `kind` is `nil` (an input trace every reader reads),
  /// version 2 with `kind` set.
  public init(
    device: Device, scroll: Scroll, physics: String = "ios", source: String? = nil,
    timeOrigin: Double? = nil, kind: Kind? = nil
  ) {
    self.format = Self.formatName
    self.version = kind == nil ? 1 : 2
    self.kind = kind
    self.units = Units()
    self.device = device
    self.scroll = scroll
    self.physics = physics
    self.source = source
    self.timeOrigin = timeOrigin
  }
}
