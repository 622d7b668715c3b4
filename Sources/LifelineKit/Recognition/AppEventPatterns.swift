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
    /// Found by its pattern's literal only: the in-order stage runs the pattern if the event can matter (`DeferredAppEvents`).
    var unconfirmed = false

    public init(name: String, key: String? = nil) {
        self.name = name
        self.key = key
    }
}

/// The `events` of a configuration: named regular expressions, with optional named groups `controller` and
/// `key`, tried on every line that is not a lifecycle event. A line may be several app events.
///
/// Checked sources, `Sendable`; each parser compiles its own (`compiled()`), as `Regex` is not `Sendable`.
public struct AppEventPatterns: Sendable, Equatable {
    public struct Source: Sendable, Equatable {
        public var name: String
        public var pattern: String
        /// Only events inside these callbacks matter: lines passing the pattern's literal become unconfirmed events,
        /// and the expression runs only on those that land in one (`DeferredAppEvents`). Empty: every line is matched.
        var onlyInside: CallbackSet = CallbackSet()

        public init(name: String, pattern: String) {
            self.name = name
            self.pattern = pattern
        }
    }

    public let sources: [Source]

    /// Checks every pattern: it must compile, and its groups may only be `controller` and `key`. The error is the
    /// offending pattern's index and why.
    public init(_ sources: [Source]) throws(AppEventPatternError) {
        _ = try CompiledAppEvents(sources)
        self.sources = sources
    }

    /// The same patterns with `more` after them.
    func adding(_ more: [Source]) -> AppEventPatterns {
        do { return try AppEventPatterns(sources + more) } catch { preconditionFailure("checked patterns failed: \(error)") }
    }

