extension JSONNode {
  /// The value at `path` (`$`, `$.timelines[1].readsPreviousFrame`: `.key` for an object's
  /// member, `[i]` for an array's element, as ``InputError/path`` writes them), or the deepest
  /// value on the way when the rest does not exist (a path about a value the document leaves
  /// out points at its parent); nil for a text that is not such a path.
  package func node(atPath path: String) -> JSONNode? {
    guard path.first == "$" else { return nil }
    var node = self
    var rest = path.dropFirst()
    while let first = rest.first {
      if first == "." {
        rest = rest.dropFirst()
        let key = rest.prefix { $0 != "." && $0 != "[" }
        rest = rest.dropFirst(key.count)
        guard !key.isEmpty else { return nil }
        guard let member = node[String(key)] else { return node }
        node = member
      } else if first == "[" {
        guard let close = rest.firstIndex(of: "]"),
          let index = Int(rest[rest.index(after: rest.startIndex)..<close])
        else { return nil }
        rest = rest[rest.index(after: close)...]
        guard let elements = node.elements, elements.indices.contains(index) else { return node }
        node = elements[index]
      } else {
        return nil
      }
    }
    return node
  }
}
