/// The combined scroll view of a chain of nested scroll views (collapsible headers above one
/// list, in one viewport), from the sizes alone: the one formula that `NestedScrollChain`'s
/// `combinedGeometry` (module ScrollPhysics) and a chain trace's validation (module ScrollTrace:
/// `scroll.startOffset`, a `scrollTo` line's `y`) share. docs/nested-scroll.md.
package enum NestedRange {
  /// The combined scroll view, points: the list's viewport
  /// `viewportHeight − Σ collapsedHeight`, a content of that viewport plus every view's range
  /// (`Σ (expandedHeight − collapsedHeight)`, then the list's
  /// `max(0, contentHeight − list viewport)`, summed outer to inner), and its largest offset
  /// `max(0, content − viewport)` (the sum of the ranges but for the last bit).
  /// - Parameters:
  ///   - viewportHeight: the chain's viewport, points.
  ///   - contentHeight: the list's content, points.
  ///   - headers: each header's expanded and collapsed heights, points, outer to inner.
  package static func combined(
    viewportHeight: Double, contentHeight: Double,
    headers: some Collection<(expanded: Double, collapsed: Double)>
  ) -> (viewportHeight: Double, contentHeight: Double, maxOffset: Double) {
    let list = viewportHeight - headers.reduce(0) { $0 + $1.collapsed }
    let ranges =
      headers.reduce(0) { $0 + ($1.expanded - $1.collapsed) } + Swift.max(0, contentHeight - list)
    let content = list + ranges
    return (list, content, Swift.max(0, content - list))
  }
}
