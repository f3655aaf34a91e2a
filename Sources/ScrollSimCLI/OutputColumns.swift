/// The outputs chosen with `--outputs NAME[,NAME…]` (`replay`, `plot`), as indices into the
/// effect's outputs, in the order given.
enum OutputColumns {
  /// The indices of the comma-separated names in `text` (nil: every output, in order).
  /// - Parameters:
  ///   - names: the outputs there are.
  ///   - owner: what has them, for the error (`the effect`, `the file`).
  /// - Throws: a usage error naming an unknown, empty or repeated name (listing the names
  ///   there are for an unknown one).
  static func parse(_ text: String?, names: [String], owner: String) throws(CommandError)
    -> [Int]
  {
    guard let text else { return Array(names.indices) }
    var columns: [Int] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      if let seen = columns.first(where: { names[$0] == name }) {
        throw .usage("--outputs: '\(names[seen])' is listed twice")
      }
      guard let index = names.firstIndex(of: name) else {
        throw .usage(
          "--outputs: no output named '\(name)'; \(owner) has: \(names.joined(separator: ", "))")
      }
      columns.append(index)
    }
    return columns
  }

  /// The output an event label (`output:kind`, as in frame files) belongs to.
  static func output(ofEvent event: String) -> String {
    String(event[..<(event.lastIndex(of: ":") ?? event.endIndex)])
  }
}
