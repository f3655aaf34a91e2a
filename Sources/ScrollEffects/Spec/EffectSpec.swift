/// A scroll-driven effect described as data: named timelines and named outputs mapped from
/// them. It is what a JSON spec file decodes to (``EffectSpec/parse(_:file:)-(Data,_)``, format in
/// `effects/README.md`) and what the presets build (``AppleMusicHeader/Parameters/spec``, …);
/// ``CompiledEffect`` turns it into the per-frame form.
public struct EffectSpec: Sendable, Equatable, Hashable {
  /// The spec format version this build reads and writes.
  public static let currentVersion = 1

  /// Format version, ``currentVersion``.
  public var version: Int = currentVersion
  /// The effect's name (e.g. `"apple-music"`).
  public var name: String
  /// What the effect is, for people.
  public var description: String
  /// The timelines, referenced by name from outputs.
  public var timelines: [TimelineSpec]
  /// The outputs, in the order their values are written (components expand in place).
  public var outputs: [OutputSpec]
  /// The violations `scrollsim check` should expect (the file's `"expect"` array): each
  /// subject names an output (or a component, `tint.r`) or `timeline NAME` of this spec.
  public var expect: [ExpectedViolation]
  /// Pairs of outputs that must agree on every frame (the file's `"agree"` array), judged by
  /// `scrollsim check` (``OutputAgreement``); each names outputs (or components) of this spec.
  public var agree: [OutputAgreement] = []

  /// A spec.
  public init(
    name: String, description: String = "", timelines: [TimelineSpec], outputs: [OutputSpec],
    expect: [ExpectedViolation] = [], agree: [OutputAgreement] = []
  ) {
    self.agree = agree
    self.name = name
    self.description = description
    self.timelines = timelines
    self.outputs = outputs
    self.expect = expect
  }

  /// The subjects an expected violation may name, in spec order: every output (each component
  /// of a point, size or colour) and `timeline NAME` for every timeline.
  public var violationSubjects: [String] {
    outputNames + timelines.map { "timeline " + $0.name } + agree.map(\.subject)
  }

  /// Every output's name as its values are written: each component of a point, size or colour
  /// (`tint.r`) in place of its output.
  public var outputNames: [String] {
    outputs.flatMap { o in
      o.type.components.isEmpty ? [o.name] : o.type.components.map { o.name + "." + $0 }
    }
  }

  /// A named timeline.
  public struct TimelineSpec: Sendable, Equatable, Hashable {
    /// Unique name.
    public var name: String
    /// The progress source.
    public var timeline: Timeline
    /// Read the *previous* frame's offset instead of this frame's: reproduces a one-frame lag
    /// (the collapsible-header article's `DispatchQueue.main.async` write) so that
    /// `scrollsim check` can show it; never useful in a real effect.
    public var readsPreviousFrame: Bool
    /// The axis the timeline reads (CSS `scroll-timeline-axis`/`view-timeline-axis`, Motion
    /// `axis`), default `block`: the vertical axis in `horizontal-tb`.
    public var axis: ScrollAxis = .block
    /// The scroll container's CSS `writing-mode`, default `horizontal-tb`: maps ``axis`` to a
    /// physical one (``physicalAxis``).
    public var writingMode: ScrollAxis.WritingMode = .horizontalTB
    /// The scroll container's CSS `direction`, default `ltr`: `rtl` starts the horizontal axis
    /// at the right (``physicalAxis``).
    public var direction: ScrollAxis.Direction = .ltr
    /// Where the spec file names the axis (its `axis`, `writingMode` or `direction` key, else
    /// the timeline), for errors found after parsing; not part of equality.
    package var axisPlace = SourcePlace()
    /// The scroll view of a nested chain the timeline reads (`"scrollView"`), default
    /// ``ChainView/combined``: the sample's own offset. Only on the vertical axis (a chain
    /// scrolls vertically).
    public var scrollView: ChainView = .combined
    /// Where the spec file names the scroll view (its `scrollView` key, else the timeline), for
    /// errors found after parsing; not part of equality.
    package var viewPlace = SourcePlace()

    /// A timeline named `name`.
    public init(_ name: String, _ timeline: Timeline, readsPreviousFrame: Bool = false) {
      self.name = name
      self.timeline = timeline
      self.readsPreviousFrame = readsPreviousFrame
    }

    /// A timeline named `name` on `axis` of a scroll container in `writingMode` and
    /// `direction` (see ``ScrollAxis``).
    public init(
      _ name: String, _ timeline: Timeline, axis: ScrollAxis,
      writingMode: ScrollAxis.WritingMode = .horizontalTB,
      direction: ScrollAxis.Direction = .ltr, readsPreviousFrame: Bool = false
    ) {
      self.init(name, timeline, readsPreviousFrame: readsPreviousFrame)
      self.axis = axis
      self.writingMode = writingMode
      self.direction = direction
    }

    /// The physical axis the timeline reads and whether its progress runs from the bottom or
    /// the right (``ScrollAxis/physicalAxis(writingMode:direction:)``).
    public var physicalAxis: ScrollAxis.Physical {
      axis.physicalAxis(writingMode: writingMode, direction: direction)
    }

    /// Whether the timeline reads the vertical axis top to bottom, as every timeline did
    /// before two axes (the engine's fast path).
    public var readsVerticalAxis: Bool { physicalAxis == .vertical(topToBottom: true) }
  }

