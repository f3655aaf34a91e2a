import Foundation
import ScrollEffects
import ScrollPhysics
import Testing

/// Flutter's app bars, each output against the formula written by hand from Flutter's source:
/// flutter/flutter `packages/flutter/lib/src/material/flexible_space_bar.dart`
/// (`_FlexibleSpaceBarState.build`, `_getCollapsePadding`) and `app_bar.dart`
/// (`_SliverAppBarDelegate.build`).
@Suite struct FlutterAppBarTests {
  /// `Interval(begin, end).transform(t)` with a linear curve (`curves.dart`).
  func interval(_ begin: Double, _ end: Double, _ t: Double) -> Double {
    if t == 0 || t == 1 { return t }
    return min(max((t - begin) / (end - begin), 0), 1)
  }

  /// The FlexibleSpaceBar's values at offset `s`, from flexible_space_bar.dart, in the
  /// preset's output order.
  func flutter(_ p: FlexibleSpaceBar.Parameters, at s: Double) -> [Double] {
    let minExtent = p.toolbarHeight + p.topPadding
    let maxExtent = max(p.topPadding + p.expandedHeight, minExtent)
    let shrinkOffset = max(0, s)
    let currentExtent = max(minExtent, maxExtent - shrinkOffset)
    let overscroll = min(max(0, -s), p.maxStretch)
    let maxHeight = maxExtent + overscroll  // constraints.maxHeight while stretching
    let deltaExtent = maxExtent - minExtent
    let t = min(max(1.0 - (currentExtent - minExtent) / deltaExtent, 0), 1)
    let fadeStart = max(0.0, 1.0 - 56 / deltaExtent)  // kToolbarHeight
    let opacity = 1.0 - interval(fadeStart, 1.0, t)
    let top: Double =
      switch p.collapseMode {
      case .pin: -(maxExtent - currentExtent)
      case .none: 0
      case .parallax: -(0 + (deltaExtent / 4.0 - 0) * t)
      }
    let height = p.stretchModes.contains(.zoomBackground) ? max(maxExtent, maxHeight) : maxExtent
    let blur =
      p.stretchModes.contains(.blurBackground) ? (maxHeight - maxExtent) / 10 : 0
    let titleOpacity =
      p.stretchModes.contains(.fadeTitle) ? 1 - min(max((maxHeight - maxExtent) / 100, 0), 1) : 1
    let scale = p.expandedTitleScale + (1.0 - p.expandedTitleScale) * t
    return [
      currentExtent + overscroll, top, opacity, height, blur, titleOpacity, scale,
      p.titlePaddingStart, p.titlePaddingBottom,
    ]
  }

  static let offsets: [Double] = [
    -500, -400, -150, -100, -50, -1, 0, 1, 40, 88, 100, 143.5, 144, 200, 1000,
  ]

