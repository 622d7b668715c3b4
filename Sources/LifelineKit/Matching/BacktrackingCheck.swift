/// Finds the shapes of a regular expression that make a backtracking matcher take exponential time on a line
/// that almost matches, so a configuration cannot hang a run:
///
/// - a repetition inside a repetition (`(a+)+`, `(a*)*`, `(\w+\s?)*`): a run of `a`s splits into the inner
///   and outer repetitions in exponentially many ways, and every one is tried before the match fails;
/// - alternatives that can match the same text inside a repetition (`(a|a)*`, `(\w|\d)+`, `(a|ab)*`).
///
/// Conservative: when unsure it finds a problem; the message says how to rewrite. A possessive quantifier (`a++`,
/// `a*+`) or an atomic group (`(?>…)`) never gives back what it matched, so repetitions inside one are fine.
/// Patterns that pass can still be slow (`.*.*.*x` is cubic): `CustomPatterns` bounds every match's steps too.
enum BacktrackingCheck {
    /// Why `pattern` can backtrack exponentially, or nil when it cannot.
    static func problem(in pattern: String) -> String? {
        var parser = Parser(Array(pattern.unicodeScalars))
        var parts = [parser.alternation()]
        while parser.position < parser.scalars.count {  // after a `)` with no `(` (which the matcher refuses anyway)
            parser.position += 1
            parts.append(parser.alternation())
        }
        var check = Check(source: parser.scalars, ignoresCase: parser.ignoresCase)
        return check.visit(.sequence(parts), insideRepetition: nil)
    }

    // MARK: Tree

    /// The characters a pattern element can start with, approximately (wider when unsure).
    struct FirstCharacters {
        var any = false
        var scalars: Set<UInt32> = []
        var digits = false
        var words = false
        var spaces = false

        static let anything = FirstCharacters(any: true)

        mutating func formUnion(_ other: FirstCharacters) {
            any = any || other.any
            scalars.formUnion(other.scalars)
            digits = digits || other.digits
            words = words || other.words
            spaces = spaces || other.spaces
        }

        var isEmpty: Bool { !any && scalars.isEmpty && !digits && !words && !spaces }

        func overlaps(_ other: FirstCharacters) -> Bool {
            if isEmpty || other.isEmpty { return false }
            if any || other.any { return true }
            if !scalars.isDisjoint(with: other.scalars) { return true }
            if (digits || words) && (other.digits || other.words) { return true }
            if spaces && other.spaces { return true }
            return scalars.contains { other.classContains($0) } || other.scalars.contains { classContains($0) }
        }

        private func classContains(_ value: UInt32) -> Bool {
            guard let scalar = Unicode.Scalar(value) else { return false }
            let isDigit = scalar.properties.numericType == .decimal
            if digits && isDigit { return true }
            if words && (isDigit || scalar.properties.isAlphabetic || scalar == "_") { return true }
            return spaces && scalar.properties.isWhitespace
        }
    }

    indirect enum Node {
        /// One character from `FirstCharacters`; `literal` when it is exactly one known character.
        case character(FirstCharacters, literal: Unicode.Scalar?)
        /// Matches no text: an anchor, a lookaround's outcome, flags, a comment.
        case nothing
        /// Something that may match any text, of any length (a backreference).
        case unknown
        case sequence([Node])
        case alternation([Node], source: Range<Int>)
        /// A group whose content never gives back what it matched (atomic, lookaround).
        case atomic(Node)
        case repetition(Node, min: Int, max: Int?, possessive: Bool, source: Range<Int>)
    }

    // MARK: Parsing

    /// A lenient recursive-descent reader of the pattern (ICU syntax, which already compiled): whatever it does not
    /// know becomes `.unknown`, which the check treats as the worst case.
    struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var ignoresCase = false

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        private func peek(_ offset: Int) -> Unicode.Scalar? {
            position + offset < scalars.count ? scalars[position + offset] : nil
        }

