import ScrollRuntime

/// The frame-pacing sentence appended to the summary of a real-time replay.
enum PacingSummaryFormatter {
  /// Lateness percentiles, the hitch time ratio and its band, janky and delayed frames.
  static func sentence(_ p: FramePacing) -> String {
    let ms = { (ns: Double) in Number.fixed(ns / 1e6, 3) }
    var text = "Pacing: lateness p50 \(ms(p.lateness.median)) ms, p90 \(ms(p.lateness.p90)) ms, "
    text += "p99 \(ms(p.lateness.p99)) ms, max \(ms(p.lateness.max)) ms; "
    text += "hitch time ratio \(Number.fixed(p.hitchTimeRatio, 2)) ms/s (\(p.hitchBand.rawValue); "
    let count = CheckReportFormatter.plural
    text += p.hitchCount == 1 ? "1 hitch, " : "\(p.hitchCount) hitches, "
    text += "\(ms(Double(p.hitchTime))) ms in total); "
    text += "\(count(p.jankyFrames, "janky frame")) (JankStats, over 2× the period); "
    text += "\(count(p.delayedFrames, "delayed frame")) "
    text += "(Chrome, \(Number.fixed(p.delayedFramePercentage, 2))%, "
    text += "\(count(p.missedVsyncs, "missed vsync")))."
    return text
  }
}
