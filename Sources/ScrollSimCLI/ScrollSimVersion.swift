/// The version of the ScrollSim package, printed by `scrollsim --version` and
/// `scrollsim-bench --version`.
public enum ScrollSimVersion {
  /// Semantic version of this source tree.
  public static let current = "0.1.0"
}
