import Foundation

/// Paths inside the repository, found from this file's location (the one place the tests find
/// the repository root).
public enum Repository {
  /// The repository root.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Absolute path of `relative` inside the repository.
  public static func path(_ relative: String) -> String {
    root.appendingPathComponent(relative).path
  }

  /// The bundled real traces: `traces/swipe-shield/*.jsonl`, sorted by name.
  public static func bundledTraces() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path("traces/swipe-shield"))
      .filter { $0.hasSuffix(".jsonl") }.sorted().map { "traces/swipe-shield/\($0)" }
  }
}
