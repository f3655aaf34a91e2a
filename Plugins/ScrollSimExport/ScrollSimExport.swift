import Foundation
import PackagePlugin

/// The build-tool plugin `ScrollSimExport`: every effect spec in a target, a file named
/// `NAME.effect.json`, compiled to straight-line Swift at build time by `scrollsim export swift`
/// (docs/swift-export.md), so the target uses the generated type with no checked-in copy to
/// keep up to date: the build runs the export again whenever the spec or ScrollSim changes.
///
/// Each spec gives one file, `NAME.swift` in the plugin's work directory, holding an `internal`
/// type named as `scrollsim export swift` names it (the spec's `name` in UpperCamelCase +
/// `Effect`). A spec the exporter refuses fails the build with the exporter's message, one
/// line `path:line:column: error: $.key: …` that Xcode and editors link to the spec (exit 65);
/// a successful export prints nothing (`--quiet`). A target with specs must depend on
/// ScrollEffects (in a package the plugin says so otherwise; an Xcode target is not checked).
@main
struct ScrollSimExport: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    // The generated types conform to ScrollEffects' protocols: without the dependency the
    // target would compile only when another target happened to build ScrollEffects first.
    let hasSpecs = target.sourceFiles.contains { $0.url.lastPathComponent.hasSuffix(Self.suffix) }
    if hasSpecs, !target.recursiveTargetDependencies.contains(where: { $0.name == "ScrollEffects" })
    {
      throw PluginError(
        "target '\(target.name)' has effect specs (*\(Self.suffix)) but does not depend on "
          + "ScrollEffects, which the generated types import: add "
          + ".product(name: \"ScrollEffects\", package: \"ScrollSim\") to its dependencies")
    }
    return try Self.commands(
      specs: target.sourceFiles.map(\.url), tool: context.tool(named: "scrollsim").url,
      workDirectory: context.pluginWorkDirectoryURL)
  }

  /// The suffix that marks a file as an effect spec to export.
  static let suffix = ".effect.json"

  /// One export command per spec among the target's `files` (those named `*.effect.json`),
  /// writing `NAME.swift` into `workDirectory` with the `scrollsim` executable at `tool`.
  /// - Throws: ``PluginError`` when two specs would write the same file (the same `NAME` in
  ///   two folders of the target), or a spec's file would have the name of one of the target's
  ///   Swift files (the compiler's objects are named after the file).
  static func commands(specs files: [URL], tool: URL, workDirectory: URL) throws -> [Command] {
    var written: [String: URL] = [:]
    for file in files where file.pathExtension == "swift" { written[file.lastPathComponent] = file }
    var commands: [Command] = []
    for spec in files where spec.lastPathComponent.hasSuffix(suffix) {
      let stem = String(spec.lastPathComponent.dropLast(suffix.count))
      let output = workDirectory.appendingPathComponent(stem + ".swift")
      if let other = written[output.lastPathComponent] {
        throw PluginError(
          "\(spec.path) would generate \(output.lastPathComponent), and "
            + (other.pathExtension == "swift"
              ? "the target has a Swift file of that name, \(other.path)"
              : "so would \(other.path)")
            + ": rename one of them (each NAME.effect.json of a target writes NAME.swift)")
      }
      written[output.lastPathComponent] = spec
      commands.append(
        .buildCommand(
          displayName: "scrollsim export swift \(spec.lastPathComponent)", executable: tool,
          arguments: ["export", "swift", spec.path, "--out", output.path, "--quiet"],
          inputFiles: [spec], outputFiles: [output]))
    }
    return commands
  }
}

/// Why the plugin made no commands for a target.
struct PluginError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension ScrollSimExport: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws
      -> [Command]
    {
      try Self.commands(
        specs: target.inputFiles.map(\.url), tool: context.tool(named: "scrollsim").url,
        workDirectory: context.pluginWorkDirectoryURL)
    }
  }
#endif
