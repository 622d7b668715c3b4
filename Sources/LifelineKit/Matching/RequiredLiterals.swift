/// The literal text a regular expression's every match must contain, so lines without it can skip the expression.
///
/// One literal per top-level alternative (`a|b` needs `a` or `b`): the longest run of plain characters outside groups
/// and classes, less a character a quantifier may make absent. Conservative: a pattern it cannot read (`(?x)`,
/// `\Q…\E`, an alternative with no literal) has none and runs on every line. Only ASCII is kept, less the
/// characters a matcher comparing by canonical equivalence takes as equal to others (`K`, `;`, `` ` ``), and with
/// `(?i)` also `k`, `s` and `i`, which Unicode case folding matches with `K`, `ſ` and `İ`. A literal right after `\b` that
/// starts with a word character is marked: it cannot follow an ASCII letter, digit or `_` (`\bfetch` is not in
/// `Prefetching`).
enum RequiredLiterals {
    /// The literals (one per alternative, any of them suffices) and whether they compare ignoring ASCII case.
    static func of(_ pattern: String) -> (literals: [[UInt8]], caseless: Bool)? {
        guard let found = withWordStarts(pattern) else { return nil }
        return (found.literals.map(\.bytes), found.caseless)
    }

    /// A literal, and whether it starts a word.
    struct Literal: Equatable {
        var bytes: [UInt8]
        var wordStart: Bool
    }

    /// The same, with each literal's word start.
    static func withWordStarts(_ pattern: String) -> (literals: [Literal], caseless: Bool)? {
        var bytes = Array(pattern.utf8)
        var caseless = false
        if bytes.starts(with: Array("(?".utf8)), let close = bytes.firstIndex(of: UInt8(ascii: ")")),
           case let flags = bytes[2..<close], !flags.isEmpty, flags.allSatisfy(ASCII.isLetter) {  // `(?i)`, not `(?:…)`
            guard !flags.contains(UInt8(ascii: "x")) else { return nil }
            caseless = flags.contains(UInt8(ascii: "i"))
            bytes.removeSubrange(0...close)
        }
        guard !pattern.contains("\\Q"), !pattern.contains("(?x") else { return nil }
        var literals: [Literal] = []
        for branch in topLevelBranches(bytes) {
            let literal = longestLiteral(branch, caseless: caseless)
            guard !literal.bytes.isEmpty else { return nil }
            literals.append(literal)
        }
        return literals.isEmpty ? nil : (literals, caseless)
    }

    /// The text every match starts with, per top-level alternative, when each alternative starts with `^` and
    /// literal text (`^\[Analytics\] event=` needs `[Analytics] event=` at the start of the message): only the
    /// message's first bytes need comparing. Nil when some alternative is not anchored so.
    static func anchoredPrefixes(_ pattern: String) -> (prefixes: [[UInt8]], caseless: Bool)? {
        var bytes = Array(pattern.utf8)
        var caseless = false
        if bytes.starts(with: Array("(?".utf8)), let close = bytes.firstIndex(of: UInt8(ascii: ")")),
           case let flags = bytes[2..<close], !flags.isEmpty, flags.allSatisfy(ASCII.isLetter) {
            guard !flags.contains(UInt8(ascii: "x")), !flags.contains(UInt8(ascii: "m")) else { return nil }
            caseless = flags.contains(UInt8(ascii: "i"))
            bytes.removeSubrange(0...close)
        }
        guard !pattern.contains("\\Q"), !pattern.contains("(?x") else { return nil }
        var prefixes: [[UInt8]] = []
        for branch in topLevelBranches(bytes) {
            guard branch.first == UInt8(ascii: "^") else { return nil }
            let prefix = leadingLiteral(branch.dropFirst(), caseless: caseless).bytes
            guard !prefix.isEmpty else { return nil }
            prefixes.append(prefix)
        }
        return prefixes.isEmpty ? nil : (prefixes, caseless)
    }

    /// The text a pattern that is `^` and plain characters only (`^\[Onboarding\] shown`) matches: a message
    /// starting with it is a match, when the character after it (if any) is ASCII, as a combining mark would join
    /// the last character into another. Nil for any other pattern.
    static func exactAnchoredLiteral(_ pattern: String) -> [UInt8]? {
        let bytes = Array(pattern.utf8)
        guard bytes.first == UInt8(ascii: "^"), topLevelBranches(bytes).count == 1 else { return nil }
        let literal = leadingLiteral(bytes.dropFirst(), caseless: false)
        return literal.complete && !literal.bytes.isEmpty ? literal.bytes : nil
    }

