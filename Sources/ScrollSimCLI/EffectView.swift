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
  /// Whether ``indices`` reorder the file's outputs.
  let reorders: Bool

  /// Every output of `header`.
  init(all header: FrameFile.Header) {
    self.init(indices: Array(header.outputs.indices), names: header.outputs, prefix: nil)
  }

  private init(indices: [Int], names: [String], prefix: String?, reorders: Bool = false) {
    self.indices = indices
    self.names = names
    self.prefix = prefix
    self.reorders = reorders
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

  /// The same outputs in the order of `names` (each of which is one of ``names``).
  func reordered(as names: [String]) -> EffectView {
    let order = names.map { self.names.firstIndex(of: $0) ?? 0 }
    return EffectView(
      indices: order.map { indices[$0] }, names: names, prefix: prefix, reorders: true)
  }

  /// `record` with only this effect's values (in this view's order) and events (names without
  /// the prefix).
  func project(_ record: FrameRecord) -> FrameRecord {
    guard prefix != nil || reorders else { return record }
    var projected = record
    projected.values = indices.map { record.values[$0] }
    guard let prefix else { return projected }
    projected.events = record.events.filter { $0.hasPrefix(prefix) }.map {
      String($0.dropFirst(prefix.count))
    }
    return projected
  }
}
