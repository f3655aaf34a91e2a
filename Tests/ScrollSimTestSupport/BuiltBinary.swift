import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `scrollsim` binary (`swift build`), run as a child process for what an in-process
/// run cannot show: pipes, FIFOs, signals, file-size limits.
///
/// Tests that need it are enabled when it exists, and also whenever the environment variable
/// `CI` is set: there a missing binary is a failure (``require()``), never a silent skip.
public enum BuiltBinary {
  /// The binary's path.
  public static let path = Repository.path(".build/debug/scrollsim")
  /// Whether the binary exists.
  public static let isBuilt = FileManager.default.isExecutableFile(atPath: path)
  /// Whether to run the tests that need it: built, or on CI (where a missing binary fails).
  public static let shouldRun = isBuilt || ProcessInfo.processInfo.environment["CI"] != nil

  /// Fails the test when the binary is missing (on CI, where the tests run regardless).
  public static func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(
      isBuilt, "\(path) is missing: run 'swift build' before the tests",
      sourceLocation: sourceLocation)
  }
}

/// A running child process with its standard output and error collected as they arrive.
/// Every wait is a wait on the process or its pipes (a condition variable), bounded by a
/// timeout; nothing polls.
public final class ChildProcess: @unchecked Sendable {
  /// The child process.
  public let process = Process()
  /// The child's standard input, when asked for.
  public let input: Pipe?
  private let condition = NSCondition()
  private var out = Data()
  private var err = Data()
  private var openStreams = 2
  private var exited = false

  /// Starts `executable` (the built binary by default) with `arguments`.
  /// - Parameter pipeInput: give the child a pipe as standard input (else `/dev/null`).
  public init(
    _ arguments: [String], executable: String = BuiltBinary.path, pipeInput: Bool = false,
    directory: String? = nil
  ) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    input = pipeInput ? Pipe() : nil
    process.standardInput = input ?? FileHandle.nullDevice
    let outPipe = Pipe()
    let errPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    // Close-on-exec on every end (the child gets its own through dup2, which clears the flag):
    // another child started meanwhile by a parallel test must not inherit them, or this
    // child's end of input or output would wait for that one.
    for pipe in [outPipe, errPipe] + (input.map { [$0] } ?? []) {
      for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
        _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
      }
    }
    process.terminationHandler = { [self] _ in
      condition.lock()
      exited = true
      condition.broadcast()
      condition.unlock()
    }
    try process.run()
    // One thread per stream, blocked in read(2) until the child writes or closes it.
    for (pipe, isError) in [(outPipe, false), (errPipe, true)] {
      let descriptor = pipe.fileHandleForReading.fileDescriptor
      Thread.detachNewThread { [self] in
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
          let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
          if count < 0 && errno == EINTR { continue }
          condition.lock()
          if count > 0 {
            if isError {
              err.append(contentsOf: chunk[0..<count])
            } else {
              out.append(contentsOf: chunk[0..<count])
            }
          } else {
            openStreams -= 1
          }
          condition.broadcast()
          condition.unlock()
          if count <= 0 { break }
        }
        _ = pipe  // keeps the read end open until its end
      }
    }
  }

  /// Standard output so far.
  public var output: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: out, as: UTF8.self)
  }

  /// Standard error so far.
  public var errors: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: err, as: UTF8.self)
  }

  /// Waits until `ready` holds for (standard output, standard error), at most `timeout`
  /// seconds; false on a timeout or when the child exits first without it.
  public func wait(
    timeout: Double = 60, until ready: (_ output: String, _ errors: String) -> Bool
  ) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if ready(String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)) {
        return true
      }
      if exited && openStreams == 0 { return false }
      if !condition.wait(until: deadline) { return false }
    }
  }

  /// Waits for the child to exit and its output to end, at most `timeout` seconds; kills it
  /// (SIGKILL) on a timeout. Returns the exit status, or `nil` on a timeout.
  public func finish(timeout: Double = 120) -> Int32? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    while !(exited && openStreams == 0) {
      if !condition.wait(until: deadline) {
        condition.unlock()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return nil
      }
    }
    condition.unlock()
    return process.terminationStatus
  }

  /// Sends `signal` to the child.
  public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

  /// Writes `text` to the child's standard input and, with `close`, ends it.
  public func write(_ text: String, close: Bool = true) throws {
    let handle = try #require(input).fileHandleForWriting
    try handle.write(contentsOf: Data(text.utf8))
    if close { try handle.close() }
  }
}
