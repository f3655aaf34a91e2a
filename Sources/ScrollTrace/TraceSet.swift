import Foundation
import ScrollSimCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Many traces named at once, as `scrollsim replay` and `scrollsim check --traces` take them:
/// a folder, a glob, a list file or a trace, resolved to one sorted list of trace paths; and a
/// stable share of that list for one machine of a CI matrix (``shard(_:index:count:)``).
///
/// Deterministic: the list is sorted by path (Swift's `String` order) with duplicates removed,
/// so the same files give the same list, and the same report, on every machine and run. A file
/// named twice under two spellings (`x.jsonl` and `./x.jsonl`, `/tmp/tr/x.jsonl` and
/// `lst/../tr/x.jsonl`) is one file: it is listed once, under the first spelling given.
public enum TraceSet {
  /// The trace paths named by `sources`, sorted, each file once (by its standardized path:
  /// `.` and `..` resolved against the current folder; the first spelling given is kept). Each
  /// source is:
  /// - a **folder**: every `*.jsonl` file directly in it (not in subfolders; hidden files and
  ///   `scrollsim replay --out`'s own frame files, `*.frames.jsonl`, skipped), as
  ///   `FOLDER/NAME.jsonl`;
  /// - a **glob** (a path with `*`, `?` or `[` that is not itself a file): the files it
  ///   matches (`glob(3)`; quote it so the shell leaves it alone);
  /// - a **trace**: a regular file named `*.jsonl` (whatever it holds: a garbled, binary or
  ///   empty one is a bad trace, which its reader rejects naming the line), or whose first
  ///   non-blank character is `{` (JSON Lines);
  /// - a **list file**: any other file (or `-`, standard input, or a pipe): one trace path,
  ///   folder or glob per line (LF or CRLF line endings; the last line may lack its newline),
  ///   relative to the list file's folder; blank lines and lines starting with `#` are skipped.
  /// - Throws: ``/ScrollSimCore/InputError``: `unreadable` for a missing file or folder, a list
  ///   entry that does not exist (naming the list file and line), and for nothing to run: a
  ///   glob that matches nothing, a folder with no trace, a list file that names none (all
  ///   three messages start `nothing to run:`); `invalid` for a list file that is not UTF-8 or
  ///   names another list file.
  public static func paths(_ sources: [String]) throws(InputError) -> [String] {
    var paths: [String] = []
    for source in sources { paths += try expand(source, fromList: nil) }
    // One file under two spellings runs once, under the first spelling given.
    var seen = Set<String>()
    var unique: [String] = []
    for path in paths where seen.insert(standardized(path)).inserted { unique.append(path) }
    return unique.sorted()
  }

  /// `path` made absolute against the current folder, `.` and `..` resolved (symbolic links
  /// are not followed).
  static func standardized(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// Whether `name` is a frame file `scrollsim replay --out` writes (`NAME.frames.jsonl`):
  /// a folder's listing skips those, so `--out` into the trace folder leaves it replayable.
  /// - Parameter name: a file name or path.
  public static func isFrameFile(_ name: String) -> Bool {
    name.hasSuffix(frameFileSuffix)
  }

  /// The ending of the frame files `scrollsim replay --out DIR` writes, one per trace.
  public static let frameFileSuffix = ".frames.jsonl"

  /// Whether `source` names more than one trace by its form (a folder, a glob or a regular
  /// list file) rather than one trace: a trace file, a missing path, `-` or a pipe (a command
  /// that reads one trace from a pipe keeps doing so; ``paths(_:)`` reads those as lists).
  public static func isSet(_ source: String) -> Bool {
    switch kind(of: source) {
    case .folder, .glob, .list: true
    case .trace, .missing, .stream: false
    }
  }

  /// Share `index` (1…`count`) of `paths`: the paths at positions `index − 1`, `index − 1 +
  /// count`, … (round robin, so shares differ in size by at most one). The `count` shares
  /// partition `paths` exactly: every path is in one share, in its order.
  /// - Precondition: `1 <= index <= count`.
  public static func shard(_ paths: [String], index: Int, count: Int) -> [String] {
    precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count) is invalid")
    return paths.indices.filter { $0 % count == index - 1 }.map { paths[$0] }
  }

  private enum Kind {
    /// No such path (and not a glob).
    case missing
    case folder, glob, trace
    /// A regular file that is not a trace.
    case list
    /// `-` or a file that is not regular (a pipe, a process substitution).
    case stream
  }

