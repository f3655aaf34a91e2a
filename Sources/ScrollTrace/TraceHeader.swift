/// The first line of a trace: format, version, units, device, scroll geometry and provenance.
public struct TraceHeader: Sendable, Equatable, Hashable {
  /// The format name written in every trace, `"scrollsim-trace"`.
  public static let formatName = "scrollsim-trace"
  /// The newest format version this library reads and writes: 3. Input traces are still
  /// written as version 1 (readable by older readers); offset traces and control events need
  /// version 2; wheel deltas with phases (keys `phase`, `momentum`) need version 3.
  public static let currentVersion = 3

  /// Always ``formatName``.
  public var format: String
  /// Format version: 1 for input traces, 2 when ``kind`` is set, 3 for wheel phases (set it
  /// yourself: ``init(device:scroll:physics:source:timeOrigin:kind:)`` chooses 1 or 2).
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

  /// The vertical scroll view that the touches drive, points.
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

    /// Creates a scroll description (all values in points).
    public init(
      viewportHeight: Double, contentHeight: Double, contentInsetTop: Double = 0,
      contentInsetBottom: Double = 0, startOffset: Double = 0
    ) {
      self.viewportHeight = viewportHeight
      self.contentHeight = contentHeight
      self.contentInsetTop = contentInsetTop
      self.contentInsetBottom = contentInsetBottom
      self.startOffset = startOffset
    }
  }

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
