/// Places a trace's events on one axis, event by event. With any timestamp in the trace, ticks are microseconds
/// after the first timestamp; events without one take the tick of the event before them (0 before the first
/// timestamp), and a clock that steps back is held (order is by line, §8.4). Without timestamps, ticks are line
/// numbers: a trace known to have none (`base == .lines` at its end) takes its events' lines as their ticks.
struct TickClock {
    /// The first timestamp so far.
    private(set) var origin: TraceTime?
    private var last: Int64 = 0

    /// What ticks measure, given the events so far.
    var base: TimeBase { origin.map { .clock(origin: $0) } ?? .lines }

    /// The next event's tick, never less than the one before; 0 while no event had a timestamp.
    mutating func tick(_ time: TraceTime?) -> Int64 {
        guard let time else { return last }
        guard let origin else {
            origin = time
            return last
        }
        last = max(last, time.microseconds - origin.microseconds)
        return last
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
