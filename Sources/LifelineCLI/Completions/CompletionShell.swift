/// A shell `lifeline completions` writes a script for; each script is generated from the same `CommandSet` that
/// parsing and help use, so completion never offers an option the parser rejects.
enum CompletionShell: String, CaseIterable {
    case bash, zsh, fish

    /// The completion script for `set` in this shell's language.
    func script(for set: CommandSet) -> String {
        switch self {
        case .bash: BashCompletion.script(for: set)
        case .zsh: ZshCompletion.script(for: set)
        case .fish: FishCompletion.script(for: set)
        }
    }
}

/// What completes a command's positional arguments, by position among the arguments that are not options.
struct PositionalCompletions: Equatable {
    /// For the first, second, … positional argument.
    var fixed: [ArgumentCompletion]
    /// For every one after `fixed`; `nil` when the command takes no more.
    var rest: ArgumentCompletion?

    init(_ spec: CommandSpec) {
        fixed = []
        rest = nil
        for positional in spec.positionals {
            guard let maxCount = positional.maxCount else {
                fixed += positional.completions.dropLast()
                rest = positional.completions.last
                return
            }
            fixed += (0..<maxCount).map { positional.completions[min($0, positional.completions.count - 1)] }
        }
    }
}

extension CommandSet {
    /// The program name as part of a shell function name: characters a function name may not hold become `_`.
    var shellIdentifier: String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}

extension CommandSpec {
    /// The options that take a value, by every one of their names.
    var valueOptionNames: [String] {
        allOptions.filter { $0.valueCompletion != nil }.flatMap(\.names)
    }
}
