/// A logo in a fixed top area that rises with the scroll over one interval and stops at both
/// ends, optionally smoothed.
///
/// Source: effects.md §3, article 002_89b13869a64aabcf.txt: the logo sits in a 50 pt top area
/// (`.padding(.top, 50)`) and its bottom spacer `logoBottomHeight` is `diff` clamped to
/// `0 ... max`; each change is animated (`withAnimation`), but not before `onAppear`.
public struct LogoFollow: SeedPreset {
  /// This preset: ``EffectPreset/logoFollow``.
  public static let preset = EffectPreset.logoFollow

  /// The layout numbers, with the article's values as defaults.
  public struct Parameters: SeedPresetParameters {
    /// Offset at which the logo starts to rise, points, finite (may be negative).
    /// Default 0: the logo rises as soon as the content moves up.
    public var start: Double = 0
    /// Largest lift, points, finite, > 0. Source: the 50 pt top area, `.padding(.top, 50)`.
    public var maxLift: Double = 50
    /// Smoothing time constant τ, seconds, finite, ≥ 0; 0 (default) is off. GSAP's
    /// `scrub: 0.5` corresponds to 0.5. Source: effects.md §3 (`withAnimation`).
    public var smoothingTimeConstant: Double = 0

    /// The defaults: start 0, maxLift 50, no smoothing.
    public init() {}

    /// Checks every field and throws the first that is not valid.
    /// - Throws: ``EffectError/invalidParameter(name:value:expected:)`` naming the field for a
    ///   non-finite value, `maxLift` ≤ 0 or a negative time constant.
    public func validate() throws(EffectError) {
      try EffectError.check("start", start, .finite)
      try EffectError.check("maxLift", maxLift, .positive)
      try EffectError.check("smoothingTimeConstant", smoothingTimeConstant, .nonNegative)
    }
  }

  /// Index of `logo.lift`: points in [0, maxLift], `clamp(s − start, 0, maxLift)`, smoothed
  /// when τ > 0 (the first frame is never animated).
  package static let liftIndex = 0

  /// The outputs for `parameters`, in output-index order.
  public static func outputs(_ parameters: Parameters) -> [EffectOutput] {
    [EffectOutput(name: "logo.lift", range: 0...parameters.maxLift, unit: .points)]
  }

  /// The layout.
  public let parameters: Parameters

  /// The preset with parameters that passed ``Parameters/validate()``.
  public init(validated parameters: Parameters) {
    self.parameters = parameters
  }
}
