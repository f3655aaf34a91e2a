import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollRuntime
import ScrollSimCore
import ScrollTrace

/// What `scrollsim report` knows about a run beyond its frames: the scroll geometry and screen
/// of the trace, the outputs' units and ranges, and the trigger ranges of the effect, each
/// resolved from the frame file's header or the command's options.
enum ReportScene {
  /// The geometry of the replayed trace, points, and its screen.
  struct Scene {
    /// Viewport, content height and insets (the edges are 0 and `maxOffset` in the frames'
    /// offsets, distance from rest).
    let geometry: ScrollGeometry
    /// The screen's width and height, points (the preview's aspect).
    let screenWidth: Double
    let screenHeight: Double
    /// The trace the geometry was read from, as found.
    let source: String
    /// The horizontal axis of a two-axis trace (format version 4), in ``ScrollGeometry``'s
    /// names: `viewportHeight` is the viewport's width, `contentHeight` the content's width,
    /// `contentInsetTop`/`contentInsetBottom` the left and right insets (the edges are 0 and
    /// its `maxOffset` in the frames' `x`); nil for a vertical trace.
    var horizontal: ScrollGeometry? = nil
  }

  /// One output as the page shows it: its name, unit and declared range (when the effect is
  /// known).
  struct Output {
    let name: String
    let unit: EffectOutput.Unit?
    let range: ClosedRange<Double>?
  }

  /// A trigger range in offsets (distance from rest, points), drawn as GSAP ScrollTrigger's
  /// markers: start green, end red. `end` is `nil` for a one-sided threshold.
  struct Marker {
    /// The timeline's or the flag's name (`darken`, `titlePinned`).
    let label: String
    /// `timeline` (a scroll or view timeline's 0…1 range) or `trigger` (a flag).
    let kind: String
    let start: Double
    let end: Double?
    /// The flag's hysteresis band, points (0 for a timeline).
    let hysteresis: Double
    /// The outputs that read it.
    let outputs: [String]
  }

