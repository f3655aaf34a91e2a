import Foundation
import ScrollCheck
import Testing

/// ScrollSimTesting's settings for a scope of tests: record mode, golden and artifact
/// directories, refresh rate, replay tolerance and checker devices. Every field left nil falls
/// through to the enclosing scope, then the environment, then the default.
///
/// Precedence, highest first: an argument of the check (`record:`, `goldenDirectory:`, …) >
/// the innermost ``withScrollSimTesting(record:goldenDirectory:artifactsDirectory:refreshRate:tolerance:devices:operation:)``
/// or `.scrollSim(…)` trait > enclosing ones > the environment (`SCROLLSIM_RECORD`,
/// `SCROLLSIM_GOLDEN_DIR`, `SCROLLSIM_ARTIFACTS`) > the default (``ScrollSimRecordMode/never``,
/// `__Goldens__` beside the test file, the temporary directory, 120 Hz, exact, the standard
/// devices).
public struct ScrollSimTestingConfiguration: Sendable, Equatable {
  /// When goldens are written; nil: inherited.
  public var record: ScrollSimRecordMode?
  /// The directory holding each test file's golden folder (`<dir>/<TestFile>/…`); nil:
  /// inherited (default `__Goldens__` beside the test file).
  public var goldenDirectory: String?
  /// Where the actual frames of a failing replay are written (`<dir>/<TestFile>/…`); nil:
  /// inherited (default: the temporary directory's `scrollsim-artifacts`).
  public var artifactsDirectory: String?
  /// Frames per second of replays and checks, 1…1000; nil: inherited (default 120).
  public var refreshRate: Int?
  /// The replay tolerance when a check passes none; nil: inherited (default exact).
  public var tolerance: ReplayTolerance?
  /// The checker's devices; nil: inherited (default ``/ScrollCheck/CheckDevice/standard``).
  public var devices: [CheckDevice]?

  /// A configuration; every nil field is inherited.
  public init(
    record: ScrollSimRecordMode? = nil, goldenDirectory: String? = nil,
    artifactsDirectory: String? = nil, refreshRate: Int? = nil, tolerance: ReplayTolerance? = nil,
    devices: [CheckDevice]? = nil
  ) {
    self.record = record
    self.goldenDirectory = goldenDirectory
    self.artifactsDirectory = artifactsDirectory
    self.refreshRate = refreshRate
    self.tolerance = tolerance
    self.devices = devices
  }

  /// The configuration in force: set by the innermost scope or trait, nil outside any.
  public static var current: ScrollSimTestingConfiguration? { scoped }

  /// The task-local storage behind ``current`` (kept internal: its synthesized `$scoped`
  /// projection would be public API without documentation).
  @TaskLocal static var scoped: ScrollSimTestingConfiguration?

  /// The process environment as ScrollSimTesting reads it (replaceable in ScrollSim's own
  /// tests, so they never set process-wide variables).
  @TaskLocal package static var environment: [String: String]?

  /// `self` with every nil field taken from `outer`.
  func inheriting(_ outer: ScrollSimTestingConfiguration?) -> ScrollSimTestingConfiguration {
    guard let outer else { return self }
    return ScrollSimTestingConfiguration(
      record: record ?? outer.record, goldenDirectory: goldenDirectory ?? outer.goldenDirectory,
      artifactsDirectory: artifactsDirectory ?? outer.artifactsDirectory,
      refreshRate: refreshRate ?? outer.refreshRate, tolerance: tolerance ?? outer.tolerance,
      devices: devices ?? outer.devices)
  }

  /// The environment variables read.
  static var processEnvironment: [String: String] {
    environment ?? ProcessInfo.processInfo.environment
  }

  /// The record mode for an argument `argument`, by the documented precedence.
  /// - Throws: ``ScrollSimConfigurationError`` for an unknown `SCROLLSIM_RECORD`.
  static func recordMode(_ argument: ScrollSimRecordMode?) throws(ScrollSimConfigurationError)
    -> ScrollSimRecordMode
  {
    if let mode = argument ?? current?.record { return mode }
    return try ScrollSimRecordMode.fromEnvironment(processEnvironment) ?? .never
  }

