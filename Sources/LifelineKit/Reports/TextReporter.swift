/// Compiler-style diagnostics, the form Xcode and editors parse:
/// `file:line: error: [appearance-order] <Shop.CartViewController: 0x7f…> viewDidAppear without viewWillAppear`,
/// then, for several inputs, a table of them, then a total line. File names and messages are shown as
/// `VisibleText`, so a log cannot drive the terminal and every diagnostic stays one line.
public struct TextReporter: StreamingReporter, Sendable {
    /// Decorates a severity word (the CLI passes ANSI colours on a terminal).
    public var highlight: @Sendable (String, Severity) -> String

    public init(highlight: @escaping @Sendable (String, Severity) -> String = { text, _ in text }) {
        self.highlight = highlight
    }

    public func line(for finding: Finding) -> String {
        "\(VisibleText.escape(finding.file)):\(finding.line): \(highlight(finding.severity.rawValue, finding.severity)): [\(finding.rule)] "
            + VisibleText.escape(finding.message)
    }

    /// The finding's line, then a `file:N: note:` line for each other line its message names (`first at line 4`),
    /// so that Xcode and editors can jump there too.
    public func lines(for finding: Finding) -> String {
        let file = VisibleText.escape(finding.file)
        return ([line(for: finding)] + Self.relatedLines(finding).map {
            "\(file):\($0): note: [\(finding.rule)] named by the finding at line \(finding.line)"
        }).joined(separator: "\n")
    }

    /// The numbers after `line ` in the message, other than the finding's own, in order, each once.
    static func relatedLines(_ finding: Finding) -> [Int] {
        var found: [Int] = []
        var rest = Substring(finding.message)
        while let range = rest.range(of: "line ") {
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if let number = Int(digits), number > 0, number != finding.line, !found.contains(number) { found.append(number) }
        }
        return found
    }

    public func render(_ result: AuditResult) -> String {
        var text = ""
        for finding in result.findings { text += lines(for: finding) + "\n" }
        if result.files.count > 1 {
            if !result.findings.isEmpty { text += "\n" }
            text += fileTable(result)
        }
        text += summaryLine(result) + "\n"
        return text
    }

    /// One row per input (file, lines, controllers, errors, warnings, infos); an unreadable input shows why instead.
    public func fileTable(_ result: AuditResult) -> String {
        let counts = result.countsByFile
        let header = ["file", "lines", "controllers", "errors", "warnings", "infos"]
        let rows = result.files.map { file -> [String] in
            let path = VisibleText.escape(file.path)
            if let failure = file.failure { return [path, "error: \(VisibleText.escape(failure))"] }
            let found = counts[file.path] ?? SeverityCounts()
            return [path, String(file.statistics.lines), String(file.statistics.controllers),
                    String(found.errors), String(found.warnings), String(found.infos)]
        }
        let widths = header.indices.map { column in
            ([header] + rows).filter { column == 0 || $0.count == header.count }.map { $0[column].count }.max() ?? 0
        }
        return ([header] + rows).map { row in
            guard row.count == header.count else { return row[0].padding(to: widths[0]) + "  " + row[1] }
            let numbers = row.indices.dropFirst().map { String(repeating: " ", count: widths[$0] - row[$0].count) + row[$0] }
            return ([row[0].padding(to: widths[0])] + numbers).joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `2 errors, 1 warning, 0 infos in 3 files (1204 lines, 310 events, 12 controllers)`; unreadable inputs
    /// and inputs with no lifecycle event are counted after the files (`in 3 files, 1 unreadable`). When no
    /// input yielded an event it says so instead of counting findings: `0 errors` would read as a clean bill.
    public func summaryLine(_ result: AuditResult) -> String {
        let stats = result.statistics
        let failed = result.failedFiles.count
        let findingFiles = Set(result.findings.map(\.file))
        let unread = result.files.filter { $0.failure == nil && $0.statistics.recognisedNothing && !findingFiles.contains($0.path) }.count
        let counts = "\(SeverityCounts.plural(stats.lines, "line")), \(SeverityCounts.plural(stats.events, "event")), "
            + (stats.unattributedLines > 0 ? "\(stats.unattributedLines) unattributed, " : "")
            + "\(SeverityCounts.plural(stats.controllers, "controller"))"
        if stats.recognisedNothing, result.findings.isEmpty {
            return "no lifecycle events recognised in \(SeverityCounts.plural(result.files.count, "file"))"
                + (failed > 0 ? ", \(failed) unreadable" : "") + " (\(counts)); `lifeline events FILE` shows how each line was read"
        }
        return "\(result.counts.description) in \(SeverityCounts.plural(result.files.count, "file"))"
            + (failed > 0 ? ", \(failed) unreadable" : "")
            + (unread > 0 ? ", \(unread) with no lifecycle events recognised" : "")
            + " (\(counts))"
    }
}
