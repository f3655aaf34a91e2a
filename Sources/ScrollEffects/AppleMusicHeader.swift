/// Apple Music header: artwork that darkens, parallaxes and stretches, and a bar that pins the
/// title once the big title is about to leave the screen.
///
/// Source: effects.md §1, article 000_415c6241c201dc4e.txt.
public struct AppleMusicHeader: Sendable, Equatable {
  /// The layout numbers, with the article's values as defaults.
  public struct Parameters: Sendable, Equatable, Hashable {
    /// Artwork height `H`, points, finite, > 0. Source: `.frame(height: 400)`.
    public var headerHeight: Double = 400
    /// Parallax factor `k`, fraction in [0, 1]: the artwork is drawn `k · s` lower inside its slot.
    /// Source: `self.imageOffset = -value.y / 5.0`.
    public var parallaxFactor: Double = 1.0 / 5.0
    /// Top safe-area inset, points, finite, ≥ 0. Default: iPhone 15/16 Pro (effects.md,
    /// Conventions). Source: `geometry.safeAreaInsets.top`.
    public var safeTop: Double = 59
    /// Height of the bar below the safe area, points, finite, ≥ 0.
    /// Source: `.frame(height: geometry.safeAreaInsets.top + 40)`.
    public var barHeight: Double = 40
    /// Distance over which `navBar.opacity` fades in past the pin threshold, points, finite,
    /// ≥ 0; 0 is the article's step (`Int(s / (H − barTotal))`, clamped to 1).
    public var fadeDistance: Double = 0
    /// How far below the pin threshold the offset must fall to unpin, points, finite, ≥ 0.
    /// Source: effects.md §1 ("optional hysteresis so it cannot flicker").
    public var hysteresis: Double = 4
    /// Largest pull-down the artwork stretches for, points, finite, ≥ 0 (bounds the stretch
    /// outputs' ranges). Source: effects.md §1 "stretch" (beyond the article).
    public var maxStretch: Double = 1000

    /// The defaults: H = 400, k = 1/5, safeTop = 59, bar 40, step, hysteresis 4, stretch 1000.
    public init() {}

    /// The bar's total height `safeTop + barHeight`, points (99 by default).
    public var barTotal: Double { safeTop + barHeight }
    /// The pin threshold `T = H − barTotal`, points (301 by default).
    public var pinThreshold: Double { headerHeight - barTotal }

    /// Checks every field and throws the first that is not valid.
    /// - Throws: ``EffectError/invalidParameter(name:value:expected:)`` naming the field for a
    ///   non-finite value, `headerHeight` ≤ 0, a negative length, `parallaxFactor` outside
    ///   [0, 1], or `headerHeight ≤ safeTop + barHeight` (no room for a pin threshold > 0).
    public func validate() throws(EffectError) {
      try EffectError.check("headerHeight", headerHeight, .positive)
      try EffectError.check("parallaxFactor", parallaxFactor, .fraction)
      try EffectError.check("safeTop", safeTop, .nonNegative)
      try EffectError.check("barHeight", barHeight, .nonNegative)
      try EffectError.check("fadeDistance", fadeDistance, .nonNegative)
      try EffectError.check("hysteresis", hysteresis, .nonNegative)
      try EffectError.check("maxStretch", maxStretch, .nonNegative)
      if !(pinThreshold > 0) {
        throw .invalidParameter(
          name: "headerHeight", value: headerHeight,
          expected: "more than safeTop + barHeight = \(barTotal)")
      }
    }
  }

