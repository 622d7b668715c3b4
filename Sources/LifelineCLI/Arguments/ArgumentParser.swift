/// The options and positional arguments of one command line, checked against its `CommandSpec`.
public struct ParsedArguments: Sendable, Equatable {
    /// The positional arguments in the order given, including any after `--`.
    public var positionals: [String]
    /// The command these arguments are for, named in errors.
    private let command: String
    /// Each option's canonical name keyed by every one of its names.
    private let canonicalNames: [String: String]
    /// Default values keyed by canonical name.
    private let defaults: [String: String]
    /// The values given for each option that occurred, keyed by canonical name; empty for flags.
    private let occurrences: [String: [String]]

    init(spec: CommandSpec, occurrences: [String: [String]], positionals: [String]) {
        var canonicalNames: [String: String] = [:]
        var defaults: [String: String] = [:]
        for option in spec.allOptions {
            for name in option.names {
                canonicalNames[name] = option.canonicalName
            }
            defaults[option.canonicalName] = option.defaultValue
        }
        self.command = spec.name
        self.canonicalNames = canonicalNames
        self.defaults = defaults
        self.occurrences = occurrences
        self.positionals = positionals
    }

    /// Whether `--help` or `-h` was given.
    public var helpRequested: Bool { occurrences[OptionSpec.helpOption.canonicalName] != nil }

    // The accessors below throw when `name` is not an option of the command: a mistake in the program (a
    // misspelt name), reported with where it was made instead of stopping the process.

    /// Whether the option called `name` (any of its names) was given at least once.
    public func flag(_ name: String, file: StaticString = #fileID, line: UInt = #line) throws(ArgumentError) -> Bool {
        occurrences[try canonicalName(of: name, file, line)] != nil
    }

    /// The last value given for the option called `name`, else its default, else `nil`.
    public func value(_ name: String, file: StaticString = #fileID, line: UInt = #line) throws(ArgumentError) -> String? {
        let canonical = try canonicalName(of: name, file, line)
        return occurrences[canonical]?.last ?? defaults[canonical]
    }

    /// Every value given for the option called `name`, in order; defaults are not included.
    public func values(_ name: String, file: StaticString = #fileID, line: UInt = #line) throws(ArgumentError) -> [String] {
        occurrences[try canonicalName(of: name, file, line)] ?? []
    }

    private func canonicalName(of name: String, _ file: StaticString, _ line: UInt) throws(ArgumentError) -> String {
        guard let canonical = canonicalNames[name] else {
            throw ArgumentError(.undeclaredOption(name, command: command, source: "\(file):\(line)"))
        }
        return canonical
    }
}

/// Turns a command line into `ParsedArguments` according to a `CommandSpec`.
///
/// Options are `--name value` or `--name=value`; they may appear anywhere before a `--`, which ends them.
/// A lone `-` is a positional (standard input). The argument after a value option is taken as its value,
/// even if it starts with `-` (so `--leak-timeout -1` works), unless it starts with `--` or is another
/// of the command's options. When `--help` or `-h` appears before any `--`, no error is thrown: if the
/// line has one, the result holds only `helpRequested`, since the command is expected to just print help.
public enum ArgumentParser {
    /// Parses `arguments` (without the program and subcommand names) against `spec`.
    public static func parse(_ arguments: [String], for spec: CommandSpec) throws(ArgumentError) -> ParsedArguments {
        var parse = Parse(spec: spec)
        do throws(ArgumentError) {
            try parse.read(arguments)
        } catch {
            guard asksForHelp(arguments) else { throw error }
            return ParsedArguments(spec: spec, occurrences: [OptionSpec.helpOption.canonicalName: []], positionals: [])
        }
        return ParsedArguments(spec: spec, occurrences: parse.occurrences, positionals: parse.positionals)
    }

    private static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { OptionSpec.helpOption.names.contains($0) }
    }
}

/// The state of one parse: what has been read so far.
private struct Parse {
    let spec: CommandSpec
    var occurrences: [String: [String]] = [:]
    var positionals: [String] = []

    mutating func read(_ arguments: [String]) throws(ArgumentError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals += remaining
                break
            } else if argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
            } else {
                try readOption(argument, from: &remaining)
            }
        }
        try checkPositionalCounts()
    }

    private mutating func readOption(
        _ argument: String,
        from remaining: inout ArraySlice<String>
    ) throws(ArgumentError) {
        let (name, inlineValue) = Self.split(argument)
        guard let option = spec.option(named: name) else {
            let names = spec.allOptions.flatMap(\.names)
            throw ArgumentError(.unknownOption(name, suggestion: ArgumentError.closestName(to: name, among: names)))
        }
        if occurrences[option.canonicalName] != nil, !option.repeatable {
            throw ArgumentError(.duplicateOption(option.canonicalName))
        }
        switch option.kind {
        case .flag:
            guard inlineValue == nil else { throw ArgumentError(.unexpectedValue(option: name)) }
            occurrences[option.canonicalName] = []
        case .value:
            guard let value = inlineValue ?? takeValue(from: &remaining) else {
                throw ArgumentError(.missingValue(option: name))
            }
            if let allowedValues = option.allowedValues, !allowedValues.contains(value) {
                throw ArgumentError(.invalidValue(value, option: name, allowedValues: allowedValues))
            }
            occurrences[option.canonicalName, default: []].append(value)
        }
    }

    /// The next argument, consumed, unless it is an option rather than a value.
    private func takeValue(from remaining: inout ArraySlice<String>) -> String? {
        guard let next = remaining.first, !next.hasPrefix("--"), spec.option(named: Self.split(next).name) == nil else {
            return nil
        }
        return remaining.removeFirst()
    }

    /// Assigns positionals to their specs in order, each taking as many as it may while leaving
    /// enough for the minimum counts of those after it.
    private func checkPositionalCounts() throws(ArgumentError) {
        var unassigned = positionals.count
        for (index, positional) in spec.positionals.enumerated() {
            guard unassigned >= positional.minCount else {
                throw ArgumentError(.missingPositional(positional.name))
            }
            let reserved = spec.positionals[(index + 1)...].reduce(0) { $0 + $1.minCount }
            let available = min(unassigned - reserved, positional.maxCount ?? .max)
            unassigned -= max(positional.minCount, available)
        }
        if unassigned > 0 {
            throw ArgumentError(.unexpectedArgument(positionals[positionals.count - unassigned]))
        }
    }

    /// `--name=value` as its name and value; any other argument as itself and no value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
