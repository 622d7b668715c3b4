/// `lifeline stats --format markdown`: one table of every class's phases, for a pull-request comment.
public struct TimingsMarkdownWriter: Sendable {
    public init() {}

    public func write(_ timings: ScreenTimings, comparison: TimingComparison? = nil, baselineName: String = "") -> String {
        var out = "## Screen timings\n\n"
        out += "| class | phase | n | p50 | p90 | p99 | max |\n|---|---|--:|--:|--:|--:|--:|\n"
        for entry in timings.classes {
            let title = "\(MarkdownText.code(entry.name))<br>\(TimingFormat.counts(entry))"
            let distributions = entry.distributions
            if distributions.isEmpty { out += "| \(title) | nothing measured | 0 | | | | |\n" }
            for (offset, (phase, distribution)) in distributions.enumerated() {
                out += "| \(offset == 0 ? title : "") | \(phase.title) | \(distribution.count) |"
                for statistic in Distribution.Statistic.allCases { out += " \(TimingFormat.duration(distribution.value(statistic), in: timings)) |" }
                out += "\n"
            }
        }
        out += "\n\(TimingFormat.classes(timings.classes.count)), \(TimingFormat.plural(timings.instances, "instance")) in "
            + "\(TimingFormat.plural(timings.files.count, "file")).\n"
        let note = TimingFormat.resolutionNote(timings)
        if !note.isEmpty { out += "\n" + note }
        guard let comparison else { return out }
        out += "\n### Compared with \(MarkdownText.escape(baselineName)) (\(comparison.statistic.rawValue))\n\n"
        out += "| class | phase | before | after | change |\n|---|---|--:|--:|--:|\n"
        for change in comparison.changes where change.before != change.after {
            out += "| \(MarkdownText.code(change.className)) | \(change.phase.title) | \(change.before.map(TimingFormat.duration) ?? "–") | "
                + "\(change.after.map(TimingFormat.duration) ?? "–") | \(TimingFormat.change(change))\(change.isRegression ? " ⚠️ regression" : "") |\n"
        }
        let regressions = comparison.regressions.count
        return out + "\n" + (regressions == 0 ? "No regressions" : TimingFormat.plural(regressions, "regression"))
            + " (a regression grows more than \(TimingFormat.fixed(Int64((comparison.threshold * 10).rounded()), unit: 10, decimals: 1))%).\n"
    }
}
