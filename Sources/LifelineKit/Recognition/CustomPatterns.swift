import Foundation

/// App-specific event patterns from the configuration: regular expressions (ICU syntax, as `NSRegularExpression`)
/// with named groups `controller` and `event` (and optionally `argument`), tried on every message before the
/// built-in dialects.
///
/// A pattern is user input, so none can hang a run (`RegexPattern`): shapes that backtrack exponentially are refused
/// when the patterns are made, and each match has a budget of matching steps. A message that exhausts it is not
/// matched by that pattern nor any after it: the parser counts its line unparseable and names the pattern.
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

    /// What the patterns made of one message.
    enum Match {
        case event(RecognizedEvent)
        /// The pattern at `index` ran out of matching steps (`RegexPattern.stepBudget`): the message is not judged.
        case overBudget(index: Int, pattern: String)
    }

    let patterns: [RegexPattern]
    /// The literals every match of each pattern holds (`RequiredLiterals`), 64 patterns a screen: a message is
    /// tried only on the patterns whose literal it holds, whatever their number.
    private let screens: [Screen]

    /// The screen of up to 64 patterns, the first at `first`: bit `b` stands for pattern `first + b`.
    private struct Screen: Sendable {
        let first: Int
        let literals: LiteralScreen
        /// Patterns with no literal to screen by: tried on every message.
        let unfiltered: UInt64
    }

    /// The patterns as written, in order.
    public var sources: [String] { patterns.map(\.source) }

    /// Checks and compiles every pattern: it must compile, name the `controller` and `event` groups, and not be
    /// able to backtrack exponentially. The error of the first pattern that fails is thrown with its index.
    public init(_ sources: [String]) throws(IndexedPatternError) {
        var patterns: [RegexPattern] = []
        for (index, source) in sources.enumerated() {
            do { patterns.append(try Self.pattern(source)) } catch { throw IndexedPatternError(index: index, error: error) }
        }
        self.init(patterns)
    }

    /// Patterns known to compile, without the backtracking check: for tests of the step budget alone.
    init(unchecked sources: [String]) {
        self.init(sources.compactMap { try? RegexPattern($0, checked: false) })
    }

    private init(_ patterns: [RegexPattern]) {
        self.patterns = patterns
        screens = stride(from: 0, to: patterns.count, by: 64).map { first in
            var literals: [(literal: RequiredLiterals.Literal, pattern: Int, caseless: Bool)] = []
            var prefixes: [(prefix: [UInt8], pattern: Int, caseless: Bool)] = []
            var unfiltered: UInt64 = 0
            for index in first..<min(first + 64, patterns.count) {
                let source = patterns[index].source, bit = index - first
                if let anchored = RequiredLiterals.anchoredPrefixes(source) {
                    prefixes += anchored.prefixes.map { ($0, bit, anchored.caseless) }
                } else if let required = RequiredLiterals.withWordStarts(source) {
                    literals += required.literals.map { ($0, bit, required.caseless) }
                } else {
                    unfiltered |= 1 << UInt64(bit)
                }
            }
            return Screen(first: first, literals: LiteralScreen(literals, prefixes: prefixes), unfiltered: unfiltered)
        }
    }

    /// A pattern's error and its position in the list.
    public struct IndexedPatternError: Error, CustomStringConvertible, Equatable {
        public var index: Int
        public var error: PatternError
        public var description: String { error.description }
    }

    private static func pattern(_ source: String) throws(PatternError) -> RegexPattern {
        let pattern: RegexPattern
        do { pattern = try RegexPattern(source, checked: false) } catch {
            throw .invalid(pattern: source, reason: "not a valid regular expression (ICU syntax)")
        }
        for group in ["controller", "event"] where !source.contains("(?<\(group)>") {
            throw .missingGroup(pattern: source, group: group)
        }
        if let reason = RegexPattern.problem(in: source) { throw .catastrophicBacktracking(pattern: source, reason: reason) }
        return pattern
    }

    /// What `bytes[message]` describes by the first matching pattern. Patterns whose literals the message lacks
    /// are not run, and a message no pattern can match is not made a `String`: most lines a pattern is tried on
    /// are other app logging.
    func match(_ bytes: Bytes, _ message: Range<Int>) -> Match? {
        var candidates: [Int] = []
        for screen in screens {
            var bits = screen.literals.patterns(in: bytes, message) | screen.unfiltered
            while bits != 0 {
                candidates.append(screen.first + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        guard !candidates.isEmpty else { return nil }
        return match(bytes.string(message), patterns: candidates)
    }

    /// What a message describes by the first matching pattern: an event if the `event` group names a callback or
    /// an observer change; nil when no pattern matches or the match names nothing Lifeline knows.
    func match(_ message: String) -> Match? { match(message, patterns: patterns.indices) }

    private func match(_ message: String, patterns indices: some Sequence<Int>) -> Match? {
        let text = message as NSString
        for index in indices {
            let pattern = patterns[index]
            let found: NSTextCheckingResult
            switch pattern.firstMatch(in: text) {
            case .none: continue
            case .overBudget: return .overBudget(index: index, pattern: pattern.source)
            case .found(let result): found = result
            }
            guard let controllerText = pattern.group("controller", in: found, of: text),
                  var eventText = pattern.group("event", in: found, of: text) else { continue }
            let outcome = eventText.withUTF8 { bytes in
                var recognizer = EventRecognizer(names: .uncached)
                return recognizer.recognize(bytes, in: 0..<bytes.count)  // the bare dialect; the pattern names the controller
            }
            guard var event = outcome.event else { continue }
            event.controller = Self.controller(from: controllerText)
            if let argumentText = pattern.group("argument", in: found, of: text), event.kind.callback?.takesControllerArgument == true {
                let trimmed = Self.trimmed(argumentText)
                event.argument = ["nil", "(null)", "null", ""].contains(trimmed) ? .noParent : .controller(Self.controller(from: trimmed))
            }
            return .event(event)
        }
        return nil
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
