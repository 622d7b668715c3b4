import Foundation

/// A regular expression of the configuration (`patterns`, `events`, a rule's app event), in ICU syntax as
/// `NSRegularExpression` takes it, compiled once and shared by every parser.
///
/// A pattern is user input, so none can hang a run: each match has a budget of matching steps
/// (`stepBudget(forMessageOfLength:)`), counted by the matcher rather than timed, so the outcome is the same on
/// every machine. Shapes that backtrack exponentially are refused before that (`problem(in:)`).
struct RegexPattern: Sendable {
    /// Why a pattern cannot be used.
    enum Failure: Error, Equatable {
        /// Not a regular expression the matcher compiles.
        case invalid
        /// A shape that can take exponential time (`BacktrackingCheck`), with where and how to rewrite it.
        case catastrophicBacktracking(String)
    }

    /// What one match attempt gave.
    enum Attempt {
        case found(NSTextCheckingResult)
        case none
        /// The matcher ran out of steps before it could tell.
        case overBudget
    }

    /// As written in the configuration, for messages.
    let source: String
    private let expression: NSRegularExpression
    /// The names of its groups (`groupNames(_:)`): only those are asked for.
    let groups: Set<String>
    /// Whether every alternative starts with `^` (`isAnchored(_:)`): the matcher tries the message's start only.
    private let anchored: Bool

    /// Compiles `source`, refusing a shape that backtracks exponentially unless `checked` is false (for tests of
    /// the step budget alone). `(?P<name>…)` is taken for `(?<name>…)`, which is what ICU reads.
    init(_ source: String, checked: Bool = true) throws(Failure) {
        do { expression = try NSRegularExpression(pattern: Self.icuSyntax(source)) } catch { throw .invalid }
        if checked, let reason = Self.problem(in: source) { throw .catastrophicBacktracking(reason) }
        self.source = source
        groups = Set(Self.groupNames(source))
        anchored = Self.isAnchored(source)
    }

    /// Why `source` can backtrack exponentially, or nil when it cannot: the one safety check of every pattern.
    static func problem(in source: String) -> String? { BacktrackingCheck.problem(in: source) }

    /// The matching steps a pattern may take on a message of `length` UTF-16 units, in the matcher's ticks of
    /// 10,000 backtracking steps: 30,000 steps plus 100 a character, at most 10 million. A sound pattern needs a
    /// few steps a character; one that backtracks without end uses a short line's budget in about 2 ms and
    /// reaches the cap in a few hundred.
    static func stepBudget(forMessageOfLength length: Int) -> Int { min(1_000, 3 + length / 100) }

    /// The most start positions whose ticks a match attempt is allowed besides its steps' (`firstMatch`).
    static let positionAllowance = 1 << 16

    /// The first match in `text`, stopped when the matcher reports more ticks than the budget. The matcher also
    /// ticks once for each start position it moves to, which a pattern not anchored at the start may try at every
    /// character: those ticks are allowed on top of the steps', up to `positionAllowance`.
    func firstMatch(in text: NSString) -> Attempt {
        let positions = anchored ? 0 : min(text.length, Self.positionAllowance) + 1
        let budget = Self.stepBudget(forMessageOfLength: text.length) + positions
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

    /// The text of the group `name` in `match` of `text`; nil when the pattern has no such group or it took no part.
    func group(_ name: String, in match: NSTextCheckingResult, of text: NSString) -> String? {
        guard groups.contains(name) else { return nil }
        let range = match.range(withName: name)
        return range.location == NSNotFound ? nil : text.substring(with: range)
    }

    /// The names of a pattern's named groups, `(?<name>…)` and `(?P<name>…)`.
    /// Read byte by byte: Foundation's `range(of:)` took 75,000 instructions a pattern, paid by every file's analysis.
    static func groupNames(_ pattern: String) -> [String] {
        let bytes = Array(pattern.utf8)
        var names: [String] = []
        for open in bytes.indices.dropLast() where bytes[open] == UInt8(ascii: "(") && bytes[open + 1] == UInt8(ascii: "?") {
            var less = open + 2
            if less < bytes.count, bytes[less] == UInt8(ascii: "P") { less += 1 }
            guard less + 1 < bytes.count, bytes[less] == UInt8(ascii: "<"), bytes[less + 1] != UInt8(ascii: "="), bytes[less + 1] != UInt8(ascii: "!"),
                  let close = bytes[(less + 1)...].firstIndex(of: UInt8(ascii: ">")) else { continue }
            names.append(String(decoding: bytes[(less + 1)..<close], as: UTF8.self))
        }
        return names
    }

    /// Whether every top-level alternative of `source` starts with `^`, after flags other than `m` (with which `^`
    /// also matches after a newline).
    static func isAnchored(_ source: String) -> Bool {
        var bytes = Array(source.utf8)
        if bytes.starts(with: Array("(?".utf8)), let close = bytes.firstIndex(of: UInt8(ascii: ")")),
           case let flags = bytes[2..<close], !flags.isEmpty, flags.allSatisfy(ASCII.isLetter) {
            guard !flags.contains(UInt8(ascii: "m")) else { return false }
            bytes.removeSubrange(0...close)
        }
        return RequiredLiterals.topLevelBranches(bytes).allSatisfy { $0.first == UInt8(ascii: "^") }
    }

    /// `source` with each unescaped `(?P<` written `(?<`: `events` took Python's spelling of a named group before
    /// they shared ICU's matcher.
    static func icuSyntax(_ source: String) -> String {
        guard source.contains("(?P<") else { return source }
        var bytes = Array(source.utf8)
        var index = 0
        var inClass = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): inClass = true
            case UInt8(ascii: "]"): inClass = false
            case UInt8(ascii: "(") where !inClass && bytes[index...].starts(with: Array("(?P<".utf8)):
                bytes.remove(at: index + 2)
            default: break
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