    /// The characters the branch matches literally from its start, up to the first that is not plain (or that a
    /// quantifier may make absent or repeat); `complete` when that is the whole branch.
    private static func leadingLiteral(_ branch: ArraySlice<UInt8>, caseless: Bool) -> (bytes: [UInt8], complete: Bool) {
        let unsafe: Set<UInt8> = caseless ? Set("Kk;`SsIi".utf8) : Set("K;`".utf8)
        let special: Set<UInt8> = Set("\\.[](){}*+?|^$".utf8)
        var run: [UInt8] = []
        var i = branch.startIndex
        while i < branch.endIndex {
            var character = branch[i]
            var next = i + 1
            if character == UInt8(ascii: "\\") {
                guard next < branch.endIndex else { return (run, false) }
                character = branch[next]
                next += 1
                guard !ASCII.isIdentifier(character), character < 0x80, character > 0x20 else { return (run, false) }  // \d, \b, \n…
            } else if special.contains(character) || character < 0x20 || character >= 0x80 {
                return (run, false)
            }
            guard !unsafe.contains(character) else { return (run, false) }
            let quantifier = next < branch.endIndex ? branch[next] : 0
            if [UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "{")].contains(quantifier) { return (run, false) }
            run.append(character)
            if quantifier == UInt8(ascii: "+") { return (run, false) }
            i = next
        }
        return (run, true)
    }

    /// The pattern split at `|` outside groups and classes.
    static func topLevelBranches(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var branches: [ArraySlice<UInt8>] = []
        var depth = 0, inClass = false, start = 0, i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\") { i += 2; continue }
            if inClass {
                if byte == UInt8(ascii: "]") { inClass = false }
            } else if byte == UInt8(ascii: "[") {
                inClass = true
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "]") { i += 1 }  // `[]…]` holds a `]`
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
            } else if byte == UInt8(ascii: "|"), depth == 0 {
                branches.append(bytes[start..<i])
                start = i + 1
            }
            i += 1
        }
        branches.append(bytes[start..<min(i, bytes.count)])
        return branches
    }

    /// The longest run of characters the branch matches literally, outside its groups and classes.
    static func longestLiteral(_ branch: ArraySlice<UInt8>, caseless: Bool) -> Literal {
        let unsafe: Set<UInt8> = caseless ? Set("Kk;`SsIi".utf8) : Set("K;`".utf8)
        var best = Literal(bytes: [], wordStart: false), run: [UInt8] = []
        var afterBoundary = false, runAfterBoundary = false
        func endRun() {
            if run.count > best.bytes.count { best = Literal(bytes: run, wordStart: runAfterBoundary && ASCII.isIdentifier(run[0])) }
            run = []
        }
        var i = branch.startIndex
        while i < branch.endIndex {
            let byte = branch[i]
            var literal: UInt8?
            var next = i + 1
            switch byte {
            case UInt8(ascii: "\\"):
                guard next < branch.endIndex else { endRun(); return best }
                let escaped = branch[next]
                next += 1
                if !ASCII.isIdentifier(escaped), escaped < 0x80, escaped > 0x20 { literal = escaped }
                if escaped == UInt8(ascii: "b") {  // zero width: a run may start after it
                    endRun()
                    afterBoundary = true
                    i = next
                    continue
                }
            case UInt8(ascii: "["):
                next = skipClass(branch, from: i)
            case UInt8(ascii: "("):
                next = skipGroup(branch, from: i)
            case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "|"), UInt8(ascii: ")"):
                break
            case UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "+"), UInt8(ascii: "{"):
                break  // a quantifier after something not literal (handled below for literals)
            default:
                if byte >= 0x20, byte < 0x80 { literal = byte }
            }
            let quantifier = next < branch.endIndex ? branch[next] : 0
            if let character = literal, !unsafe.contains(character) {
                if run.isEmpty { runAfterBoundary = afterBoundary }
                switch quantifier {
                case UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "{"):
                    endRun()  // the character may be absent
                case UInt8(ascii: "+"):
                    run.append(character)
                    endRun()  // present, but maybe repeated: what follows is not next to it
                default:
                    run.append(character)
                }
            } else {
                endRun()
            }
            afterBoundary = false
            if byte == UInt8(ascii: "{"), let close = branch[i...].firstIndex(of: UInt8(ascii: "}")) { next = close + 1 }
            i = next
        }
        endRun()
        return best
    }

    private static func skipClass(_ branch: ArraySlice<UInt8>, from start: Int) -> Int {
        var i = start + 1
        if i < branch.endIndex, branch[i] == UInt8(ascii: "^") { i += 1 }
        if i < branch.endIndex, branch[i] == UInt8(ascii: "]") { i += 1 }
        while i < branch.endIndex {
            if branch[i] == UInt8(ascii: "\\") { i += 2; continue }
            if branch[i] == UInt8(ascii: "]") { return i + 1 }
            i += 1
        }
        return branch.endIndex
    }

    private static func skipGroup(_ branch: ArraySlice<UInt8>, from start: Int) -> Int {
        var depth = 0, i = start
        while i < branch.endIndex {
            switch branch[i] {
            case UInt8(ascii: "\\"): i += 1
            case UInt8(ascii: "["): i = skipClass(branch, from: i) - 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return i + 1 }
            default: break
            }
            i += 1
        }
        return branch.endIndex
    }
}
