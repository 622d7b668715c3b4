/// Evenly spaced, round-numbered ticks for a time axis (the HTML report's script computes the same when zooming).
struct TimeAxis {
    let base: TimeBase
    let start: Int64
    let end: Int64

    /// A step of about `(end - start) / count` (at least 1) that reads as a round number: 1, 2 or 5 times a
    /// power of ten of lines or of microseconds up to 10 s, then 15 s, 30 s, 1, 2, 5, 10, 15 and 30 min, 1, 2, 3, 6
    /// and 12 h, then 1, 2 or 5 times a power of ten of days.
    func step(count: Int) -> Int64 {
        let raw = max(1, (end - start) / Int64(max(1, count)))
        if case .clock = base, raw > 10_000_000 { return Self.clockStep(raw) }
        return Self.decimalStep(raw)
    }

    /// The smallest 1, 2 or 5 times a power of ten that is at least `raw`.
    static func decimalStep(_ raw: Int64) -> Int64 {
        var power: Int64 = 1
        while power * 10 <= raw { power *= 10 }
        for factor: Int64 in [1, 2, 5] where power * factor >= raw { return power * factor }
        return power * 10
    }

    /// Steps of the clock above 10 s, in seconds: multiples of the minute, hour and day.
    static let clockSteps: [Int64] = [15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200]

    static func clockStep(_ raw: Int64) -> Int64 {
        for seconds in clockSteps where seconds * 1_000_000 >= raw { return seconds * 1_000_000 }
        return decimalStep((raw + day - 1) / day) * day
    }

    static let day: Int64 = 86_400_000_000

    /// Tick positions: multiples of the step within `start...end`.
    func ticks(count: Int) -> [Int64] {
        let step = step(count: count)
        var tick = (start + step - 1) / step * step
        if start < 0 { tick = start / step * step }
        var ticks: [Int64] = []
        while tick <= end {
            ticks.append(tick)
            tick += step
        }
        return ticks
    }

    /// `line 120`, or the time since the first timestamp: `250 ms`, `1.5 s`, `2 min`.
    func label(_ tick: Int64) -> String {
        guard case .clock = base else { return "line \(tick)" }
        return Self.duration(microseconds: tick)
    }

    /// `0 s`, `750 µs`, `250 ms`, `1.5 s`, `2 min 30 s`, `3 h 46 min 48 s`, `9 d 10 h 48 min`, for ticks and
    /// durations alike: from a minute on, whole seconds in the largest units, leaving out those that are zero.
    static func duration(microseconds value: Int64) -> String {
        let magnitude = value.magnitude
        if magnitude == 0 { return "0 s" }
        if magnitude < 1_000 { return "\(value) µs" }
        if magnitude < 1_000_000 { return Decimal1.string(Double(value) / 1_000) + " ms" }
        if magnitude < 60_000_000 { return Decimal1.string(Double(value) / 1_000_000) + " s" }
        let seconds = Int64((Double(magnitude) / 1_000_000).rounded())
        let parts = [(seconds / 86_400, "d"), (seconds / 3_600 % 24, "h"), (seconds / 60 % 60, "min"), (seconds % 60, "s")]
        return (value < 0 ? "-" : "") + parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: " ")
    }
}
