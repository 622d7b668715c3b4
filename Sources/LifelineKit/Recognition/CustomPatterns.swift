import Foundation

/// App-specific event patterns from the configuration: regular expressions (ICU syntax, as `NSRegularExpression`)
/// with named groups `controller` and `event` (and optionally `argument`), tried on every message before the
/// built-in dialects.
///
/// A pattern is user input, so none can hang a run: shapes that backtrack exponentially are refused when the
/// patterns are made (`BacktrackingCheck`), and each match has a budget of matching steps
/// (`stepBudget(forMessageOfLength:)`). A message that exhausts it is not matched by that pattern nor any after
/// it: the parser counts its line unparseable and names the pattern. Steps are counted by the matcher, not timed,
/// so the outcome is the same on every machine.
public struct CustomPatterns: Sendable {
    /// Why a pattern was refused.
    public enum PatternError: Error, CustomStringConvertible, Equatable {
        /// Not a regular expression the matcher compiles.
        case invalid(pattern: String, reason: String)
        /// No `(?<controller>…)` or `(?<event>…)` group.
        case missingGroup(pattern: String, group: String)
        /// A shape that can take exponential time (`BacktrackingCheck`), with where and how to rewrite it.
        case catastrophicBacktracking(pattern: String, reason: String)

        public var description: String {
            switch self {
            case .invalid(let pattern, let reason): return "invalid pattern \(pattern): \(reason)"
            case .missingGroup(let pattern, let group): return "pattern \(pattern) has no named group (?<\(group)>…)"
            case .catastrophicBacktracking(let pattern, let reason):
                return "pattern \(pattern) can take exponential time on a line that almost matches: \(reason)"
            }
        }
    }

    /// One checked pattern.
    struct Pattern: Sendable {
        /// As written in the configuration, for messages.
        let source: String
        let expression: NSRegularExpression
        /// The bytes every message it matches starts with (`requiredPrefix(of:)`), checked first.
        let prefix: [UInt8]
    }

    /// What the patterns made of one message.
    enum Match {
        case event(RecognizedEvent)
        /// The pattern at `index` ran out of matching steps (`stepBudget`): the message is not judged.
        case overBudget(index: Int, pattern: String)
    }

    let patterns: [Pattern]

    /// The patterns as written, in order.
    public var sources: [String] { patterns.map(\.source) }

    /// Checks and compiles every pattern: it must compile, name the `controller` and `event` groups, and not be
    /// able to backtrack exponentially. The error of the first pattern that fails is thrown with its index.
    public init(_ sources: [String]) throws(IndexedPatternError) {
        var patterns: [Pattern] = []
        for (index, source) in sources.enumerated() {
            do { patterns.append(try Self.pattern(source)) } catch { throw IndexedPatternError(index: index, error: error) }
        }
        self.patterns = patterns
    }

    /// Patterns known to compile, without the backtracking check: for tests of the step budget alone.
    init(unchecked sources: [String]) {
        patterns = sources.compactMap { source in
            (try? NSRegularExpression(pattern: source)).map { Pattern(source: source, expression: $0, prefix: Self.requiredPrefix(of: source)) }
        }
    }

    /// A pattern's error and its position in the list.
    public struct IndexedPatternError: Error, CustomStringConvertible, Equatable {
        public var index: Int
        public var error: PatternError
        public var description: String { error.description }
    }

    private static func pattern(_ source: String) throws(PatternError) -> Pattern {
        let expression: NSRegularExpression
        do { expression = try NSRegularExpression(pattern: source) } catch {
            throw .invalid(pattern: source, reason: "not a valid regular expression (ICU syntax)")
        }
        for group in ["controller", "event"] where !source.contains("(?<\(group)>") {
            throw .missingGroup(pattern: source, group: group)
        }
        if let reason = BacktrackingCheck.problem(in: source) { throw .catastrophicBacktracking(pattern: source, reason: reason) }
        return Pattern(source: source, expression: expression, prefix: requiredPrefix(of: source))
    }

    /// The matching steps one pattern may take on a message of `length` UTF-16 units, in the matcher's ticks of
    /// 10,000 backtracking steps: 30,000 steps plus 100 a character, at most 10 million. A sound pattern needs a
    /// few steps a character; one that backtracks without end uses a short line's budget in about 2 ms and
    /// reaches the cap in a few hundred.
    static func stepBudget(forMessageOfLength length: Int) -> Int { min(1_000, 3 + length / 100) }

