/// Human-readable documentation of the rules, generated from the rules themselves.
public enum RuleCatalog {
    /// The rule templates rules of the configuration are built from.
    public static var templates: [RuleDescription] { RuleTemplates.all.map { $0.description } }

    /// One line per rule: identifier, severity, summary; the built-in rules, then `adding` (the configuration's).
    /// The severity column shows what a configuration makes of each rule: `severities` it sets, or `off` for the
    /// rules it `disables`, marked `*` where that changes the default.
    public static func list(adding custom: [RuleDescription] = [], severities: [String: Severity] = [:],
                            disabled: Set<String> = []) -> String {
        let rules = RuleRegistry.descriptions + custom
        let width = rules.map(\.identifier.count).max() ?? 0
        return rules.map { rule in
            let state = disabled.contains(rule.identifier) ? "off*" : state(rule.severity, severities[rule.identifier])
            return rule.identifier.padding(to: width) + "  " + state.padding(to: 8) + " " + rule.summary
        }.joined(separator: "\n") + "\n"
    }

    /// `warning`, or `info*` for a severity set that is not the default.
    private static func state(_ standard: Severity, _ set: Severity?) -> String {
        guard let set, set != standard else { return standard.rawValue }
        return set.rawValue + "*"
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
