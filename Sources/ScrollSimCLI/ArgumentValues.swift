import Foundation
import ScrollEffects
import ScrollPhysics
import ScrollSimCore
import ScrollTrace

/// `--rate`: the deceleration rate of the exponential fling, per millisecond.
package struct DecelerationRate: ArgumentValue, Equatable {
  /// The factor per millisecond, in (0, ``PhysicsProfile/slowestRate``].
  package let value: Double

  /// `normal` (0.998), `fast` (0.99) or a number in (0, 0.9995].
  package init?(argument: String) {
    switch argument {
    case "normal": value = Deceleration.normalRate
    case "fast": value = Deceleration.fastRate
    default:
      guard let number = Double(argument), number > 0, number <= PhysicsProfile.slowestRate
      else { return nil }
      value = number
    }
  }

  /// `normal, fast or a number in (0, 0.9995]`.
  package static var expected: String {
    "normal, fast or a number in (0, \(Number.text(PhysicsProfile.slowestRate))]"
  }

  /// The two names.
  package static var suggestions: [String] { ["normal", "fast"] }
}

/// `--profile`: a built-in physics profile by name, or a JSON profile file.
package enum ProfileChoice: ArgumentValue {
  /// `ios`, `android` or `flutter`.
  case builtIn(PhysicsProfile)
  /// A profile file (profiles/README.md), read by ``load()``.
  case file(String)

  /// A built-in name; else `-` (standard input), an existing path or one that looks like a path
  /// (contains `/` or ends in `.json`: a missing file is then an unreadable input, not a
  /// misspelt name).
  package init?(argument: String) {
    if let named = PhysicsProfile.named(argument) {
      self = .builtIn(named)
    } else if argument == "-" || argument.contains("/") || argument.hasSuffix(".json")
      || FileManager.default.fileExists(atPath: argument)
    {
      self = .file(argument)
    } else {
      return nil
    }
  }
  /// The built-in profiles' names, then "or a JSON profile file".
  /// `ios, android, flutter or a JSON profile file`.
  package static var expected: String {
    PhysicsProfile.builtIn.map(\.name).joined(separator: ", ") + " or a JSON profile file"
  }

  /// The built-in names.
  package static var suggestions: [String] { PhysicsProfile.builtIn.map(\.name) }

  /// The profile.
  /// - Throws: an unreadable input for a missing, directory or unreadable file; an invalid one
  ///   for a bad profile (`file: $.json.path: message`).
  package func load() throws(CommandError) -> PhysicsProfile {
    switch self {
    case .builtIn(let profile):
      return profile
    case .file(let path):
      // Read once, so a pipe or process substitution (or '-', standard input) works too.
      let (name, data) = try CommandInput.data(path)
      do {
        return try PhysicsProfile.parse(data, file: name)
      } catch {
        throw .input(error)
      }
    }
  }
}

extension VelocityEstimator: ArgumentChoice {}

extension EffectPreset: ArgumentChoice {}

extension TraceRecorder.SyncPolicy: ArgumentValue {
  /// `never`, `on-close` or `every-event`.
  package init?(argument: String) {
    switch argument {
    case "never": self = .never
    case "on-close": self = .onClose
    case "every-event": self = .everyEvent
    default: return nil
    }
  }

  /// `never, on-close or every-event`.
  package static var expected: String { Suggestion.list(suggestions) }

  /// The three names.
  package static var suggestions: [String] { ["never", "on-close", "every-event"] }
}

/// A size `WxH` (`1080x2400`, `390x844`): two positive finite numbers.
package struct Size: ArgumentValue, Equatable {
  /// Width and height, in the option's unit.
  package var width, height: Double

  /// A size of `width` × `height`.
  package init(width: Double, height: Double) {
    (self.width, self.height) = (width, height)
  }

  /// `WxH` with both numbers finite and > 0.
  package init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
      width.isFinite, height.isFinite, width > 0, height > 0
    else { return nil }
    (self.width, self.height) = (width, height)
  }

  /// `WxH`.
  package static var expected: String { "WxH, two numbers > 0" }
}

/// `--format` of `replay`: frame rows as a table or CSV, or the summary as JSON.
package enum ReplayFormat: String, ArgumentChoice {
  /// Aligned columns, then the summary paragraph.
  case table
  /// Comma-separated rows; the summary on standard error.
  case csv
  /// Only the summary, as one JSON object.
  case json
}

/// `--format` of `scrollsim-bench`: a table or JSON.
package enum ReportFormat: String, ArgumentChoice {
  /// Aligned columns for people.
  case table
  /// One JSON document for tools.
  case json
}

/// `--shard I/N`: share `index` of `count` (1 ≤ index ≤ count ≤ 10000).
package struct Shard: ArgumentValue, Equatable {
  /// Which share, 1…``count``.
  package let index: Int
  /// How many shares, ≥ 1.
  package let count: Int

  /// `I/N` with integers 1 ≤ I ≤ N ≤ 10000.
  package init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      (1...10_000).contains(count), (1...count).contains(index)
    else { return nil }
    (self.index, self.count) = (index, count)
  }

  /// `I/N`.
  package static var expected: String { "I/N, integers with 1 ≤ I ≤ N ≤ 10000 (e.g. 2/4)" }

  /// `I/N` as written.
  package var text: String { "\(index)/\(count)" }
}