    /// What `bytes[message]` describes by the first matching pattern. Patterns whose required prefix the
    /// message lacks are not run, and a message no pattern can match is not made a `String`: most lines a
    /// pattern is tried on are other app logging.
    func match(_ bytes: Bytes, _ message: Range<Int>) -> Match? {
        let candidates = patterns.indices.filter { bytes.matches(patterns[$0].prefix, at: message.lowerBound, before: message.upperBound) }
        guard !candidates.isEmpty else { return nil }
        return match(bytes.string(message), patterns: candidates)
    }

    /// What a message describes by the first matching pattern: an event if the `event` group names a callback or
    /// an observer change; nil when no pattern matches or the match names nothing Lifeline knows.
    func match(_ message: String) -> Match? { match(message, patterns: patterns.indices) }

    private func match(_ message: String, patterns indices: some Sequence<Int>) -> Match? {
        let text = message as NSString
        for index in indices {
            let found: NSTextCheckingResult
            switch Self.firstMatch(patterns[index].expression, in: text) {
            case .none: continue
            case .overBudget: return .overBudget(index: index, pattern: patterns[index].source)
            case .found(let result): found = result
            }
            func group(_ name: String) -> String? {
                let range = found.range(withName: name)
                return range.location == NSNotFound ? nil : text.substring(with: range)
            }
            guard let controllerText = group("controller"), var eventText = group("event") else { continue }
            let outcome = eventText.withUTF8 { bytes in
                var recognizer = EventRecognizer(names: .uncached)
                return recognizer.recognize(bytes, in: 0..<bytes.count)  // the bare dialect; the pattern names the controller
            }
            guard var event = outcome.event else { continue }
            event.controller = Self.controller(from: controllerText)
            if let argumentText = group("argument"), event.kind.callback?.takesControllerArgument == true {
                let trimmed = Self.trimmed(argumentText)
                event.argument = ["nil", "(null)", "null", ""].contains(trimmed) ? .noParent : .controller(Self.controller(from: trimmed))
            }
            return .event(event)
        }
        return nil
    }

    private enum Attempt {
        case found(NSTextCheckingResult)
        case none
        case overBudget
    }

    /// The first match of `expression` in `text`, stopped when the matcher reports more ticks than the budget.
    private static func firstMatch(_ expression: NSRegularExpression, in text: NSString) -> Attempt {
        let budget = stepBudget(forMessageOfLength: text.length)
        var attempt = Attempt.none
        var ticks = 0
        expression.enumerateMatches(in: text as String, options: [.reportProgress], range: NSRange(location: 0, length: text.length)) { result, flags, stop in
            if let result {
                attempt = .found(result)
                stop.pointee = true
            } else if flags.contains(.progress) {
                ticks += 1
                if ticks >= budget {
                    attempt = .overBudget
                    stop.pointee = true
                }
            }
        }
        return attempt
    }

    /// The literal text after a leading `^`, up to the first character that means something in a pattern:
    /// every match starts with it. Empty for patterns that are not anchored or hold a `|` (which may alternate
    /// the anchor away). Only ASCII is kept, less `K`, `;` and `` ` ``, in case a matcher compares characters
    /// by canonical equivalence (U+212A, U+037E and U+1FEF are the same characters as those three).
    static func requiredPrefix(of pattern: String) -> [UInt8] {
        let bytes = Array(pattern.utf8)
        guard bytes.first == UInt8(ascii: "^"), !bytes.contains(UInt8(ascii: "|")) else { return [] }
        let special = Set("\\.[](){}*+?|^$K;`".utf8)
        var prefix: [UInt8] = []
        for byte in bytes.dropFirst() {
            guard byte >= 0x20, byte < 0x7F, !special.contains(byte) else {
                if [UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{")].contains(byte), !prefix.isEmpty {
                    prefix.removeLast()  // the character before a quantifier may not be there at all
                }
                break
            }
            prefix.append(byte)
        }
        return prefix
    }

    static func controller(from text: String) -> ControllerRef {
        var copy = text
        return copy.withUTF8 { bytes in
            ControllerRefParser.parseAngle(bytes, at: 0, limit: bytes.count)?.ref
        } ?? ControllerRef(name: trimmed(text))
    }

    /// `text` without the tabs and spaces (Unicode space separators) around it, as `trimmingCharacters(in:
    /// .whitespaces)` gives it, without Foundation's bridging, which cost more than the regular expression.
    static func trimmed(_ text: String) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || (scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator)
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }
}
