import Foundation
import ScrollSimCore
import ScrollTrace

/// A trace to replay: one of the real recordings bundled with ScrollSimTesting (a package
/// resource, so tests need no copies) or a trace file of your own.
///
/// ```swift
/// @Test(arguments: ReplayTrace.bundledTraces)
/// func header(trace: ReplayTrace) { assertReplay(of: Header(), trace: trace) }
/// ```
public struct ReplayTrace: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The bundled name (`swipe-shield/gesture-05`) or the file path.
  public let name: String
  /// Whether ``name`` names a bundled trace.
  public let isBundled: Bool

  /// The bundled trace `name`: `swipe-shield/gesture-01` … `gesture-33` (one touch each,
  /// recorded on an Android phone with `getevent`, converted; provenance in the bundled
  /// `swipe-shield/README.md`) or `swipe-shield/session` (all 33 touches, 39 s). A trailing
  /// `.jsonl` is accepted.
  public static func bundled(_ name: String) -> ReplayTrace {
    ReplayTrace(name: name.hasSuffix(".jsonl") ? String(name.dropLast(6)) : name, isBundled: true)
  }

  /// The trace file at `url` (a file URL).
  public static func file(_ url: URL) -> ReplayTrace {
    ReplayTrace(name: url.path, isBundled: false)
  }

  /// The trace file at `path` (relative paths from the current directory).
  public static func path(_ path: String) -> ReplayTrace {
    ReplayTrace(name: path, isBundled: false)
  }

  /// Every bundled trace, by name (`swipe-shield/gesture-01` … `gesture-33`, then
  /// `swipe-shield/session`): a Swift Testing argument collection.
  public static var bundledTraces: [ReplayTrace] {
    bundledNames.map { ReplayTrace(name: $0, isBundled: true) }
  }

  /// The name, as reports show it.
  public var description: String { name }

  /// The file the trace is read from.
  /// - Throws: ``/ScrollSimCore/InputError`` for an unknown bundled name (with the closest
  ///   one) or a missing resource bundle.
  public func filePath() throws(InputError) -> String {
    guard isBundled else { return name }
    guard Self.bundledNames.contains(name), let root = Self.resourceRoot else {
      throw InputError(
        file: name, line: 0, field: "",
        message: "not a bundled trace; the bundled ones are swipe-shield/gesture-01 … gesture-33 "
          + "and swipe-shield/session" + Suggestion.didYouMean(name, among: Self.bundledNames))
    }
    return root + "/" + name + ".jsonl"
  }

  /// Reads and validates the trace.
  /// - Throws: ``/ScrollSimCore/InputError``: an unknown bundled name, an unreadable or invalid
  ///   file (naming file, line and field).
  public func load() throws(InputError) -> Trace {
    try Trace.load(path: try filePath())
  }

  /// `error` with a bundled trace's file path replaced by its bundled name.
  func naming(_ error: InputError) -> InputError {
    guard isBundled, let root = Self.resourceRoot else { return error }
    let path = root + "/" + name + ".jsonl"
    var named = error
    if named.file == path { named.file = name }
    named.message = named.message.replacingOccurrences(of: path, with: name)
    return named
  }

  /// The `Traces` folder of the resource bundle.
  static let resourceRoot: String? = Bundle.module.resourceURL.map {
    $0.appendingPathComponent("Traces").path
  }

  /// Bundled names, sorted, without extension.
  static let bundledNames: [String] = {
    guard let root = resourceRoot else { return [] }
    var names: [String] = []
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    for folder in folders.sorted() {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
      for file in files.sorted() where file.hasSuffix(".jsonl") {
        names.append(folder + "/" + String(file.dropLast(6)))
      }
    }
    return names
  }()
}