  /// What an output's value is made of: one number, or 2 or 4 components written as separate
  /// scalar outputs named `name.x`/`.y`, `.width`/`.height` or `.r`/`.g`/`.b`/`.a`.
  public enum ValueType: String, Sendable, Equatable, Hashable, CaseIterable {
    /// One number.
    case scalar
    /// Two numbers, `.x` and `.y`, points.
    case point
    /// Two numbers, `.width` and `.height`, points.
    case size
    /// Four numbers, `.r`, `.g`, `.b`, `.a`, each in 0…1.
    case color

    /// The component suffixes, empty for a scalar.
    public var components: [String] {
      switch self {
      case .scalar: []
      case .point: ["x", "y"]
      case .size: ["width", "height"]
      case .color: ["r", "g", "b", "a"]
      }
    }

    /// Values per keyframe: 1, 2 or 4.
    public var width: Int { Swift.max(1, components.count) }
  }

  /// A threshold flag on a timeline (GSAP ScrollTrigger style), see ``RangeTrigger``.
  public struct TriggerSpec: Sendable, Equatable, Hashable {
    /// The timeline's name.
    public var timeline: String
    /// Progress at which the flag turns on going forward.
    public var start: Double
    /// Progress past which it turns off going forward; nil = never (one-sided threshold).
    public var end: Double?
    /// Hysteresis band, progress units, ≥ 0.
    public var hysteresis: Double
    /// Turn on at `p > start` instead of `p ≥ start`.
    public var strict: Bool

    /// A trigger on `timeline` from `start` (to `end`) with `hysteresis`.
    public init(
      timeline: String, start: Double, end: Double? = nil, hysteresis: Double = 0,
      strict: Bool = false
    ) {
      self.timeline = timeline
      self.start = start
      self.end = end
      self.hysteresis = hysteresis
      self.strict = strict
    }
  }

  /// Where an output reads its progress.
  public enum Source: Sendable, Equatable, Hashable {
    /// A timeline's progress, by name.
    case timeline(String)
    /// Another output's value, by name (a flag or an output declared earlier).
    case output(String)
    /// A flag: 1 while the trigger is active; reports events.
    case trigger(TriggerSpec)
  }

  /// One stop of a keyframe mapping: at progress `at`, the output is `value`; `easing` shapes
  /// the segment that starts here (CSS keyframes' `animation-timing-function`).
  public struct Keyframe: Sendable, Equatable, Hashable {
    /// Progress, in the source's units (a fraction for scroll and view timelines, points for
    /// distance and overscroll).
    public var at: Double
    /// The value, one number per component.
    public var value: [Double]
    /// Easing of the segment from this stop to the next.
    public var easing: Easing

    /// A stop.
    public init(at: Double, _ value: [Double], easing: Easing = .linear) {
      self.at = at
      self.value = value
      self.easing = easing
    }

    /// A scalar stop.
    public init(at: Double, _ value: Double, easing: Easing = .linear) {
      self.init(at: at, [value], easing: easing)
    }
  }

  /// One output.
  public struct OutputSpec: Sendable, Equatable, Hashable {
    /// Dotted name, unique.
    public var name: String
    /// What the number means.
    public var unit: EffectOutput.Unit
    /// The declared range every value must lie in (per component), lower ≤ upper, finite.
    public var range: ClosedRange<Double>
    /// Scalar, point, size or colour.
    public var type: ValueType
    /// Where progress comes from.
    public var source: Source
    /// The mapping; empty = the progress itself.
    public var keyframes: [Keyframe]
    /// Clamp progress to the keyframes' extent and the value to ``range`` (Framer Motion's
    /// `useTransform` `clamp`, default true). False reproduces unclamped formulas.
    public var clamp: Bool
    /// Smoothing time constant τ, seconds, ≥ 0 (0 = none), see ``OutputSmoother``.
    public var smoothing: Double
    /// CSS fill mode outside the timeline's active range, see ``FillMode``; nil = the engine's
    /// own rule (clamp to the first and last keyframes, which is `both` for keyframes at 0 and
    /// 1). Needs a `scroll` or `view` timeline source and keyframes within 0…1.
    public var fill: FillMode? = nil
    /// The underlying value (one number per component) shown where ``fill`` does not fill and
    /// used for keyframes missing at 0 and 1; nil = none declared.
    public var underlying: [Double]? = nil

    /// An output.
    public init(
      _ name: String, unit: EffectOutput.Unit, range: ClosedRange<Double>,
      type: ValueType = .scalar, source: Source, keyframes: [Keyframe] = [], clamp: Bool = true,
      smoothing: Double = 0
    ) {
      self.name = name
      self.unit = unit
      self.range = range
      self.type = type
      self.source = source
      self.keyframes = keyframes
      self.clamp = clamp
      self.smoothing = smoothing
    }
  }
}

/// A line and column in a spec file, carried for errors found after parsing (a run without
/// the axis a timeline reads); every place is equal to every other, so a parsed spec equals the
/// same spec built in code.
package struct SourcePlace: Sendable, Hashable {
  /// 1-based line, 0 when unknown (a spec built in code).
  package var line = 0
  /// 1-based byte column, 0 when unknown.
  package var column = 0

  package init(line: Int = 0, column: Int = 0) {
    self.line = line
    self.column = column
  }

  package static func == (_: SourcePlace, _: SourcePlace) -> Bool { true }
  package func hash(into hasher: inout Hasher) {}
}
