import ScrollEffects
import ScrollPhysics
import ScrollTrace

extension FrameLoop where Source: TraceInputSource & ~Copyable {
  /// Prepares a replay of a trace, with the device and scroll view of its header: an input
  /// trace through the physics, an offset trace (`"kind":"offset"`) straight to the effect.
  /// Each axis pages or snaps as the header says (`scroll.targetBehavior`,
  /// `scroll.targetBehaviorX`; ``/ScrollTrace/TraceHeader/TargetBehavior``); a two-axis run's
  /// axes bounce when their content fits as `scroll.alwaysBounceHorizontal` and
  /// `scroll.alwaysBounceVertical` say (default false, UIKit's).
  /// - Parameters:
  ///   - inputs: the trace (``TraceInputs`` in memory, ``TraceStreamInputs`` streamed); the
  ///     loop owns it.
  ///   - effect: the effect to evaluate every frame (a spec file's, a preset's or your own
  ///     ``/ScrollEffects/ScrollEffect``), or nil for the physics alone.
  ///   - refreshRate: frames per second, in 1…1000.
  ///   - profile: physics constants, or nil (the default) for the profile the header names
  ///     (`TraceHeader.physicsProfile(file:)`); unused for an offset trace.
  /// - Throws: ``/ScrollSimCore/InputError``: `refreshRate` (line 0) when out of range; kind
  ///   `effectFailed` naming the output for a bad effect declaration; for an input trace, at line 1 field `physics` for an unknown profile name, or the header field
  ///   (`scroll.startOffset`, `device.scale`, `nested.rule`, `nested.headers[0].collapsedHeight`,
  ///   …) whose value cannot be simulated; kind `unsupported` for a timeline naming a scroll
  ///   view the run does not have (a header view without a `nested` chain).
  public init(
    inputs: consuming Source, effect: (any ScrollEffect)?, refreshRate: Int,
    profile: PhysicsProfile? = nil
  ) throws(InputError) {
    let scroll = inputs.header.scroll
    try self.init(
      inputs: inputs, effect: effect, refreshRate: refreshRate, profile: profile,
      targetBehavior: scroll.targetBehavior, targetBehaviorX: scroll.targetBehaviorX)
  }

  /// As ``init(inputs:effect:refreshRate:profile:)``, with each axis's paging or snapping
  /// given instead of the header's (`scrollsim replay --target-y`, `--target-x`), checked
  /// beforehand with ``/ScrollTrace/TraceHeader/TargetBehavior/problem(maxOffset:)``; a
  /// vertical behaviour of a nested chain and a horizontal one of a one-axis run are ignored.
  package init(
    inputs: consuming Source, effect: (any ScrollEffect)?, refreshRate: Int,
    profile: PhysicsProfile?, targetBehavior: TraceHeader.TargetBehavior?,
    targetBehaviorX: TraceHeader.TargetBehavior?
  ) throws(InputError) {
    let header = inputs.header
    let file = inputs.name
    guard header.traceKind == .input else {
      try Self.check(refreshRate: refreshRate, file: file)
      try effect?.validateDeclaration()
      try Self.checkAxes(of: effect, hasHorizontal: false)
      try Self.validateViews(effect, count: 0)
      self.init(
        source: inputs, simulator: nil, geometry: header.geometry, startOffset: 0,
        effect: effect, refreshRate: refreshRate)
      return
    }
    var chosen: PhysicsProfile
    if let profile {
      chosen = profile
    } else {
      chosen = try header.physicsProfile(file: file)
    }
    if header.nested != nil {
      let chain = try NestedScrollChain(trace: header, file: file)
      do {
        try self.init(
          source: inputs, chain: chain, profile: chosen, screenScale: header.device.scale,
          startOffset: header.scroll.startOffset, effect: effect, refreshRate: refreshRate)
      } catch {
        throw Self.headerError(error, file: file)
      }
      return
    }
    try Self.validateViews(effect, count: 0)
    if let horizontal = header.horizontalGeometry, let axis = header.scroll.horizontal {
      do {
        try self.init(
          source: inputs, geometry: header.geometry, horizontalGeometry: horizontal,
          profile: chosen, screenScale: header.device.scale,
          startOffset: ScrollVector(x: axis.startOffset, y: header.scroll.startOffset),
          targetBehavior: ScrollTargetBehavior(targetBehavior, geometry: header.geometry),
          horizontalTargetBehavior: ScrollTargetBehavior(targetBehaviorX, geometry: horizontal),
          effect: effect, refreshRate: refreshRate)
      } catch {
        throw Self.headerError(error, file: file)
      }
      alwaysBounceHorizontal = header.scroll.alwaysBounceHorizontal ?? false
      alwaysBounceVertical = header.scroll.alwaysBounceVertical ?? false
      return
    }
    do {
      try self.init(
        source: inputs, geometry: header.geometry, profile: chosen,
        screenScale: header.device.scale, startOffset: header.scroll.startOffset,
        targetBehavior: ScrollTargetBehavior(targetBehavior, geometry: header.geometry),
        effect: effect, refreshRate: refreshRate)
    } catch {
      throw Self.headerError(error, file: file)
    }
  }

