/// Escaping for GitHub-flavoured Markdown, so log text can never break a table or inject markup.
public enum MarkdownText {
    /// Text for a table cell or a paragraph: controls are made visible (`VisibleText`), Markdown punctuation and
    /// HTML-significant characters are backslash-escaped or entity-encoded, `|` cannot end a cell, `$` cannot
    /// start GitHub math, and tabs become spaces.
    public static func escape(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in VisibleText.escape(String(text)) {
            switch character {
            case "\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "+", "-", "!", "|", "~", ">", ":", "$":
                out.append("\\")
                out.append(character)
            case "<": out += "&lt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "\t": out.append(" ")
            default: out.append(character)
            }
        }
        return out
    }

    /// Text inside an inline code span, controls made visible (`VisibleText`): picks a backtick fence longer than
    /// any run inside, pads when needed (a backtick at either end, or a space at both ends, which Markdown would
    /// strip). Empty text gives `` ` ` ``.
    public static func code(_ text: some StringProtocol) -> String {
        let flat = VisibleText.escape(String(text))
        let fence = String(repeating: "`", count: longestBacktickRun(in: flat) + 1)
        let spaced = flat.hasPrefix(" ") && flat.hasSuffix(" ") && flat.contains { $0 != " " }
        let padded = flat.isEmpty ? " " : flat.hasPrefix("`") || flat.hasSuffix("`") || spaced ? " \(flat) " : flat
        // A `|` would still end a table cell inside a code span on GitHub.
        return fence + padded.replacingOccurrences(of: "|", with: "\\|") + fence
    }

    /// A fenced code block (`language` after the opening fence) whose fence is longer than any run of backticks inside.
    public static func codeBlock(_ code: String, language: String = "") -> String {
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: code) + 1))
        return "\(fence)\(language)\n\(code)\n\(fence)\n"
    }

    private static func longestBacktickRun(in text: some StringProtocol) -> Int {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