  @Test(arguments: [
    FlexibleSpaceBar.CollapseMode.parallax, .pin, .none,
  ])
  func flexibleSpaceBarMatchesFlutter(mode: FlexibleSpaceBar.CollapseMode) throws {
    var p = FlexibleSpaceBar.Parameters()
    p.collapseMode = mode
    p.stretchModes = [.zoomBackground, .blurBackground, .fadeTitle]
    var effect = CompiledPreset(try FlexibleSpaceBar(parameters: p))
    #expect(
      effect.outputs.map(\.name) == [
        "bar.height", "background.top", "background.opacity", "background.height",
        "background.blurSigma", "title.opacity", "title.scale", "title.paddingStart",
        "title.paddingBottom",
      ])
    for s in Self.offsets {
      let got = values(&effect, at: s)
      let want = flutter(p, at: s)
      #expect(zip(got, want).allSatisfy { close($0, $1, 1e-12) }, "s = \(s): \(got) vs \(want)")
    }
  }

  /// Flutter's numbers at the defaults (expanded 200, toolbar 56): Δ = 144, the parallax
  /// moves the background up Δ/4 = 36 at full collapse, the fade starts at t = 1 − 56/144
  /// (s = 88), the title shrinks 1.5 → 1, the default stretch mode only zooms.
  @Test func defaultsAreFlutters() {
    var effect = CompiledPreset(.flexibleSpaceBar)
    let p = FlexibleSpaceBar.Parameters()
    #expect(p.deltaExtent == 144)
    #expect(values(&effect, at: 144)[1] == -36)
    #expect(values(&effect, at: 88)[2] == 1)
    #expect(values(&effect, at: 144)[2] == 0)
    #expect(values(&effect, at: 0)[6] == 1.5)
    #expect(values(&effect, at: 144)[6] == 1)
    #expect(values(&effect, at: -100)[3] == 300)  // zoomBackground
    #expect(values(&effect, at: -100)[4] == 0)  // no blur by default
    #expect(values(&effect, at: -100)[5] == 1)  // no fadeTitle by default
    #expect(values(&effect, at: 0)[7] == 72 && values(&effect, at: 0)[8] == 16)
  }

  /// `_SliverAppBarDelegate`: extents, toolbar opacity, isScrolledUnder, stretch trigger.
  func flutterAppBar(_ p: SliverAppBar.Parameters, at s: Double) -> [Double] {
    let minExtent = p.toolbarHeight + p.topPadding
    let maxExtent = max(p.topPadding + p.expandedHeight, minExtent)
    let overscroll = p.stretch ? min(max(0, -s), p.maxStretch) : 0
    let scrollOffset = max(0, s)
    if p.pinned {
      let extent = max(minExtent, maxExtent - scrollOffset) + overscroll
      var out = [extent, 1, scrollOffset > maxExtent - minExtent ? 1 : 0]
      if p.stretch { out.append(overscroll >= p.stretchTriggerOffset ? 1 : 0) }
      return out
    }
    let shrinkOffset = min(scrollOffset, maxExtent)
    let visibleMainHeight = maxExtent - shrinkOffset - p.topPadding
    let toolbarOpacity = min(max(visibleMainHeight / p.toolbarHeight, 0), 1)
    var out = [min(max(maxExtent - scrollOffset, 0), maxExtent) + overscroll, toolbarOpacity]
    if p.stretch { out.append(overscroll >= p.stretchTriggerOffset ? 1 : 0) }
    return out
  }

  @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
  func sliverAppBarMatchesFlutter(pinned: Bool, stretch: Bool) throws {
    var p = SliverAppBar.Parameters()
    p.pinned = pinned
    p.stretch = stretch
    p.topPadding = 24
    let preset = try SliverAppBar(parameters: p)
    for s in Self.offsets {
      var effect = CompiledPreset(preset)  // fresh: flags prime from this frame
      let got = values(&effect, at: s)
      let want = flutterAppBar(p, at: s)
      #expect(zip(got, want).allSatisfy { close($0, $1, 1e-12) }, "s = \(s): \(got) vs \(want)")
    }
  }

  /// The stretch trigger fires once per pull past `stretchTriggerOffset` (100): an `enter`
  /// event at the crossing, re-armed below it.
  @Test func stretchTriggerFiresAtOneHundred() {
    var effect = CompiledPreset(.sliverAppBar)
    let pulls: [Double] = [0, -50, -99, -100, -150, -60, -120, 0]
    let names = events(&effect, over: pulls).map { "\($0)" }
    #expect(names.count == 4, "\(names)")
  }

  @Test func invalidParameters() {
    var p = FlexibleSpaceBar.Parameters()
    p.expandedHeight = 50
    #expect(throws: EffectError.self) { try FlexibleSpaceBar(parameters: p) }
    var q = SliverAppBar.Parameters()
    q.stretchTriggerOffset = 500
    #expect(throws: EffectError.self) { try SliverAppBar(parameters: q) }
  }
}