  /// The geometry from `--trace`, else from the trace the header names (as given, then beside
  /// the frame file), else `nil` with a note saying why.
  /// - Throws: the trace's errors when `--trace` names it (74 unreadable, 65 invalid).
  static func geometry(
    trace option: String?, header: FrameFile.Header, framePath: String, console: Console,
    notes: inout [String]
  ) throws(CommandError) -> Scene? {
    let reader: TraceStreamReader
    let source: String
    if let option {
      let input = try CommandInput.open(option, console: console)
      do {
        reader = try TraceStreamReader(input: input)
      } catch {
        throw .input(error)
      }
      source = option
    } else {
      guard !header.trace.isEmpty else {
        notes.append(
          "no content edges or overscroll band: the frame file names no trace; pass --trace")
        return nil
      }
      let beside = URL(fileURLWithPath: framePath).deletingLastPathComponent()
        .appendingPathComponent(header.trace).path
      let candidates = header.trace.hasPrefix("/") ? [header.trace] : [header.trace, beside]
      guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) })
      else {
        notes.append(
          "no content edges or overscroll band: the trace \(header.trace) named by the frame "
            + "file was not found; pass --trace")
        return nil
      }
      do {
        reader = try TraceStreamReader(path: found)
      } catch {
        notes.append("no content edges or overscroll band: \(error.description)")
        return nil
      }
      source = found
    }
    let scroll = reader.header.scroll
    var geometry = ScrollGeometry(
      viewportHeight: scroll.viewportHeight, contentHeight: scroll.contentHeight,
      contentInsetTop: scroll.contentInsetTop, contentInsetBottom: scroll.contentInsetBottom)
    if reader.header.nested != nil {
      // A chain's frames carry the combined offset: its edges are the combined view's.
      do {
        geometry = try NestedScrollChain(trace: reader.header, file: source).combinedGeometry
      } catch {
        throw .input(error)
      }
    }
    return Scene(
      geometry: geometry,
      screenWidth: reader.header.device.screenWidth,
      screenHeight: reader.header.device.screenHeight, source: source,
      horizontal: scroll.horizontal.map {
        ScrollGeometry(
          viewportHeight: $0.viewportWidth, contentHeight: $0.contentWidth,
          contentInsetTop: $0.contentInsetLeft, contentInsetBottom: $0.contentInsetRight)
      })
  }

  /// The scroll view's own events (UIKit delegate callbacks, SwiftUI phase changes) of
  /// `records`, in frame order: the index of the frame that reports each, its exact time
  /// (seconds), its short name (`scrollViewWillEndDragging`) and its full text. None in a
  /// version 1 frame file. A nested chain's callbacks are labelled with their view
  /// (`list scrollViewWillEndDragging`); its `scrollViewDidScroll`s, one per moving view per
  /// frame, are left out (the offset panels show them).
  static func scrollViewEvents(of records: [FrameRecord])
    -> [(index: Int, time: Double, label: String, detail: String)]
  {
    records.enumerated().flatMap { index, record in
      if let nested = record.nestedScrollViewEvents {
        return nested.compactMap {
          event -> (index: Int, time: Double, label: String, detail: String)? in
          if case .didScroll = event.kind { return nil }
          return (index, event.time, event.viewName + " " + event.name, event.description)
        }
      }
      return (record.scrollViewEvents ?? []).map {
        (index: index, time: $0.time, label: $0.name, detail: $0.description)
      }
    }
  }

  /// The presets a header's effect name stands for (`apple-music`, or a group
  /// `apple-music+title-card` whose outputs are `member/output`); empty unless every member is
  /// a preset.
  static func presetEffects(named name: String) -> [(prefix: String, effect: CompiledEffect)] {
    let members = name.split(separator: "+").map(String.init)
    let presets = members.compactMap(EffectPreset.init(rawValue:))
    guard !presets.isEmpty, presets.count == members.count else { return [] }
    return presets.map { preset in
      (members.count > 1 ? preset.rawValue + "/" : "", CompiledPreset(preset).compiled)
    }
  }

  /// The header's outputs with the unit and range of the effect's output of the same name.
  static func outputs(
    _ names: [String], effects: [(prefix: String, effect: CompiledEffect)]
  ) -> [Output] {
    var known: [String: EffectOutput] = [:]
    for (prefix, effect) in effects {
      for output in effect.outputs { known[prefix + output.name] = output }
    }
    return names.map { Output(name: $0, unit: known[$0]?.unit, range: known[$0]?.range) }
  }

  /// The trigger ranges of `effects` in offsets: every scroll or view timeline an output reads
  /// (its 0…1 range) and every flag (its start and end). A range that depends on the geometry
  /// (`"max"` anchors, view timelines) needs `geometry`; without it, it is left out with a
  /// note.
  static func markers(
    _ effects: [(prefix: String, effect: CompiledEffect)], geometry: ScrollGeometry?,
    notes: inout [String]
  ) -> [Marker] {
    var markers: [Marker] = []
    var skipped: [String] = []
    for (prefix, effect) in effects {
      let spec = effect.spec
      // Geometry only matters for max anchors and view timelines; a placeholder geometry
      // serves the others.
      let g =
        geometry
        ?? ScrollGeometry(
          viewportHeight: 1, contentHeight: 1, contentInsetTop: 0, contentInsetBottom: 0)
      func needsGeometry(_ timeline: Timeline) -> Bool {
        switch timeline {
        case .scroll(let start, let end): start.fromMax || end.fromMax
        case .view: true
        case .distance, .overscroll, .velocity, .direction, .quickReturn: false
        }
      }
      for timeline in spec.timelines {
        let readers = spec.outputs.filter {
          if case .timeline(timeline.name) = $0.source { return true }
          return false
        }
        guard !readers.isEmpty, let range = timeline.timeline.range(geometry: g) else {
          continue
        }
        if geometry == nil && needsGeometry(timeline.timeline) {
          skipped.append(prefix + timeline.name)
          continue
        }
        markers.append(
          Marker(
            label: prefix + timeline.name, kind: "timeline", start: range.start, end: range.end,
            hysteresis: 0, outputs: readers.map { prefix + $0.name }))
      }
      for output in spec.outputs {
        guard case .trigger(let trigger) = output.source,
          let timeline = spec.timelines.first(where: { $0.name == trigger.timeline })?.timeline
        else { continue }
        if geometry == nil && needsGeometry(timeline) {
          skipped.append(prefix + output.name)
          continue
        }
        // Progress (the timeline's units) to offset.
        let offset: (Double) -> Double
        let pointsPerUnit: Double
        switch timeline {
        case .scroll, .view:
          let range = timeline.range(geometry: g)!
          offset = { range.start + $0 * (range.end - range.start) }
          pointsPerUnit = abs(range.end - range.start)
        case .distance(let origin):
          offset = { origin + $0 }
          pointsPerUnit = 1
        case .overscroll(.top):
          offset = { -$0 }
          pointsPerUnit = 1
        case .overscroll(.bottom):
          offset = { g.maxOffset + $0 }
          pointsPerUnit = 1
        case .velocity, .direction, .quickReturn:
          // Driven by the motion, not by a scroll position: no marker on the offset axis.
          continue
        }
        markers.append(
          Marker(
            label: prefix + output.name, kind: "trigger", start: offset(trigger.start),
            end: trigger.end.map(offset), hysteresis: trigger.hysteresis * pointsPerUnit,
            outputs: [prefix + output.name]))
      }
    }
    if !skipped.isEmpty {
      notes.append(
        "no marker for \(skipped.joined(separator: ", ")): its range depends on the geometry; "
          + "pass --trace")
    }
    return markers
  }
}

/// Everything the page embeds, written as one JSON object by ``json``.
struct ReportData {
  let title: String
  let effect: String
  let trace: String
  let frameFile: String
  let refreshRate: Int
  let scene: ReportScene.Scene?
  let outputs: [ReportScene.Output]
  let markers: [ReportScene.Marker]
  let notes: [String]
  let records: [FrameRecord]
  /// The scroll view's own events (UIKit delegate callbacks, SwiftUI phase changes), when the
  /// frame file carries them: the index into ``records``, the event's exact time, a short
  /// label (`scrollViewWillEndDragging`) and its full text. Drawn beside the threshold events.
  var scrollViewEvents: [(index: Int, time: Double, label: String, detail: String)] = []

