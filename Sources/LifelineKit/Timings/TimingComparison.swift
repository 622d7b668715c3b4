/// Per-class changes between a baseline run and this one (`lifeline stats --compare`), judged on one statistic.
public struct TimingComparison: Sendable {
    /// One phase of one class in either run.
    public struct Change: Sendable, Equatable {
        public var className: String
        public var phase: TimingPhase
        /// Microseconds; nil when the run did not measure the phase.
        public var before: Int64?
        public var after: Int64?
        /// Grew by more than the threshold (and by at least `minimumIncrease`), on a performance phase.
        public var isRegression: Bool

        /// The change in percent; nil unless both runs measured a non-zero baseline.
        public var percent: Double? {
            guard let before, let after, before > 0 else { return nil }
            return Double(after - before) / Double(before) * 100
        }
    }

    /// The statistic compared.
    public var statistic: Distribution.Statistic
    /// Percent a statistic must grow by to be a regression.
    public var threshold: Double
    /// By class name, then phase.
    public var changes: [Change]

    /// An increase smaller than this (microseconds) is never a regression: timestamps of whole milliseconds
    /// would otherwise make a regression of every rounding.
    public static let minimumIncrease: Int64 = 1000

    public var regressions: [Change] { changes.filter(\.isRegression) }

    /// Compares `current` with `baseline` (class → phase → distribution).
    public init(baseline: [String: [TimingPhase: Distribution]], current: ScreenTimings, statistic: Distribution.Statistic = .p90,
                threshold: Double) {
        self.statistic = statistic
        self.threshold = threshold
        var now: [String: [TimingPhase: Distribution]] = [:]
        for entry in current.classes { now[entry.name] = Dictionary(uniqueKeysWithValues: entry.distributions.map { ($0.phase, $0.distribution) }) }
        var changes: [Change] = []
        for name in Set(baseline.keys).union(now.keys).sorted() {
            let before = baseline[name] ?? [:], after = now[name] ?? [:]
            for phase in TimingPhase.allCases where before[phase] != nil || after[phase] != nil {
                let old = before[phase]?.value(statistic), new = after[phase]?.value(statistic)
                var regression = false
                if phase.isPerformance, let old, let new, new - old >= Self.minimumIncrease {
                    regression = old == 0 || Double(new - old) / Double(old) * 100 > threshold
                }
                changes.append(Change(className: name, phase: phase, before: old, after: new, isRegression: regression))
            }
        }
        self.changes = changes
    }
}