    /// Compiled for one parser; `eager`: confirm every event at once (`lifeline events`).
    func compiled(eager: Bool = false) -> CompiledAppEvents {
        do { return try CompiledAppEvents(sources, eager: eager) } catch { preconditionFailure("patterns that compiled once failed: \(error)") }
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
struct CompiledAppEvents {
    private let names: [String]
    private let expressions: [Regex<AnyRegexOutput>]
    /// Patterns with no required literal: run on every line.
    private let unfiltered: [Int]
    private let screen: LiteralScreen
    /// Patterns whose events the in-order stage confirms (`Source.onlyInside`).
    private var deferred: Set<Int> = []

    init(_ sources: [AppEventPatterns.Source], eager: Bool = false) throws(AppEventPatternError) {
        var expressions: [Regex<AnyRegexOutput>] = []
        var literals: [(literal: [UInt8], pattern: Int, caseless: Bool)] = []
        var unfiltered: [Int] = []
        for (index, source) in sources.enumerated() {
            do { expressions.append(try Regex(source.pattern)) } catch {
                throw AppEventPatternError(index: index, description: "invalid regular expression: \(error)")
            }
            for group in Self.groupNames(source.pattern) where group != "controller" && group != "key" {
                throw AppEventPatternError(index: index, description: "unknown named group (?<\(group)>…) (expected controller or key)")
            }
            guard let required = RequiredLiterals.of(source.pattern) else { unfiltered.append(index); continue }
            literals += required.literals.map { ($0, index, required.caseless) }
            if !eager, !source.onlyInside.isEmpty { deferred.insert(index) }
        }
        self.names = sources.map(\.name)
        self.expressions = expressions
        self.unfiltered = unfiltered
        self.screen = LiteralScreen(literals)
    }

    var isEmpty: Bool { names.isEmpty }

    /// The app events `bytes[message]` is, in pattern order; the message becomes a `String` only when one of its
    /// patterns' literals is in it.
    func match(_ bytes: Bytes, _ message: Range<Int>) -> [RecognizedEvent] {
        var candidates = screen.patterns(in: bytes, message)
        candidates.formUnion(unfiltered)
        guard !candidates.isEmpty else { return [] }
        var text: String?
        return candidates.sorted().compactMap { pattern in
            if deferred.contains(pattern) { return unconfirmed(pattern) }
            if text == nil { text = bytes.string(message) }
            return event(text ?? "", pattern: pattern)
        }
    }

    /// The same on a message already made a `String` (`log --style json` records).
    func match(_ message: String) -> [RecognizedEvent] {
        var copy = message
        return copy.withUTF8 { match($0, 0..<$0.count) }
    }

    private func unconfirmed(_ pattern: Int) -> RecognizedEvent {
        var event = AppEvent(name: names[pattern])
        event.unconfirmed = true
        return RecognizedEvent(kind: .appEvent(event), controller: nil, argument: nil)
    }

    private func event(_ text: String, pattern: Int) -> RecognizedEvent? {
        guard let found = try? expressions[pattern].firstMatch(in: text) else { return nil }
        let key = found.output["key"]?.substring.map(String.init)
        let controller = found.output["controller"]?.substring.map { CompiledPatterns.controller(from: String($0)) }
        return RecognizedEvent(kind: .appEvent(AppEvent(name: names[pattern], key: key)), controller: controller, argument: nil)
    }

    /// The names of a pattern's named groups, `(?<name>…)` and `(?P<name>…)`.
    static func groupNames(_ pattern: String) -> [String] {
        var names: [String] = []
        var rest = Substring(pattern)
        while let open = rest.range(of: "(?") {
            rest = rest[open.upperBound...]
            if rest.hasPrefix("P") { rest = rest.dropFirst() }
            guard rest.hasPrefix("<"), !rest.dropFirst().hasPrefix("="), !rest.dropFirst().hasPrefix("!"),
                  let close = rest.firstIndex(of: ">") else { continue }
            names.append(String(rest[rest.index(after: rest.startIndex)..<close]))
        }
        return names
    }
}

/// Finds which of a set of literals (each standing for a pattern) occur in a line, in one pass: a table says which
/// literals may start at each byte, and only those are compared.
struct LiteralScreen {
    private var literals: [[UInt8]] = []
    private var caseless: [Bool] = []
    private var owners: [Int] = []
    /// Per byte value: the literals that start with it, as indices into `literals`; `mayStart` says whether any does.
    private var startingWith: [[Int]] = Array(repeating: [], count: 256)
    private var mayStart = [Bool](repeating: false, count: 256)
    private var hasAny = false

    init(_ entries: [(literal: [UInt8], pattern: Int, caseless: Bool)]) {
        for entry in entries where !entry.literal.isEmpty {
            let index = literals.count
            literals.append(entry.caseless ? entry.literal.map(ASCII.lowercased) : entry.literal)
            caseless.append(entry.caseless)
            owners.append(entry.pattern)
            let first = entry.literal[0]
            if entry.caseless {
                startingWith[Int(ASCII.lowercased(first))].append(index)
                if ASCII.isLetter(first) { startingWith[Int(ASCII.lowercased(first) & ~0x20)].append(index) }
            } else {
                startingWith[Int(first)].append(index)
            }
            hasAny = true
        }
        for byte in 0..<256 { mayStart[byte] = !startingWith[byte].isEmpty }
    }

    /// The patterns whose literal occurs in `bytes[range]`.
    func patterns(in bytes: Bytes, _ range: Range<Int>) -> Set<Int> {
        guard hasAny else { return [] }
        var found: Set<Int> = []
        for i in range where mayStart[Int(bytes[i])] {
            for literal in startingWith[Int(bytes[i])] where !found.contains(owners[literal]) && occurs(literal, bytes, at: i, before: range.upperBound) {
                found.insert(owners[literal])
            }
        }
        return found
    }

    private func occurs(_ index: Int, _ bytes: Bytes, at start: Int, before limit: Int) -> Bool {
        let literal = literals[index]
        guard limit - start >= literal.count else { return false }
        if caseless[index] {
            for offset in literal.indices where ASCII.lowercased(bytes[start + offset]) != literal[offset] { return false }
            return true
        }
        for offset in literal.indices where bytes[start + offset] != literal[offset] { return false }
        return true
    }
}

extension ASCII {
    @inline(__always) static func lowercased(_ b: UInt8) -> UInt8 { isLetter(b) ? b | 0x20 : b }
}