  /// The data as JSON (keys sorted; frames as columns: `t`, `offset`, `velocity`, `phase`
  /// indices into `phases`, `values` one array per output, and for a two-axis run `offsetX`
  /// and `velocityX`; events as a list: threshold events in frame order, then the scroll
  /// view's).
  var json: String {
    let number = JSONWriter.number
    let string = JSONWriter.string
    func array(_ values: [Double]) -> String {
      "[" + values.map(number).joined(separator: ",") + "]"
    }
    func object(_ members: [(String, String)]) -> String {
      "{"
        + members.sorted { $0.0 < $1.0 }.map { string($0.0) + ":" + $0.1 }
        .joined(separator: ",") + "}"
    }
    var phases: [String] = []
    var phaseIndex: [String: Int] = [:]
    var phaseColumn: [Double] = []
    var events: [String] = []
    for (index, record) in records.enumerated() {
      if phaseIndex[record.phase] == nil {
        phaseIndex[record.phase] = phases.count
        phases.append(record.phase)
      }
      phaseColumn.append(Double(phaseIndex[record.phase]!))
      for event in record.events {
        events.append(
          object([
            ("frame", String(index)), ("t", number(record.time)), ("name", string(event)),
            ("detail", string(event)), ("kind", string("threshold")),
          ]))
      }
    }
    for event in scrollViewEvents {
      events.append(
        object([
          ("frame", String(event.index)), ("t", number(event.time)),
          ("name", string(event.label)), ("detail", string(event.detail)),
          ("kind", string("scrollView")),
        ]))
    }
    let values = outputs.indices.map { k in array(records.map { $0.values[k] }) }
    // A two-axis run (every frame has x and vx): the columns `offsetX` and `velocityX`.
    let offsetsX = records.compactMap(\.offsetX)
    let velocitiesX = records.compactMap(\.velocityX)
    let horizontalColumns =
      offsetsX.count == records.count && velocitiesX.count == records.count
      ? [("offsetX", array(offsetsX)), ("velocityX", array(velocitiesX))] : []
    let outputList = outputs.map { output in
      object([
        ("name", string(output.name)),
        ("unit", output.unit.map { string($0.rawValue) } ?? "null"),
        ("min", output.range.map { number($0.lowerBound) } ?? "null"),
        ("max", output.range.map { number($0.upperBound) } ?? "null"),
      ])
    }
    let markerList = markers.map { marker in
      object([
        ("label", string(marker.label)), ("kind", string(marker.kind)),
        ("start", number(marker.start)), ("end", marker.end.map(number) ?? "null"),
        ("hysteresis", number(marker.hysteresis)),
        ("outputs", "[" + marker.outputs.map(string).joined(separator: ",") + "]"),
      ])
    }
    // A two-axis trace's horizontal axis in its own names (absent for a vertical one, whose
    // page is unchanged).
    let sceneJSON =
      scene.map { scene in
        object(
          [
            ("viewportHeight", number(scene.geometry.viewportHeight)),
            ("contentHeight", number(scene.geometry.contentHeight)),
            ("contentInsetTop", number(scene.geometry.contentInsetTop)),
            ("contentInsetBottom", number(scene.geometry.contentInsetBottom)),
            ("maxOffset", number(scene.geometry.maxOffset)),
            ("screenWidth", number(scene.screenWidth)),
            ("screenHeight", number(scene.screenHeight)), ("source", string(scene.source)),
          ]
            + (scene.horizontal.map { x in
              [
                ("viewportWidth", number(x.viewportHeight)),
                ("contentWidth", number(x.contentHeight)),
                ("contentInsetLeft", number(x.contentInsetTop)),
                ("contentInsetRight", number(x.contentInsetBottom)),
                ("maxOffsetX", number(x.maxOffset)),
              ]
            } ?? []))
      } ?? "null"
    return object([
      ("title", string(title)), ("effect", string(effect)), ("trace", string(trace)),
      ("frameFile", string(frameFile)), ("refreshRate", String(refreshRate)),
      ("scene", sceneJSON), ("outputs", "[" + outputList.joined(separator: ",") + "]"),
      ("markers", "[" + markerList.joined(separator: ",") + "]"),
      ("notes", "[" + notes.map(string).joined(separator: ",") + "]"),
      ("phases", "[" + phases.map(string).joined(separator: ",") + "]"),
      (
        "frames",
        object(
          [
            ("frame", array(records.map { Double($0.frame) })), ("t", array(records.map(\.time))),
            ("offset", array(records.map(\.offset))), ("velocity", array(records.map(\.velocity))),
            ("phase", array(phaseColumn)), ("values", "[" + values.joined(separator: ",") + "]"),
          ] + horizontalColumns)
      ),
      ("events", "[" + events.joined(separator: ",") + "]"),
    ])
  }
}