  /// Index of `header.overlayOpacity`: fraction in [0, 1], `clamp(s / H, 0, 1)`.
  public static let overlayOpacityIndex = 0
  /// Index of `header.imageOffsetY`: points in [−maxStretch, k·H]; `k · clamp(s, 0, H)` for
  /// `s ≥ 0`, `max(s, −maxStretch)` while pulled down (the stretched artwork stays at the top).
  public static let imageOffsetYIndex = 1
  /// Index of `header.imageHeight`: points in [H, H + maxStretch], `H + min(max(−s, 0), maxStretch)`.
  public static let imageHeightIndex = 2
  /// Index of `navBar.opacity`: fraction in [0, 1]; the pinned flag when `fadeDistance` is 0,
  /// else `clamp((s − T) / fadeDistance, 0, 1)`.
  public static let navBarOpacityIndex = 3
  /// Index of `titlePinned`: flag, 1 from `s ≥ T` until `s < T − hysteresis`; reports
  /// `enter` / `leaveBack` events.
  public static let titlePinnedIndex = 4

  /// The outputs for `parameters`, in the order ``evaluate(_:into:events:)`` writes them.
  public static func outputs(_ parameters: Parameters) -> [EffectOutput] {
    let p = parameters
    return [
      EffectOutput(name: "header.overlayOpacity", range: 0...1, unit: .fraction),
      EffectOutput(
        name: "header.imageOffsetY", range: -p.maxStretch...(p.parallaxFactor * p.headerHeight),
        unit: .points),
      EffectOutput(
        name: "header.imageHeight", range: p.headerHeight...(p.headerHeight + p.maxStretch),
        unit: .points),
      EffectOutput(name: "navBar.opacity", range: 0...1, unit: .fraction),
      EffectOutput(name: "titlePinned", range: 0...1, unit: .flag),
    ]
  }

  /// The layout.
  public let parameters: Parameters
  /// The pinned-title flag.
  private var pinned: ThresholdTrigger
  /// The last non-NaN offset, points.
  private var lastOffset = 0.0

  /// The effect with `parameters`.
  /// - Throws: what ``Parameters/validate()`` throws.
  public init(parameters: Parameters) throws(EffectError) {
    try parameters.validate()
    self.parameters = parameters
    self.pinned = ThresholdTrigger(
      threshold: parameters.pinThreshold, hysteresis: parameters.hysteresis)
  }

  /// The effect with the article's numbers.
  public init() {
    // The defaults are valid.
    try! self.init(parameters: Parameters())
  }

  /// The outputs, in the order ``evaluate(_:into:events:)`` writes them.
  public var outputs: [EffectOutput] { Self.outputs(parameters) }

  /// Computes this frame's outputs from `sample` into `values` and appends a `titlePinned`
  /// crossing (`enter` / `leaveBack`) to `events` when one happens.
  /// - Parameters:
  ///   - sample: this frame; a NaN offset is replaced by the last non-NaN one (0 before any).
  ///   - values: at least 5 elements; indices 0…4 are overwritten.
  ///   - events: appended to only on a crossing.
  /// - Complexity: O(outputs), no allocation.
  public mutating func evaluate(
    _ sample: ScrollSample, into values: inout [Double], events: inout [EffectEvent]
  ) {
    let p = parameters
    let s = readOffset(sample, previous: &lastOffset)
    let h = p.headerHeight
    values[Self.overlayOpacityIndex] = clamp(s / h, 0, 1)
    values[Self.imageOffsetYIndex] =
      s >= 0 ? p.parallaxFactor * clamp(s, 0, h) : Swift.max(s, -p.maxStretch)
    values[Self.imageHeightIndex] = h + Swift.min(Swift.max(-s, 0), p.maxStretch)
    if let kind = pinned.update(s) {
      events.append(EffectEvent(output: Self.titlePinnedIndex, kind: kind))
    }
    values[Self.navBarOpacityIndex] =
      p.fadeDistance > 0 ? clamp((s - p.pinThreshold) / p.fadeDistance, 0, 1) : pinned.value
    values[Self.titlePinnedIndex] = pinned.value
  }

  /// Forgets the history: the pinned flag re-primes silently on the next frame.
  public mutating func reset() {
    pinned.reset()
    lastOffset = 0
  }
}
