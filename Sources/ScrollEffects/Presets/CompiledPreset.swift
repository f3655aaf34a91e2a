/// One of the seed presets with its parameters, compiled to the effect engine and ready to
/// evaluate every frame. ``EffectPreset`` names a preset (`apple-music`); a `CompiledPreset`
/// runs one.
///
/// Each preset's parameters build an ``EffectSpec`` (e.g. ``AppleMusicHeader/Parameters/spec``)
/// that is compiled to a ``CompiledEffect``; `evaluate` runs that. The preset types
/// (``AppleMusicHeader`` …) hold the parameters and declare the outputs; their maths written by
/// hand lives in the tests, as the oracle the compiled presets are checked against bit for bit.
/// No existentials, closures, dictionaries, strings or allocation per frame.
public struct CompiledPreset: Sendable {
  /// Which preset.
  public let preset: EffectPreset
  /// The outputs, in the order `evaluate` writes them; their ranges follow the parameters.
  public var outputs: [EffectOutput] { compiled.outputs }
  /// The compiled engine form (its `spec` is the preset as a spec file would describe it).
  public private(set) var compiled: CompiledEffect

  /// The preset with the articles' numbers as defaults (effects.md, one section per preset).
  public init(_ preset: EffectPreset) {
    switch preset {
    case .appleMusic: self.init(AppleMusicHeader())
    case .appleTVBar: self.init(AppleTVNavigationBar())
    case .logoFollow: self.init(LogoFollow())
    case .titleCard: self.init(TitleCard())
    case .collapsibleHeader: self.init(CollapsibleHeader())
    case .flexibleSpaceBar: self.init(FlexibleSpaceBar())
    case .sliverAppBar: self.init(SliverAppBar())
    }
  }

  /// A seed preset with its (validated) parameters.
  public init<Preset: SeedPreset>(_ effect: Preset) {
    self.init(Preset.preset, effect.parameters.spec)
  }

  private init(_ preset: EffectPreset, _ spec: EffectSpec) {
    self.preset = preset
    // Validated parameters always build a valid spec (tested for every preset and variant).
    compiled = try! CompiledEffect(spec)
  }

  /// Computes this frame's outputs from `sample` into `values` (which has `outputs.count`
  /// elements) and appends any threshold crossings to `events`.
  ///
  /// Every value lies in its output's declared range for every offset (±∞ included) and is
  /// computed from this sample only, except smoothed outputs (``LogoFollow`` with τ > 0) and
  /// flags with hysteresis, which also depend on the previous frames. A NaN offset is replaced
  /// by the last non-NaN offset (0 before any), so no output is ever NaN.
  /// - Parameters:
  ///   - sample: this frame.
  ///   - values: one value per output, all overwritten; resized to `outputs.count` when it has
  ///     another size.
  ///   - events: appended to only on a crossing (reserve capacity to stay allocation-free).
  /// - Complexity: O(outputs), no allocation.
  public mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
    compiled.evaluate(sample, into: &values, events: &events)
  }

  /// Forgets the history (flags re-prime silently, smoothing restarts, the last offset is 0), as
  /// at the start of a new run. Parameters are kept.
  public mutating func reset() {
    compiled.reset()
  }
}

extension CompiledPreset: ScrollEffect {
  /// The preset spec's declared exceptions (none for the five seed presets).
  public var expectedViolations: [ExpectedViolation] { compiled.expectedViolations }

  /// The preset's name (`apple-music`, …).
  public var name: String { compiled.name }
  /// Per output: whether it remembers earlier frames by design (see
  /// ``CompiledEffect/remembersHistory``).
  public var remembersHistory: [Bool] { compiled.remembersHistory }
  /// Computes this frame's outputs into `frame` (see ``evaluate(_:into:events:)``).
  public mutating func evaluate(_ sample: ScrollSample, into frame: inout EffectFrame) {
    compiled.evaluate(sample, into: &frame.values, events: &frame.events)
  }
}

/// The earlier name of ``CompiledPreset`` (one letter from ``EffectPreset``, which names a
/// preset; this runs one).
@available(*, deprecated, renamed: "CompiledPreset")
public typealias PresetEffect = CompiledPreset
