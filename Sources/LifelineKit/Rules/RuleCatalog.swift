/// Human-readable documentation of the rules, generated from the rules themselves.
public enum RuleCatalog {
    /// The rule templates rules of the configuration are built from.
    public static var templates: [RuleDescription] { RuleTemplates.all.map { $0.description } }

    /// One line per rule: identifier, severity, summary; the built-in rules, then `adding` (the configuration's).
    /// With `settings` (a configuration's `rules`), the severity column shows what they make of each rule: its
    /// severity, or `off`, marked `*` where they change the default.
    public static func list(adding custom: [RuleDescription] = [], settings: [String: Configuration.RuleSetting] = [:]) -> String {
        let rules = RuleRegistry.descriptions + custom
        let width = rules.map(\.identifier.count).max() ?? 0
        return rules.map { rule in
            rule.identifier.padding(to: width) + "  " + state(of: rule, settings[rule.identifier]).padding(to: 8) + " " + rule.summary
        }.joined(separator: "\n") + "\n"
    }

    /// `warning`, `info*` (a severity the settings changed), `off*`.
    static func state(of rule: RuleDescription, _ setting: Configuration.RuleSetting?) -> String {
        if setting?.enabled == false { return "off*" }
        guard let severity = setting?.severity, severity != rule.severity else { return rule.severity.rawValue }
        return severity.rawValue + "*"
    }

    /// The README's rule table.
    public static func markdownTable(adding custom: [RuleDescription] = []) -> String {
        var text = "| rule | severity | what it finds |\n|---|---|---|\n"
        for rule in RuleRegistry.descriptions + custom {
            text += "| `\(rule.identifier)` | \(rule.severity.rawValue) | \(rule.summary) |\n"
        }
        return text
    }

    /// Everything about one rule: the fix in Swift and Objective-C, then its examples (the same ones the tests run).
    public static func explanation(_ rule: RuleDescription) -> String {
        var text = "\(rule.identifier) (\(rule.severity.rawValue)): \(rule.summary)\n\n\(rule.explanation)\n"
        if let fix = rule.fix {
            text += "\nFix in Swift:\n\n" + indent(fix.swift) + "\nFix in Objective-C:\n\n" + indent(fix.objectiveC)
        }
        return text + examples(of: rule, block: indent)
    }

    /// The rule's examples under their two headings, each example rendered by `block`.
    static func examples(of rule: RuleDescription, block: (String) -> String) -> String {
        var text = ""
        if let configuration = rule.exampleConfiguration { text += "\nExamples run with this .lifeline.json:\n\n" + block(configuration) }
        text += "\nTriggers (↓ marks the reported line):\n"
        for example in rule.triggeringExamples { text += "\n" + block(example) }
        text += "\nDoes not trigger:\n"
        for example in rule.nonTriggeringExamples { text += "\n" + block(example) }
        return text
    }

    private static func indent(_ trace: String) -> String {
        trace.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
            .joined(separator: "\n") + "\n"
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
