/// `markdown`: a summary for a pull-request comment or a GitHub job summary: a heading with the totals, findings
/// per rule, the findings themselves (the first `maximumFindings`, then a count of the rest), and the inputs in
/// a collapsed table. All log text is escaped, so it cannot break the tables or add markup.
public struct MarkdownSummaryReporter: FindingsReporter, Sendable {
    /// Findings listed one by one; GitHub limits comments to 65,536 characters.
    public var maximumFindings: Int

    public init(maximumFindings: Int = 200) { self.maximumFindings = maximumFindings }

    public func render(_ result: AuditResult) -> String {
        let files = SeverityCounts.plural(result.files.count, "file")
        let failed = result.failedFiles.count
        let scope = files + (failed > 0 ? ", \(failed) unreadable" : "")
        guard !result.findings.isEmpty else {
            return "### Lifeline: no findings in \(scope)\n\n" + fileTable(result)
        }
        return "### Lifeline: \(result.counts.description) in \(scope)\n\n" + ruleTable(result) + "\n"
            + findingTable(result) + "\n" + fileTable(result)
    }

    private func ruleTable(_ result: AuditResult) -> String {
        var counts: [String: SeverityCounts] = [:]
        for finding in result.findings { counts[finding.rule, default: SeverityCounts()].add(finding.severity) }
        var text = "| Rule | Errors | Warnings | Infos |\n|---|--:|--:|--:|\n"
        for (rule, count) in counts.sorted(by: { $0.key < $1.key }) {
            text += "| \(MarkdownText.code(rule)) | \(count.errors) | \(count.warnings) | \(count.infos) |\n"
        }
        return text
    }

    private func findingTable(_ result: AuditResult) -> String {
        var text = "| Severity | Rule | Location | Message |\n|---|---|---|---|\n"
        for finding in result.findings.prefix(maximumFindings) {
            text += "| \(finding.severity.rawValue) | \(MarkdownText.code(finding.rule)) "
                + "| \(MarkdownText.code("\(finding.file):\(finding.line)")) | \(MarkdownText.escape(finding.message)) |\n"
        }
        let hidden = result.findings.count - maximumFindings
        if hidden > 0 { text += "\n… and \(SeverityCounts.plural(hidden, "more finding")) (see the full report).\n" }
        return text
    }

    private func fileTable(_ result: AuditResult) -> String {
        let counts = result.countsByFile
        var text = "<details><summary>\(SeverityCounts.plural(result.files.count, "file")) checked</summary>\n\n"
        text += "| File | Lines | Controllers | Errors | Warnings |\n|---|--:|--:|--:|--:|\n"
        for file in result.files {
            let path = MarkdownText.code(file.path)
            if let failure = file.failure {
                text += "| \(path) | unreadable: \(MarkdownText.escape(failure)) | | | |\n"
                continue
            }
            let found = counts[file.path] ?? SeverityCounts()
            text += "| \(path) | \(file.statistics.lines) | \(file.statistics.controllers) | \(found.errors) | \(found.warnings) |\n"
        }
        return text + "\n</details>\n"
    }
}
