extension EffectSpec {
  /// Several effects driven by the same scroll view, as one spec, so that they compile to one
  /// ``CompiledEffect`` evaluated in one pass per frame (as a browser runs every animation
  /// attached to one scroll timeline together).
  ///
  /// Every timeline and output name is prefixed with its effect's name and a slash
  /// (`apple-music/header.overlayOpacity`), references are renamed to match, and the outputs
  /// keep their order, effect after effect. Each output's values and events are exactly those of
  /// its effect compiled alone (same operations, same bits).
  /// - Parameters:
  ///   - specs: the effects, at least one; their names must be distinct.
  ///   - name: the group's name (default: the effects' names joined with `+`).
  /// - Throws: ``/ScrollSimCore/InputError`` when `specs` is empty, an effect's name contains `/` (the
  ///   separator) or two effects share a name (the prefixed names would collide); and each
  ///   effect's own compile error, against that effect (its name as the file, its own JSON
  ///   path), before any grouping.
  public static func group(_ specs: [EffectSpec], name: String? = nil) throws(InputError)
    -> EffectSpec
  {
    guard !specs.isEmpty else {
      throw InputError(file: name ?? "group", path: "$", message: "no effects to group")
    }
    var seen: Set<String> = []
    for spec in specs {
      _ = try CompiledEffect(spec)
      if spec.name.contains("/") {
        throw InputError(
          file: spec.name, path: "$.name",
          message:
            "\"\(spec.name)\" contains '/', which separates effect and output names in a group")
      }
      if !seen.insert(spec.name).inserted {
        throw InputError(
          file: spec.name, path: "$.name",
          message:
            "two effects named \"\(spec.name)\" cannot be grouped (their outputs would collide); "
            + "give each spec a distinct \"name\"")
      }
    }
    var timelines: [TimelineSpec] = []
    var outputs: [OutputSpec] = []
    var expect: [ExpectedViolation] = []
    var agree: [OutputAgreement] = []
    for spec in specs {
      let prefix = spec.name + "/"
      for timeline in spec.timelines {
        var renamed = timeline
        renamed.name = prefix + timeline.name
        timelines.append(renamed)
      }
      for output in spec.outputs {
        var renamed = output
        renamed.name = prefix + output.name
        switch output.source {
        case .timeline(let t): renamed.source = .timeline(prefix + t)
        case .output(let o): renamed.source = .output(prefix + o)
        case .trigger(var trigger):
          trigger.timeline = prefix + trigger.timeline
          renamed.source = .trigger(trigger)
        }
        outputs.append(renamed)
      }
      var agreementSubjects: [String: String] = [:]
      for agreement in spec.agree {
        var renamed = agreement
        renamed.output = prefix + agreement.output
        renamed.with = prefix + agreement.with
        agreementSubjects[agreement.subject] = renamed.subject
        agree.append(renamed)
      }
      for expected in spec.expect {
        var renamed = expected
        let timeline = "timeline "
        renamed.subject =
          agreementSubjects[expected.subject]
          ?? (expected.subject.hasPrefix(timeline)
            ? timeline + prefix + expected.subject.dropFirst(timeline.count)
            : prefix + expected.subject)
        expect.append(renamed)
      }
    }
    return EffectSpec(
      name: name ?? specs.map(\.name).joined(separator: "+"),
      description: specs.map(\.description).joined(separator: " | "), timelines: timelines,
      outputs: outputs, expect: expect, agree: agree)
  }
}
