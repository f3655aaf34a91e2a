/// The naive version, in the seeds' style: each output a closure of the offset and the values
/// computed so far, looked up by name in a dictionary built afresh every frame. It computes the
/// same 16 outputs as ``HandInlinedFrame`` (without hysteresis: plain thresholds, as the
/// articles' SwiftUI code does).
struct NaiveFrame {
  private let outputs: [(name: String, compute: (Double, [String: Double]) -> Double)] = [
    ("header.overlayOpacity", { s, _ in min(max(s / 400, 0), 1) }),
    ("header.imageOffsetY", { s, _ in s >= 0 ? 0.2 * min(max(s, 0), 400) : max(s, -1000) }),
    ("header.imageHeight", { s, _ in 400 + min(max(-s, 0), 1000) }),
    ("titlePinned", { s, _ in s >= 301 ? 1 : 0 }),
    ("navBar.opacity", { _, v in v["titlePinned", default: 0] }),
    ("bar.progress", { s, _ in min(max(s / 100, 0), 1) }),
    ("bar.backgroundOpacity", { _, v in 0.9 - 0.6 * v["bar.progress", default: 0] }),
    ("bar.tint", { _, v in 1 - 0.8 * v["bar.progress", default: 0] }),
    (
      "bar.titleOpacity",
      { _, v in
        let p = v["bar.progress", default: 0]
        return p > 0.3 ? min(max(1.5 * p - 0.45, 0), 1) : 0
      }
    ),
    ("bar.titleVisible", { _, v in v["bar.progress", default: 0] > 0.3 ? 1 : 0 }),
    ("logo.lift", { s, _ in min(max(s, 0), 50) }),
    ("card.inlineTitleOpacity", { s, _ in min(max((s - 113) / 34, 0), 1) }),
    ("card.titleMinY", { s, _ in 216 - min(max(s, -1000), 10_000) }),
    ("profile.height", { s, _ in min(max(350 - s, 120), 1350) }),
    ("profile.contentOpacity", { s, _ in min(max(1 - s / 470, 0), 1) }),
    ("profile.barContentOpacity", { s, _ in min(max(s / 470, 0), 1) }),
  ]

  /// All outputs at `offset` (points), by name.
  func evaluate(offset: Double) -> [String: Double] {
    var values: [String: Double] = [:]
    for output in outputs { values[output.name] = output.compute(offset, values) }
    return values
  }
}
