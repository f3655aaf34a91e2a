import ScrollPhysics

extension ScrollSample {
  /// The sample of a nested chain's frame: the combined view's offset, velocity, phase and
  /// geometry (``/ScrollPhysics/NestedScrollChain/combinedGeometry``) as the sample's own,
  /// and every view in ``views``, outer to inner.
  ///
  /// A header's geometry is its expanded height as viewport and its content one scroll range
  /// longer (`maxOffset` = ``/ScrollPhysics/NestedScrollHeader/scrollRange``); the list's is
  /// ``/ScrollPhysics/NestedScrollChain/listGeometry``.
  /// - Parameters:
  ///   - time: the frame's target time, seconds.
  ///   - state: ``/ScrollPhysics/NestedScrollSimulator/state(at:)`` at `time`.
  ///   - chain: the chain `state` is of (its view count must match `state.views.count`).
  public init(time: Double, nested state: NestedScrollState, chain: NestedScrollChain) {
    self.init(
      time: time, offset: state.combined.offset, velocity: state.combined.velocity,
      phase: state.combined.phase, geometry: chain.combinedGeometry)
    views = Self.viewGeometries(chain).enumerated().map { i, geometry in
      let view =
        i < state.views.count ? state.views[i] : ScrollState(offset: 0, velocity: 0, phase: .idle)
      return AxisSample(offset: view.offset, velocity: view.velocity, geometry: geometry)
    }
  }

  /// Each view's geometry in a chain, outer to inner (see ``init(time:nested:chain:)``).
  package static func viewGeometries(_ chain: NestedScrollChain) -> [ScrollGeometry] {
    chain.headers.map {
      ScrollGeometry(
        viewportHeight: $0.expandedHeight, contentHeight: $0.expandedHeight + $0.scrollRange)
    } + [chain.listGeometry]
  }
}
