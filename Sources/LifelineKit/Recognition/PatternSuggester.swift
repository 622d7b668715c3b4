import Foundation

/// A `patterns` entry inferred from a file's own lines, for lines that mention a callback but that Lifeline does not
/// read (`lifeline events --suggest`): the lines are grouped by their print site, the way online log parsers such as
/// Drain group lines by their constant tokens; within the biggest group, the token that holds the callback word is
/// the `event`, and the token that varies among names is the `controller`.
public struct PatternSuggestion: Sendable, Equatable {
    /// The regular expression, ready for `.lifeline.json`'s `patterns`.
    public let pattern: String
    /// What the pattern reads from the file's lines it was inferred from: line, callback and controller.
    public let readings: [Reading]
    /// How many of the file's unread callback lines the pattern reads.
    public let unreadLines: Int

    public struct Reading: Sendable, Equatable {
        public let line: Int
        public let callback: Callback
        public let controller: String
    }
}

public enum PatternSuggester {
    /// Logs, the pattern each must give and its first reading (`line callback controller`); one test runs them.
    static let samples: [(log: [String], pattern: String, first: String)] = [
        (["2024-03-01 10:49:46.694 Shop[4089:361037] lifecycle event=viewDidLoad screen=Cart",
          "2024-03-01 10:49:46.695 Shop[4089:361037] lifecycle event=viewWillAppear screen=Cart",
          "2024-03-01 10:49:52.300 Shop[4089:361037] lifecycle event=viewDidLoad screen=Payment"],
         #"^lifecycle\s+event=(?<event>\w+)\s+screen=(?<controller>\S+)$"#, "1 viewDidLoad Cart"),
        (["Вызов viewDidLoad экран Главная", "Вызов viewWillAppear экран Главная", "Вызов viewDidLoad экран Корзина"],
         #"^Вызов\s+(?<event>\w+)\s+экран\s+(?<controller>\S+)$"#, "1 viewDidLoad Главная"),
    ]

    /// The suggestion for `lines` (each with its number and the message after its log prefix) that mention a
    /// callback and are not read as events of a named controller; nil when no two lines share a shape.
    public static func suggest(_ lines: [(line: Int, message: String)]) -> PatternSuggestion? {
        let shaped = lines.compactMap { entry in Shape(entry.message).map { (entry.line, $0) } }
        let groups = Dictionary(grouping: shaped) { $0.1.key }
        guard let (_, group) = groups.max(by: { $0.value.count < $1.value.count || ($0.value.count == $1.value.count && $0.key > $1.key) }),
              group.count >= 2 else { return nil }
        let shapes = group.map(\.1)
        let eventIndex = shapes[0].eventToken
        let count = shapes[0].tokens.count
        let varying = (0..<count).filter { index in index != eventIndex && Set(shapes.map { $0.tokens[index] }).count > 1 }
        let named = varying.filter { index in shapes.allSatisfy { $0.tokens[index].contains(where: \.isLetter) } }
        let controllerIndex = named.min { a, b in
            (Set(shapes.map { $0.tokens[a] }).count, abs(a - eventIndex)) < (Set(shapes.map { $0.tokens[b] }).count, abs(b - eventIndex))
        } ?? (0..<count).filter { $0 != eventIndex && shapes[0].tokens[$0].contains(where: \.isLetter) }.min { abs($0 - eventIndex) < abs($1 - eventIndex) }
        guard let controllerIndex else { return nil }

        var pieces: [String] = []
        for index in 0..<count {
            let values = shapes.map { $0.tokens[index] }
            if index == eventIndex {
                pieces.append(escaped(shapes[0].eventPrefix) + "(?<event>\\w+)" + anySuffix(shapes.map(\.eventSuffix)))
            } else if index == controllerIndex || varying.contains(index) {
                let key = commonKey(values)
                pieces.append(escaped(key) + (index == controllerIndex ? "(?<controller>\\S+)" : "\\S+"))
            } else {
                pieces.append(escaped(values[0]))
            }
        }
        let pattern = "^" + pieces.joined(separator: "\\s+") + "$"
        guard let compiled = try? CustomPatterns([pattern]) else { return nil }
        var readings: [PatternSuggestion.Reading] = []
        for entry in lines {
            guard case .event(let event)? = compiled.match(entry.message), case .callback(let callback) = event.kind,
                  let controller = event.controller else { continue }
            readings.append(PatternSuggestion.Reading(line: entry.line, callback: callback, controller: controller.name))
        }
        guard !readings.isEmpty else { return nil }
        return PatternSuggestion(pattern: pattern, readings: readings, unreadLines: lines.count)
    }

    /// A message's tokens (split at blanks) and the one that holds a callback word.
    private struct Shape {
        let tokens: [String]
        let eventToken: Int
        /// Around the callback word in its token: `event=` of `event=viewDidLoad`, `(_:)` of `viewDidLoad(_:)`.
        let eventPrefix: String
        let eventSuffix: String

        /// Lines of one print site have the same number of tokens, the callback in the same one, and the same
        /// constant first token.
        var key: String { "\(tokens.count) \(eventToken) \(eventPrefix) \(eventToken == 0 ? "" : tokens[0])" }

        init?(_ message: String) {
            let tokens = message.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            for (index, token) in tokens.enumerated() {
                guard let (prefix, suffix) = Self.callback(in: token) else { continue }
                self.tokens = tokens
                eventToken = index
                eventPrefix = prefix
                eventSuffix = suffix
                return
            }
            return nil
        }

        /// The text before and after a callback word that stands in `token` as a word.
        static func callback(in token: String) -> (prefix: String, suffix: String)? {
            let scalars = Array(token.unicodeScalars)
            for start in scalars.indices where start == 0 || !isWordScalar(scalars[start - 1]) {
                var end = start
                while end < scalars.count, isWordScalar(scalars[end]) { end += 1 }
                guard end > start else { continue }
                let word = Array(String(String.UnicodeScalarView(scalars[start..<end])).utf8)
                guard case .callback? = word.withUnsafeBufferPointer({ KeywordTable.shared.keyword($0, 0..<$0.count) }) else { continue }
                return (String(String.UnicodeScalarView(scalars[..<start])), String(String.UnicodeScalarView(scalars[end...])))
            }
            return nil
        }

        private static func isWordScalar(_ s: Unicode.Scalar) -> Bool { s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_") }
    }

    /// The text all `values` start with, up to and including its last `=` or `:` (a key before a value).
    private static func commonKey(_ values: [String]) -> String {
        var common = values[0]
        for value in values.dropFirst() { common = String(common.commonPrefix(with: value)) }
        guard let separator = common.lastIndex(where: { $0 == "=" || $0 == ":" }) else { return "" }
        return String(common[...separator])
    }

    /// After the callback word: nothing, the same text on every line, or anything up to the next blank.
    private static func anySuffix(_ suffixes: [String]) -> String {
        if suffixes.allSatisfy(\.isEmpty) { return "" }
        if Set(suffixes).count == 1 { return escaped(suffixes[0]) }
        return "\\S*"
    }

    private static func escaped(_ text: String) -> String { NSRegularExpression.escapedPattern(for: text) }
}
