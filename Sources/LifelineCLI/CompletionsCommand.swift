/// `lifeline completions SHELL`: a completion script for bash, zsh or fish, generated from the command specs.
struct CompletionsCommand {
    static let shells = CompletionShell.allCases.map(\.rawValue)

    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print the completion script of bash, zsh or fish.",
        discussion: """
        Completes commands, options, option values (formats, severities, rule identifiers) and file names.
        bash: add 'eval "$(lifeline completions bash)"' to ~/.bashrc.
        zsh: lifeline completions zsh > ~/.zfunc/_lifeline, with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc.
        fish: lifeline completions fish > ~/.config/fish/completions/lifeline.fish
        """,
        positionals: [PositionalSpec("shell", help: "bash, zsh or fish.", completions: [.words(shells)])],
        examples: ["eval \"$(lifeline completions bash)\"", "lifeline completions fish > ~/.config/fish/completions/lifeline.fish"])

    let arguments: ParsedArguments

    func run() -> Int32 {
        let name = arguments.positionals[0]
        guard let shell = CompletionShell(rawValue: name) else {
            OutputStream.standardError.diagnostic("lifeline: unknown shell '\(name)' (expected one of: \(Self.shells.joined(separator: ", ")))")
            return Lifeline.ExitStatus.failure
        }
        OutputStream.standardOutput.write(shell.script(for: Lifeline.commands))
        return Lifeline.ExitStatus.clean
    }
}
