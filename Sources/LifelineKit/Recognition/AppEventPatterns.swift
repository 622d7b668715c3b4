import Foundation

/// An app event: an ordinary app log line that an `events` pattern of the configuration names (`productRequest`).
/// The timeline attaches it to the controller the pattern captured, else to the one whose callback is running on
/// its thread, and notes that callback.
public struct AppEvent: Hashable, Sendable {
    /// The name the configuration gives the pattern.
    public var name: String
    /// The text of the pattern's `key` group, which `pairs` rules may match by.
    public var key: String?
    /// The lifecycle callback of the event's controller running on its thread when it was logged (set by the timeline).
    public var callback: Callback?
    /// The line of that callback.
    public var callbackLine: Int?

    public init(name: String, key: String? = nil) {
        self.name = name
        self.key = key
    }
}

/// The `events` of a configuration: named regular expressions, with optional named groups `controller` and
/// `key`, tried on every line that is not a lifecycle event. A line may be several app events.
///
/// Checked sources, `Sendable`; each parser compiles the expressions it runs (`compiled()`, `RegexPattern`).
public struct AppEventPatterns: Sendable, Equatable {
    public struct Source: Sendable, Equatable {
        public var name: String
        public var pattern: String
        /// Only events inside these callbacks matter: the parser leaves the pattern alone, and the in-order stage
        /// tries it on the lines logged while one of them runs on their thread (`LateAppEvents`). Empty: every line.
        var onlyInside: CallbackSet = CallbackSet()

        public init(name: String, pattern: String) {
            self.name = name
            self.pattern = pattern
        }
    }

    public let sources: [Source]

    /// Checks every pattern: it must compile, its groups may only be `controller` and `key`, and it must not be
    /// able to backtrack exponentially (`RegexPattern.problem(in:)`, as for `patterns`; each match has a step budget
    /// too). The error is the offending pattern's index and why.
    public init(_ sources: [Source]) throws(AppEventPatternError) {
        _ = try CompiledAppEvents.Analysis(sources, role: .eager)
        for (index, source) in sources.enumerated() {
            if let reason = RegexPattern.problem(in: source.pattern) {
                throw AppEventPatternError(index: index, description: "can take exponential time on a line that almost matches: \(reason)")
            }
        }
        self.sources = sources
    }

    /// Patterns already checked (by the configuration), not compiled again.
    init(checked sources: [Source]) { self.sources = sources }

    /// Compiled for one parser (`.parser`), for the in-order stage (`.late`), or for both at once (`.eager`:
    /// `lifeline events` confirms every event in the parser). Each compiles only the expressions it runs, when a
    /// line first needs one.
    func compiled(_ role: CompiledAppEvents.Role = .parser) -> CompiledAppEvents {
        let analysis = Self.analyses.value(for: AnalysisKey(sources: sources, role: role)) {
            do { return try CompiledAppEvents.Analysis(sources, role: role) } catch { preconditionFailure("patterns that compiled once failed: \(error)") }
        }
        return CompiledAppEvents(analysis)
    }

    /// The analyses made so far, by patterns and role: a folder's files mostly share one configuration, and a file's
    /// parsers one analysis.
    private static let analyses = SharedMemo<AnalysisKey, CompiledAppEvents.Analysis>(capacity: 8)

    private struct AnalysisKey: Equatable, Sendable {
        var sources: [Source]
        var role: CompiledAppEvents.Role
    }
}

/// Why an `events` pattern cannot be used.
public struct AppEventPatternError: Error, Equatable, CustomStringConvertible {
    /// The pattern's position in the sources.
    public var index: Int
    public var description: String
}

/// `AppEventPatterns` compiled for one parser. A regular expression runs only on lines holding one of the
/// literals every match of it must contain (`RequiredLiterals`), found in one pass over the line.
///
/// A class: the parser reaches it on every line, which must not copy its tables. Its screens come from an
/// `Analysis`, the same for every parser; its expressions are its own, compiled when a line first needs one.
final class CompiledAppEvents {
    /// What the patterns are compiled for.
    enum Role: Sendable {
        /// The parser: the patterns it runs (not those left to the in-order stage), which it only screens for.
        case parser
        /// The in-order stage: only the patterns left to it (`Source.onlyInside`).
        case late
        /// Every pattern in the parser (`lifeline events`).
        case eager
    }

