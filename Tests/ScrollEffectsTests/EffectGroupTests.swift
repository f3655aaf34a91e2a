import ScrollEffects
import ScrollPhysics
import Testing

@Suite struct EffectGroupTests {
  /// Offsets for a continuous run: the sweep, NaN holes, and a geometry change half-way.
  static let run: [(offset: Double, geometry: ScrollGeometry)] = {
    let taller = ScrollGeometry(
      viewportHeight: 852, contentHeight: 5200, contentInsetTop: 59, contentInsetBottom: 34)
    var run: [(Double, ScrollGeometry)] = []
    for (i, s) in (sweepOffsets + sweepOffsets.reversed()).enumerated() {
      run.append((i % 997 == 5 ? .nan : s, i < sweepOffsets.count ? phoneGeometry : taller))
    }
    return run
  }()

  /// The five presets (or the five variants) grouped give, output for output and event for
  /// event, the bits of each effect evaluated alone.
  @Test(arguments: [0, 5])
  func aGroupIsBitIdenticalToItsEffectsAlone(first: Int) throws {
    var alone = Array(allEffects[first..<first + 5])
    var group = try CompiledEffect(EffectSpec.group(alone.map(\.compiled.spec)))
    #expect(group.outputs.count == alone.map(\.outputs.count).reduce(0, +))
    var groupValues = [Double](repeating: .nan, count: group.outputs.count)
    var aloneValues = alone.map { [Double](repeating: .nan, count: $0.outputs.count) }
    var groupEvents: [EffectEvent] = []
    var aloneEvents: [EffectEvent] = []
    var mismatches = 0
    for (i, step) in Self.run.enumerated() {
      let frame = ScrollSample(
        time: Double(i) / 120, offset: step.offset, velocity: 0, phase: .dragging,
        geometry: step.geometry)
      group.evaluate(frame, into: &groupValues, events: &groupEvents)
      var base = 0
      for k in alone.indices {
        var events: [EffectEvent] = []
        alone[k].evaluate(frame, into: &aloneValues[k], events: &events)
        aloneEvents += events.map { EffectEvent(output: $0.output + base, kind: $0.kind) }
        base += aloneValues[k].count
      }
      let flat = aloneValues.flatMap { $0 }
      mismatches += zip(groupValues, flat).filter { $0.bitPattern != $1.bitPattern }.count
    }
    #expect(mismatches == 0)
    #expect(groupEvents == aloneEvents)
    #expect(groupEvents.count > 10)
  }

