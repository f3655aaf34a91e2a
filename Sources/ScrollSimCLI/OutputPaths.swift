import Foundation

/// Guards against writing over a command's own input: an output path that names the input file
/// (directly, through `..` or a symbolic link, or as another hard link) would truncate it before
/// it is read. Nothing a user recorded may be lost.
enum OutputPaths {
  /// Throws a usage error when one of `outputs` (option name, path) is the same file as
  /// `input`, or two outputs are the same file.
  static func check(input: String, outputs: [(option: String, path: String)])
    throws(CommandError)
  {
    for (k, output) in outputs.enumerated() {
      if same(output.path, input) {
        throw .usage(
          "\(output.option) \(output.path) is the input file \(input): it would be overwritten "
            + "before it is read; write elsewhere")
      }
      for other in outputs[..<k] where same(output.path, other.path) {
        throw .usage("\(other.option) and \(output.option) name the same file \(output.path)")
      }
    }
  }

  /// Whether `a` and `b` name the same file: the same resolved path, or (both existing) the
  /// same device and inode.
  static func same(_ a: String, _ b: String) -> Bool {
    let resolve = { (path: String) in
      URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
    if resolve(a) == resolve(b) { return true }
    let files = FileManager.default
    guard let x = try? files.attributesOfItem(atPath: a),
      let y = try? files.attributesOfItem(atPath: b),
      let inodeX = x[.systemFileNumber] as? NSNumber,
      let inodeY = y[.systemFileNumber] as? NSNumber,
      let deviceX = x[.systemNumber] as? NSNumber, let deviceY = y[.systemNumber] as? NSNumber
    else { return false }
    return inodeX == inodeY && deviceX == deviceY
  }
}