  /// A simulator's rejection of a parameter as the header field that holds it (line 1): a
  /// horizontal one (prefixed `x`) as its `scroll` width key.
  static func headerError(_ error: InputError, file: String) -> InputError {
    // The effect's own errors (a bad declaration, an axis the run lacks) name the spec.
    guard error.field != "refreshRate", error.kind != .effectFailed, error.kind != .unsupported
    else { return error }
    let horizontal = [
      "xViewportHeight": "viewportWidth", "xContentHeight": "contentWidth",
      "xContentInsetTop": "contentInsetLeft", "xContentInsetBottom": "contentInsetRight",
      "xStartOffset": "startOffsetX", "xItemOffsets": "targetBehaviorX.itemOffsets",
      "itemOffsets": "targetBehavior.itemOffsets",
    ]
    let field =
      error.field.isEmpty
      ? ""
      : error.field == "screenScale"
        ? "device.scale" : "scroll.\(horizontal[error.field] ?? error.field)"
    return InputError(file: file, line: 1, field: field, message: error.message)
  }

  /// The header of the trace being replayed.
  public var header: TraceHeader { source.header }
}

extension FrameLoop where Source == TraceInputs {
  /// Prepares a replay of a trace held in memory, with the physics profile its header names
  /// unless `profile` says otherwise.
  /// - Parameters:
  ///   - trace: a validated trace (``/ScrollTrace/Trace/load(path:)`` validates).
  ///   - file: the trace's path, used in errors.
  ///   - effect: the effect to evaluate every frame (a compiled spec, a preset or your own
  ///     ``/ScrollEffects/ScrollEffect``), or nil for the physics alone.
  ///   - refreshRate: frames per second, in 1…1000.
  ///   - profile: physics constants, or nil (the default) for the profile the header names.
  /// - Throws: what ``init(inputs:effect:refreshRate:profile:)`` throws.
  public init(
    trace: Trace, file: String, effect: (any ScrollEffect)?, refreshRate: Int,
    profile: PhysicsProfile? = nil
  ) throws(InputError) {
    try self.init(
      inputs: TraceInputs(trace, file: file), effect: effect, refreshRate: refreshRate,
      profile: profile)
  }
}

extension ScrollTargetBehavior {
  /// The physics' behaviour that a trace's description stands for, on an axis of `geometry`
  /// (the horizontal one in ``/ScrollPhysics/TwoAxisScrollSimulator``'s terms): `.none` for
  /// nil; `.paging` for paging by the viewport; `.viewAlignedByOne` over the multiples of a
  /// page size (one page per fling at most, as `.paging`); `.viewAligned` or
  /// `.viewAlignedByOne` (limit behaviour `alwaysByOne`) over the item offsets. Offsets from
  /// a size are laid out once, up to the start geometry's `maxOffset`.
  /// - Precondition: the description passed
  ///   ``/ScrollTrace/TraceHeader/TargetBehavior/problem(maxOffset:)``.
  package init(_ description: TraceHeader.TargetBehavior?, geometry: ScrollGeometry) {
    guard let description else {
      self = .none
      return
    }
    let offsets = description.offsets(maxOffset: geometry.maxOffset)
    switch description.kind {
    case .paging:
      self = offsets.map { .viewAlignedByOne($0) } ?? .paging
    case .viewAligned:
      let items = offsets ?? []
      self =
        description.limitBehavior == .alwaysByOne ? .viewAlignedByOne(items) : .viewAligned(items)
    }
  }
}
