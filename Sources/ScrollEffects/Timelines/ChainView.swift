/// The scroll view of a nested chain (``/ScrollPhysics/NestedScrollChain``: collapsible headers
/// above a list) that a timeline reads.
///
/// A run of a chain gives each sample every view's offset (``ScrollSample/views``, outer to
/// inner) beside the combined one (``ScrollSample/offset``: the chain seen as one scroll view).
/// A timeline reads the combined offset unless it names a view; a timeline that names one needs
/// a run of a chain that has it (``CompiledEffect/validateViews(count:)``). In a spec:
/// `"scrollView": "combined" | "header" | "header1"… | "list" | n` (n from 0, the outermost
/// header; `headerN` is view N, the name outputs give it: ``/ScrollPhysics/NestedScrollChain/viewName(_:count:)``).
public enum ChainView: Sendable, Equatable, Hashable {
  /// The combined offset (the default): every view's offset summed, the one scroll view a
  /// user sees; what a run without a chain reads too.
  case combined
  /// The outermost header (view 0): its offset runs from 0 (expanded) to its scroll range
  /// (collapsed); its viewport is its expanded height.
  case header
  /// The innermost view, the list: 0 at its top, its own `maxOffset` at its end,
  /// overscrolling beyond either.
  case list
  /// View `n` from the outermost (0), the list last.
  case index(Int)

  /// The views a run needs for this one to exist: 0 for ``combined``, 1 for ``list``, 2 for
  /// ``header`` (a header and the list), n + 1 for ``index(_:)``.
  public var requiredViewCount: Int {
    switch self {
    case .combined: 0
    case .list: 1
    case .header: 2
    case .index(let n): n + 1
    }
  }

  /// The spec's spelling: `combined`, `header`, `list` or the index.
  public var specText: String {
    switch self {
    case .combined: "combined"
    case .header: "header"
    case .list: "list"
    case .index(let n): String(n)
    }
  }
}
