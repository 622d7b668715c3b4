/// The name a user most likely meant when they typed one that does not exist: "did you mean …?" for commands,
/// options, and rule identifiers in `.lifeline.json` and `rules explain`.
public enum Suggestion {
    /// The candidate `typed` most likely stands for: the only candidate it is a prefix of, else the nearest
    /// within two edits that changes at most half of `typed` (leading dashes not counted); ties go to the
    /// earlier candidate.
    public static func closest(to typed: String, among candidates: [String]) -> String? {
        let typedLength = typed.drop { $0 == "-" }.count
        let extensions = candidates.filter { $0.hasPrefix(typed) && $0 != typed }
        if typedLength > 0, extensions.count == 1 {
            return extensions[0]
        }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, candidate)
            if distance <= 2, distance * 2 <= typedLength, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// ` (did you mean 'x'?)`, or nothing without a suggestion.
    public static func hint(_ typed: String, among candidates: [String]) -> String {
        closest(to: typed, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The Levenshtein distance: the fewest insertions, deletions and substitutions turning `a` into `b`.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let target = Array(b)
        var previousRow = Array(0...target.count)
        for (i, character) in a.enumerated() {
            var row = [i + 1]
            for (j, targetCharacter) in target.enumerated() {
                let substitution = previousRow[j] + (character == targetCharacter ? 0 : 1)
                row.append(min(substitution, previousRow[j + 1] + 1, row[j] + 1))
            }
            previousRow = row
        }
        return previousRow[target.count]
    }
}