  @Test func namesArePrefixedWithTheirEffect() throws {
    let specs = [EffectPreset.appleMusic, .logoFollow].map { CompiledPreset($0).compiled.spec }
    let group = try EffectSpec.group(specs)
    #expect(group.name == "apple-music+logo-follow")
    #expect(group.timelines.map(\.name).first == "apple-music/darken")
    let effect = try CompiledEffect(group)
    #expect(
      effect.outputs.map(\.name) == [
        "apple-music/header.overlayOpacity", "apple-music/header.imageOffsetY",
        "apple-music/header.imageHeight", "apple-music/navBar.opacity", "apple-music/titlePinned",
        "logo-follow/logo.lift",
      ])
    #expect(try EffectSpec.group(specs, name: "screen").name == "screen")
  }

  @Test func emptyOrDuplicateGroupsAreErrors() {
    let music = CompiledPreset(.appleMusic).compiled.spec
    #expect(throws: InputError(file: "group", path: "$", message: "no effects to group")) {
      try EffectSpec.group([])
    }
    do {
      _ = try EffectSpec.group([music, music])
      Issue.record("a duplicate name was accepted")
    } catch {
      #expect(error.file == "apple-music" && error.path == "$.name")
      #expect(error.message.contains("two effects named \"apple-music\""))
    }
  }

  /// Names become CSV headers: commas, quotes and control characters are rejected with the
  /// JSON path; a member named with the group separator `/` and a member that does not compile
  /// are reported against that member, not the group.
  @Test func badNamesAndBadMembersAreReportedWhereTheyAre() {
    let music = CompiledPreset(.appleMusic).compiled.spec
    var comma = music
    comma.outputs[1].name = "header.image,offset"
    #expect(throws: InputError.self) { try CompiledEffect(comma) }
    do {
      _ = try CompiledEffect(comma)
    } catch {
      #expect(error.path == "$.outputs[1].name" && error.message.contains("commas"))
    }
    var space = music
    space.outputs[4].name = "title pinned"
    do {
      _ = try CompiledEffect(space)
      Issue.record("a space was accepted")
    } catch {
      #expect(error.path == "$.outputs[4].name" && error.message.contains("white space"))
    }
    var tab = music
    tab.timelines[0].name = "dark\ten"
    do {
      _ = try CompiledEffect(tab)
      Issue.record("a tab was accepted")
    } catch {
      #expect(error.path == "$.timelines[0].name" && error.message.contains("\\t"))
    }
    var slash = CompiledPreset(.logoFollow).compiled.spec
    slash.name = "logo/follow"
    var broken = CompiledPreset(.titleCard).compiled.spec
    broken.outputs[0].source = .timeline("nope")
    for (spec, file, path) in [
      (slash, "logo/follow", "$.name"), (broken, "title-card", "$.outputs[0].timeline"),
    ] {
      do {
        _ = try EffectSpec.group([music, spec])
        Issue.record("\(file) was accepted")
      } catch {
        #expect(error.file == file && error.path == path, "\(error)")
      }
    }
  }

  /// A copy taken mid-run continues from the same history, and the two never share state.
  @Test func copiesAreIndependent() {
    var original = CompiledPreset(.appleMusic).compiled
    var values = [Double](repeating: 0, count: original.outputs.count)
    var events: [EffectEvent] = []
    for s in stride(from: 0.0, through: 320, by: 10) {
      original.evaluate(sample(s), into: &values, events: &events)
    }
    #expect(values[4] == 1)  // titlePinned: on past 301 pt
    var copy = original
    var copyValues = values
    // 299 pt is inside the 4 pt hysteresis band: the flag stays on in both.
    copy.evaluate(sample(299), into: &copyValues, events: &events)
    #expect(copyValues[4] == 1)
    copy.evaluate(sample(0), into: &copyValues, events: &events)
    #expect(copyValues[4] == 0)
    // The original did not see the copy's 0 pt: still on at 299 pt.
    original.evaluate(sample(299), into: &values, events: &events)
    #expect(values[4] == 1)
    copy.reset()
    original.evaluate(sample(290), into: &values, events: &events)
    #expect(values[4] == 0)
    #expect(events.map(\.kind) == [.enter, .leaveBack, .leaveBack])
  }

  /// After `reset()` an effect gives exactly what a fresh copy gives (what `scrollsim check`
  /// relies on to probe for lag without copying the effect every frame).
  @Test(arguments: allEffects.indices)
  func resetIsTheSameAsAFreshCopy(index: Int) {
    var used = allEffects[index].compiled
    var fresh = used
    let n = used.outputs.count
    var a = [Double](repeating: 0, count: n)
    var b = a
    var ea: [EffectEvent] = []
    var eb: [EffectEvent] = []
    for (i, s) in sweepOffsets.prefix(3000).enumerated() {
      used.evaluate(sample(s, time: Double(i) / 120), into: &a, events: &ea)
    }
    used.reset()
    ea.removeAll()
    for (i, s) in [320, 10, -40, 290, .nan, 1e6].enumerated() {
      let frame = sample(s, time: 100 + Double(i) / 60)
      used.evaluate(frame, into: &a, events: &ea)
      fresh.evaluate(frame, into: &b, events: &eb)
      #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
    }
    #expect(ea == eb)
  }

  /// Outputs reading outputs, three levels deep and declared between timeline outputs of
  /// every shape: each reads its source's value of this frame, not the previous frame's.
  @Test func chainsOfOutputsReadThisFramesValues() throws {
    let k = { (a: Double, b: Double) in
      [EffectSpec.Keyframe(at: 0, a), EffectSpec.Keyframe(at: 1, b)]
    }
    let spec = EffectSpec(
      name: "chain",
      timelines: [.init("t", .scroll(start: .init(0), end: .init(100)))],
      outputs: [
        .init("a", unit: .fraction, range: 0...1, source: .timeline("t"), keyframes: k(0, 1)),
        .init("b", unit: .points, range: 0...10, source: .output("a"), keyframes: k(0, 10)),
        .init(
          "c", unit: .points, range: -100...100, source: .output("b"),
          keyframes: [.init(at: 0, 0), .init(at: 5, 50), .init(at: 10, 60)]),
        .init("d", unit: .points, range: -100...100, source: .output("c")),
        .init(
          "on", unit: .flag, range: 0...1,
          source: .trigger(.init(timeline: "t", start: 0.5))),
        .init("e", unit: .fraction, range: 0...1, source: .output("on")),
        .init("f", unit: .fraction, range: 0...1, source: .timeline("t")),
      ])
    var effect = try CompiledEffect(spec)
    var v = [Double](repeating: .nan, count: 7)
    var events: [EffectEvent] = []
    for s in [0.0, 30, 60, 100, 20] {
      effect.evaluate(sample(s), into: &v, events: &events)
      let a = s / 100
      let b = a * 10
      let c = b <= 5 ? b * 10 : 50 + (b - 5) * 2
      let on: Double = a >= 0.5 ? 1 : 0
      #expect(v == [a, b, c, c, on, on, a], "at \(s)")
    }
    #expect(events.map(\.kind) == [.enter, .leaveBack])
  }

  /// `origin: 0` and `origin: -0` are `==` but not the same bits: at an offset of −0 their
  /// progress is −0 − 0 = −0 and −0 − (−0) = +0, so they must not share a slot.
  @Test func timelinesShareASlotOnlyWithTheSameBits() throws {
    let spec = EffectSpec(
      name: "zeros",
      timelines: [.init("plus", .distance(origin: 0)), .init("minus", .distance(origin: -0.0))],
      outputs: ["plus", "minus"].map {
        .init($0, unit: .points, range: -1000...1000, source: .timeline($0))
      })
    var effect = try CompiledEffect(spec)
    var values = [Double.nan, .nan]
    var events: [EffectEvent] = []
    effect.evaluate(sample(-0.0), into: &values, events: &events)
    #expect(values[0].bitPattern == (-0.0).bitPattern)
    #expect(values[1].bitPattern == (0.0).bitPattern)
  }

  /// Two equal timelines share one slot, but a timeline that reads the previous frame is not
  /// equal to one that reads this frame: the delayed output lags by exactly one frame.
  @Test func equalTimelinesShareASlotButDelayedOnesDoNot() throws {
    let scroll = Timeline.scroll(start: .init(0), end: .init(100))
    let keyframes = [EffectSpec.Keyframe(at: 0, 0), EffectSpec.Keyframe(at: 1, 1)]
    let spec = EffectSpec(
      name: "lag",
      timelines: [
        .init("a", scroll), .init("b", scroll), .init("late", scroll, readsPreviousFrame: true),
      ],
      outputs: ["a", "b", "late"].map {
        .init($0, unit: .fraction, range: 0...1, source: .timeline($0), keyframes: keyframes)
      })
    var effect = try CompiledEffect(spec)
    var values = [0.0, 0, 0]
    var events: [EffectEvent] = []
    var previous = 0.0
    for s in [0.0, 10, 35, 90, 20] {
      effect.evaluate(sample(s), into: &values, events: &events)
      #expect(values == [s / 100, s / 100, previous])
      previous = s / 100
    }
  }
}