    /// What reading the patterns for one role gives: their literals' screens and which run where. The same for
    /// every parser, and made once per process for each set of patterns and role (`AppEventPatterns.compiled`): it takes
    /// about 0.6 M instructions, which every file of a folder and every parser of a file paid before.
    struct Analysis: Sendable {
        let names: [String]
        let patterns: [String]
        /// Per pattern: whether this role runs its expression.
        let runs: [Bool]
        /// Per pattern, the text it is when it is `^` and plain characters (`RequiredLiterals.exactAnchoredLiteral`):
        /// the screen finding it at a message's start is the match, and the expression does not run.
        let exactLiterals: [[UInt8]?]
        /// The screens, each for 64 patterns (a bit each): pattern `i` is bit `i % 64` of bank `i / 64`. Almost
        /// every configuration has one bank; more keep every pattern screened, whatever their number.
        let banks: [Bank]
        /// Whether every pattern the parser runs is found by its prefix alone (`LiteralScreen.rejectsByHead`).
        let screenIsPrefixesOnly: Bool
        let hasParserPatterns: Bool
        let hasLatePatterns: Bool

        /// The screens of up to 64 patterns.
        struct Bank: Sendable {
            /// The first pattern's index: bit `b` stands for pattern `first + b`.
            let first: Int
            let screen: LiteralScreen
            /// Patterns with no required literal: run on every line.
            let unfiltered: UInt64
            /// Patterns the in-order stage tries (`Source.onlyInside`), as bits, and their screen.
            let deferred: UInt64
            let lateScreen: LiteralScreen
            let lateUnfiltered: UInt64
        }

        /// Checks every pattern (it compiles, its groups are `controller` and `key`) when `role` is `.eager`; other
        /// roles are given checked sources.
        init(_ sources: [AppEventPatterns.Source], role: Role) throws(AppEventPatternError) {
            let eager = role == .eager
            var runs: [Bool] = []
            let exactLiterals = sources.map { RequiredLiterals.exactAnchoredLiteral($0.pattern) }
            var banks: [Bank] = []
            for first in stride(from: 0, to: sources.count, by: 64) {
                var literals: [(literal: RequiredLiterals.Literal, pattern: Int, caseless: Bool)] = []
                var lateLiterals = literals
                var prefixes: [(prefix: [UInt8], pattern: Int, caseless: Bool)] = []
                var latePrefixes = prefixes
                var deferred: UInt64 = 0
                var unfiltered: UInt64 = 0, lateUnfiltered: UInt64 = 0
                for index in first..<min(first + 64, sources.count) {
                    let source = sources[index], bit = index - first
                    let isLate = !eager && !source.onlyInside.isEmpty
                    runs.append(eager || isLate == (role == .late))
                    // A pattern of plain characters compiles; the others are checked by compiling them
                    if eager, exactLiterals[index] == nil {
                        do { _ = try RegexPattern(source.pattern, checked: false) } catch {
                            throw AppEventPatternError(index: index, description: "invalid regular expression: not valid in ICU syntax")
                        }
                    }
                    for group in RegexPattern.groupNames(source.pattern) where group != "controller" && group != "key" {
                        throw AppEventPatternError(index: index, description: "unknown named group (?<\(group)>…) (expected controller or key)")
                    }
                    if isLate { deferred |= 1 << UInt64(bit) }
                    if let anchored = RequiredLiterals.anchoredPrefixes(source.pattern) {  // compared at the message's start only
                        let found = anchored.prefixes.map { ($0, bit, anchored.caseless) }
                        if isLate { latePrefixes += found } else { prefixes += found }
                        continue
                    }
                    guard let required = RequiredLiterals.withWordStarts(source.pattern) else {
                        if !isLate { unfiltered |= 1 << UInt64(bit) } else { lateUnfiltered |= 1 << UInt64(bit) }
                        continue
                    }
                    if isLate {
                        lateLiterals += required.literals.map { ($0, bit, required.caseless) }
                    } else {
                        literals += required.literals.map { ($0, bit, required.caseless) }
                    }
                }
                banks.append(Bank(first: first, screen: LiteralScreen(literals, prefixes: prefixes), unfiltered: unfiltered,
                                  deferred: deferred, lateScreen: LiteralScreen(lateLiterals, prefixes: latePrefixes),
                                  lateUnfiltered: lateUnfiltered))
            }
            names = sources.map(\.name)
            self.exactLiterals = exactLiterals
            self.runs = runs
            patterns = sources.map(\.pattern)
            self.banks = banks
            screenIsPrefixesOnly = banks.allSatisfy { $0.unfiltered == 0 }
            let deferredCount = banks.reduce(0) { $0 + $1.deferred.nonzeroBitCount }
            hasParserPatterns = sources.count > deferredCount
            hasLatePatterns = deferredCount > 0
        }
    }