  private static func kind(of source: String) -> Kind {
    if source == InputSource.standardInputPath { return .stream }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder) else {
      return source.contains(where: { "*?[".contains($0) }) ? .glob : .missing
    }
    if isFolder.boolValue { return .folder }
    var status = stat()
    guard stat(source, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .stream }
    // A `.jsonl` file is a trace whatever it holds: its reader names what is wrong with it (a
    // garbled or binary trace is not a list of paths).
    if source.hasSuffix(".jsonl") { return .trace }
    guard let handle = FileHandle(forReadingAtPath: source) else { return .trace }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 4096)) ?? Data()
    // An empty list names nothing.
    guard let first = head.first(where: { !Self.isBlank($0) }) else { return .list }
    return first == UInt8(ascii: "{") ? .trace : .list
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB
      || byte == 0xBF
  }

  /// The traces `source` names; `list` is the list file and line it came from, for errors.
  private static func expand(_ source: String, fromList list: (file: String, line: Int)?)
    throws(InputError) -> [String]
  {
    func unreadable(_ message: String) -> InputError {
      if let list {
        return InputError(.unreadable, file: list.file, line: list.line, message: message)
      }
      return InputError(.unreadable, file: source, message: message)
    }
    switch kind(of: source) {
    case .missing:
      throw unreadable(list == nil ? "no such file or folder" : "\(source): no such file or folder")
    case .trace:
      return [source]
    case .folder:
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: source)
      } catch {
        throw unreadable("cannot list the folder \(source): \(error.localizedDescription)")
      }
      let folder = source.hasSuffix("/") ? String(source.dropLast()) : source
      let traces = names.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") && !isFrameFile($0) }
        .map { folder + "/" + $0 }
      guard !traces.isEmpty else {
        throw unreadable(
          (list == nil ? "" : source + ": ")
            + "nothing to run: no trace (*.jsonl) in this folder (frame files, "
            + "*\(frameFileSuffix), are skipped)")
      }
      return traces
    case .glob:
      let matches = glob(source)
      guard !matches.isEmpty else {
        throw unreadable(
          (list == nil ? "" : source + ": ")
            + "nothing to run: no file matches this glob (quote it, so that the shell passes it as is)"
        )
      }
      return matches
    case .list, .stream:
      if let list {
        throw InputError(
          .invalid, file: list.file, line: list.line,
          message: "\(source) is not a trace (a list file may name traces, folders and globs, "
            + "not other list files)")
      }
      return try readList(source)
    }
  }

  /// The traces of the list file at `path`.
  private static func readList(_ path: String) throws(InputError) -> [String] {
    let input = try InputSource.open(path)
    let bytes = try input.bytes()
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw InputError(file: input.name, message: "a list file must be UTF-8 text")
    }
    let folder = path == InputSource.standardInputPath ? "" : directory(of: path)
    var traces: [String] = []
    // "\r\n" is one Character in Swift: a list saved with CRLF (Windows) line endings splits
    // on it as on "\n"; a last line without a newline is a line too.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (offset, raw) in lines.enumerated() {
      let entry = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      if entry.isEmpty || entry.hasPrefix("#") { continue }
      let resolved = entry.hasPrefix("/") || folder.isEmpty ? entry : folder + "/" + entry
      traces += try expand(resolved, fromList: (input.name, offset + 1))
    }
    guard !traces.isEmpty else {
      throw InputError(
        .unreadable, file: input.name,
        message: "nothing to run: the list names no trace (one path per line)")
    }
    return traces
  }

  /// The folder part of `path` (empty for a bare name).
  private static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The paths `pattern` matches, sorted.
  private static func glob(_ pattern: String) -> [String] {
    var matches = glob_t()
    defer { globfree(&matches) }
    guard systemGlob(pattern, &matches) == 0 else { return [] }
    var paths: [String] = []
    for i in 0..<Int(matches.gl_pathc) {
      if let path = matches.gl_pathv[i] { paths.append(String(cString: path)) }
    }
    return paths.sorted()
  }
}

/// `glob(3)` without flags (a free function: the enum's own `glob` shadows it).
private func systemGlob(_ pattern: String, _ result: inout glob_t) -> Int32 {
  #if canImport(Glibc)
    return Glibc.glob(pattern, 0, nil, &result)
  #else
    return Darwin.glob(pattern, 0, nil, &result)
  #endif
}
