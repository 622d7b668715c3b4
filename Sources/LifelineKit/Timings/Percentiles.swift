/// Order statistics of one phase of one class, by the nearest-rank method: the p-th percentile of n sorted
/// samples is the sample at rank ⌈p/100 × n⌉ (1-based), so it is always a measured value, never an interpolation.
public struct Distribution: Sendable, Equatable {
    /// How many samples were measured.
    public var count: Int
    /// Microseconds.
    public var p50: Int64, p90: Int64, p99: Int64, max: Int64, min: Int64

    public init(count: Int, p50: Int64, p90: Int64, p99: Int64, max: Int64, min: Int64) {
        self.count = count
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.max = max
        self.min = min
    }

    /// The distribution of `samples` (microseconds); nil when there are none.
    init?(samples: [Int64]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        self.init(count: sorted.count, p50: Self.percentile(50, ofSorted: sorted), p90: Self.percentile(90, ofSorted: sorted),
                  p99: Self.percentile(99, ofSorted: sorted), max: sorted[sorted.count - 1], min: sorted[0])
    }

    /// The nearest-rank `percent`th percentile of ascending, non-empty `sorted`.
    static func percentile(_ percent: Int, ofSorted sorted: [Int64]) -> Int64 {
        let rank = (percent * sorted.count + 99) / 100  // ⌈percent × n / 100⌉ in integers
        return sorted[Swift.max(1, rank) - 1]
    }

    /// The statistic `--compare` judges.
    public func value(_ statistic: Statistic) -> Int64 {
        switch statistic {
        case .p50: return p50
        case .p90: return p90
        case .p99: return p99
        case .max: return max
        }
    }

    /// The statistics tables show, in order.
    public enum Statistic: String, CaseIterable, Sendable {
        case p50, p90, p99, max
    }
}