    /// The screens and roles, shared with every parser of the same patterns (read in place: a struct's fields).
    private let analysis: Analysis
    /// The patterns' expressions, compiled when first run (most lines a pattern runs on are decided by its
    /// literals alone); nil for those not compiled yet and those this role does not run.
    private var expressions: [RegexPattern?]

    init(_ analysis: Analysis) {
        self.analysis = analysis
        expressions = Array(repeating: nil, count: analysis.patterns.count)
    }

    /// Checks every pattern (it compiles, its groups are `controller` and `key`) and runs them all.
    convenience init(_ sources: [AppEventPatterns.Source]) throws(AppEventPatternError) {
        self.init(try Analysis(sources, role: .eager))
    }

    var isEmpty: Bool { analysis.names.isEmpty }
    /// Whether the parser has patterns to try (`match`): some that are not left to the in-order stage.
    var hasParserPatterns: Bool { analysis.hasParserPatterns }
    /// Whether some patterns are left to the in-order stage (`matchLate`).
    var hasLatePatterns: Bool { analysis.hasLatePatterns }

    /// Whether the parser should try `match` on `bytes[message]`: it has patterns to try, and the message is not
    /// turned away by its first four bytes alone (most lines, at the cost of one load, without a call).
    @inline(__always)
    func parserMayMatch(_ bytes: Bytes, _ message: Range<Int>) -> Bool {
        guard analysis.hasParserPatterns, analysis.screenIsPrefixesOnly else { return analysis.hasParserPatterns }
        for bank in analysis.banks where !bank.screen.rejectsByHead(bytes, message) { return true }
        return false
    }

    /// The app events `bytes[message]` is, in pattern order; the message becomes a `String` only when one of its
    /// patterns' literals is in it.
    func match(_ bytes: Bytes, _ message: Range<Int>) -> [RecognizedEvent] {
        var text: String?
        var events: [RecognizedEvent] = []
        for bank in analysis.banks {
            let candidates = bank.screen.patterns(in: bytes, message) | bank.unfiltered
            if candidates != 0 { events += self.events(bytes, message, candidates, first: bank.first, &text) }
        }
        return events
    }

    /// Words of which one starts a word of every message a late pattern can match (`LiteralScreen.wordStartLiterals`),
    /// or nil when the late patterns have no such words.
    var lateWordStarts: [[UInt8]]? {
        var words: [[UInt8]] = []
        for bank in analysis.banks {
            guard bank.lateUnfiltered == 0, let bankWords = bank.lateScreen.wordStartLiterals else { return nil }
            words += bankWords
        }
        return words
    }

    /// Whether a pattern left to the in-order stage may match `bytes[message]`: when the patterns have no watched
    /// words (`lateWordStarts`), the parser keeps no other line for them.
    func mayMatchLate(_ bytes: Bytes, _ message: Range<Int>) -> Bool {
        analysis.banks.contains { $0.lateUnfiltered != 0 || $0.lateScreen.patterns(in: bytes, message) != 0 }
    }

