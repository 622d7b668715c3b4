/// `lifeline stats` for people: per class, a line of counts and a table of its phases. Class names and paths come
/// from logs and file names, so their controls are made visible (`VisibleText`), as in `check`'s text.
public struct TimingsTextWriter: Sendable {
    public init() {}

    public func write(_ timings: ScreenTimings, comparison: TimingComparison? = nil, baselineName: String = "") -> String {
        var out = ""
        for entry in timings.classes {
            out += "\(VisibleText.escape(entry.name)): \(TimingFormat.counts(entry))\n"
            let distributions = entry.distributions
            if distributions.isEmpty {
                out += "  nothing measured\(entry.untimed == entry.instances ? " (no timestamps)" : "")\n"
                continue
            }
            out += "  " + TimingFormat.padRight("phase", 15) + TimingFormat.padLeft("n", 6)
            for statistic in Distribution.Statistic.allCases { out += TimingFormat.padLeft(statistic.rawValue, 11) }
            out += "  slowest\n"
            for (phase, distribution) in distributions {
                out += "  " + TimingFormat.padRight(phase.title, 15) + TimingFormat.padLeft("\(distribution.count)", 6)
                for statistic in Distribution.Statistic.allCases {
                    out += TimingFormat.padLeft(TimingFormat.duration(distribution.value(statistic), in: timings), 11)
                }
                if let slowest = entry.slowest[phase]?.first { out += "  \(VisibleText.escape(slowest.file)):\(slowest.line)" }
                out += "\n"
            }
        }
        out += TimingFormat.classes(timings.classes.count) + ", "
            + "\(TimingFormat.plural(timings.instances, "instance")) in \(TimingFormat.plural(timings.files.count, "file"))\n"
        out += TimingFormat.resolutionNote(timings)
        if let comparison { out += compared(comparison, baselineName: baselineName) }
        return out
    }

    private func compared(_ comparison: TimingComparison, baselineName: String) -> String {
        var out = "\nCompared with \(VisibleText.escape(baselineName)) (\(comparison.statistic.rawValue); a regression grows more than "
            + "\(TimingFormat.fixed(Int64((comparison.threshold * 10).rounded()), unit: 10, decimals: 1))%):\n"
        let names = comparison.changes.map { VisibleText.escape($0.className) }
        let width = max(5, names.map(\.count).max() ?? 0)
        out += "  " + TimingFormat.padRight("class", width) + "  " + TimingFormat.padRight("phase", 15)
            + TimingFormat.padLeft("before", 11) + TimingFormat.padLeft("after", 11) + TimingFormat.padLeft("change", 9) + "\n"
        for (change, name) in zip(comparison.changes, names) {
            out += "  " + TimingFormat.padRight(name, width) + "  " + TimingFormat.padRight(change.phase.title, 15)
                + TimingFormat.padLeft(change.before.map(TimingFormat.duration) ?? "-", 11)
                + TimingFormat.padLeft(change.after.map(TimingFormat.duration) ?? "-", 11)
                + TimingFormat.padLeft(TimingFormat.change(change), 9) + (change.isRegression ? "  regression" : "") + "\n"
        }
        let regressions = comparison.regressions.count
        return out + (regressions == 0 ? "no regressions\n" : "\(TimingFormat.plural(regressions, "regression"))\n")
    }
}
