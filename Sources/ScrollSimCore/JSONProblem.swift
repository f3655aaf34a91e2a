/// The first problem of a JSON document or line, before the file name is known: what is wrong,
/// where (byte offset, 1-based line and byte column) and at which JSON path.
///
/// The reader and the typed accessors throw it; the caller that knows the file turns it into
/// an ``InputError`` with ``inputError(file:)`` (documents) or ``inputError(file:line:)``
/// (one line of a line-based file).
@usableFromInline
package struct JSONProblem: Error, Sendable, Equatable {
  /// What is wrong and what was expected; never more than a short excerpt of the input.
  package var message: String
  /// Byte offset of the fault in the text (0-based).
  package var offset: Int
  /// 1-based line of the fault.
  package var line: Int
  /// 1-based byte column of the fault on ``line``.
  package var column: Int
  /// The JSON path after `$` (`.outputs[2].at`), `""` for the root.
  package var pathSuffix: String
  /// True when the text ended before the value did (a cut-off write); false for every other
  /// problem.
  package var isUnexpectedEnd: Bool

  /// A problem at `offset` (line and column as given) and `pathSuffix`.
  package init(
    _ message: String, offset: Int = 0, line: Int = 0, column: Int = 0, pathSuffix: String = "",
    isUnexpectedEnd: Bool = false
  ) {
    self.message = message
    self.offset = offset
    self.line = line
    self.column = column
    self.pathSuffix = pathSuffix
    self.isUnexpectedEnd = isUnexpectedEnd
  }

  /// A problem with `node` (its place) at JSON path `path` (`$.outputs[2]`).
  package init(_ message: String, at node: JSONNode, path: String) {
    self.init(
      message, offset: node.offset, line: node.line, column: node.column,
      pathSuffix: path.hasPrefix("$") ? String(path.dropFirst()) : path)
  }

  /// The JSON path: `$`, `$.outputs[2].keyframes[1].at`.
  package var path: String { "$" + pathSuffix }

  /// The path as a field name of a line-based file: `device.scale`, `outputs[1]`; `""` for the
  /// root.
  package var field: String {
    pathSuffix.hasPrefix(".") ? String(pathSuffix.dropFirst()) : pathSuffix
  }

  /// The same problem one level further out, inside member `key` of an object.
  @usableFromInline
  package func inside(key: String) -> JSONProblem {
    var problem = self
    problem.pathSuffix = "." + InputError.excerpt(key) + pathSuffix
    return problem
  }

  /// The same problem one level further out, inside element `index` of an array.
  package func inside(index: Int) -> JSONProblem {
    var problem = self
    problem.pathSuffix = "[\(index)]" + pathSuffix
    return problem
  }

  /// The problem in JSON document `file`: `file:line:column: $.path: message`.
  package func inputError(file: String) -> InputError {
    InputError(
      .invalid, file: file, line: line, column: column, path: path, field: field, message: message)
  }

  /// The problem on 1-based `line` of line-based file `file`: `file:line: field: message`.
  package func inputError(file: String, line: Int) -> InputError {
    InputError(.invalid, file: file, line: line, field: field, message: message)
  }
}

extension InputError {
  /// Longest excerpt of the input an error message repeats, in characters: 40.
  package static let excerptLength = 40

  /// `text` for an error message: as is when short, else its first ``excerptLength``
  /// characters and `…`, so a 100 MB value never becomes a 100 MB error line.
  package static func excerpt(_ text: some StringProtocol) -> String {
    var end = text.startIndex
    var count = 0
    while end < text.endIndex {
      if count == excerptLength { return String(text[..<end]) + "…" }
      end = text.index(after: end)
      count += 1
    }
    return String(text)
  }
}
