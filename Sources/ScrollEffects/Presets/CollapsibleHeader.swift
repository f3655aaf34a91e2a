/// Collapsible, stretchy profile header: it shrinks into the bar as the content scrolls up,
/// stretches on pull-down, and cross-fades its content with the bar's.
///
/// Source: effects.md §5, article 004_31863bffa4d3bb4b.txt. Unlike the article, the opacities
/// are clamped to [0, 1], the stretch is bounded, and every value comes from the same frame's
/// offset (the article's `DispatchQueue.main.async` write shows each value one frame late).
public struct CollapsibleHeader: SeedPreset {
  /// This preset: ``EffectPreset/collapsibleHeader``.
  public static let preset = EffectPreset.collapsibleHeader

  /// The layout numbers, with the article's values as defaults.
  public struct Parameters: SeedPresetParameters {
    /// Largest (resting) header height `Hmax`, points, finite, > 0.
    /// Source: `collapsibleHeaderMaxHeight: CGFloat = 350`.
    public var maxHeight: Double = 350
    /// Top safe-area inset, points, finite, ≥ 0. Default: iPhone 15/16 Pro (effects.md, Conventions).
    /// Source: `safeAreaInsets?.top`.
    public var safeTop: Double = 59
    /// The bar's content height, points, finite, ≥ 0. Source: "导航栏假定是45" (assumed 45).
    public var barHeight: Double = 45
    /// The bar's padding above and below its content, points, finite, ≥ 0.
    /// Source: `padding: CGFloat = 8.0`, used twice.
    public var barPadding: Double = 8
    /// Largest pull-down the header stretches for, points, finite, ≥ 0.
    public var maxStretch: Double = 1000
    /// The nested variant: the header is its own scroll view above the list (a
    /// ``/ScrollPhysics/NestedScrollChain`` whose header collapses from `maxHeight` to
    /// ``barTotal``), and the outputs read the header view's offset (``ChainView/header``)
    /// instead of the combined one: `header.height` is `maxHeight − header offset` and the
    /// cross-fade runs over the header's own scroll range (`maxHeight − barTotal`: opaque
    /// content expanded, the bar's content collapsed). The header view never overscrolls (a
    /// pull-down past the top stretches the list), so this variant does not stretch. A run
    /// must then be of a chain (`CompiledEffect/validateViews(count:)`). Default false.
    public var nested = false

    /// The defaults: Hmax 350, safeTop 59, bar 45 with 8 pt padding, stretch 1000.
    public init() {}

    /// The collapsed height `barTotal = barHeight + safeTop + 2 · barPadding`, points (120 by
    /// default).
    public var barTotal: Double { barHeight + safeTop + 2 * barPadding }

    /// Checks every field and throws the first that is not valid.
    /// - Throws: ``EffectError/invalidParameter(name:value:expected:)`` naming the field for a
    ///   non-finite value, `maxHeight` ≤ 0, a negative length, or `maxHeight < barTotal`
    ///   (`maxHeight == barTotal` too for the ``nested`` variant: its header must collapse).
    public func validate() throws(EffectError) {
      try EffectError.check("maxHeight", maxHeight, .positive)
      try EffectError.check("safeTop", safeTop, .nonNegative)
      try EffectError.check("barHeight", barHeight, .nonNegative)
      try EffectError.check("barPadding", barPadding, .nonNegative)
      try EffectError.check("maxStretch", maxStretch, .nonNegative)
      if maxHeight < barTotal {
        throw .invalidParameter(
          name: "maxHeight", value: maxHeight,
          expected: "at least barHeight + safeTop + 2 · barPadding = \(barTotal)")
      }
      if nested && maxHeight == barTotal {
        throw .invalidParameter(
          name: "maxHeight", value: maxHeight,
          expected: "more than barHeight + safeTop + 2 · barPadding = \(barTotal) in the nested "
            + "variant (the header view needs a scroll range)")
      }
    }
  }

  /// Index of `header.height`: points in [barTotal, Hmax + maxStretch],
  /// `min(max(Hmax − s, barTotal), Hmax + maxStretch)` ([120, 1350] by default).
  package static let heightIndex = 0
  /// Index of `header.contentOpacity`: fraction in [0, 1], `clamp(1 − s / (Hmax + barTotal), 0, 1)`.
  package static let contentOpacityIndex = 1
  /// Index of `bar.contentOpacity`: fraction in [0, 1], `clamp(s / (Hmax + barTotal), 0, 1)`.
  package static let barContentOpacityIndex = 2

  /// The outputs for `parameters`, in output-index order.
  public static func outputs(_ parameters: Parameters) -> [EffectOutput] {
    let p = parameters
    return [
      EffectOutput(
        name: "header.height", range: p.barTotal...(p.maxHeight + p.maxStretch), unit: .points),
      EffectOutput(name: "header.contentOpacity", range: 0...1, unit: .fraction),
      EffectOutput(name: "bar.contentOpacity", range: 0...1, unit: .fraction),
    ]
  }

  /// The layout.
  public let parameters: Parameters

  /// The preset with parameters that passed ``Parameters/validate()``.
  public init(validated parameters: Parameters) {
    self.parameters = parameters
  }
}
