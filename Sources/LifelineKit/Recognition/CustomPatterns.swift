import Foundation

/// App-specific event patterns from the configuration: regular expressions with named groups `controller`
/// and `event` (and optionally `argument`), tried on every message before the built-in dialects.
///
/// A value of checked pattern sources. `Regex` values are not `Sendable`, so every parser compiles its own
/// (`compiled()`), and one configuration's patterns can serve inputs and parsing threads at once.
public struct CustomPatterns: Sendable {
    /// A pattern as written in the configuration, for error messages.
    public struct Source: Sendable, Equatable {
        public var pattern: String
        public init(pattern: String) { self.pattern = pattern }
    }

    public enum PatternError: Error, CustomStringConvertible, Equatable {
        case invalid(pattern: String, reason: String)
        case missingGroup(pattern: String, group: String)

        public var description: String {
            switch self {
            case .invalid(let pattern, let reason): return "invalid pattern \(pattern): \(reason)"
            case .missingGroup(let pattern, let group): return "pattern \(pattern) has no named group (?<\(group)>…)"
            }
        }
    }

    public let sources: [Source]

    /// Checks every pattern: it must compile and name the `controller` and `event` groups.
    public init(_ sources: [Source]) throws {
        _ = try CompiledPatterns(sources)
        self.sources = sources
    }

    /// The patterns compiled, for one parser (one thread).
    func compiled() -> CompiledPatterns {
        // These sources compiled once already; compiling is deterministic, so they cannot fail now.
        do { return try CompiledPatterns(sources) } catch { preconditionFailure("patterns that compiled once failed: \(error)") }
    }
}

/// `CustomPatterns` compiled for one parser: not `Sendable`, as `Regex` is not.
struct CompiledPatterns {
    private let expressions: [Regex<AnyRegexOutput>]
    /// Per pattern, the bytes every message it matches starts with (`requiredPrefix(of:)`), checked first.
    private let prefixes: [[UInt8]]

    init(_ sources: [CustomPatterns.Source]) throws {
        prefixes = sources.map { Self.requiredPrefix(of: $0.pattern) }
        expressions = try sources.map { source in
            let regex: Regex<AnyRegexOutput>
            do { regex = try Regex(source.pattern) } catch {
                throw CustomPatterns.PatternError.invalid(pattern: source.pattern, reason: "\(error)")
            }
            for group in ["controller", "event"] where !source.pattern.contains("(?<\(group)>") {
                throw CustomPatterns.PatternError.missingGroup(pattern: source.pattern, group: group)
            }
            return regex
        }
    }

    /// The event `bytes[message]` describes by the first matching pattern. Patterns whose required prefix the
    /// message lacks are not run, and a message no pattern can match is not made a `String`: most lines a
    /// pattern is tried on are other app logging.
    func match(_ bytes: Bytes, _ message: Range<Int>) -> RecognizedEvent? {
        let candidates = prefixes.indices.filter { bytes.matches(prefixes[$0], at: message.lowerBound, before: message.upperBound) }
        guard !candidates.isEmpty else { return nil }
        return match(bytes.string(message), patterns: candidates)
    }

    /// The event a message describes by the first matching pattern, if the `event` group names a callback,
    /// an observer change, or nothing Lifeline knows (then nil).
    func match(_ message: String) -> RecognizedEvent? { match(message, patterns: expressions.indices) }

    private func match(_ message: String, patterns: some Sequence<Int>) -> RecognizedEvent? {
        for regex in patterns.lazy.map({ expressions[$0] }) {
            guard let found = try? regex.firstMatch(in: message),
                  let controllerText = found.output["controller"]?.substring.map(String.init),
                  let eventText = found.output["event"]?.substring.map(String.init) else { continue }
            var recognizerInput = eventText
            let outcome = recognizerInput.withUTF8 { bytes in
                var recognizer = EventRecognizer(names: .uncached)
                return recognizer.recognize(bytes, in: 0..<bytes.count)  // the bare dialect; the pattern names the controller
            }
            guard case .event(var event) = outcome else { continue }
            event.controller = Self.controller(from: controllerText)
            if let argumentText = found.output["argument"]?.substring.map(String.init), event.kind.callback?.takesControllerArgument == true {
                let trimmed = Self.trimmed(argumentText)
                event.argument = ["nil", "(null)", "null", ""].contains(trimmed) ? .noParent : .controller(Self.controller(from: trimmed))
            }
            return event
        }
        return nil
    }

    /// The literal text after a leading `^`, up to the first character that means something in a pattern:
    /// every match starts with it. Empty for patterns that are not anchored or hold a `|` (which may alternate
    /// the anchor away). Only ASCII is kept, less `K`, `;` and `` ` ``: Swift's `Regex` compares characters by
    /// canonical equivalence, and U+212A, U+037E and U+1FEF are the same characters as those three.
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
