/// A non-touch input of an input trace (format version 2): a wheel or trackpad delta, a
/// programmatic scroll, a status-bar tap (scroll to top), or a change of the content or
/// viewport height (or, in a two-axis trace of version 4, width). They go through the physics
/// like touches.
///
/// On disk (one line each):
/// `{"dy":40,"t":1.2,"type":"wheel"}`, `{"dy":-12,"phase":"changed","t":1.3,"type":"wheel"}`
/// (version 3), `{"dy":-30,"momentum":"began","t":1.4,"type":"wheel"}` (version 3),
/// `{"animated":true,"t":1.5,"type":"scrollTo","y":400}`, `{"t":1.8,"type":"scrollToTop"}`,
/// `{"height":12000,"t":2,"type":"content"}`, `{"height":700,"t":2,"type":"viewport"}`;
/// two-axis traces (version 4): `{"dx":-30,"dy":0,"t":1.2,"type":"wheel"}`,
/// `{"animated":true,"t":1.5,"type":"scrollTo","x":390,"y":0}`,
/// `{"t":2,"type":"content","width":2340}`, `{"t":2,"type":"viewport","width":390}`.
public struct TraceControl: Sendable, Equatable, Hashable {
  /// What changed.
  public enum Kind: Sendable, Equatable, Hashable {
    /// A scroll-wheel or trackpad delta: the change of `contentOffset.y` it asks for, points
    /// (positive scrolls the content forward, like a finger moving up), finite; with its
    /// phase in the gesture (``/ScrollSimCore/WheelPhase``, keys `phase` and `momentum`,
    /// format version 3; default `.none`, a plain mouse wheel, as in version 2). `deltaX`
    /// (key `dx`, two-axis traces of version 4 only; default 0) is the change of
    /// `contentOffset.x`, positive scrolls right, in −1e7 … 1e7.
    case wheel(deltaX: Double = 0, deltaY: Double, phase: WheelPhase = .none)
    /// `setContentOffset(_:animated:)`: target `contentOffset.y`, points, in `0 ... maxOffset`
    /// of the geometry at that time; in a two-axis trace (version 4) optionally `x`, the target
    /// `contentOffset.x` in `0 ... maxOffsetX` (nil: the horizontal offset stays where it is).
    case scrollTo(x: Double? = nil, offset: Double, animated: Bool)
    /// New content height (`contentSize.height`), points, finite, ≥ 0.
    case contentHeight(Double)
    /// New viewport height (the scroll view's bounds height), points, finite, > 0.
    case viewportHeight(Double)
    /// New content width (`contentSize.width`), points, finite, 0 … 1e7 (a `content` line with
    /// `width`; two-axis traces of version 4 only).
    case contentWidth(Double)
    /// New viewport width (the scroll view's bounds width), points, finite, in (0, 1e7] (a
    /// `viewport` line with `width`; two-axis traces of version 4 only).
    case viewportWidth(Double)
    /// A status-bar tap: the view scrolls to the top, animated, when it `scrollsToTop` and is not
    /// already there (`scrollViewDidScrollToTop` at the end).
    case scrollToTop

    /// The key of the horizontal axis this event carries (`dx` of a wheel delta other than 0,
    /// `x` of a `scrollTo`, `width` of a content or viewport change), or nil: such an event
    /// needs a two-axis trace.
    var horizontalField: String? {
      switch self {
      case .wheel(let deltaX, _, _): deltaX != 0 || deltaX.sign == .minus ? "dx" : nil
      case .scrollTo(let x, _, _): x == nil ? nil : "x"
      case .contentWidth, .viewportWidth: "width"
      default: nil
      }
    }

    /// The event type written on disk: `wheel`, `scrollTo`, `content`, `viewport` or
    /// `scrollToTop`.
    public var typeName: String {
      switch self {
      case .wheel: "wheel"
      case .scrollTo: "scrollTo"
      case .contentHeight, .contentWidth: "content"
      case .viewportHeight, .viewportWidth: "viewport"
      case .scrollToTop: "scrollToTop"
      }
    }
  }

  /// Seconds since the start of the trace, finite, ≥ 0, non-decreasing along the trace.
  public var time: Double
  /// What changed.
  public var kind: Kind
  /// How many touch events come before it in the file: it applies after touch
  /// `eventIndex − 1` and before touch `eventIndex` (``Trace/events``), keeping file order.
  public var eventIndex: Int

  /// Creates a control event (seconds; `eventIndex` touches precede it).
  public init(time: Double, kind: Kind, eventIndex: Int) {
    self.time = time
    self.kind = kind
    self.eventIndex = eventIndex
  }

  /// The event type names of control events.
  static let typeNames = ["wheel", "scrollTo", "content", "viewport", "scrollToTop"]
}
