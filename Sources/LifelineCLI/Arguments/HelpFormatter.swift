/// Renders `--help` text and usage lines from specs, word-wrapped to 80 columns.
///
/// A command's help fits one 80 × 24 terminal screen: abstract, usage, and one table of arguments and options,
/// then the discussion and examples when they fit too; when they do not, a pointer to the manual page, which
/// always has them (`ManualPage`).
public enum HelpFormatter {
    /// The column count help text is wrapped to.
    static let width = 80
    /// The line count a command's help fits in: one screen of a default terminal.
    static let screenHeight = 24
    /// Labels wider than this get a line of their own, so one long option doesn't push every description right.
    static let maxInlineLabelWidth = 27

    /// The single line `USAGE: lifeline check [options] <input> ...`, unwrapped, for use after an error.
    public static func usage(for spec: CommandSpec, programName: String) -> String {
        "USAGE: " + synopsis(of: spec, programName: programName)
    }

    /// The help for one command: abstract, usage, its arguments and options, then its discussion and examples
    /// if all of it fits on one screen, else where to read them.
    public static func help(for spec: CommandSpec, programName: String) -> String {
        let rows = spec.positionals.map { Row(label: "<\($0.name)>", text: $0.help) }
            + spec.allOptions.map { Row(label: label(of: $0), text: summary(of: $0)) }
        let column = descriptionColumn(for: rows)
        let essentials = [
            hang(spec.abstract, after: ""),
            hang(synopsis(of: spec, programName: programName), after: "USAGE: "),
            rows.flatMap { render($0, column: column) },
        ]
        var details: [[String]] = []
        if let discussion = spec.discussion {
            details.append(render(discussion: discussion))
        }
        if !spec.examples.isEmpty {
            details.append(["EXAMPLES:"] + spec.examples.flatMap { hang($0, after: "  ") })
        }
        let full = joined(essentials + details)
        if details.isEmpty || full.split(separator: "\n", omittingEmptySubsequences: false).count <= screenHeight {
            return full
        }
        return joined(essentials + [hang("Details and examples: man \(programName) (see '\(programName) man --help' "
                                         + "to install it).", after: "")])
    }

    /// The help for the whole program: abstract, usage, each subcommand with its abstract, and the program's options.
    public static func help(for set: CommandSet) -> String {
        let commands = set.commands.map { Row(label: $0.name, text: $0.abstract) }
        let options = set.allOptions.map { Row(label: label(of: $0), text: summary(of: $0)) }
        let column = descriptionColumn(for: commands + options)
        return joined([
            hang(set.abstract, after: ""),
            hang("\(set.name) <command> [<arguments>]", after: "USAGE: "),
            ["COMMANDS:"] + commands.flatMap { render($0, column: column) },
            ["OPTIONS:"] + options.flatMap { render($0, column: column) },
            hang("See '\(set.name) <command> --help' for a command's arguments and options.", after: ""),
        ])
    }

    /// A label and its description, as listed under ARGUMENTS, OPTIONS and COMMANDS.
    private struct Row {
        var label: String
        var text: String
    }

    static func synopsis(of spec: CommandSpec, programName: String) -> String {
        let positionals = spec.positionals.map { positional in
            let term = "<\(positional.name)>" + (positional.maxCount == 1 ? "" : " ...")
            return positional.minCount == 0 ? "[\(term)]" : term
        }
        return ([programName, spec.name, "[options]"] + positionals).joined(separator: " ")
    }

    /// `--format, -f <format>`: the option's names, then its value name if it takes one.
    static func label(of option: OptionSpec) -> String {
        let names = option.names.joined(separator: ", ")
        guard case let .value(valueName) = option.kind else { return names }
        return "\(names) <\(valueName)>"
    }

    /// The option's help followed by its allowed values and default, e.g. `Output format. (text|json) (default: text)`.
    static func summary(of option: OptionSpec) -> String {
        let allowed = option.allowedValues.map { "(\($0.joined(separator: "|")))" }
        let defaultValue = option.defaultValue.map { "(default: \($0))" }
        return [option.help, allowed, defaultValue].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Where descriptions start: two spaces after the widest label that may share its line.
    private static func descriptionColumn(for rows: [Row]) -> Int {
        let inlineWidths = rows.map(\.label.count).filter { $0 <= maxInlineLabelWidth }
        return 2 + (inlineWidths.max() ?? maxInlineLabelWidth) + 2
    }

    private static func render(_ row: Row, column: Int) -> [String] {
        let label = "  " + row.label
        let margin = String(repeating: " ", count: column)
        guard label.count + 2 <= column, row.text.contains(where: { !$0.isWhitespace }) else {
            return [label] + hang(row.text, after: margin)
        }
        return hang(row.text, after: label + String(repeating: " ", count: column - label.count))
    }

    /// The discussion without blank lines at either end. Lines that fit are kept as written, so
    /// authors can lay out lists; longer ones are wrapped, keeping their indentation.
    private static func render(discussion: String) -> [String] {
        let lines = discussion.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            var text = String(line)
            while text.last?.isWhitespace == true {
                text.removeLast()
            }
            return text.count <= width ? [text] : hang(text, after: String(text.prefix { $0 == " " }))
        }
        guard let first = lines.firstIndex(where: { !$0.isEmpty }),
              let last = lines.lastIndex(where: { !$0.isEmpty })
        else { return [] }
        return Array(lines[first...last])
    }

    /// `text` wrapped so that it starts right after `lead` and later lines align below its start.
    /// Returns no lines when `text` has no words.
    private static func hang(_ text: String, after lead: String) -> [String] {
        let margin = String(repeating: " ", count: lead.count)
        return wrap(text, width: width - lead.count).enumerated().map { index, line in
            (index == 0 ? lead : margin) + line
        }
    }

    /// Greedy word wrap; a word longer than `width` gets a line of its own rather than being broken.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            if let last = lines.last, last.count + 1 + word.count <= width {
                lines[lines.count - 1] += " " + word
            } else {
                lines.append(String(word))
            }
        }
        return lines
    }

    private static func joined(_ sections: [[String]]) -> String {
        sections.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }
}
