import ScrollEffects

/// The floor: the five presets' 16 outputs (default parameters) computed in straight-line code
/// into a tuple, with the two thresholds' hysteresis as plain flags. What a person would write
/// by hand for exactly these effects. The suite's target is the whole frame (physics included,
/// as here) within 2× of it; the effects alone (the physics taken out of both sides with
/// `baseline/physics-only`) are reported as a ratio too.
struct HandInlinedFrame {
  /// Outputs in preset order (apple-music 5, apple-tv-bar 5, logo-follow 1, title-card 2,
  /// collapsible-header 3), the same order ``CompiledPreset`` writes them.
  var values:
    (
      Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
      Double, Double, Double, Double, Double
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  private let music = AppleMusicHeader().parameters
  private let tv = AppleTVNavigationBar().parameters
  private let tvBackground = AppleTVNavigationBar().outputs[1].range
  private let tvTint = AppleTVNavigationBar().outputs[2].range
  private let logo = LogoFollow().parameters
  private let card = TitleCard().parameters
  private let header = CollapsibleHeader().parameters
  private var pinned = false
  private var titleVisible = false
  private var primed = false
  private var lastOffset = 0.0

  /// Computes all outputs at `offset` (points; NaN keeps the last offset).
  @inline(__always)
  mutating func evaluate(offset: Double) {
    let s = offset.isNaN ? lastOffset : offset
    lastOffset = s
    // Apple Music header.
    let h = music.headerHeight
    let pin = music.headerHeight - (music.safeTop + music.barHeight)
    if !primed {
      pinned = s >= pin
      titleVisible = s / tv.transitionDistance >= tv.titleThreshold
      primed = true
    } else {
      if !pinned && s >= pin {
        pinned = true
      } else if pinned && s < pin - music.hysteresis {
        pinned = false
      }
      let ratio = s / tv.transitionDistance
      if !titleVisible && ratio >= tv.titleThreshold {
        titleVisible = true
      } else if titleVisible && ratio < tv.titleThreshold - tv.titleHysteresis {
        titleVisible = false
      }
    }
    values.0 = min(max(s / h, 0), 1)
    values.1 = s >= 0 ? music.parallaxFactor * min(max(s, 0), h) : max(s, -music.maxStretch)
    values.2 = h + min(max(-s, 0), music.maxStretch)
    values.3 = pinned ? 1 : 0
    values.4 = pinned ? 1 : 0
    // Apple TV navigation bar.
    let progress = min(max(s / tv.transitionDistance, 0), 1)
    values.5 = progress
    let background =
      tv.backgroundOpacityStart
      + (tv.backgroundOpacityEnd - tv.backgroundOpacityStart) * progress
    values.6 = min(max(background, tvBackground.lowerBound), tvBackground.upperBound)
    let tint = tv.tintStart + (tv.tintEnd - tv.tintStart) * progress
    values.7 = min(max(tint, tvTint.lowerBound), tvTint.upperBound)
    values.8 =
      progress > tv.titleThreshold
      ? min(max(tv.titleOpacitySlope * progress - tv.titleOpacityIntercept, 0), 1) : 0
    values.9 = titleVisible ? 1 : 0
    // Logo follow (no smoothing).
    values.10 = min(max(s - logo.start, 0), logo.maxLift)
    // Title card.
    values.11 = min(max((s - card.titleY) / card.titleHeight, 0), 1)
    values.12 =
      card.safeTop + card.barHeight + card.titleY
      - min(max(s, -card.maxStretch), card.maxTrackedOffset)
    // Collapsible header.
    let barTotal = header.barHeight + header.safeTop + 2 * header.barPadding
    let fade = header.maxHeight + barTotal
    values.13 = min(max(header.maxHeight - s, barTotal), header.maxHeight + header.maxStretch)
    values.14 = min(max(1 - s / fade, 0), 1)
    values.15 = min(max(s / fade, 0), 1)
  }

  /// The outputs as an array (for the start-up cross-check, not for timing).
  var array: [Double] {
    withUnsafeBytes(of: values) { Array($0.bindMemory(to: Double.self)) }
  }
}