  /// The refresh rate for an argument, by the documented precedence (default 120).
  static func refreshRate(_ argument: Int?) -> Int {
    argument ?? current?.refreshRate ?? 120
  }
}

/// Runs `operation` with `record`, `goldenDirectory`, … in force for every ScrollSimTesting
/// check inside it (nil fields inherit the enclosing scope). For XCTest, wrap the test:
///
/// ```swift
/// override func invokeTest() {
///   withScrollSimTesting(record: .missing) { super.invokeTest() }
/// }
/// ```
/// - Parameters:
///   - record: when goldens are written.
///   - goldenDirectory: the directory holding each test file's golden folder.
///   - artifactsDirectory: where a failing replay's actual frames are written.
///   - refreshRate: frames per second, 1…1000.
///   - tolerance: the replay tolerance when a check passes none.
///   - devices: the checker's devices.
///   - operation: the code to run.
/// - Returns: what `operation` returns.
/// - Throws: what `operation` throws.
public func withScrollSimTesting<R>(
  record: ScrollSimRecordMode? = nil, goldenDirectory: String? = nil,
  artifactsDirectory: String? = nil, refreshRate: Int? = nil, tolerance: ReplayTolerance? = nil,
  devices: [CheckDevice]? = nil, operation: () throws -> R
) rethrows -> R {
  let configuration = ScrollSimTestingConfiguration(
    record: record, goldenDirectory: goldenDirectory, artifactsDirectory: artifactsDirectory,
    refreshRate: refreshRate, tolerance: tolerance, devices: devices
  ).inheriting(ScrollSimTestingConfiguration.current)
  return try ScrollSimTestingConfiguration.$scoped.withValue(configuration, operation: operation)
}

/// The `async` form of
/// ``withScrollSimTesting(record:goldenDirectory:artifactsDirectory:refreshRate:tolerance:devices:operation:)``.
/// - Returns: what `operation` returns.
/// - Throws: what `operation` throws.
public func withScrollSimTesting<R>(
  _ configuration: ScrollSimTestingConfiguration, operation: () async throws -> R
) async rethrows -> R {
  try await ScrollSimTestingConfiguration.$scoped.withValue(
    configuration.inheriting(ScrollSimTestingConfiguration.current), operation: operation)
}

/// The Swift Testing trait behind `.scrollSim(…)`: its configuration is in force for every test
/// of the suite or test it is attached to.
public struct ScrollSimTrait: SuiteTrait, TestTrait, TestScoping {
  /// The settings in force.
  public var configuration: ScrollSimTestingConfiguration
  /// Applies to every test of a suite.
  public var isRecursive: Bool { true }

  /// Runs `function` with ``configuration`` in force.
  /// - Throws: what `function` throws.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withScrollSimTesting(configuration, operation: function)
  }
}

extension Trait where Self == ScrollSimTrait {
  /// ScrollSimTesting's settings for a suite or test, e.g. `@Suite(.scrollSim(record: .missing))`;
  /// nil fields inherit (see ``ScrollSimTestingConfiguration``).
  /// - Parameters:
  ///   - record: when goldens are written.
  ///   - goldenDirectory: the directory holding each test file's golden folder.
  ///   - artifactsDirectory: where a failing replay's actual frames are written.
  ///   - refreshRate: frames per second, 1…1000.
  ///   - tolerance: the replay tolerance when a check passes none.
  ///   - devices: the checker's devices.
  public static func scrollSim(
    record: ScrollSimRecordMode? = nil, goldenDirectory: String? = nil,
    artifactsDirectory: String? = nil, refreshRate: Int? = nil, tolerance: ReplayTolerance? = nil,
    devices: [CheckDevice]? = nil
  ) -> Self {
    ScrollSimTrait(
      configuration: ScrollSimTestingConfiguration(
        record: record, goldenDirectory: goldenDirectory, artifactsDirectory: artifactsDirectory,
        refreshRate: refreshRate, tolerance: tolerance, devices: devices))
  }
}
