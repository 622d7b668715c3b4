/// What a shell offers when completing an argument.
public enum ArgumentCompletion: Sendable, Equatable {
    /// Paths of files and directories.
    case files
    /// Exactly these words.
    case words([String])
    /// Nothing: the value is free text, such as a number or a glob.
    case nothing
}

/// An option a command accepts, such as `--format json` or `--verbose`.
public struct OptionSpec: Sendable, Equatable {
    /// Whether the option stands alone or carries a value.
    public enum Kind: Sendable, Equatable {
        /// Present or absent, never given a value.
        case flag
        /// Takes one value, as `--name value` or `--name=value`; `valueName` is shown in help as `<valueName>`.
        case value(valueName: String)
    }

    /// Every spelling of the option, e.g. `["--format", "-f"]`; the first is canonical.
    public var names: [String]
    /// Whether the option is a flag or takes a value.
    public var kind: Kind
    /// One line describing the option.
    public var help: String
    /// The only values accepted, when set; shown in help as `(text|json|sarif)`.
    public var allowedValues: [String]?
    /// The value reported when the option is not given; shown in help as `(default: text)`.
    public var defaultValue: String?
    /// Whether the option may be given more than once; its values then accumulate.
    public var repeatable: Bool

    /// Describes an option; `names` must not be empty.
    public init(
        _ names: [String],
        _ kind: Kind = .flag,
        help: String,
        allowedValues: [String]? = nil,
        defaultValue: String? = nil,
        repeatable: Bool = false
    ) {
        precondition(!names.isEmpty, "an option needs at least one name")
        self.names = names
        self.kind = kind
        self.help = help
        self.allowedValues = allowedValues
        self.defaultValue = defaultValue
        self.repeatable = repeatable
    }

    /// The spelling used in messages and as the key for parsed values.
    var canonicalName: String { names[0] }

    /// What completes the option's value: its allowed values, paths for a `<file>`, else nothing.
    /// `nil` for a flag.
    var valueCompletion: ArgumentCompletion? {
        guard case let .value(valueName) = kind else { return nil }
        if let allowedValues { return .words(allowedValues) }
        return valueName == "file" ? .files : .nothing
    }

    /// `--help`/`-h`, which every command accepts without declaring it.
    static let helpOption = OptionSpec(["--help", "-h"], help: "Show help for this command.", repeatable: true)
}

/// A run of arguments that are not options, such as the input files of `check`.
public struct PositionalSpec: Sendable, Equatable {
    /// Shown as `<name>` in usage, help and errors.
    public var name: String
    /// One line describing the argument.
    public var help: String
    /// The fewest occurrences accepted.
    public var minCount: Int
    /// The most occurrences accepted; `nil` for no limit.
    public var maxCount: Int?
    /// What completes the first, second, … occurrence; the last entry also stands for any later ones.
    public var completions: [ArgumentCompletion]

    /// Describes a positional argument; by default exactly one is required, and it completes as a path.
    public init(_ name: String, help: String, minCount: Int = 1, maxCount: Int? = 1,
                completions: [ArgumentCompletion] = [.files]) {
        precondition(!completions.isEmpty, "a positional needs at least one completion")
        self.name = name
        self.help = help
        self.minCount = minCount
        self.maxCount = maxCount
        self.completions = completions
    }
}

/// The declarative description of one subcommand, from which parsing and help are derived.
public struct CommandSpec: Sendable, Equatable {
    /// The subcommand as typed, e.g. `check`.
    public var name: String
    /// One line saying what the command does.
    public var abstract: String
    /// Paragraphs shown in help after the options.
    public var discussion: String?
    /// The declared options; `--help`/`-h` is implicit and must not be declared.
    public var options: [OptionSpec]
    /// The positional arguments, in the order they are expected.
    public var positionals: [PositionalSpec]
    /// Sample invocations shown under `EXAMPLES:` in help.
    public var examples: [String]

    /// Describes a command.
    public init(
        name: String,
        abstract: String,
        discussion: String? = nil,
        options: [OptionSpec] = [],
        positionals: [PositionalSpec] = [],
        examples: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.examples = examples
    }

    /// The declared options followed by the implicit `--help`.
    var allOptions: [OptionSpec] { options + [.helpOption] }

    /// The option spelled `name`, if any.
    func option(named name: String) -> OptionSpec? {
        allOptions.first { $0.names.contains(name) }
    }
}

/// The top-level program: its name and the subcommands it dispatches to.
public struct CommandSet: Sendable, Equatable {
    /// The program name, e.g. `lifeline`.
    public var name: String
    /// One line saying what the program does.
    public var abstract: String
    /// The subcommands, in the order help lists them.
    public var commands: [CommandSpec]
    /// Flags given instead of a command, such as `--version`; `--help`/`-h` is implicit and must not be declared.
    public var options: [OptionSpec]

    /// Describes a program.
    public init(name: String, abstract: String, commands: [CommandSpec], options: [OptionSpec] = []) {
        self.name = name
        self.abstract = abstract
        self.commands = commands
        self.options = options
    }

    /// The declared options followed by the implicit `--help`.
    var allOptions: [OptionSpec] { options + [.helpOption] }

    /// The subcommand called `name`, or `nil` when there is none.
    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// The subcommand called `name`; throws an "unknown command" error with a suggestion when there is none.
    public func resolveCommand(named name: String) throws(ArgumentError) -> CommandSpec {
        guard let command = command(named: name) else {
            let suggestion = ArgumentError.closestName(to: name, among: commands.map(\.name))
            throw ArgumentError(.unknownCommand(name, suggestion: suggestion))
        }
        return command
    }
}
