import LifelineKit

/// A command line that does not match its command's description.
public struct ArgumentError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, with the names and values involved.
    public enum Reason: Sendable, Equatable {
        /// An option the command does not declare, with the closest declared name if one is close.
        case unknownOption(String, suggestion: String?)
        /// A value option given last, or followed by another option.
        case missingValue(option: String)
        /// A flag given a value with `--flag=value`.
        case unexpectedValue(option: String)
        /// A value outside the option's allowed values.
        case invalidValue(String, option: String, allowedValues: [String])
        /// A non-repeatable option given a second time (named by its canonical name).
        case duplicateOption(String)
        /// Fewer positional arguments than the named positional needs.
        case missingPositional(String)
        /// A positional argument beyond the last one the command accepts.
        case unexpectedArgument(String)
        /// A subcommand the program does not have, with the closest name if one is close.
        case unknownCommand(String, suggestion: String?)
        /// The program itself read an option its command does not declare, at `source` (`file:line`): a bug.
        case undeclaredOption(String, command: String, source: String)
    }

    /// What is wrong.
    public var reason: Reason

    /// Wraps `reason`.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// One short line, without an "error:" prefix.
    public var description: String {
        switch reason {
        case let .unknownOption(name, suggestion):
            "unknown option '\(name)'" + Self.hint(suggestion)
        case let .missingValue(option):
            "option '\(option)' needs a value"
        case let .unexpectedValue(option):
            "option '\(option)' does not take a value"
        case let .invalidValue(value, option, allowedValues):
            "invalid value '\(value)' for '\(option)' (expected one of: \(allowedValues.joined(separator: ", ")))"
        case let .duplicateOption(name):
            "option '\(name)' given twice"
        case let .missingPositional(name):
            "missing <\(name)>"
        case let .unexpectedArgument(argument):
            "unexpected argument '\(argument)'"
        case let .unknownCommand(name, suggestion):
            "unknown command '\(name)'" + Self.hint(suggestion)
        case let .undeclaredOption(name, command, source):
            "internal error at \(source): the program reads option '\(name)', which '\(command)' does not declare; "
                + "please report this bug with the command line you ran"
        }
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}

extension ArgumentError {
    /// The candidate `typed` most likely stands for (`Suggestion.closest`).
    static func closestName(to typed: String, among candidates: [String]) -> String? {
        Suggestion.closest(to: typed, among: candidates)
    }

    /// The Levenshtein distance (`Suggestion.editDistance`).
    static func editDistance(_ a: String, _ b: String) -> Int {
        Suggestion.editDistance(a, b)
    }
}
