import Foundation

/// GitHub-flavoured Markdown for a pull-request comment: a summary table, findings grouped by file and rule, and a
/// Mermaid timeline per controller with findings. Capped so a comment stays short; every log-derived string goes
/// through `MarkdownText` (or `MermaidGantt.text` inside charts).
public struct MarkdownReportWriter: TimelineReportWriter {
    /// Findings listed in the tables; the rest are counted.
    public var maxFindings: Int
    /// Controllers charted; the rest are counted.
    public var maxCharts: Int

    /// A writer listing at most `maxFindings` findings and charting at most `maxCharts` controllers.
    public init(maxFindings: Int = 100, maxCharts: Int = 10) {
        self.maxFindings = maxFindings
        self.maxCharts = maxCharts
    }

    public func write(_ model: TimelineModel) -> Data {
        var out = "## Lifeline report\n\n" + summary(model) + "\n"
        out += findings(model)
        out += timelines(model)
        return Data(out.utf8)
    }

    private func summary(_ model: TimelineModel) -> String {
        let statistics = model.statistics
        var out = "**\(model.counts.description)** in \(SeverityCounts.plural(model.traces.count, "file")) "
            + "(\(SeverityCounts.plural(statistics.controllers, "controller")), \(SeverityCounts.plural(statistics.events, "event")))\n\n"
        out += "| File | Controllers | Events | Errors | Warnings | Infos | Time span |\n|---|--:|--:|--:|--:|--:|---|\n"
        for trace in model.traces {
            let counts = SeverityCounts(trace.findings.map(\.finding))
            out += "| \(MarkdownText.code(trace.file)) | \(trace.statistics.controllers) | \(trace.statistics.events) | "
                + "\(counts.errors) | \(counts.warnings) | \(counts.infos) | \(Self.span(trace)) |\n"
        }
        let byRule = model.countsByRule
        if !byRule.isEmpty {
            out += "\n| Rule | Severity | Findings |\n|---|---|--:|\n"
            for (rule, count) in byRule {
                out += "| \(MarkdownText.code(rule.identifier)) | \(rule.severity.rawValue) | \(count) |\n"
            }
        }
        return out
    }

    /// Markdown: `6 s from `2016-04-27T10:53:00.100000``, `lines 3–20, no timestamps`, or why the file was not read.
    static func span(_ trace: TraceTimeline) -> String {
        if let failure = trace.failure { return "not read: " + MarkdownText.escape(failure) }
        if trace.lanes.isEmpty { return "no events" }
        switch trace.timeBase {
        case .clock(let origin): return "\(TimeAxis.duration(microseconds: trace.end - trace.start)) from \(MarkdownText.code(origin.iso8601))"
        case .lines: return "lines \(trace.start)–\(trace.end), no timestamps"
        }
    }

    private func findings(_ model: TimelineModel) -> String {
        let total = model.findings.count
        guard total > 0 else { return "No findings.\n" }
        var out = "### Findings\n"
        var listed = 0
        for trace in model.traces where !trace.findings.isEmpty && listed < maxFindings {
            out += "\n#### \(MarkdownText.code(trace.file))\n"
            let labels = Dictionary(trace.lanes.map { ($0.serial, $0.label) }, uniquingKeysWith: { first, _ in first })
            for rule in model.rules {
                let matching = trace.findings.filter { $0.finding.rule == rule.identifier }
                guard !matching.isEmpty, listed < maxFindings else { continue }
                out += "\n**\(MarkdownText.code(rule.identifier))** (\(rule.severity.rawValue)): \(MarkdownText.escape(rule.summary))\n\n"
                out += "| Location | Controller | Message | Log line |\n|---|---|---|---|\n"
                for placed in matching.prefix(maxFindings - listed) {
                    let finding = placed.finding
                    out += "| \(MarkdownText.code("\(finding.file):\(finding.line)")) "
                        + "| \(MarkdownText.code(labels[placed.lane] ?? finding.subject.ref.description)) "
                        + "| \(MarkdownText.escape(finding.message)) | \(placed.logLine.map { MarkdownText.code(Self.clipped($0)) } ?? "") |\n"
                    listed += 1
                }
            }
        }
        if total > listed { out += "\n_\(SeverityCounts.plural(total - listed, "more finding")) not listed; the HTML report has them all._\n" }
        return out
    }

    /// Log lines longer than 200 characters end with `…`.
    private static func clipped(_ line: String) -> String {
        line.count <= 200 ? line : String(line.prefix(199)) + "…"
    }

    private func timelines(_ model: TimelineModel) -> String {
        var charted: [(trace: TraceTimeline, lane: ControllerLane, findings: [PlacedFinding])] = []
        for trace in model.traces {
            let byLane = Dictionary(grouping: trace.findings, by: \.lane)
            for lane in trace.lanes { if let findings = byLane[lane.serial] { charted.append((trace, lane, findings)) } }
        }
        guard !charted.isEmpty else { return "" }
        // Most severe first; otherwise in file and lane order.
        let ordered = charted.enumerated().sorted { a, b in
            let (left, right) = (Self.worst(a.element.findings), Self.worst(b.element.findings))
            return left != right ? left > right : a.offset < b.offset
        }.map(\.element)
        var out = "\n### Timelines\n"
        for (trace, lane, findings) in ordered.prefix(maxCharts) {
            let unit = trace.timeBase == .lines ? "log line numbers (no timestamps)" : "milliseconds since the first timestamp"
            let gantt = MermaidGantt(lane: lane, findings: findings, timeBase: trace.timeBase)
            out += "\n\(MarkdownText.code(lane.label)) in \(MarkdownText.code(trace.file)), \(MarkdownText.escape(lane.process.description)): "
                + "\(SeverityCounts.plural(findings.count, "finding")); time in \(unit)\(gantt.isCut ? ", chart cut short" : "").\n\n"
            out += gantt.render()
        }
        if ordered.count > maxCharts {
            out += "\n_\(SeverityCounts.plural(ordered.count - maxCharts, "more controller")) with findings not charted._\n"
        }
        return out
    }

    private static func worst(_ findings: [PlacedFinding]) -> Severity {
        findings.map(\.finding.severity).max() ?? .info
    }
}