        mutating func alternation() -> Node {
            let start = position
            var branches = [sequence()]
            while current == "|" {
                position += 1
                branches.append(sequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches, source: start..<position)
        }

        private mutating func sequence() -> Node {
            var items: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                let start = position
                var item = atom()
                while let quantified = quantifier(on: item, from: start) { item = quantified }
                items.append(item)
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        private mutating func quantifier(on item: Node, from start: Int) -> Node? {
            var bounds: (Int, Int?)
            switch current {
            case "*": bounds = (0, nil); position += 1
            case "+": bounds = (1, nil); position += 1
            case "?": bounds = (0, 1); position += 1
            case "{":
                guard let counted = countedBounds() else { return nil }
                bounds = counted
            default: return nil
            }
            var possessive = false
            if current == "+" {
                possessive = true
                position += 1
            } else if current == "?" {
                position += 1  // lazy: tries the same ways, in another order
            }
            return .repetition(item, min: bounds.0, max: bounds.1, possessive: possessive, source: start..<position)
        }

        /// `{n}`, `{n,}` or `{n,m}` at the current position, stepped over; nil (and nothing read) otherwise.
        private mutating func countedBounds() -> (Int, Int?)? {
            var cursor = position + 1
            func number() -> Int? {
                var value: Int?
                while cursor < scalars.count, let digit = Int(String(scalars[cursor])), scalars[cursor].isASCII {
                    value = min(1_000_000, (value ?? 0) * 10 + digit)
                    cursor += 1
                }
                return value
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if cursor < scalars.count, scalars[cursor] == "," {
                cursor += 1
                high = number()
            }
            guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
            position = cursor + 1
            return (low, high)
        }

        private mutating func atom() -> Node {
            guard let scalar = current else { return .nothing }
            position += 1
            switch scalar {
            case "(": return group()
            case "[": return characterClass()
            case "\\": return escape(inClass: false)
            case ".": return .character(.anything, literal: nil)
            case "^", "$": return .nothing
            default: return literal(scalar)
            }
        }

        private func literal(_ scalar: Unicode.Scalar) -> Node {
            var first = FirstCharacters()
            first.scalars.insert(folded(scalar))
            return .character(first, literal: scalar)
        }

        private func folded(_ scalar: Unicode.Scalar) -> UInt32 {
            guard ignoresCase, let lower = String(scalar).lowercased().unicodeScalars.first else { return scalar.value }
            return lower.value
        }

        /// After `(`: the group up to its `)`.
        private mutating func group() -> Node {
            var atomic = false
            if current == "?" {
                position += 1
                switch current {
                case ":": position += 1
                case ">", "=", "!": atomic = true; position += 1
                case "#":
                    while let scalar = current, scalar != ")" { position += 1 }
                    position += 1
                    return .nothing
                case "<" where peek(1) == "=" || peek(1) == "!": atomic = true; position += 2
                case "<", "P", "'":  // a named group: (?<name>…), (?P<name>…), (?'name'…)
                    position += 1
                    while let scalar = current, scalar != ">", scalar != "'" { position += 1 }
                    position += 1
                default:
                    // Flags: `(?i)` sets them for the rest, `(?i:…)` for a group.
                    while let scalar = current, scalar != ")", scalar != ":" {
                        if scalar == "i" { ignoresCase = true }
                        position += 1
                    }
                    if current == ")" {
                        position += 1
                        return .nothing
                    }
                    position += 1
                }
            }
            let content = alternation()
            if current == ")" { position += 1 }
            return atomic ? .atomic(content) : content
        }

        /// After `[`: the class up to its `]`. Negated classes and nested sets count as any character.
        private mutating func characterClass() -> Node {
            var first = FirstCharacters()
            if current == "^" {
                first = .anything
                position += 1
            }
            var isFirst = true
            while let scalar = current, scalar != "]" || isFirst {
                isFirst = false
                position += 1
                switch scalar {
                case "[":
                    first = .anything
                    var depth = 1
                    while let inner = current, depth > 0 {
                        if inner == "[" { depth += 1 } else if inner == "]" { depth -= 1 } else if inner == "\\" { position += 1 }
                        position += 1
                    }
                case "\\":
                    let node = escape(inClass: true)
                    if case .character(let set, _) = node { first.formUnion(set) } else { first = .anything }
                default:
                    if current == "-", let high = peek(1), high != "]" {
                        position += 2
                        first.formUnion(range(scalar, high))
                    } else {
                        first.scalars.insert(folded(scalar))
                    }
                }
            }
            position += 1
            return .character(first, literal: nil)
        }

        private func range(_ low: Unicode.Scalar, _ high: Unicode.Scalar) -> FirstCharacters {
            guard low.value <= high.value, high.value - low.value < 512 else { return .anything }
            var first = FirstCharacters()
            for value in low.value...high.value {
                if let scalar = Unicode.Scalar(value) { first.scalars.insert(folded(scalar)) }
            }
            return first
        }

        /// After `\`: the escape, stepped over.
        private mutating func escape(inClass: Bool) -> Node {
            guard let scalar = current else { return .nothing }
            position += 1
            var first = FirstCharacters()
            switch scalar {
            case "d": first.digits = true
            case "w": first.words = true
            case "s": first.spaces = true
            case "b", "B", "A", "z", "Z", "G":
                if !inClass { return .nothing }  // anchors; in a class `\b` is a backspace
                first = .anything
            case "Q":
                var items: [Node] = []
                while let quoted = current, !(quoted == "\\" && peek(1) == "E") {
                    items.append(literal(quoted))
                    position += 1
                }
                position = min(scalars.count, position + 2)
                return .sequence(items)
            case "p", "P", "x", "N", "u", "U":
                if current == "{" {
                    while let inner = current, inner != "}" { position += 1 }
                    position += 1
                } else if scalar != "p", scalar != "P" {
                    while let hex = current, hex.properties.isASCIIHexDigit { position += 1 }
                } else {
                    position += 1
                }
                first = .anything
            case "1"..."9" where !inClass:
                while let digit = current, ("0"..."9").contains(digit) { position += 1 }
                return .unknown
            case "n": return literal("\n")
            case "t": return literal("\t")
            case "r": return literal("\r")
            default:
                if scalar.properties.isAlphabetic { first = .anything } else { return literal(scalar) }
            }
            return .character(first, literal: nil)
        }
    }

    // MARK: Checking

    struct Check {
        let source: [Unicode.Scalar]
        let ignoresCase: Bool

        private func text(_ range: Range<Int>) -> String {
            var result = String.UnicodeScalarView()
            result.append(contentsOf: source[range.clamped(to: 0..<source.count)])
            return String(result)
        }

        /// The first problem in `node`, which is inside the repetition written at `insideRepetition` (if any) with
        /// no atomic group or possessive quantifier in between.
        mutating func visit(_ node: Node, insideRepetition: Range<Int>?) -> String? {
            switch node {
            case .character, .nothing, .unknown:
                return nil
            case .sequence(let items):
                for item in items {
                    if let problem = visit(item, insideRepetition: insideRepetition) { return problem }
                }
                return nil
            case .alternation(let branches, let range):
                if let outer = insideRepetition, let (a, b) = overlappingBranches(branches) {
                    return "the alternatives \(a) and \(b) of \(text(range)) can match the same text, and \(text(outer)) "
                        + "repeats them; make the alternatives exclusive, or the repetition possessive (\(text(outer))+)"
                }
                for branch in branches {
                    if let problem = visit(branch, insideRepetition: insideRepetition) { return problem }
                }
                return nil
            case .atomic(let content):
                return visit(content, insideRepetition: nil)
            case .repetition(let body, let min, let max, let possessive, let range):
                if possessive { return visit(body, insideRepetition: nil) }
                let repeats = max.map { $0 > 1 } ?? true
                let varies = max.map { $0 > min } ?? true  // `{3}` has one way to match, `{1,3}` several
                if repeats, varies, let outer = insideRepetition, canMatchText(body) {
                    return "\(text(range)) repeats inside \(text(outer)); make the inner repetition possessive "
                        + "(\(text(range))+) or the group atomic ((?>…)), or remove one of them"
                }
                return visit(body, insideRepetition: repeats ? range : insideRepetition)
            }
        }

        /// Two branches, quoted, that can start with the same character (for literal branches: where one is a
        /// prefix of the other).
        private func overlappingBranches(_ branches: [Node]) -> (String, String)? {
            for i in branches.indices {
                for j in branches.indices where j > i {
                    if let left = literalText(branches[i]), let right = literalText(branches[j]) {
                        let (l, r) = ignoresCase ? (left.lowercased(), right.lowercased()) : (left, right)
                        if !l.isEmpty, !r.isEmpty, !l.hasPrefix(r), !r.hasPrefix(l) { continue }
                    }
                    guard first(branches[i]).set.overlaps(first(branches[j]).set) else { continue }
                    return (quoted(branches[i]), quoted(branches[j]))
                }
            }
            return nil
        }

        private func quoted(_ node: Node) -> String { literalText(node).map { "'\($0)'" } ?? "(a branch)" }

        /// The text a branch of literal characters matches; nil for anything else.
        private func literalText(_ node: Node) -> String? {
            switch node {
            case .character(_, let literal?): return String(literal)
            case .sequence(let items):
                var text = ""
                for item in items {
                    guard let part = literalText(item) else { return nil }
                    text += part
                }
                return text
            default: return nil
            }
        }

        /// The characters `node` can start with, and whether it can match no text at all.
        private func first(_ node: Node) -> (set: FirstCharacters, empty: Bool) {
            switch node {
            case .character(let set, _): return (set, false)
            case .nothing: return (FirstCharacters(), true)
            case .unknown: return (.anything, true)
            case .atomic(let content): return first(content)
            case .sequence(let items):
                var set = FirstCharacters()
                for item in items {
                    let (itemSet, empty) = first(item)
                    set.formUnion(itemSet)
                    if !empty { return (set, false) }
                }
                return (set, true)
            case .alternation(let branches, _):
                var set = FirstCharacters()
                var empty = false
                for branch in branches {
                    let (branchSet, branchEmpty) = first(branch)
                    set.formUnion(branchSet)
                    empty = empty || branchEmpty
                }
                return (set, empty)
            case .repetition(let body, let min, _, _, _):
                let (set, empty) = first(body)
                return (set, empty || min == 0)
            }
        }

        /// Whether `node` can match some non-empty text.
        private func canMatchText(_ node: Node) -> Bool {
            switch node {
            case .character, .unknown: return true
            case .nothing: return false
            case .atomic(let content): return canMatchText(content)
            case .sequence(let items): return items.contains(where: canMatchText)
            case .alternation(let branches, _): return branches.contains(where: canMatchText)
            case .repetition(let body, _, let max, _, _): return max != 0 && canMatchText(body)
            }
        }
    }
}