    /// The events of the patterns left to the in-order stage.
    func matchLate(_ bytes: Bytes, _ message: Range<Int>) -> [RecognizedEvent] {
        var text: String?
        var events: [RecognizedEvent] = []
        for bank in analysis.banks {
            let candidates = bank.lateScreen.patterns(in: bytes, message) | bank.lateUnfiltered
            if candidates != 0 { events += self.events(bytes, message, candidates, first: bank.first, &text) }
        }
        return events
    }

    /// The same as `match` and `matchLate` together, on a message already made a `String` (`log --style json`
    /// records, whose lines the in-order stage does not see).
    func match(_ message: String) -> [RecognizedEvent] {
        var copy = message
        return copy.withUTF8 { match($0, 0..<$0.count) + matchLate($0, 0..<$0.count) }
    }

    /// The events of the `candidates` (bits of the bank whose first pattern is `first`).
    private func events(_ bytes: Bytes, _ message: Range<Int>, _ candidates: UInt64, first: Int, _ text: inout String?) -> [RecognizedEvent] {
        var events: [RecognizedEvent] = []
        var remaining = candidates
        while remaining != 0 {
            let pattern = first + remaining.trailingZeroBitCount
            remaining &= remaining - 1
            if let literal = analysis.exactLiterals[pattern], message.count == literal.count || bytes[message.lowerBound + literal.count] < 0x80 {
                events.append(RecognizedEvent(kind: .appEvent(AppEvent(name: analysis.names[pattern])), controller: nil, argument: nil))
                continue  // the screen found it at the start (candidates come from the screens)
            }
            if text == nil { text = bytes.string(message) }
            if let event = event(text ?? "", pattern: pattern) { events.append(event) }
        }
        return events
    }

    /// The event of `pattern` in `text`, if it matches within its step budget (a line that exhausts it is no event).
    private func event(_ text: String, pattern: Int) -> RecognizedEvent? {
        guard let expression = expression(pattern) else { return nil }
        let message = text as NSString
        guard case .found(let found) = expression.firstMatch(in: message) else { return nil }
        let key = expression.group("key", in: found, of: message)
        let controller = expression.group("controller", in: found, of: message).map(CustomPatterns.controller(from:))
        return RecognizedEvent(kind: .appEvent(AppEvent(name: analysis.names[pattern], key: key)), controller: controller, argument: nil)
    }

    /// How many expressions were compiled so far: each is compiled when a line its screen passed first needs it,
    /// so a pattern whose literal no line held has none (the tests check the screen holds for any number of patterns).
    var compiledExpressionCount: Int { expressions.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// The expression of `pattern`, compiled the first time; nil when this role does not run it.
    private func expression(_ pattern: Int) -> RegexPattern? {
        if let compiled = expressions[pattern] { return compiled }
        guard analysis.runs[pattern] else { return nil }
        do { expressions[pattern] = try RegexPattern(analysis.patterns[pattern], checked: false) } catch {
            preconditionFailure("a pattern that compiled once failed: \(error)")
        }
        return expressions[pattern]
    }
}

/// Finds which of a set of literals (each standing for one of up to 64 patterns) occur in a line, in one pass: a
/// bit table of the literals' first two bytes says where a literal may start, and only there are they compared.
struct LiteralScreen {
    private struct Entry {
        var bytes: [UInt8]
        var caseless: Bool
        var wordStart: Bool
        var pattern: UInt64
    }

