import Foundation

/// Renders a section-1 manual page (roff with the `man` macros) from the same specs as help and parsing: every
/// command with its usage, discussion, arguments, options and examples, then the program's own sections.
public enum ManualPage {
    /// A section after the commands, such as `EXIT STATUS`: a title and its paragraphs.
    public struct Section: Sendable, Equatable {
        public var title: String
        public var paragraphs: [String]

        public init(_ title: String, _ paragraphs: [String]) {
            self.title = title
            self.paragraphs = paragraphs
        }
    }

    /// The page for `set`: NAME, SYNOPSIS, DESCRIPTION (`description`), OPTIONS, COMMANDS, then `sections`.
    public static func page(for set: CommandSet, version: String, description: [String], sections: [Section]) -> String {
        let summary = set.abstract.hasSuffix(".") ? String(set.abstract.dropLast()) : set.abstract
        var lines = [
            ".TH \(set.name.uppercased()) 1 \"\" \(quoted("\(set.name) \(version)")) \"User Commands\"",
            ".SH NAME",
            "\(text(set.name)) \\- \(text(summary))",
            ".SH SYNOPSIS",
        ]
        for (index, command) in set.commands.enumerated() {
            if index > 0 { lines.append(".br") }
            lines.append(synopsis(of: command, programName: set.name))
        }
        lines += [".br", "\\fB\(code(set.name))\\fR [\(set.allOptions.map { "\\fB\(code($0.names[0]))\\fR" }.joined(separator: " | "))]"]
        lines.append(".SH DESCRIPTION")
        lines += paragraphs(description.joined(separator: "\n"))
        lines.append(".SH OPTIONS")
        lines += set.allOptions.flatMap(item)
        lines.append(".SH COMMANDS")
        for command in set.commands {
            lines += self.command(command, programName: set.name)
        }
        for section in sections {
            lines.append(".SH \(section.title.uppercased())")
            lines += paragraphs(section.paragraphs.joined(separator: "\n"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func command(_ spec: CommandSpec, programName: String) -> [String] {
        var lines = [".SS \(quoted("\(programName) \(spec.name)"))", synopsis(of: spec, programName: programName)]
        lines += paragraphs(spec.abstract + "\n" + (spec.discussion ?? ""))
        lines += spec.positionals.flatMap { [".TP", "\\fI\(code($0.name))\\fR", text($0.help)] }
        lines += spec.allOptions.flatMap(item)
        if !spec.examples.isEmpty {
            lines += [".PP", "Examples:", ".PP", ".RS 4", ".nf"] + spec.examples.map(code) + [".fi", ".RE"]
        }
        return lines
    }

    /// Each line of `text` a paragraph, except that indented lines, such as commands to type, are shown as written.
    private static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        var literal = false
        for line in text.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
            let indented = line.first == " "
            if indented != literal {
                lines += indented ? [".PP", ".RS 4", ".nf"] : [".fi", ".RE"]
                literal = indented
            }
            lines += indented ? [code(line.trimmingCharacters(in: .whitespaces))] : [".PP", self.text(String(line))]
        }
        return lines + (literal ? [".fi", ".RE"] : [])
    }

    /// `lifeline check [options] inputs ...` with the names bold and the arguments italic.
    private static func synopsis(of spec: CommandSpec, programName: String) -> String {
        let positionals = spec.positionals.map { positional in
            let term = "\\fI\(code(positional.name))\\fR" + (positional.maxCount == 1 ? "" : " ...")
            return positional.minCount == 0 ? "[\(term)]" : term
        }
        return (["\\fB\(code(programName)) \(code(spec.name))\\fR", "[\\fIoptions\\fR]"] + positionals).joined(separator: " ")
    }

    /// An option as a tagged paragraph: its names and value, then its help, allowed values and default.
    private static func item(_ option: OptionSpec) -> [String] {
        var tag = option.names.map { "\\fB\(code($0))\\fR" }.joined(separator: ", ")
        if case let .value(valueName) = option.kind {
            tag += " \\fI\(code(valueName))\\fR"
        }
        return [".TP", tag, text(HelpFormatter.summary(of: option))]
    }

    /// Prose: backslashes escaped, characters beyond ASCII as `\[uXXXX]`, and a line that would start with a
    /// control character guarded with `\&`.
    static func text(_ string: String) -> String {
        var escaped = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default: escaped += "\\[u" + String(format: "%04X", scalar.value) + "]"
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Code, such as an option or a command line: as prose, with each `-` a minus sign so it can be copied.
    static func code(_ string: String) -> String {
        text(string).replacingOccurrences(of: "-", with: "\\-")
    }

    private static func quoted(_ string: String) -> String {
        "\"" + text(string).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}
