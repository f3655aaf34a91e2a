import ScrollRuntime

/// The outputs of one effect in a frame file, for `scrollsim diff --effect NAME`: every output
/// of a file written by that effect alone, or the `NAME/…` outputs of a file written by a group
/// (prefix removed), with the events of those outputs only.
struct EffectView {
  /// Indices of the effect's outputs in the file's records.
  let indices: [Int]
  /// Their names, without the group prefix.
  let names: [String]
  /// The group prefix (`NAME/`), or nil for a single-effect file.
  let prefix: String?

  /// Every output of `header`.
  init(all header: FrameFile.Header) {
    self.init(indices: Array(header.outputs.indices), names: header.outputs, prefix: nil)
  }

  private init(indices: [Int], names: [String], prefix: String?) {
    self.indices = indices
    self.names = names
    self.prefix = prefix
  }

  /// Effect `effect`'s outputs in the file with `header`, or nil when it has none: the file is
  /// neither from `effect` alone (or of unknown effect, a CSV frame file) nor from a group
  /// holding it.
  init?(effect: String, header: FrameFile.Header) {
    let prefix = effect + "/"
    let grouped = header.outputs.indices.filter { header.outputs[$0].hasPrefix(prefix) }
    if !grouped.isEmpty {
      self.init(
        indices: grouped, names: grouped.map { String(header.outputs[$0].dropFirst(prefix.count)) },
        prefix: prefix)
    } else if header.effect == effect || header.effect.isEmpty {
      // A CSV frame file does not record its effect: taken as `effect`'s.
      self.init(all: header)
    } else {
      return nil
    }
  }

  /// `record` with only this effect's values and events (names without the prefix).
  func project(_ record: FrameRecord) -> FrameRecord {
    guard let prefix else { return record }
    var projected = record
    projected.values = indices.map { record.values[$0] }
    projected.events = record.events.filter { $0.hasPrefix(prefix) }.map {
      String($0.dropFirst(prefix.count))
    }
    return projected
  }
}
