/// Places a trace's events on one axis, event by event. With any timestamp in the trace, ticks are microseconds
/// after the first timestamp; events without one take the tick of the event before them (0 before the first
/// timestamp), and a clock that steps back is held (order is by line, §8.4). Without timestamps, ticks are line
/// numbers: a trace known to have none (`base == .lines` at its end) takes its events' lines as their ticks.
struct TickClock {
    /// The first timestamp so far.
    private var origin: TraceTime?
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
    /// Where an event is: its line and its tick.
    struct Event {
        var line: Int
        var tick: Int64
    }

    private let events: [Event]
    /// The line of the event at an index.
    private let text: (Int) -> String

    /// `events` in trace order (lines increasing); `text` gives the line of the event at an index.
    init(events: [Event], text: @escaping (Int) -> String) {
        self.events = events
        self.text = text
    }

    func place(_ finding: Finding, on lane: ControllerLane?) -> PlacedFinding {
        let index = lastIndex(atOrBefore: finding.line)
        let exact = index.flatMap { events[$0].line == finding.line ? text($0) : nil }
        let logLine = exact ?? finding.evidence.last { $0.line == finding.line }?.text
        var tick = index.map { events[$0].tick } ?? lane?.start ?? 0
        if let lane { tick = min(max(tick, lane.start), lane.end) }
        return PlacedFinding(finding: finding, lane: finding.subject.serial, tick: tick, logLine: logLine)
    }

    /// Binary search for the last event at or before `line`.
    private func lastIndex(atOrBefore line: Int) -> Int? {
        var low = 0, high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].line <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
