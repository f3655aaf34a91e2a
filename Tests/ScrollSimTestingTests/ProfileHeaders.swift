import ScrollEffects

/// Seed 004's collapsible profile header as the article writes it: `headerHeight = max(350 − s,
/// barTotal)`, the header content's opacity `1 − s / (350 + barTotal)` and the bar's
/// `s / (350 + barTotal)`, unclamped (above 1 and below 0 on pull-down).
struct ArticleProfileHeader: ScrollEffect {
  let maxHeight = 350.0
  /// 45 pt bar + 59 pt safe area + 2 × 8 pt padding.
  let barTotal = 45.0 + 59 + 2 * 8

  var outputs: [EffectOutput] {
    [
      EffectOutput(name: "header.height", range: barTotal...1e7, unit: .points),
      EffectOutput(name: "header.contentOpacity", range: 0...1, unit: .fraction),
      EffectOutput(name: "bar.opacity", range: 0...1, unit: .fraction),
    ]
  }

  func evaluate(_ geometry: ScrollSample, into frame: inout EffectFrame) {
    // The article's `offset` is `proxy.frame(in: .named("scroll")).minY`.
    let offset = geometry.contentMinY
    let s = -offset
    frame["header.height"] = max(maxHeight - s, barTotal)
    frame["header.contentOpacity"] = 1 - s / (maxHeight + barTotal)
    frame["bar.opacity"] = s / (maxHeight + barTotal)
  }
}

/// The same header with both opacities clamped to 0…1.
struct FixedProfileHeader: ScrollEffect {
  let maxHeight = 350.0
  let barTotal = 45.0 + 59 + 2 * 8

  var outputs: [EffectOutput] { ArticleProfileHeader().outputs }

  func evaluate(_ geometry: ScrollSample, into frame: inout EffectFrame) {
    let s = geometry.contentOffset.y + geometry.contentInsets.top
    let progress = min(max(s / (maxHeight + barTotal), 0), 1)
    frame["header.height"] = max(maxHeight - s, barTotal)
    frame["header.contentOpacity"] = 1 - progress
    frame["bar.opacity"] = progress
  }
}

/// The fixed header plus `drift` on the content opacity (a golden comparison's subject).
struct DriftingProfileHeader: ScrollEffect {
  var drift: Double
  var outputs: [EffectOutput] { FixedProfileHeader().outputs }

  func evaluate(_ geometry: ScrollSample, into frame: inout EffectFrame) {
    FixedProfileHeader().evaluate(geometry, into: &frame)
    frame[1] += drift
  }
}

/// The fixed header, but NaN at exactly t = 0.5 s.
struct NaNAtHalfSecond: ScrollEffect {
  var outputs: [EffectOutput] { FixedProfileHeader().outputs }

  func evaluate(_ geometry: ScrollSample, into frame: inout EffectFrame) {
    FixedProfileHeader().evaluate(geometry, into: &frame)
    if geometry.time == 0.5 { frame["bar.opacity"] = .nan }
  }
}

/// An error a user's effect throws.
struct LayoutNotReady: Error, Equatable {}

/// The fixed header, throwing from t = 1 s on.
struct ThrowsAfterOneSecond: ScrollEffect {
  var outputs: [EffectOutput] { FixedProfileHeader().outputs }

  func evaluate(_ geometry: ScrollSample, into frame: inout EffectFrame) throws {
    if geometry.time >= 1 { throw LayoutNotReady() }
    FixedProfileHeader().evaluate(geometry, into: &frame)
  }
}

/// An output that follows the clock, not the scroll: it changes while the finger holds still.
struct ClockEffect: ScrollEffect {
  var outputs: [EffectOutput] { [EffectOutput(name: "pulse", range: 0...1e6, unit: .points)] }

  func evaluate(_ geometry: ScrollSample, into frame: inout EffectFrame) {
    frame[0] = geometry.time
  }
}
