/// The command line of `scrollsim-bench`: `--name value`, `--name=value` and flags.
struct BenchOptions {
  /// Words that are not options.
  private(set) var positionals: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []

  /// Parses `words`; `valued` options take a value, `allowed` are flags.
  /// - Throws: ``BenchError/usage(_:)`` naming an unknown option or a missing value.
  init(_ words: [String], valued: Set<String>, flags allowed: Set<String>) throws(BenchError) {
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      guard word.hasPrefix("--") else {
        positionals.append(word)
        continue
      }
      var name = String(word.dropFirst(2))
      var inline: String?
      if let equals = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if allowed.contains(name), inline == nil {
        flags.insert(name)
      } else if valued.contains(name) {
        if let inline {
          values[name] = inline
        } else {
          guard index < words.count else { throw .usage("--\(name) needs a value") }
          values[name] = words[index]
          index += 1
        }
      } else {
        throw .usage("unknown option \(word) (see scrollsim-bench --help)")
      }
    }
  }

  /// Whether `--name` was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of `--name`, or nil.
  func value(_ name: String) -> String? { values[name] }

  /// The value of `--name` parsed by `parse`, or `defaultValue`; a rejected value is a usage
  /// error saying what was expected.
  func value<T>(_ name: String, default defaultValue: T, expected: String, _ parse: (String) -> T?)
    throws(BenchError) -> T
  {
    guard let text = values[name] else { return defaultValue }
    guard let parsed = parse(text) else { throw .usage("--\(name) \(text): expected \(expected)") }
    return parsed
  }
}

/// Why `scrollsim-bench` stopped, with its exit status.
enum BenchError: Error, CustomStringConvertible {
  /// Bad command line: 64.
  case usage(String)
  /// Bad baseline or thresholds file: 65.
  case data(String)
  /// Unreadable or unwritable file: 74.
  case io(String)
  /// A case whose workload could not be built (a bug in the suite, not a slow case): 70.
  case setUp(String)

  var exitStatus: Int32 {
    switch self {
    case .usage: 64
    case .data: 65
    case .io: 74
    case .setUp: 70
    }
  }

  var description: String {
    switch self {
    case .usage(let text), .data(let text), .io(let text), .setUp(let text): text
    }
  }
}
