import ScrollRuntime

/// The frame-pacing sentence appended to the summary of a real-time replay.
enum PacingSummaryFormatter {
  /// Lateness percentiles, the hitch time ratio and its band, janky and delayed frames.
  static func sentence(_ p: FramePacing) -> String {
    let ms = { (ns: Double) in Number.fixed(ns / 1e6, 3) }
    var text = "Pacing: lateness p50 \(ms(p.lateness.median)) ms, p90 \(ms(p.lateness.p90)) ms, "
    text += "p99 \(ms(p.lateness.p99)) ms, max \(ms(p.lateness.max)) ms; "
    text += "hitch time ratio \(Number.fixed(p.hitchTimeRatio, 2)) ms/s (\(p.hitchBand.rawValue); "
    text += "\(p.hitchCount) hitches, \(ms(Double(p.hitchTime))) ms in total); "
    text += "\(p.jankyFrames) janky frames (JankStats, over 2× the period); "
    text +=
      "\(p.delayedFrames) delayed frames (Chrome, \(Number.fixed(p.delayedFramePercentage, 2))%, "
    text += "\(p.missedVsyncs) missed vsyncs)."
    return text
  }
}
