import Foundation
import ScrollEffects
import ScrollRuntime
import ScrollTrace

/// Whole replays (frames/s) and trace parsing (MB/s): the generated 60 s trace and every
/// bundled real trace (`traces/swipe-shield/*.jsonl`) that the trace reader accepts.
enum ReplayCases {
  /// The cases, and notes on traces that were skipped (and why).
  static func all(tracesDirectory: String) -> (cases: [BenchmarkCase], notes: [String]) {
    var cases = [replay("replay/generated-60s", Workload.trace)]
    var notes: [String] = []
    let generatedText = jsonLines(Workload.trace)
    if let problem = parseProblem(generatedText, file: "generated-60s.jsonl") {
      notes.append("parse/generated-60s skipped: \(problem)")
    } else {
      cases.append(parse("parse/generated-60s", generatedText))
      cases.append(TraceParseCases.stream("parse-lines/generated-60s", generatedText))
    }
    cases.append(StreamReplayCases.dense())
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: tracesDirectory)) ?? [])
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    if files.isEmpty {
      notes.append(
        "no real traces in \(tracesDirectory)/*.jsonl (relative to the working directory: run "
          + "from the package's root or give --traces DIR): real-trace cases skipped")
    }
    for file in files {
      let path = tracesDirectory + "/" + file
      // Named by the folder (`replay/swipe-shield/gesture-02` for the default one).
      let folder = (tracesDirectory as NSString).standardizingPath
      let name =
        (folder as NSString).lastPathComponent + "/"
        + file.replacingOccurrences(of: ".jsonl", with: "")
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        notes.append("\(path): unreadable, skipped")
        continue
      }
      do {
        let trace = try Trace.parse(text, file: path)
        cases.append(replay("replay/" + name, trace))
        cases.append(parse("parse/" + name, text))
      } catch {
        notes.append("\(name) skipped: \(error.description)")
      }
    }
    return (cases, notes)
  }

  /// Frames of `trace` replayed at 120 Hz with the Apple Music preset.
  static func frameCount(_ trace: Trace) -> Int {
    guard
      var loop = try? FrameLoop(
        trace: trace, file: "", effect: CompiledPreset(.appleMusic),
        refreshRate: Workload.refreshRate
      )
    else { return 0 }
    var clock = VirtualFrameClock(refreshRate: Workload.refreshRate)
    var frames = 0
    clock.run { tick in
      guard (try? loop.computeFrame(tick.index, at: tick.time)) != nil else { return false }
      frames += 1
      return !loop.isFinished
    }
    return frames
  }

  /// A whole replay per iteration: frame loop, virtual clock, physics and the Apple Music
  /// preset; reported per frame and in frames/s.
  static func replay(_ name: String, _ trace: Trace) -> BenchmarkCase {
    let frames = max(1, frameCount(trace))
    return BenchmarkCase(
      name, unit: "frame", unitsPerIteration: Double(frames), throughputUnit: "frames/s"
    ) {
      { n in
        for _ in 0..<n {
          guard
            var loop = try? FrameLoop(
              trace: trace, file: "", effect: CompiledPreset(.appleMusic),
              refreshRate: Workload.refreshRate)
          else { return }
          var clock = VirtualFrameClock(refreshRate: Workload.refreshRate)
          clock.run { tick in
            guard (try? loop.computeFrame(tick.index, at: tick.time)) != nil else { return false }
            return !loop.isFinished
          }
          blackHole(loop.sample.offset)
        }
      }
    }
  }

  /// Parsing and validating a trace's text per iteration; reported per byte and in MB/s.
  static func parse(_ name: String, _ text: String) -> BenchmarkCase {
    BenchmarkCase(
      name, unit: "byte", unitsPerIteration: Double(text.utf8.count), throughputUnit: "MB/s"
    ) {
      { n in
        for _ in 0..<n {
          let events = (try? Trace.parse(text, file: name))?.events.count ?? -1
          blackHole(events)
        }
      }
    }
  }

  /// Why `text` cannot be parsed, or nil.
  static func parseProblem(_ text: String, file: String) -> String? {
    do {
      _ = try Trace.parse(text, file: file)
      return nil
    } catch {
      return error.description
    }
  }

  /// `trace` as ScrollSim trace text: the header line, then one event per line.
  static func jsonLines(_ trace: Trace) -> String {
    (try? TraceWriter.text(trace)) ?? ""
  }
}
