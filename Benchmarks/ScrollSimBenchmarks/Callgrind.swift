import Foundation

/// Instruction counts from `valgrind --tool=callgrind`: deterministic, so a stable gate on a
/// noisy machine where time is not.
///
/// The benchmark binary runs itself under callgrind twice for a case: W warm-up iterations then
/// N₁ measured ones, and W then N₂. Start-up, set-up and warm-up cost the same in both runs, so
/// `(I₂ − I₁) / (N₂ − N₁)` is the steady-state instruction count per iteration.
enum Callgrind {
  /// The valgrind executable on `PATH`, or nil when it is not installed.
  static let valgrind: String? = {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(
      separator: ":")
    return paths.map { "\($0)/valgrind" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Instructions per unit of `benchmark`, or nil when a run fails.
  /// - Parameter iterations: iterations per measured run (N₁; N₂ is 3·N₁), ≥ 1.
  static func instructionsPerUnit(_ benchmark: BenchmarkCase, iterations: Int) -> Double? {
    guard let first = instructions(benchmark.name, warmup: iterations, iterations: iterations),
      let second = instructions(benchmark.name, warmup: iterations, iterations: 3 * iterations),
      second > first
    else { return nil }
    return Double(second - first) / (Double(2 * iterations) * benchmark.unitsPerIteration)
  }

  /// Total instructions of one child run, from callgrind's "Collected :" line.
  private static func instructions(_ name: String, warmup: Int, iterations: Int) -> UInt64? {
    guard let valgrind else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments = [
      "--tool=callgrind", "--callgrind-out-file=/dev/null", selfPath, "--run-case", name,
      "--warmup", String(warmup), "--iterations", String(iterations),
    ]
    // Hashing is randomly seeded per process; the set-up's dictionaries would then cost a
    // different number of instructions in the two runs, which the subtraction does not cancel.
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    for line in text.split(separator: "\n") where line.contains("Collected :") {
      if let number = line.split(separator: " ").last.flatMap({ UInt64($0) }) { return number }
    }
    return nil
  }

  /// This executable's path.
  private static var selfPath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }
}
