/// The layout numbers of one seed preset: validated as a whole, with the article's values as
/// defaults, and expressible as an engine spec.
public protocol SeedPresetParameters: Sendable, Equatable, Hashable {
  /// The article's numbers (effects.md, the preset's section).
  init()
  /// Checks every field and throws the first that is not valid.
  /// - Throws: ``EffectError/invalidParameter(name:value:expected:)`` naming the field.
  func validate() throws(EffectError)
  /// These parameters as an engine spec (the preset's `effects/*.json` file for the defaults).
  var spec: EffectSpec { get }
}

/// One of the five seed presets (``AppleMusicHeader``, ``AppleTVNavigationBar``, ``LogoFollow``,
/// ``TitleCard``, ``CollapsibleHeader``): validated parameters and the outputs they declare.
///
/// A preset type holds no per-frame state; ``CompiledPreset/init(_:)-(Preset)`` compiles it to
/// an effect that runs every frame. The shared initialisers and ``outputs`` come from this
/// protocol's extension, so each preset type only states its parameters, its output list and
/// which ``EffectPreset`` it is.
public protocol SeedPreset: Sendable, Equatable {
  /// The preset's layout numbers.
  associatedtype Parameters: SeedPresetParameters
  /// Which preset this type is.
  static var preset: EffectPreset { get }
  /// The outputs for `parameters`, in output-index order, with ranges that follow them.
  static func outputs(_ parameters: Parameters) -> [EffectOutput]
  /// The layout.
  var parameters: Parameters { get }
  /// The preset with `parameters` that have already passed ``SeedPresetParameters/validate()``.
  /// Use ``init(parameters:)`` instead; this is the one member each type implements.
  init(validated parameters: Parameters)
}

extension SeedPreset {
  /// The effect with `parameters`.
  /// - Throws: what ``SeedPresetParameters/validate()`` throws.
  public init(parameters: Parameters) throws(EffectError) {
    try parameters.validate()
    self.init(validated: parameters)
  }

  /// The effect with the article's numbers.
  public init() {
    // The defaults are valid (tested for every preset).
    try! self.init(parameters: Parameters())
  }

  /// The outputs, in output-index order.
  public var outputs: [EffectOutput] { Self.outputs(parameters) }
}
