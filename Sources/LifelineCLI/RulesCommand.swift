import LifelineKit

/// `lifeline rules` lists the rules (with the configuration's own); `lifeline rules explain ID` prints one in full,
/// and `lifeline rules explain TEMPLATE` a rule template.
struct RulesCommand {
    static let spec = CommandSpec(
        name: "rules",
        abstract: "List the rules, or explain one.",
        discussion: """
        The list holds the built-in rules, then the rules .lifeline.json defines from templates. 'explain' also \
        takes a template name (\(RuleCatalog.templates.map(\.identifier).joined(separator: ", "))).
        """,
        options: [
            OptionSpec(["--markdown"], help: "Print the list as a Markdown table (used for the README)."),
            OptionSpec(["--config"], .value(valueName: "file"), help: "Configuration file (default: .lifeline.json here or above)."),
        ],
        positionals: [PositionalSpec("explain ID", help: "'explain' followed by a rule identifier or a template name.", minCount: 0, maxCount: 2,
                                     completions: [.words(["explain"]),
                                                   .words((RuleRegistry.descriptions + RuleCatalog.templates).map(\.identifier))])],
        examples: ["lifeline rules", "lifeline rules explain appearance-order", "lifeline rules explain followedBy"])

    let arguments: ParsedArguments

    func run() -> Int32 { Lifeline.exitStatus(of: execute) }

    private func execute() throws -> Int32 {
        let configuration = try ConfigurationLocator.load(explicitPath: arguments.value("--config"))
        let custom = configuration.customRules.map(\.description)
        let out = OutputStream.standardOutput
        let words = arguments.positionals
        if words.isEmpty {
            out.visibleLines(try arguments.flag("--markdown") ? RuleCatalog.markdownTable(adding: custom) : RuleCatalog.list(adding: custom))
            return Lifeline.ExitStatus.clean
        }
        guard words.count == 2, words[0] == "explain" else {
            throw CommandFailure(description: "expected 'lifeline rules explain ID'")
        }
        let all = RuleRegistry.descriptions + custom + RuleCatalog.templates
        guard let rule = all.first(where: { $0.identifier == words[1] }) else {
            let known = (RuleRegistry.descriptions + custom).map(\.identifier).joined(separator: ", ")
            throw CommandFailure(description: "unknown rule '\(words[1])' (rules: \(known))")
        }
        out.visibleLines(RuleCatalog.explanation(rule))
        return Lifeline.ExitStatus.clean
    }
}