    /// Literals of two bytes or more, by their first byte (a caseless one under both cases): those starting with
    /// byte `b` are `entries[bucketStart[b]..<bucketStart[b + 1]]`.
    private var entries: [Entry] = []
    private var bucketStart = [Int](repeating: 0, count: 257)
    /// Bit `(first << 8) | second` set when some literal may start with those two bytes (both cases if caseless).
    private var pairs = [UInt64](repeating: 0, count: 1024)
    /// The same for literals that need not start a word: after a letter or digit only these are looked at.
    private var midWordPairs = [UInt64](repeating: 0, count: 1024)
    /// Literals of one byte: any line holding the byte passes.
    private var singles: [UInt64] = Array(repeating: 0, count: 256)
    private var hasAny = false
    private var hasSingles = false
    /// Whether some literal of two bytes or more need not start a word: else only word starts are looked at.
    private var hasMidWord = false
    /// The literals, when every one is case-sensitive, starts a word and can be watched (`EventRecognizer.canWatch`),
    /// and the screen has nothing else (no prefixes, no one-byte literals): then a message holds one only
    /// if one of them starts one of its words, which the event recogniser can be asked to watch for
    /// (`EventRecognizer.init(watching:)`). Nil otherwise.
    private(set) var wordStartLiterals: [[UInt8]]?
    /// Literals a message must start with (`RequiredLiterals.anchoredPrefixes`), end to end in `prefixBytes`, and
    /// a bit per first two bytes they may start with (any second byte for a literal of one): most messages are
    /// turned away by one bit.
    private struct Prefix {
        var start: Int
        var count: Int
        var caseless: Bool
        var pattern: UInt64
        /// Its first four bytes (lowercased when caseless; fewer for a shorter literal) as a little-endian
        /// number, and the mask of those bytes: a message whose first bytes differ is not compared further.
        var head: UInt32
        var headMask: UInt32
    }
    private var hasCaselessPrefix = false
    /// When every prefix has four bytes or more: a bit per hash of the first four bytes they start with, which
    /// turns away messages that share only their first two with one (`[Cart]` for `[Checkout]`).
    private var prefixHeadBits: [UInt64]?
    /// Whether `prefixHeadBits` decides alone (`rejectsByHead`).
    private var onlyHeads = false
    private var prefixes: [Prefix] = []
    private var prefixBytes: [UInt8] = []
    private var prefixPairs = [UInt64](repeating: 0, count: 1024)

    init(_ literals: [(literal: RequiredLiterals.Literal, pattern: Int, caseless: Bool)],
         prefixes: [(prefix: [UInt8], pattern: Int, caseless: Bool)] = []) {
        for (prefix, pattern, caseless) in prefixes where !prefix.isEmpty {
            let bytes = caseless ? prefix.map(ASCII.lowercased) : prefix
            let headCount = min(bytes.count, 4)
            let headMask: UInt32 = headCount == 4 ? ~0 : (1 << UInt32(headCount * 8)) - 1
            self.prefixes.append(Prefix(start: prefixBytes.count, count: bytes.count, caseless: caseless, pattern: 1 << UInt64(pattern),
                                        head: Self.head(bytes[...], 0..<headCount, lowercased: false), headMask: headMask))
            if caseless { hasCaselessPrefix = true }
            prefixBytes += bytes
            let seconds = bytes.count > 1 ? Self.variants(bytes[1], caseless) : (0...255).map(UInt8.init)
            for first in Self.variants(bytes[0], caseless) {
                for second in seconds {
                    let pair = Int(first) << 8 | Int(second)
                    prefixPairs[pair >> 6] |= 1 << UInt64(pair & 63)
                }
            }
        }
        if !self.prefixes.isEmpty, self.prefixes.allSatisfy({ $0.count >= 4 }) {
            var bits = [UInt64](repeating: 0, count: 64)
            for prefix in self.prefixes {
                let bit = Self.headBit(prefix.head)  // lowercased already when caseless
                bits[bit >> 6] |= 1 << UInt64(bit & 63)
            }
            prefixHeadBits = bits
        }
        onlyHeads = prefixHeadBits != nil && !hasCaselessPrefix && literals.allSatisfy { $0.literal.bytes.isEmpty }
        var byFirst: [(first: UInt8, entry: Entry)] = []
        for (literal, pattern, caseless) in literals where !literal.bytes.isEmpty {
            let bytes = caseless ? literal.bytes.map(ASCII.lowercased) : literal.bytes
            let entry = Entry(bytes: bytes, caseless: caseless, wordStart: literal.wordStart, pattern: 1 << UInt64(pattern))
            if bytes.count >= 2 { byFirst += Self.variants(bytes[0], caseless).map { ($0, entry) } }
            hasAny = true
            guard bytes.count >= 2 else {
                for first in Self.variants(bytes[0], caseless) { singles[Int(first)] |= 1 << UInt64(pattern) }
                hasSingles = true
                continue
            }
            for first in Self.variants(bytes[0], caseless) {
                for second in Self.variants(bytes[1], caseless) {
                    let pair = Int(first) << 8 | Int(second)
                    pairs[pair >> 6] |= 1 << UInt64(pair & 63)
                    if !literal.wordStart {
                        midWordPairs[pair >> 6] |= 1 << UInt64(pair & 63)
                        hasMidWord = true
                    }
                }
            }
        }
        byFirst.sort { $0.first < $1.first }
        entries = byFirst.map(\.entry)
        if self.prefixes.isEmpty, !hasSingles, !hasMidWord,
           entries.allSatisfy({ !$0.caseless && $0.wordStart && EventRecognizer.canWatch($0.bytes) }) {
            wordStartLiterals = entries.map(\.bytes)
        }
        var next = 0
        for byte in 0...256 {
            while next < byFirst.count, Int(byFirst[next].first) < byte { next += 1 }
            bucketStart[byte] = next
        }
    }

