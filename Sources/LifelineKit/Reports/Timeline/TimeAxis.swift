/// Evenly spaced, round-numbered ticks for a time axis (the HTML report's script computes the same when zooming).
struct TimeAxis {
    let base: TimeBase
    let start: Int64
    let end: Int64

    /// A step of 1, 2 or 5 times a power of ten, giving about `count` ticks over the span (at least 1).
    func step(count: Int) -> Int64 {
        let raw = max(1, (end - start) / Int64(max(1, count)))
        var power: Int64 = 1
        while power * 10 <= raw { power *= 10 }
        for factor: Int64 in [1, 2, 5] where power * factor >= raw { return power * factor }
        return power * 10
    }

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

    /// `0 s`, `750 µs`, `250 ms`, `1.5 s`, `2 min 30 s`, for ticks and durations alike.
    static func duration(microseconds value: Int64) -> String {
        let magnitude = value.magnitude
        if magnitude == 0 { return "0 s" }
        if magnitude < 1_000 { return "\(value) µs" }
        if magnitude < 1_000_000 { return Decimal1.string(Double(value) / 1_000) + " ms" }
        if magnitude < 60_000_000 { return Decimal1.string(Double(value) / 1_000_000) + " s" }
        let seconds = Int64((Double(value) / 1_000_000).rounded())
        return seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds / 60) min \(seconds % 60) s"
    }
}
