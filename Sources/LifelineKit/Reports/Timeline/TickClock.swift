/// Places a trace's events on one axis. With any timestamp in the trace, ticks are microseconds after the first
/// timestamp; events without one take the tick of the event before them, and a clock that steps back is held
/// (order is by line, §8.4). Without timestamps, ticks are line numbers.
struct TickClock {
    let base: TimeBase
    /// One tick per event, never decreasing.
    let ticks: [Int64]

    init(times: [TraceTime?], lines: [Int]) {
        guard let origin = times.lazy.compactMap({ $0 }).first else {
            base = .lines
            ticks = lines.map(Int64.init)
            return
        }
        base = .clock(origin: origin)
        var last: Int64 = 0
        ticks = times.map { time in
            if let time { last = max(last, time.microseconds - origin.microseconds) }
            return last
        }
    }
}

/// Finds where a finding belongs on its lane: the tick of the event on its line, else of the last event before it.
struct FindingPlacer {
    private let lines: [Int]
    private let ticks: [Int64]
    /// The line of the event at an index.
    private let text: (Int) -> String

    /// Events' `lines` and `ticks` in trace order (lines increasing).
    init(lines: [Int], ticks: [Int64], text: @escaping (Int) -> String) {
        self.lines = lines
        self.ticks = ticks
        self.text = text
    }

    func place(_ finding: Finding, on lane: ControllerLane?) -> PlacedFinding {
        let index = lastIndex(atOrBefore: finding.line)
        let exact = index.flatMap { lines[$0] == finding.line ? text($0) : nil }
        let logLine = exact ?? finding.evidence.last { $0.line == finding.line }?.text
        var tick = index.map { ticks[$0] } ?? lane?.start ?? 0
        if let lane { tick = min(max(tick, lane.start), lane.end) }
        return PlacedFinding(finding: finding, lane: finding.subject.serial, tick: tick, logLine: logLine)
    }

    /// Binary search for the last event at or before `line`.
    private func lastIndex(atOrBefore line: Int) -> Int? {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle] <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
