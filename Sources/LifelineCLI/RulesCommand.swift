import LifelineKit

/// `lifeline rules` lists the rules; `lifeline rules explain ID` prints one in full.
struct RulesCommand {
    static let spec = CommandSpec(
        name: "rules",
        abstract: "List the rules, or explain one.",
        options: [OptionSpec(["--markdown"], help: "Print the list as a Markdown table (used for the README).")],
        positionals: [PositionalSpec("explain ID", help: "'explain' followed by a rule identifier.", minCount: 0, maxCount: 2,
                                     completions: [.words(["explain"]), .words(RuleRegistry.descriptions.map(\.identifier))])],
        examples: ["lifeline rules", "lifeline rules explain appearance-order"])

    let arguments: ParsedArguments

    func run() -> Int32 { Lifeline.exitStatus(of: execute) }

    private func execute() throws -> Int32 {
        let out = OutputStream.standardOutput
        let words = arguments.positionals
        if words.isEmpty {
            out.write(try arguments.flag("--markdown") ? RuleCatalog.markdownTable() : RuleCatalog.list())
            return Lifeline.ExitStatus.clean
        }
        guard words.count == 2, words[0] == "explain" else {
            OutputStream.standardError.line("lifeline: expected 'lifeline rules explain ID'")
            return Lifeline.ExitStatus.failure
        }
        guard let rule = RuleRegistry.rule(identifier: words[1]) else {
            let known = RuleRegistry.descriptions.map(\.identifier).joined(separator: ", ")
            OutputStream.standardError.diagnostic("lifeline: unknown rule '\(words[1])' (rules: \(known))")
            return Lifeline.ExitStatus.failure
        }
        out.write(RuleCatalog.explanation(rule.description))
        return Lifeline.ExitStatus.clean
    }
}
