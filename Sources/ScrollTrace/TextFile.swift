import Foundation

/// Reads a whole text file as UTF-8 for the reader and importers.
enum TextFile {
  /// The contents of the file at `path` (`-` is standard input; a pipe or FIFO is read once).
  /// - Throws: ``/ScrollSimCore/InputError`` at line 0 when the file is missing, a directory or unreadable;
  ///   at the first line holding bytes that are not UTF-8.
  static func read(path: String) throws(InputError) -> String {
    let input = try InputSource.open(path)
    return try decodeUTF8(Data(try input.bytes()), file: input.name)
  }

  /// `data` as a string, or an error naming the first line that is not valid UTF-8.
  static func decodeUTF8(_ data: Data, file: String) throws(InputError) -> String {
    if let text = String(validating: data, as: UTF8.self) { return text }
    var lineNumber = 1
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if String(validating: line, as: UTF8.self) == nil { break }
      lineNumber += 1
    }
    throw InputError(file: file, line: lineNumber, field: "", message: "not valid UTF-8 text")
  }
}
