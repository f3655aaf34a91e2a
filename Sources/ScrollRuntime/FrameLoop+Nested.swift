import ScrollEffects
import ScrollPhysics
import ScrollSimCore

extension FrameLoop where Source: ~Copyable {
  /// Prepares a run of a nested chain from rest: collapsible headers above a list
  /// (``/ScrollPhysics/NestedScrollChain``), through ``/ScrollPhysics/NestedScrollSimulator``
  /// in this one frame loop. Touches are in the chain's coordinates; every frame's ``sample``
  /// has the combined view's offset, velocity, phase and geometry as its own and each view in
  /// `views`, outer to inner, for timelines that name one (docs/nested-scroll.md). Each view's
  /// delegate callbacks are in ``nestedScrollViewEvents`` (``scrollViewEvents``, one scroll
  /// view's, stays empty). A chain has a fixed layout (a content or viewport input is an error
  /// naming its line).
  /// - Parameters:
  ///   - source: the inputs, in time order; the loop owns it.
  ///   - chain: the views; validated.
  ///   - profile: physics constants; validated. Default ``/ScrollPhysics/PhysicsProfile/ios``.
  ///   - screenScale: pixels per point, in [0.25, 10]. Default 3.
  ///   - startOffset: the combined offset, in `0 … chain.combinedGeometry.maxOffset`.
  ///   - effect: the effect to evaluate every frame, or nil for the physics alone.
  ///   - refreshRate: frames per second, in 1…1000.
  /// - Throws: ``/ScrollSimCore/InputError`` for the source's name at line 0: field
  ///   `refreshRate` out of range; kind `effectFailed` for a bad effect declaration; kind
  ///   `unsupported` for a timeline on the horizontal axis or naming a view the chain does not
  ///   have (``/ScrollEffects/CompiledEffect/validateViews(count:)``); else the chain's or the
  ///   simulator's field the physics rejects.
  public init(
    source: consuming Source, chain: NestedScrollChain, profile: PhysicsProfile = .ios,
    screenScale: Double = 3, startOffset: Double = 0, effect: (any ScrollEffect)?,
    refreshRate: Int
  ) throws(InputError) {
    try Self.check(refreshRate: refreshRate, file: source.name)
    try effect?.validateDeclaration()
    // A chain scrolls vertically: a timeline on the horizontal axis has nothing to read.
    try Self.checkAxes(of: effect, hasHorizontal: false)
    try Self.validateViews(effect, count: chain.headers.count + 1)
    let simulator: NestedScrollSimulator
    do throws(PhysicsError) {
      simulator = try NestedScrollSimulator(
        chain: chain, profile: profile, screenScale: screenScale, startOffset: startOffset)
    } catch {
      throw InputError(
        file: source.name, line: 0, field: FrameCore.inputField(of: error),
        message: error.description)
    }
    core = FrameCore(
      file: source.name, simulator: nil, geometry: chain.combinedGeometry,
      startOffset: startOffset, effect: effect, refreshRate: refreshRate, nested: simulator)
    self.source = source
  }

  /// Whether the run is a nested chain (``init(source:chain:profile:screenScale:startOffset:effect:refreshRate:)``
  /// or a trace whose header declares `nested`).
  @inlinable public var isNested: Bool { core.nested != nil }

  /// The names of a nested chain's views, outer to inner (``FrameFile/viewNames(count:)``:
  /// `header`, …, `list`), as frame files, tables and Chrome traces name them; empty when the
  /// run is one scroll view.
  public var viewNames: [String] {
    FrameFile.viewNames(count: core.nested.map { $0.chain.headers.count + 1 } ?? 0)
  }

  /// The last computed frame's state of each view of a nested chain and the combined one, or
  /// nil when the run is one scroll view.
  @inlinable public var nestedState: NestedScrollState? { core.nestedState }

  /// Each view's `UIScrollViewDelegate` callbacks and SwiftUI phase changes reported in the
  /// last computed frame of a nested chain (``/ScrollPhysics/NestedScrollViewEvent``: the view,
  /// `scrollViewDidScroll(view:header;offset:200)@0.31`, and every other callback on the view
  /// it belongs to), each with its exact time, at or before the frame's time and after the
  /// previous computed frame's; in time order, usually empty. Empty when the run is one scroll
  /// view (read ``scrollViewEvents`` there). Which view gets which callback:
  /// docs/nested-scroll.md, "Delegate callbacks of a chain".
  @inlinable public var nestedScrollViewEvents: [NestedScrollViewEvent] {
    core.nestedScrollViewEvents
  }

  /// Checks that `effect` (a spec or a preset) reads only views a run of `count` views has.
  /// - Throws: what ``/ScrollEffects/CompiledEffect/validateViews(count:)`` throws.
  static func validateViews(_ effect: (any ScrollEffect)?, count: Int) throws(InputError) {
    if let compiled = effect as? CompiledEffect {
      try compiled.validateViews(count: count)
    } else if let preset = effect as? CompiledPreset {
      try preset.compiled.validateViews(count: count)
    }
  }
}
