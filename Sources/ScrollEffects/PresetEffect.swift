/// One of the seed presets with its parameters, ready to evaluate every frame.
///
/// The chosen preset is stored by value and `evaluate` dispatches with a `switch`: no
/// existentials, closures, dictionaries, strings or allocation per frame.
public struct PresetEffect: Sendable {
  /// The preset value, one case per seed effect.
  enum Storage: Sendable, Equatable {
    case appleMusic(AppleMusicHeader)
    case appleTVBar(AppleTVNavigationBar)
    case logoFollow(LogoFollow)
    case titleCard(TitleCard)
    case collapsibleHeader(CollapsibleHeader)
  }

  /// Which preset.
  public let preset: EffectPreset
  /// The outputs, in the order `evaluate` writes them; their ranges follow the parameters.
  public let outputs: [EffectOutput]
  /// The preset's state.
  private var storage: Storage

  /// The preset with the articles' numbers as defaults (effects.md, one section per preset).
  public init(_ preset: EffectPreset) {
    switch preset {
    case .appleMusic: self.init(AppleMusicHeader())
    case .appleTVBar: self.init(AppleTVNavigationBar())
    case .logoFollow: self.init(LogoFollow())
    case .titleCard: self.init(TitleCard())
    case .collapsibleHeader: self.init(CollapsibleHeader())
    }
  }

  /// The Apple Music header with its (validated) parameters.
  public init(_ effect: AppleMusicHeader) {
    self.init(.appleMusic, outputs: effect.outputs, storage: .appleMusic(effect))
  }

  /// The Apple TV navigation bar with its (validated) parameters.
  public init(_ effect: AppleTVNavigationBar) {
    self.init(.appleTVBar, outputs: effect.outputs, storage: .appleTVBar(effect))
  }

  /// The following logo with its (validated) parameters.
  public init(_ effect: LogoFollow) {
    self.init(.logoFollow, outputs: effect.outputs, storage: .logoFollow(effect))
  }

  /// The title card with its (validated) parameters.
  public init(_ effect: TitleCard) {
    self.init(.titleCard, outputs: effect.outputs, storage: .titleCard(effect))
  }

  /// The collapsible header with its (validated) parameters.
  public init(_ effect: CollapsibleHeader) {
    self.init(.collapsibleHeader, outputs: effect.outputs, storage: .collapsibleHeader(effect))
  }

  private init(_ preset: EffectPreset, outputs: [EffectOutput], storage: Storage) {
    self.preset = preset
    self.outputs = outputs
    self.storage = storage
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
  ///   - values: exactly `outputs.count` elements, all overwritten.
  ///   - events: appended to only on a crossing (reserve capacity to stay allocation-free).
  /// - Precondition: `values.count == outputs.count`.
  /// - Complexity: O(outputs), no allocation.
  public mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
    precondition(values.count == outputs.count, "values must have outputs.count elements")
    switch storage {
    case .appleMusic(var effect):
      effect.evaluate(sample, into: &values, events: &events)
      storage = .appleMusic(effect)
    case .appleTVBar(var effect):
      effect.evaluate(sample, into: &values, events: &events)
      storage = .appleTVBar(effect)
    case .logoFollow(var effect):
      effect.evaluate(sample, into: &values, events: &events)
      storage = .logoFollow(effect)
    case .titleCard(var effect):
      effect.evaluate(sample, into: &values, events: &events)
      storage = .titleCard(effect)
    case .collapsibleHeader(var effect):
      effect.evaluate(sample, into: &values, events: &events)
      storage = .collapsibleHeader(effect)
    }
  }

  /// Forgets the history (flags re-prime silently, smoothing restarts, the last offset is 0), as
  /// at the start of a new run. Parameters are kept.
  public mutating func reset() {
    switch storage {
    case .appleMusic(var effect):
      effect.reset()
      storage = .appleMusic(effect)
    case .appleTVBar(var effect):
      effect.reset()
      storage = .appleTVBar(effect)
    case .logoFollow(var effect):
      effect.reset()
      storage = .logoFollow(effect)
    case .titleCard(var effect):
      effect.reset()
      storage = .titleCard(effect)
    case .collapsibleHeader(var effect):
      effect.reset()
      storage = .collapsibleHeader(effect)
    }
  }
}
