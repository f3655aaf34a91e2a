extension EffectCompiler {
  /// Checks an output's `fill` and `underlying` (see ``FillMode``): a fill needs a `scroll` or
  /// `view` timeline source (progress is a fraction there), keyframes within 0…1, and an
  /// underlying value when a side is unfilled or a 0 or 1 keyframe is missing; the underlying
  /// value has one number per component, finite, inside the range when the output clamps.
  func checkFill(_ o: EffectSpec.OutputSpec, _ path: String) throws(InputError) {
    if let u = o.underlying {
      if u.count != o.type.width {
        throw InputError(
          file: file, path: path + ".underlying",
          message: "\(u.count) numbers: expected \(o.type.width) for a \(o.type.rawValue)")
      }
      for v in u where !(Swift.abs(v) <= Self.limit) || (o.clamp && !o.range.contains(v)) {
        throw InputError(
          file: file, path: path + ".underlying",
          message: "\(EffectSpec.number(v)): expected a finite value in the output's range "
            + "\(EffectSpec.number(o.range.lowerBound)) … \(EffectSpec.number(o.range.upperBound))"
        )
      }
    }
    guard let fill = o.fill else {
      if o.underlying != nil {
        throw InputError(
          file: file, path: path + ".underlying",
          message: "an underlying value without \"fill\" is never shown: expected \"fill\" "
            + "(none, forwards, backwards or both) with it")
      }
      return
    }
    guard case .timeline(let name) = o.source,
      let timeline = spec.timelines.first(where: { $0.name == name })?.timeline
    else {
      throw InputError(
        file: file, path: path + ".fill",
        message: "fill applies to a timeline's active range: expected a \"timeline\" source")
    }
    switch timeline {
    case .scroll, .view: break
    case .distance, .overscroll, .velocity, .direction, .quickReturn:
      throw InputError(
        file: file, path: path + ".fill",
        message: "timeline '\(name)' has no active range (a \(Self.typeName(timeline)) "
          + "timeline): expected a scroll or view timeline")
    }
    if o.keyframes.isEmpty {
      throw InputError(
        file: file, path: path + ".keyframes",
        message: "fill needs keyframes (CSS keyframes at 0 … 1)")
    }
    for (j, k) in o.keyframes.enumerated() where !(k.at >= 0 && k.at <= 1) {
      throw InputError(
        file: file, path: path + ".keyframes[\(j)].at",
        message: "\(EffectSpec.number(k.at)) with fill: expected a progress in 0 … 1 (CSS "
          + "keyframe offsets are 0% … 100%)")
    }
    let missingEnd = o.keyframes.first!.at > 0 || o.keyframes.last!.at < 1
    if o.underlying == nil && (fill != .both || missingEnd) {
      throw InputError(
        file: file, path: path + ".underlying",
        message: "missing: fill \(fill.rawValue)"
          + (missingEnd ? " with no keyframe at 0 or 1" : "")
          + " shows the underlying value: expected \"underlying\"")
    }
  }

  /// Component `c`'s stops for an output with a fill (``FillMode/stops(_:fill:underlying:)``).
  func fillStops(_ o: EffectSpec.OutputSpec, component c: Int) -> [KeyframeStop] {
    guard let fill = o.fill else { return [] }
    return FillMode.stops(
      o.keyframes.map { ($0.at, $0.value[c], $0.easing) }, fill: fill,
      underlying: o.underlying?[c]
    ).map { KeyframeStop(at: $0.at, value: $0.value, easing: $0.easing) }
  }
}
