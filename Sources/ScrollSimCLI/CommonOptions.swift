import ScrollPhysics
import ScrollSimCore

/// The options several commands share, and `scrollsim-bench` too, each declared once: its name,
/// value type, range and help. A command lists them in its table (optionally with its own help
/// paragraph); parsing and the range check are the same everywhere.
package enum CommonOptions {
  /// Frame rates every command accepts, frames per second.
  package static let frameRates = 1...1000

  /// `--hz N`: the frame rate.
  package static let hz = Option<Int>(
    "hz", "N", expected: "an integer in 1…1000",
    help: "frame rate in frames per second, 1…1000 (default 120)"
  ) { frameRates.contains($0) }

  /// `--rate RATE`: the deceleration rate.
  package static let rate = Option<DecelerationRate>(
    "rate", "RATE",
    help:
      "deceleration rate of the exponential fling: normal (0.998), fast (0.99) or a factor per "
      + "millisecond in (0, 0.9995]; default: the profile's")

  /// `--estimator NAME`: the release-velocity estimator.
  package static let estimator = Option<VelocityEstimator>(
    "estimator", "NAME",
    help:
      "release-velocity estimator: ios (weighted) or lsq (least squares); default: the profile's")

  /// `--profile NAME|FILE`: a built-in physics profile or a profile file.
  package static let profile = Option<ProfileChoice>(
    "profile", "NAME|FILE",
    help: "physics profile: ios (default), android, flutter or a JSON profile file "
      + "(profiles/README.md)")

  /// `--out FILE`: where a command writes; the older `--output` still works, with a one-line
  /// deprecation warning.
  package static let out = Option<String>("out", "FILE", help: "the file to write (required)")
    .deprecatedNames(["output"])

  /// `--hz-changes LIST`: ProMotion-style rate changes.
  package static let hzChanges = Option<String>(
    "hz-changes", "LIST",
    help:
      "ProMotion-style rate changes, FRAME:HZ pairs separated by commas (e.g. 240:60,480:120: "
      + "frame 240 is the first at 60 Hz)")

  /// `--max-hitch-ratio X`: the pacing bound, ms/s.
  package static let maxHitchRatio = Option<Double>(
    "max-hitch-ratio", "X", expected: "a number of ms/s ≥ 0",
    help:
      "with --realtime: fail (exit 3) when the hitch time ratio exceeds X ms/s (Apple's bands: "
      + "good < 5, warning 5–10, critical ≥ 10)"
  ) { $0 >= 0 }

  /// `--scale S`: pixels per point.
  package static let scale = Option<Double>(
    "scale", "S", expected: "pixels per point in [0.25, 10]",
    help: "screen scale, pixels per point, in [0.25, 10]"
  ) { $0 >= 0.25 && $0 <= 10 }

  /// `--viewport-height PT` (`simulate` also accepts its older `--viewport`).
  package static let viewportHeight = Option<Double>(
    "viewport-height", "PT", expected: "a number of points in (0, 10000000]",
    help: "scroll viewport height, points, in (0, 10000000]"
  ) { $0 > 0 && $0 <= Limits.maximumLength }

  /// `--content-height PT` (`simulate` also accepts its older `--content`).
  package static let contentHeight = Option<Double>(
    "content-height", "PT", expected: "a number of points in [0, 10000000]",
    help: "scroll content height, points, in [0, 10000000]"
  ) { $0 >= 0 && $0 <= Limits.maximumLength }

  /// `--inset-top PT`.
  package static let insetTop = Option<Double>(
    "inset-top", "PT", expected: "a number of points in [0, 10000000]",
    help: "top content inset, points, ≥ 0 (default 0)"
  ) { $0 >= 0 && $0 <= Limits.maximumLength }

  /// `--inset-bottom PT`.
  package static let insetBottom = Option<Double>(
    "inset-bottom", "PT", expected: "a number of points in [0, 10000000]",
    help: "bottom content inset, points, ≥ 0 (default 0)"
  ) { $0 >= 0 && $0 <= Limits.maximumLength }

  /// `--screen-px WxH`: the screen size in pixels.
  package static let screenPixels = Option<Size>(
    "screen-px", "WxH", expected: "WxH in pixels, e.g. 1080x2400",
    help: "screen size in pixels (or --screen-pt; one of the two)")

  /// `--screen-pt WxH`: the screen size in points.
  package static let screenPoints = Option<Size>(
    "screen-pt", "WxH", expected: "WxH in points, e.g. 390x844",
    help: "screen size in points (or --screen-px; one of the two)")

  /// `--refresh-rate HZ`: the display refresh rate written in a trace header.
  package static let refreshRate = Option<Double>(
    "refresh-rate", "HZ", expected: "a number of Hz in [1, 1000]",
    help: "display refresh rate written in the header, Hz, in [1, 1000]"
  ) { Limits.refreshRate.contains($0) }

  /// `--source TEXT`: provenance written in a trace header.
  package static let source = Option<String>(
    "source", "TEXT", help: "provenance written in each header (default names the file)")

  /// `--jobs N`: traces run at once (`replay` and `check` over many traces).
  package static let jobs = Option<Int>(
    "jobs", "N", expected: "an integer in 1…1024",
    help: "with many traces: how many run at once, on that many threads, 1…1024 (default: the "
      + "active processor count). The output is the same at any N (results in path order)"
  ) { (1...1024).contains($0) }

  /// `--shard I/N`: a stable share of many traces (a CI matrix).
  package static let shard = Option<Shard>(
    "shard", "I/N",
    help: "with many traces: run only share I of N (1 ≤ I ≤ N): the traces at positions I, I+N, "
      + "I+2N, … of the sorted list, so N machines given 1/N … N/N run each trace exactly once")

  /// `--allow-partial`: read a frame file without its closing record (plot, export, diff).
  package static let allowPartial = Flag(
    "allow-partial",
    help: "use a frame file without its closing record (cut: a run stopped early, or written by "
      + "an older scrollsim), with a warning; without it such a file is refused (exit 65)")
}
