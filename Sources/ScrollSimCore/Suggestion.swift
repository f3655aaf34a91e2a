/// "Did you mean …" for a misspelt command, option, preset, profile name or JSON key: the closest
/// word by edit distance (Levenshtein), when it is close enough to be a plausible typo. Shared
/// by the command line and every reader that rejects an unknown name.
package enum Suggestion {
  /// The word in `candidates` closest to `word`, if few enough edits away to be a typo (1 for
  /// words up to 3 characters, else a third of the length, at least 2, at most 3); ties go to
  /// the earlier candidate.
  /// - Complexity: O(`word.count` × total length of `candidates`).
  package static func closest(to word: String, among candidates: [String]) -> String? {
    let limit = word.count <= 3 ? 1 : min(3, max(2, word.count / 3))
    var best: (word: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let distance = editDistance(word, candidate)
      if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.word
  }

  /// `; did you mean 'x'?` for the closest candidate (with `prefix` before it, e.g. `--`), or
  /// `""` when none is close.
  package static func didYouMean(_ word: String, among candidates: [String], prefix: String = "")
    -> String
  {
    closest(to: word, among: candidates).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
  }

  /// `a`, `a or b`, `a, b or c`.
  package static func list(_ words: [String]) -> String {
    guard let last = words.last else { return "" }
    return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The number of single-character insertions, deletions, substitutions and transpositions
  /// of two neighbours from `a` to `b` (the optimal string alignment distance, so `iso` is one
  /// edit from `ios`, as a typist would count it).
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var beforePrevious = Array(repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
