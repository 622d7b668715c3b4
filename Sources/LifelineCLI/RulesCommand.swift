import Foundation
import LifelineKit

/// `lifeline rules` lists the rules (with the configuration's own); `lifeline rules explain ID` prints one in full,
/// and `lifeline rules explain TEMPLATE` a rule template.
struct RulesCommand {
    static let spec = CommandSpec(
        name: "rules",
        abstract: "List the rules, or explain one.",
        discussion: """
        The list holds the built-in rules, then the rules .lifeline.json defines from templates, each with the \
        severity the configuration in use gives it, or 'off'; '*' marks what it changes. 'explain' also \
        takes a template name (\(RuleCatalog.templates.map(\.identifier).joined(separator: ", "))).
        """,
        options: [
            OptionSpec(["--markdown"], help: "Print the list as a Markdown table (used for the README)."),
            OptionSpec(["--config", "-c"], .value(valueName: "file"), help: "Settings (default: nearest .lifeline.json)."),
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
            if try arguments.flag("--markdown") {
                out.visibleLines(RuleCatalog.markdownTable(adding: custom))
            } else {
                let list = RuleCatalog.list(adding: custom, severities: configuration.rules.compactMapValues(\.severity),
                                            disabled: Set(configuration.rules.filter { $0.value.enabled == false }.keys))
                out.visibleLines(list)
                if list.contains("*"), let path = try arguments.value("--config")
                    ?? ConfigurationLocator.search(from: FileManager.default.currentDirectoryPath) {
                    out.line(Self.footer(configuration, path: path))
                }
            }
            return Lifeline.ExitStatus.clean
        }
        guard words.count == 2, words[0] == "explain" else {
            throw CommandFailure(description: "expected 'lifeline rules explain ID'")
        }
        let all = RuleRegistry.descriptions + custom + RuleCatalog.templates
        guard let rule = all.first(where: { $0.identifier == words[1] }) else {
            let known = (RuleRegistry.descriptions + custom).map(\.identifier)
            let hint = Suggestion.hint(words[1], among: all.map(\.identifier))
            throw CommandFailure(description: "unknown rule '\(words[1])'\(hint) (rules: \(known.joined(separator: ", ")))")
        }
        out.visibleLines(RuleCatalog.explanation(rule))
        return Lifeline.ExitStatus.clean
    }

    /// Which file the list reflects, and what it leaves out: settings for some paths only.
    static func footer(_ configuration: Configuration, path: String) -> String {
        let overrides = configuration.overrides.count
        return "* set by \(path)" + (overrides == 0 ? "" : "; its \(counted(overrides, "override")) for some paths not shown")
    }
}
