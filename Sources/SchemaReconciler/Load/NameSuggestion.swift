// MARK: - NameSuggestion

/// Finds the known key or name closest to a misspelt one, for "did you mean …?" hints.
///
/// ```swift
/// NameSuggestion.closest(to: "not_nul", among: ["type", "not_null"]) // "not_null"
/// NameSuggestion.closest(to: "notNull", among: ["type", "not_null"]) // "not_null"
/// NameSuggestion.closest(to: "colour", among: ["type", "not_null"])  // nil
/// ```
enum NameSuggestion {
    // MARK: Closest

    /// The candidate closest to `word` by edit distance, when it is reasonably close (at most 2
    /// edits, or a third of the length); spellings that differ only in case, `_`, `-` or
    /// camelCase are closest of all. Ties go to the first candidate.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let folded = fold(word)
        if let same = candidates.first(where: { fold($0) == folded }) { return same }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(word.lowercased()), Array(candidate.lowercased()))
            let limit = max(2, candidate.count / 3)
            guard distance <= limit, distance < max(word.count, candidate.count) else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    // MARK: Edit distance

    /// The Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Lower case without `_` and `-`: `notNull`, `not-null` and `NOT_NULL` fold alike.
    private static func fold(_ word: String) -> String {
        String(word.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }
}
