/// A non-touch input of an input trace (format version 2): a wheel or trackpad delta, a
/// programmatic scroll, a status-bar tap (scroll to top), or a change of the content or
/// viewport height. They go through the physics like touches.
///
/// On disk (one line each):
/// `{"dy":40,"t":1.2,"type":"wheel"}`, `{"dy":-12,"phase":"changed","t":1.3,"type":"wheel"}`
/// (version 3), `{"dy":-30,"momentum":"began","t":1.4,"type":"wheel"}` (version 3),
/// `{"animated":true,"t":1.5,"type":"scrollTo","y":400}`, `{"t":1.8,"type":"scrollToTop"}`,
/// `{"height":12000,"t":2,"type":"content"}`, `{"height":700,"t":2,"type":"viewport"}`.
public struct TraceControl: Sendable, Equatable, Hashable {
  /// What changed.
  public enum Kind: Sendable, Equatable, Hashable {
    /// A scroll-wheel or trackpad delta: the change of `contentOffset.y` it asks for, points
    /// (positive scrolls the content forward, like a finger moving up), finite; with its
    /// phase in the gesture (``/ScrollSimCore/WheelPhase``, keys `phase` and `momentum`,
    /// format version 3; default `.none`, a plain mouse wheel, as in version 2).
    case wheel(deltaY: Double, phase: WheelPhase = .none)
    /// `setContentOffset(_:animated:)`: target `contentOffset.y`, points, in `0 ... maxOffset`
    /// of the geometry at that time.
    case scrollTo(offset: Double, animated: Bool)
    /// New content height (`contentSize.height`), points, finite, ≥ 0.
    case contentHeight(Double)
    /// New viewport height (the scroll view's bounds height), points, finite, > 0.
    case viewportHeight(Double)
    /// A status-bar tap: the view scrolls to the top, animated, when it `scrollsToTop` and is not
    /// already there (`scrollViewDidScrollToTop` at the end).
    case scrollToTop

    /// The event type written on disk: `wheel`, `scrollTo`, `content`, `viewport` or
    /// `scrollToTop`.
    public var typeName: String {
      switch self {
      case .wheel: "wheel"
      case .scrollTo: "scrollTo"
      case .contentHeight: "content"
      case .viewportHeight: "viewport"
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
