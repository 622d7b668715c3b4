import Foundation

/// App-specific event patterns from the configuration: regular expressions with named groups `controller`
/// and `event` (and optionally `argument`), tried on messages the built-in recogniser does not understand.
///
/// Its `Regex` values are not `Sendable`: every parser takes its own compilation (`compiledAgain()`), so one
/// configuration's patterns can serve inputs and parsing threads at once.
public struct CustomPatterns: @unchecked Sendable {
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

    private let sources: [Source]
    private let expressions: [Regex<AnyRegexOutput>]

    public init(_ sources: [Source]) throws {
        self.sources = sources
        expressions = try sources.map { source in
            let regex: Regex<AnyRegexOutput>
            do { regex = try Regex(source.pattern) } catch {
                throw PatternError.invalid(pattern: source.pattern, reason: "\(error)")
            }
            for group in ["controller", "event"] where !source.pattern.contains("(?<\(group)>") {
                throw PatternError.missingGroup(pattern: source.pattern, group: group)
            }
            return regex
        }
    }

    /// The same patterns compiled anew, for a thread of its own.
    func compiledAgain() -> CustomPatterns {
        // These sources compiled once already; compiling is deterministic, so they cannot fail now.
        do { return try CustomPatterns(sources) } catch { preconditionFailure("patterns that compiled once failed: \(error)") }
    }

    /// The event a message describes by the first matching pattern, if the `event` group names a callback,
    /// an observer change, or nothing Lifeline knows (then nil).
    func match(_ message: String) -> RecognizedEvent? {
        for regex in expressions {
            guard let found = try? regex.firstMatch(in: message),
                  let controllerText = found.output["controller"]?.substring.map(String.init),
                  let eventText = found.output["event"]?.substring.map(String.init) else { continue }
            var recognizerInput = eventText
            let outcome = recognizerInput.withUTF8 { bytes in
                var recognizer = EventRecognizer(names: .uncached)
                return recognizer.recognize(bytes, in: 0..<bytes.count, defaultController: ControllerRef(name: "_"))
            }
            guard case .event(var event) = outcome else { continue }
            event.controller = CustomPatterns.controller(from: controllerText)
            if let argumentText = found.output["argument"]?.substring.map(String.init), event.kind.callback?.takesControllerArgument == true {
                let trimmed = argumentText.trimmingCharacters(in: .whitespaces)
                event.argument = ["nil", "(null)", "null", ""].contains(trimmed) ? .noParent : .controller(CustomPatterns.controller(from: trimmed))
            }
            return event
        }
        return nil
    }

    private static func controller(from text: String) -> ControllerRef {
        var copy = text
        return copy.withUTF8 { bytes in
            ControllerRefParser.parseAngle(bytes, at: 0, limit: bytes.count)?.ref
        } ?? ControllerRef(name: text.trimmingCharacters(in: .whitespaces))
    }
}