    private static func variants(_ byte: UInt8, _ caseless: Bool) -> [UInt8] {
        caseless && ASCII.isLetter(byte) ? [byte | 0x20, byte & ~0x20] : [byte]
    }

    private static func headBit(_ head: UInt32) -> Int { Int((head &* 0x9E37_79B1) >> 20) }

    /// Whether no literal of this screen can be in `bytes[range]`, told by its first four bytes alone: only for a
    /// screen of case-sensitive prefixes of four bytes or more and no other literals (else false).
    @inline(__always)
    func rejectsByHead(_ bytes: Bytes, _ range: Range<Int>) -> Bool {
        guard onlyHeads else { return false }
        guard range.count >= 4, let base = bytes.baseAddress else { return true }
        let bit = Self.headBit(UInt32(littleEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt32.self)))
        return prefixHeadBits![bit >> 6] & (1 << UInt64(bit & 63)) == 0
    }

    /// The patterns (as bits) whose literal occurs in `bytes[range]`.
    func patterns(in bytes: Bytes, _ range: Range<Int>) -> UInt64 {
        var found: UInt64 = 0
        if let prefixHeadBits, range.count >= 4, let base = bytes.baseAddress {
            let head = UInt32(littleEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt32.self))
            var bit = Self.headBit(head)
            if prefixHeadBits[bit >> 6] & (1 << UInt64(bit & 63)) == 0, hasCaselessPrefix {
                bit = Self.headBit(Self.head(bytes, range.lowerBound..<(range.lowerBound + 4), lowercased: true))
            }
            if prefixHeadBits[bit >> 6] & (1 << UInt64(bit & 63)) != 0 { found = startingPrefixes(bytes, range, head: head) }
        } else if !prefixes.isEmpty, !range.isEmpty {
            let pair = range.count > 1 ? Int(bytes[range.lowerBound]) << 8 | Int(bytes[range.lowerBound + 1]) : -1
            if pair < 0 || prefixPairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0 { found = startingPrefixes(bytes, range) }
        }
        guard hasAny, range.count >= 1 else { return found }
        if !hasMidWord {
            found |= atWordStarts(bytes, range)
            if hasSingles { for i in range { found |= singles[Int(bytes[i])] } }
            return found
        }
        pairs.withUnsafeBufferPointer { pairs in
            midWordPairs.withUnsafeBufferPointer { midWordPairs in
                var i = range.lowerBound
                let last = range.upperBound - 1
                while i < last {
                    let pair = Int(bytes[i]) << 8 | Int(bytes[i + 1])
                    let bit: UInt64 = 1 << UInt64(pair & 63)
                    if pairs[pair >> 6] & bit != 0,
                       i == range.lowerBound || bytes[i - 1] >= 0x80 || !ASCII.isIdentifier(bytes[i - 1]) || midWordPairs[pair >> 6] & bit != 0 {
                        found |= matches(bytes, at: i, range)
                    }
                    i += 1
                }
            }
        }
        if hasSingles { for i in range { found |= singles[Int(bytes[i])] } }
        return found
    }

    /// `patterns(in:)` when every literal of two bytes or more starts a word: the rest of each word is skipped.
    private func atWordStarts(_ bytes: Bytes, _ range: Range<Int>) -> UInt64 {
        var found: UInt64 = 0
        let words = KeywordTable.shared.classes
        pairs.withUnsafeBufferPointer { pairs in
            var i = range.lowerBound
            let last = range.upperBound - 1
            while i < last {  // `i` starts a word: the message's start, or after a byte that is not in a word
                let pair = Int(bytes[i]) << 8 | Int(bytes[i + 1])
                if pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0 { found |= matches(bytes, at: i, range) }
                if words[bytes[i]] & ByteClass.identifier != 0 { i = words.wordEnd(bytes, from: i + 1, limit: last) }
                i += 1
            }
        }
        return found
    }

    /// The patterns of the literals (of two bytes or more) that occur at `start`.
    private func matches(_ bytes: Bytes, at start: Int, _ range: Range<Int>) -> UInt64 {
        var found: UInt64 = 0
        let first = Int(bytes[start])
        for entry in entries[bucketStart[first]..<bucketStart[first + 1]] where range.upperBound - start >= entry.bytes.count {
            if entry.wordStart, start > range.lowerBound, bytes[start - 1] < 0x80, ASCII.isIdentifier(bytes[start - 1]) { continue }
            if Self.equal(entry, bytes, at: start) { found |= entry.pattern }
        }
        return found
    }

    /// The patterns whose prefix `bytes[range]` starts with; `known` is its first four bytes when already read.
    private func startingPrefixes(_ bytes: Bytes, _ range: Range<Int>, head known: UInt32? = nil) -> UInt64 {
        var found: UInt64 = 0
        let headRange = range.lowerBound..<(range.lowerBound + min(range.count, 4))
        let head = known ?? Self.head(bytes, headRange, lowercased: false)
        let lowerHead = hasCaselessPrefix ? Self.head(bytes, headRange, lowercased: true) : head
        prefixBytes.withUnsafeBufferPointer { literal in
            for prefix in prefixes where range.count >= prefix.count && (prefix.caseless ? lowerHead : head) & prefix.headMask == prefix.head {
                if !prefix.caseless {
                    if memcmp(literal.baseAddress! + prefix.start, bytes.baseAddress! + range.lowerBound, prefix.count) == 0 { found |= prefix.pattern }
                    continue
                }
                var equal = true
                for offset in 0..<prefix.count where ASCII.lowercased(bytes[range.lowerBound + offset]) != literal[prefix.start + offset] {
                    equal = false
                    break
                }
                if equal { found |= prefix.pattern }
            }
        }
        return found
    }

    /// `bytes[range]` (four bytes at most) as a little-endian number.
    private static func head<Source: Collection<UInt8>>(_ bytes: Source, _ range: Range<Int>, lowercased: Bool) -> UInt32 where Source.Index == Int {
        var head: UInt32 = 0
        for index in range { head |= UInt32(lowercased ? ASCII.lowercased(bytes[index]) : bytes[index]) << UInt32((index - range.lowerBound) * 8) }
        return head
    }

    /// Whether `entry`'s literal is at `start` (which leaves room for it).
    private static func equal(_ entry: Entry, _ bytes: Bytes, at start: Int) -> Bool {
        for offset in entry.bytes.indices {
            let byte = bytes[start + offset]
            if (entry.caseless ? ASCII.lowercased(byte) : byte) != entry.bytes[offset] { return false }
        }
        return true
    }
}

extension ASCII {
    @inline(__always) static func lowercased(_ b: UInt8) -> UInt8 { isLetter(b) ? b | 0x20 : b }
}
