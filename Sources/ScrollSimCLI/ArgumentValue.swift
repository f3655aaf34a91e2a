import ScrollSimCore

/// A value the command line can parse from one word, the way swift-argument-parser's
/// `ExpressibleByArgument` does: the type parses and checks itself, so every command and
/// `scrollsim-bench` accept the same spellings and print the same error.
package protocol ArgumentValue: Sendable {
  /// Parses `argument`; `nil` when it is not a valid value of this type.
  init?(argument: String)
  /// What a valid value looks like, for usage errors: `an integer`, `ios or lsq`.
  static var expected: String { get }
  /// The words a misspelt value is compared with for "did you mean" (empty: no suggestion).
  static var suggestions: [String] { get }
}

extension ArgumentValue {
  /// No suggestions.
  package static var suggestions: [String] { [] }
}

extension Int: ArgumentValue {
  /// A decimal integer (`-3`, `120`).
  package init?(argument: String) { self.init(argument) }
  /// `an integer`.
  package static var expected: String { "an integer" }
}

extension Double: ArgumentValue {
  /// A finite number (`nan` and `inf` are rejected).
  package init?(argument: String) {
    guard let value = Double(argument), value.isFinite else { return nil }
    self = value
  }
  /// `a finite number`.
  package static var expected: String { "a finite number" }
}

extension String: ArgumentValue {
  /// Any text.
  package init?(argument: String) { self = argument }
  /// `text`.
  package static var expected: String { "text" }
}

/// A value named by one of a fixed set of words (`table`, `csv`, …): parsing, the expected list
/// and the suggestions all come from `allCases`.
package protocol ArgumentChoice: ArgumentValue, CaseIterable, RawRepresentable
where RawValue == String {}

extension ArgumentChoice {
  /// The case whose raw value is `argument`.
  package init?(argument: String) { self.init(rawValue: argument) }
  /// The raw values, `a, b or c`.
  package static var expected: String { Suggestion.list(suggestions) }
  /// The raw values.
  package static var suggestions: [String] { allCases.map(\.rawValue) }
}
