/// Compiler-style diagnostics, the form Xcode and editors parse:
/// `file:line: error: [appearance-order] <Shop.CartViewController: 0x7f…> viewDidAppear without viewWillAppear`.
public struct TextReporter: StreamingReporter {
    /// Decorates a severity word (the CLI passes ANSI colours on a terminal).
    public var highlight: @Sendable (String, Severity) -> String

    public init(highlight: @escaping @Sendable (String, Severity) -> String = { text, _ in text }) {
        self.highlight = highlight
    }

    public func line(for finding: Finding) -> String {
        "\(finding.file):\(finding.line): \(highlight(finding.severity.rawValue, finding.severity)): [\(finding.rule)] \(finding.message)"
    }

    public func render(_ result: AuditResult) -> String {
        var text = ""
        for finding in result.findings { text += line(for: finding) + "\n" }
        text += summaryLine(result) + "\n"
        return text
    }

    /// `2 errors, 1 warning, 0 infos in 3 files (1,204 lines, 310 events, 12 controllers)`.
    public func summaryLine(_ result: AuditResult) -> String {
        let stats = result.statistics
        let files = result.files.count
        return "\(result.counts.description) in \(SeverityCounts.plural(files, "file")) "
            + "(\(SeverityCounts.plural(stats.lines, "line")), \(SeverityCounts.plural(stats.events, "event")), "
            + "\(SeverityCounts.plural(stats.controllers, "controller")))"
    }
}
